/**
 * Reading uploaded receipts: .xml files and/or .zip archives, from a multipart body as it streams in
 * or from files spooled to disk for a background job. ZIP entries are inflated one at a time
 * (fflate's streaming Unzip) and handed to the importer, which parses them off this thread and stores
 * them in batches; the source is read no faster than the batches are stored, so a large ZIP is never
 * held in memory whole. What is inflated is bounded per document, per upload and per user and hour
 * (docs/decisions/060-receipt-import-limits-and-jobs.md).
 */
import { refusal, refused, type Refusal, type Refused } from "~/domain/refusal";
import { setImmediate as nextTurn } from "node:timers/promises";
import { inflateRawSync } from "node:zlib";
import { Unzip, type AsyncFlateStreamHandler, type FlateError, type UnzipDecoder } from "fflate";
import { MAX_XML_BYTES } from "~/domain/hacienda";
import { multipartBoundary, readMultipart } from "./multipart.server";
import {
  ReceiptImporter,
  REFUSAL,
  type ImportOrganization,
  type ImportReport,
  type Uploader,
} from "./receipt-import.server";

export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const MAX_ZIP_ENTRIES = 20_000;
/** XML inflated from one upload: far above a busy month (5 000 receipts of ~8 KB), about a minute of parsing. */
export const MAX_INFLATED_BYTES_PER_UPLOAD = 200 * 1024 * 1024;
/** XML inflated per user and hour, over all uploads. */
export const MAX_INFLATED_BYTES_PER_HOUR = 500 * 1024 * 1024;

const MB = 1024 * 1024;
/**
 * What the receipts uploaded in 24 hours may take in the database (compressed XML, decision 199):
 * per organization, about 10 000 receipts a day; per user, over all the organizations they upload for.
 */
export const MAX_STORED_BYTES_PER_DAY_PER_ORGANIZATION = 50 * MB;
export const MAX_STORED_BYTES_PER_DAY_PER_USER = 200 * MB;

export const UPLOAD_MESSAGES = {
  notMultipart: "Los archivos deben enviarse con el formulario de carga (multipart/form-data).",
  malformed: "No se pudo leer la carga. Intente de nuevo.",
  noFiles: "Seleccione al menos un archivo .xml o .zip.",
  tooLarge: `La carga supera el máximo de ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB; divídala en varios ZIP.`,
  uploadBudget: `Se alcanzó el máximo de ${MAX_INFLATED_BYTES_PER_UPLOAD / MB} MB de XML descomprimido por carga; los archivos siguientes no se procesaron. Divida la carga en varios ZIP.`,
  hourBudget: `Alcanzó el máximo de ${MAX_INFLATED_BYTES_PER_HOUR / MB} MB de XML por hora de su usuario; los archivos siguientes no se procesaron. Intente de nuevo más tarde.`,
  hourSpent: `Alcanzó el máximo de ${MAX_INFLATED_BYTES_PER_HOUR / MB} MB de XML por hora de su usuario. Intente de nuevo más tarde.`,
  organizationDaySpent: `Este cliente alcanzó el máximo de ${MAX_STORED_BYTES_PER_DAY_PER_ORGANIZATION / MB} MB de comprobantes guardados en 24 horas. Intente de nuevo mañana.`,
  userDaySpent: `Su usuario alcanzó el máximo de ${MAX_STORED_BYTES_PER_DAY_PER_USER / MB} MB de comprobantes guardados en 24 horas. Intente de nuevo mañana.`,
} as const;

/** How many bytes of XML an upload may still inflate, and the Spanish reason once it may not. */
export class InflatedBudget {
  used = 0;
  constructor(
    readonly limit: number,
    readonly message: string = UPLOAD_MESSAGES.uploadBudget,
  ) {}
  get exhausted(): boolean {
    return this.used >= this.limit;
  }
  /** Counts bytes inflated (or inflated before a document was found too large); false once over the limit. */
  spend(bytes: number): boolean {
    this.used += bytes;
    return this.used <= this.limit;
  }
}

/** The budget of one upload: the per-upload limit, or what is left of the user's hour if less. */
export function budgetFor(usedThisHour: number): InflatedBudget {
  const hourLeft = Math.max(0, MAX_INFLATED_BYTES_PER_HOUR - usedThisHour);
  return hourLeft < MAX_INFLATED_BYTES_PER_UPLOAD
    ? new InflatedBudget(hourLeft, UPLOAD_MESSAGES.hourBudget)
    : new InflatedBudget(MAX_INFLATED_BYTES_PER_UPLOAD);
}

/** Imported (the report), or refused; a body cut at the size limit keeps the report of what came before. */
export type UploadOutcome = { ok: true; report: ImportReport } | (Refused & { report?: ImportReport });

const TOO_LARGE: Refusal = { message: UPLOAD_MESSAGES.tooLarge, kind: "too-large" };

class UploadTooLargeError extends Error {}

const ENTRY_TOO_LARGE = "entry-too-large";
// Each slice may hold many small compressed entries, each inflating up to the document limit.
const UNZIP_SLICE_BYTES = 16 * 1024;

/**
 * DEFLATE for ZIP entries: the entry's compressed bytes (at most the XML size limit) are inflated in
 * one go by Node's zlib, which stops as soon as the output passes the limit — a "zip bomb" costs
 * next to nothing — and is several times faster than inflating in JavaScript.
 */
class BoundedInflate implements UnzipDecoder {
  static compression = 8;
  ondata: AsyncFlateStreamHandler = () => {};
  private chunks: Uint8Array[] = [];
  private size = 0;
  private stopped = false;

  private fail(message: string): void {
    this.stopped = true;
    this.chunks = [];
    this.ondata(Object.assign(new Error(message), { code: 0 }) as FlateError, new Uint8Array(0), true);
  }

  push(chunk: Uint8Array, final: boolean): void {
    if (this.stopped) return;
    if (chunk.length > 0) {
      this.size += chunk.length;
      if (this.size > MAX_XML_BYTES) return this.fail(ENTRY_TOO_LARGE);
      this.chunks.push(chunk);
    }
    if (!final) return;
    this.stopped = true;
    let output: Buffer;
    try {
      output = inflateRawSync(concat(this.chunks, this.size), { maxOutputLength: MAX_XML_BYTES });
    } catch (error) {
      return this.fail(
        (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ? ENTRY_TOO_LARGE : "invalid deflate data",
      );
    }
    this.chunks = [];
    this.ondata(null, output as Uint8Array<ArrayBuffer>, true);
  }
}

function concat(parts: Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

function isZip(name: string, head: Uint8Array | undefined): boolean {
  if (/\.zip$/i.test(name)) return true;
  return (
    !!head &&
    head.length >= 4 &&
    head[0] === 0x50 &&
    head[1] === 0x4b &&
    (head[2] === 3 || head[2] === 5) &&
    (head[3] === 4 || head[3] === 6)
  );
}

/** Whether the bytes start like XML text (after a BOM and blanks). */
function looksLikeXml(bytes: Uint8Array): boolean {
  let index = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  while (
    index < bytes.length &&
    (bytes[index] === 0x20 || bytes[index] === 0x09 || bytes[index] === 0x0a || bytes[index] === 0x0d)
  )
    index++;
  return bytes[index] === 0x3c;
}

/** Operating-system litter inside ZIPs (macOS resource forks, Windows thumbnails). */
function isLitter(entryName: string): boolean {
  const base = entryName.split("/").pop() ?? "";
  return entryName.startsWith("__MACOSX/") || base.startsWith("._") || base === ".DS_Store" || base === "Thumbs.db";
}

async function* counted(data: AsyncIterable<Uint8Array>, count: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of data) {
    count(chunk.length);
    yield chunk;
  }
}

async function drain(data: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const _chunk of data) {
    // discard
  }
}

type Entry = { name: string; bytes: Uint8Array } | { name: string; refusal: string };

/** Where the documents of a file go: the importer, or anything that hands them on to importers. */
export interface DocumentSink {
  add(file: string, bytes: Uint8Array): Promise<void>;
  refuse(file: string, message: string): void;
}

export interface ImportTarget {
  importer: DocumentSink;
  budget: InflatedBudget;
}

async function importXmlFile(
  name: string,
  data: AsyncIterable<Uint8Array>,
  first: Uint8Array | undefined,
  { importer, budget }: ImportTarget,
) {
  const parts: Uint8Array[] = [];
  let size = 0;
  const take = (chunk: Uint8Array) => {
    size += chunk.length;
    if (size <= MAX_XML_BYTES) parts.push(chunk);
  };
  if (first) take(first);
  for await (const chunk of data) take(chunk);
  if (!budget.spend(Math.min(size, MAX_XML_BYTES))) return importer.refuse(name, budget.message);
  if (size > MAX_XML_BYTES) return importer.refuse(name, REFUSAL.tooLarge);
  const bytes = concat(parts, size);
  if (size > 0 && !/\.xml$/i.test(name) && !looksLikeXml(bytes)) return importer.refuse(name, REFUSAL.notXml);
  await importer.add(name, bytes);
}

async function importZipFile(
  zipName: string,
  data: AsyncIterable<Uint8Array>,
  first: Uint8Array | undefined,
  { importer, budget }: ImportTarget,
) {
  const ready: Entry[] = [];
  let entries = 0;
  let broken: string | null = null;
  let overBudget = false;

  const unzip = new Unzip((file) => {
    if (file.name.endsWith("/") || isLitter(file.name)) return;
    const name = `${zipName} › ${file.name}`;
    if (overBudget) return;
    entries++;
    if (entries > MAX_ZIP_ENTRIES) {
      if (entries === MAX_ZIP_ENTRIES + 1) {
        ready.push({
          name: zipName,
          refusal: `El ZIP tiene más de ${MAX_ZIP_ENTRIES} archivos; los siguientes se omitieron. Divídalo en varios ZIP.`,
        });
      }
      return;
    }
    if (/\.zip$/i.test(file.name)) return void ready.push({ name, refusal: REFUSAL.nestedZip });
    if (!/\.xml$/i.test(file.name)) return void ready.push({ name, refusal: REFUSAL.notXml });
    if (file.originalSize !== undefined && file.originalSize > MAX_XML_BYTES)
      return void ready.push({ name, refusal: REFUSAL.tooLarge });

    const parts: Uint8Array[] = [];
    let size = 0;
    let done = false;
    file.ondata = (error, chunk, final) => {
      if (done) return;
      if (error) {
        done = true;
        // zlib stopped at the limit: that much was inflated all the same.
        if (error.message === ENTRY_TOO_LARGE) spend(MAX_XML_BYTES);
        ready.push({
          name,
          refusal:
            error.message === ENTRY_TOO_LARGE
              ? REFUSAL.tooLarge
              : "No se pudo descomprimir este archivo del ZIP (datos dañados o cifrados).",
        });
        return;
      }
      size += chunk.length;
      if (!spend(chunk.length)) {
        done = true;
        return;
      }
      if (size > MAX_XML_BYTES) {
        done = true;
        ready.push({ name, refusal: REFUSAL.tooLarge });
        return;
      }
      if (chunk.length > 0) parts.push(chunk);
      if (final) {
        done = true;
        ready.push({ name, bytes: concat(parts, size) });
      }
    };
    try {
      file.start();
    } catch {
      if (!done)
        ready.push({
          name,
          refusal: "El archivo usa un método de compresión que no se admite (use ZIP normal, «deflate»).",
        });
      done = true;
    }
  });
  unzip.register(BoundedInflate);

  function spend(bytes: number): boolean {
    if (overBudget) return false;
    if (budget.spend(bytes)) return true;
    overBudget = true;
    ready.push({ name: zipName, refusal: budget.message });
    return false;
  }

  const handOver = async () => {
    while (ready.length > 0) {
      const entry = ready.shift()!;
      if ("refusal" in entry) importer.refuse(entry.name, entry.refusal);
      else await importer.add(entry.name, entry.bytes);
    }
  };
  const push = (chunk: Uint8Array, final: boolean) => {
    if (broken || overBudget) return;
    try {
      // Unzip keeps views of the bytes it has not consumed yet; a copy is safe whatever the source
      // does with its buffers afterwards.
      unzip.push(chunk.slice(), final);
    } catch {
      broken = final ? "El ZIP está incompleto o dañado" : "El ZIP está dañado";
    }
  };

  // Unzip recurses once per entry found in a pushed chunk: feed it slices of bounded size (an
  // in-memory body can arrive as one chunk holding thousands of entries).
  const pushSlices = async (chunk: Uint8Array) => {
    for (let offset = 0; offset < chunk.length && !broken && !overBudget; offset += UNZIP_SLICE_BYTES) {
      push(chunk.subarray(offset, offset + UNZIP_SLICE_BYTES), false);
      await handOver();
      // Other requests get their turn between slices, whatever the importer did or did not await.
      await nextTurn();
    }
  };
  if (first) await pushSlices(first);
  for await (const chunk of data) await pushSlices(chunk);
  push(new Uint8Array(0), true);
  await handOver();
  if (overBudget) {
    // Already refused, once, with the budget's reason.
  } else if (broken) {
    importer.refuse(
      zipName,
      entries > 0
        ? `${broken}; se procesaron los archivos anteriores al daño.`
        : `${broken}; no se pudo leer ningún archivo.`,
    );
  } else if (entries === 0) {
    importer.refuse(zipName, "El ZIP no contiene archivos.");
  }
}

export interface UploadedFile {
  name: string;
  data: AsyncIterable<Uint8Array>;
}

/** Imports one file (an .xml or a .zip) into the importer, within the budget. */
export async function importFile(file: UploadedFile, target: ImportTarget): Promise<void> {
  const iterator = file.data[Symbol.asyncIterator]();
  const head = await iterator.next();
  const first = head.done ? undefined : head.value;
  const rest: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: () => iterator };
  if (target.budget.exhausted) {
    target.importer.refuse(file.name, target.budget.message);
    return drain(rest);
  }
  if (isZip(file.name, first)) await importZipFile(file.name, rest, first, target);
  else await importXmlFile(file.name, rest, first, target);
}

export interface ImportOptions {
  importedBy?: string;
  uploader?: Uploader;
  budget?: InflatedBudget;
  batchSize?: number;
}

/**
 * Reads the upload of the request as it streams in and imports it for the organization (small
 * uploads, the benchmark; larger ones are spooled and imported as a job). Never throws for bad input.
 */
export async function importUpload(
  request: Request,
  organization: ImportOrganization,
  options: ImportOptions = {},
): Promise<UploadOutcome> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const boundary = multipartBoundary(contentType);
  if (!boundary || !request.body) return refused(refusal(UPLOAD_MESSAGES.notMultipart));
  const declaredLength = Number(request.headers.get("Content-Length") ?? "0");
  if (declaredLength > MAX_UPLOAD_BYTES) return refused(TOO_LARGE);

  const importer = new ReceiptImporter(organization, options);
  const target = { importer, budget: options.budget ?? new InflatedBudget(MAX_INFLATED_BYTES_PER_UPLOAD) };
  let files = 0;
  let received = 0;
  const count = (bytes: number) => {
    received += bytes;
    if (received > MAX_UPLOAD_BYTES) throw new UploadTooLargeError();
  };

  try {
    for await (const part of readMultipart(
      counted(request.body as unknown as AsyncIterable<Uint8Array>, count),
      boundary,
    )) {
      if (part.filename === undefined || part.filename === "") continue;
      files++;
      await importFile({ name: part.filename, data: part.data }, target);
    }
  } catch (error) {
    if (error instanceof UploadTooLargeError) {
      return { ...refused(TOO_LARGE), report: await importer.finish() };
    }
    if (files === 0) return refused(refusal(UPLOAD_MESSAGES.malformed));
    importer.refuse("(carga)", `${UPLOAD_MESSAGES.malformed} Se procesaron los archivos recibidos antes del error.`);
  }
  if (files === 0) return refused(refusal(UPLOAD_MESSAGES.noFiles));
  return { ok: true, report: await importer.finish() };
}

/** Imports files already in memory (scripts, seed, benchmark): .xml bytes or whole ZIPs. */
export async function importFiles(
  files: Array<{ name: string; bytes: Uint8Array }>,
  organization: ImportOrganization,
  options: ImportOptions & { chunkSize?: number } = {},
): Promise<ImportReport> {
  const importer = new ReceiptImporter(organization, options);
  const target = { importer, budget: options.budget ?? new InflatedBudget(Number.POSITIVE_INFINITY) };
  const chunkSize = options.chunkSize ?? 64 * 1024;
  for (const file of files) {
    async function* chunks() {
      for (let offset = 0; offset < file.bytes.length; offset += chunkSize)
        yield file.bytes.subarray(offset, offset + chunkSize);
    }
    await importFile({ name: file.name, data: chunks() }, target);
  }
  return importer.finish();
}
