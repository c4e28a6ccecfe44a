/**
 * Reading multipart/form-data bodies with busboy (decision 217). Busboy parses Content-Disposition
 * properly — quoted strings, `;` and `=` inside them, RFC 5987 `filename*`, UTF-8 names, old
 * browsers' full paths — and pauses the body while a part's bytes are not read, so the caller pulls
 * each part's bytes and the body is read no faster than it is consumed.
 */
import { Readable } from "node:stream";
import busboy from "busboy";

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: AsyncIterable<Uint8Array>;
}

export class MultipartError extends Error {}

/** A boundary is at most 70 characters (RFC 2046 §5.1.1). */
const MAX_BOUNDARY_LENGTH = 70;

/** The boundary of a multipart/form-data Content-Type, or null. */
export function multipartBoundary(contentType: string): string | null {
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const parameters = parseParameters(contentType.slice(contentType.indexOf(";")));
  const boundary = parameters.get("boundary");
  return boundary && boundary.length <= MAX_BOUNDARY_LENGTH ? boundary : null;
}

/** The parameters of a header value: `; key=value; key="quoted \" value"` → lower-case keys → values. */
export function parseParameters(text: string): Map<string, string> {
  const parameters = new Map<string, string>();
  let index = 0;
  while (index < text.length) {
    while (index < text.length && (text[index] === ";" || text[index] === " " || text[index] === "\t")) index++;
    const equals = text.indexOf("=", index);
    if (equals < 0) break;
    const key = text.slice(index, equals).trim().toLowerCase();
    index = equals + 1;
    while (text[index] === " " || text[index] === "\t") index++;
    let value = "";
    if (text[index] === '"') {
      index++;
      while (index < text.length && text[index] !== '"') {
        if (text[index] === "\\" && index + 1 < text.length) index++;
        value += text[index++];
      }
      index++;
    } else {
      const end = text.indexOf(";", index);
      value = text.slice(index, end < 0 ? text.length : end).trim();
      index = end < 0 ? text.length : end;
    }
    if (key && !parameters.has(key)) parameters.set(key, value);
  }
  return parameters;
}

/** Browsers escape `"`, CR and LF in a file name as %22, %0D and %0A (HTML's multipart encoding). */
function unescapeBrowserFileName(name: string): string {
  return name.replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");
}

/** Busboy's messages, in the words the callers and their tests know. */
function multipartError(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof MultipartError) return error;
  if (/unexpected end/i.test(error.message)) return new MultipartError("unexpected end of body");
  if (/malformed|boundary/i.test(error.message)) return new MultipartError(error.message.toLowerCase());
  return error;
}

type Event = { part: MultipartPart; stream?: Readable } | { error: unknown } | { end: true };

/**
 * The parts of a multipart body, in order. Each part's data must be read (or is skipped) before the
 * next. An error of the body itself (a size limit counted by the caller) comes out as it was thrown;
 * a malformed body as a MultipartError. The whole body is read, epilogue included, so a kept-alive
 * connection can serve the next request.
 */
export async function* readMultipart(body: AsyncIterable<Uint8Array>, boundary: string): AsyncGenerator<MultipartPart> {
  const parser = busboy({
    headers: { "content-type": `multipart/form-data; boundary="${boundary}"` },
    defParamCharset: "utf8",
    preservePath: false,
    limits: { fieldSize: Number.POSITIVE_INFINITY },
  });
  const events: Event[] = [];
  let wake: (() => void) | null = null;
  let skipping = false;
  const emit = (event: Event) => {
    events.push(event);
    wake?.();
    wake = null;
  };
  const streams = new Set<Readable>();

  parser.on("file", (name, stream, info) => {
    if (skipping) return void stream.resume();
    streams.add(stream);
    stream.once("close", () => streams.delete(stream));
    const part: MultipartPart = {
      name,
      ...(info.filename !== undefined ? { filename: unescapeBrowserFileName(info.filename) } : {}),
      ...(info.mimeType ? { contentType: info.mimeType } : {}),
      data: stream,
    };
    emit({ part, stream });
  });
  parser.on("field", (name, value) => {
    if (skipping) return;
    const bytes = new TextEncoder().encode(value);
    emit({ part: { name, data: Readable.from(bytes.length > 0 ? [bytes] : []) } });
  });
  parser.on("error", (error) => emit({ error: multipartError(error) }));
  parser.on("close", () => emit({ end: true }));

  // The body goes into busboy no faster than busboy (paused while a part is not read) takes it.
  const feeding = (async () => {
    for await (const chunk of body) {
      if (!parser.write(chunk)) await new Promise<void>((resolve) => parser.once("drain", () => resolve()));
    }
    parser.end();
  })().catch((error: unknown) => {
    for (const stream of streams) stream.destroy(error as Error);
    emit({ error });
    parser.destroy();
  });

  /** A part's bytes; never destroys busboy's stream (busboy would wait for it forever), only leaves it. */
  const bytesOf = (data: AsyncIterable<Uint8Array>, stream: Readable | undefined) =>
    (async function* () {
      try {
        for await (const chunk of stream ? stream.iterator({ destroyOnReturn: false }) : data)
          yield chunk as Uint8Array;
      } catch (error) {
        throw multipartError(error);
      }
    })();
  let current: { bytes: AsyncGenerator<Uint8Array>; stream?: Readable } | null = null;
  /** Skips what the caller left unread of the current part. */
  const leave = async () => {
    if (!current) return;
    const { bytes, stream } = current;
    current = null;
    await bytes.return(undefined);
    if (stream && !stream.destroyed) stream.resume();
  };

  let finished = false;
  try {
    for (;;) {
      if (events.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const event = events.shift()!;
      if ("end" in event) break;
      if ("error" in event) throw event.error;
      current = { bytes: bytesOf(event.part.data, event.stream), stream: event.stream };
      yield { ...event.part, data: current.bytes };
      await leave();
    }
    finished = true;
    await feeding;
  } finally {
    if (!finished) {
      // The caller stopped early or an error ended the reading: skip the rest, so the body is still read.
      skipping = true;
      await leave();
      for (const stream of streams) stream.resume();
      for (const event of events) if ("stream" in event && event.stream) event.stream.resume();
    }
  }
}
