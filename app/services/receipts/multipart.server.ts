/**
 * A streaming multipart/form-data reader. Remix's parser splits Content-Disposition on every `;` and
 * `=`, so one file named `Facturas junio; proveedor.xml` or `clave=506.xml` broke the whole upload.
 * This one reads quoted strings and RFC 5987 `filename*`, and hands each part's bytes over as they
 * arrive (the caller pulls them, so the body is read no faster than it is consumed).
 */

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: AsyncIterable<Uint8Array>;
}

export class MultipartError extends Error {}

const MAX_HEADER_BYTES = 16 * 1024;
const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

/** The boundary of a multipart/form-data Content-Type, or null. */
export function multipartBoundary(contentType: string): string | null {
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const parameters = parseParameters(contentType.slice(contentType.indexOf(";")));
  const boundary = parameters.get("boundary");
  return boundary && boundary.length <= 70 ? boundary : null;
}

/** `; key=value; key="quoted \" value"; key*=UTF-8''percent%20encoded` → lower-case keys → values. */
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

function decodeExtendedValue(value: string): string | undefined {
  const match = /^([\w!#$%&+^`{}~-]*)'[\w-]*'(.*)$/.exec(value);
  if (!match) return undefined;
  const charset = match[1].toLowerCase();
  const bytes = Buffer.from(
    match[2].replace(/%([0-9a-f]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  );
  try {
    return new TextDecoder(charset === "iso-8859-1" ? "latin1" : "utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The file name as the person's computer named it. Browsers escape `"`, CR and LF as %22, %0D and
 * %0A (HTML's multipart encoding); old browsers sent a whole path.
 */
function fileNameOf(parameters: Map<string, string>): string | undefined {
  const extended = parameters.has("filename*") ? decodeExtendedValue(parameters.get("filename*")!) : undefined;
  const plain = parameters.get("filename");
  const raw = extended ?? plain;
  if (raw === undefined) return undefined;
  const unescaped =
    extended !== undefined ? raw : raw.replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");
  return unescaped.split(/[/\\]/).pop() ?? "";
}

function parseHeaders(block: Buffer): Omit<MultipartPart, "data"> {
  const text = new TextDecoder("utf-8").decode(block);
  let disposition: Map<string, string> | null = null;
  let contentType: string | undefined;
  for (const line of text.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === "content-disposition") {
      if (!/^form-data\b/i.test(value)) throw new MultipartError("not form-data");
      disposition = parseParameters(value.slice(value.indexOf(";") < 0 ? value.length : value.indexOf(";")));
    } else if (header === "content-type") {
      contentType = value;
    }
  }
  if (!disposition) throw new MultipartError("part without Content-Disposition");
  const filename = fileNameOf(disposition);
  return {
    name: disposition.get("name") ?? "",
    ...(filename !== undefined ? { filename } : {}),
    ...(contentType ? { contentType } : {}),
  };
}

class BufferedReader {
  buffer: Buffer = Buffer.alloc(0);
  private iterator: AsyncIterator<Uint8Array>;
  constructor(source: AsyncIterable<Uint8Array>) {
    this.iterator = source[Symbol.asyncIterator]();
  }
  /** Appends the next chunk; false at the end of the body. */
  async fill(): Promise<boolean> {
    const next = await this.iterator.next();
    if (next.done) return false;
    this.buffer = this.buffer.length === 0 ? Buffer.from(next.value) : Buffer.concat([this.buffer, next.value]);
    return true;
  }
  async need(bytes: number): Promise<void> {
    while (this.buffer.length < bytes) if (!(await this.fill())) throw new MultipartError("unexpected end of body");
  }
  /** Index of `needle` in the buffer, reading more as needed; never returns past `limit` bytes. */
  async find(needle: Buffer, limit: number): Promise<number> {
    for (;;) {
      const index = this.buffer.indexOf(needle);
      if (index >= 0) return index;
      if (this.buffer.length > limit) throw new MultipartError("header too long");
      if (!(await this.fill())) throw new MultipartError("unexpected end of body");
    }
  }
  skip(bytes: number): void {
    this.buffer = this.buffer.subarray(bytes);
  }
}

/** The parts of a multipart body, in order. Each part's data must be read (or is skipped) before the next. */
export async function* readMultipart(body: AsyncIterable<Uint8Array>, boundary: string): AsyncGenerator<MultipartPart> {
  const reader = new BufferedReader(body);
  const dashBoundary = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const start = await reader.find(dashBoundary, Number.POSITIVE_INFINITY);
  reader.skip(start + dashBoundary.length);
  for (;;) {
    await reader.need(2);
    if (reader.buffer[0] === 0x2d && reader.buffer[1] === 0x2d) {
      // Read the epilogue too: a request whose body is left unread makes the server drop a kept-alive connection.
      while (await reader.fill()) reader.skip(reader.buffer.length);
      return;
    }
    const lineEnd = await reader.find(CRLF, 1024);
    reader.skip(lineEnd + CRLF.length);
    let headerEnd: number;
    if (reader.buffer.subarray(0, 2).equals(CRLF)) {
      headerEnd = -2;
    } else {
      headerEnd = await reader.find(HEADER_END, MAX_HEADER_BYTES);
    }
    const headers = parseHeaders(reader.buffer.subarray(0, Math.max(0, headerEnd)));
    reader.skip(headerEnd + HEADER_END.length);

    let ended = false;
    const next = async (): Promise<IteratorResult<Uint8Array>> => {
      while (!ended) {
        const index = reader.buffer.indexOf(delimiter);
        if (index >= 0) {
          const chunk = reader.buffer.subarray(0, index);
          reader.skip(index + delimiter.length);
          ended = true;
          if (chunk.length > 0) return { done: false, value: chunk };
          break;
        }
        const safe = reader.buffer.length - (delimiter.length - 1);
        if (safe > 0) {
          const chunk = reader.buffer.subarray(0, safe);
          reader.skip(safe);
          return { done: false, value: chunk };
        }
        if (!(await reader.fill())) throw new MultipartError("unexpected end of body");
      }
      return { done: true, value: undefined };
    };
    // A caller that stops early (break) does not end the part: what it left unread is skipped here.
    const iterator: AsyncIterator<Uint8Array> = { next, return: async () => ({ done: true, value: undefined }) };
    yield { ...headers, data: { [Symbol.asyncIterator]: () => iterator } };
    while (!ended) await next();
  }
}
