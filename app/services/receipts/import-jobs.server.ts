/**
 * An upload as the routes receive it: small uploads of loose XML files are imported while the request
 * waits; anything else (a ZIP, or more than a few MB) is written to a temporary directory as it
 * arrives and imported in the background, with its progress in MongoDB (models/import-job.ts) for the
 * progress page. See docs/decisions/060-receipt-import-limits-and-jobs.md.
 */
import { createReadStream } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { refusal, refused, type Refused } from "~/domain/refusal";
import { createImportJob, inflatedBytesSince, storedBytesSince, updateImportJob } from "~models/import-job";
import { multipartBoundary, readMultipart } from "./multipart.server";
import { ReceiptImporter, type ImportOrganization, type ImportReport, type Uploader } from "./receipt-import.server";
import {
  budgetFor,
  importFile,
  MAX_STORED_BYTES_PER_DAY_PER_ORGANIZATION,
  MAX_STORED_BYTES_PER_DAY_PER_USER,
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  type InflatedBudget,
} from "./receipts-upload.server";

/** Loose XML files up to this size in total are imported while the request waits. */
export const INLINE_MAX_BYTES = 2 * 1024 * 1024;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const PROGRESS_EVERY_MS = 1000;
/** A running job not refreshed for this long lost its process. */
export const STALE_AFTER_MS = 2 * 60 * 1000;

export interface Uploading {
  organization: ImportOrganization;
  userId: string;
  uploader: Uploader;
}

export type UploadStart =
  { ok: true; kind: "report"; report: ImportReport } | { ok: true; kind: "job"; jobId: string } | Refused;

const malformed = (message: string) => refused(refusal(message));
const tooLarge = () => refused({ message: UPLOAD_MESSAGES.tooLarge, kind: "too-large" });
const tooMany = (message: string) => refused({ message, kind: "too-many" });

interface SpooledFile {
  name: string;
  path: string;
  bytes: number;
}

interface Spooled {
  dir: string;
  files: SpooledFile[];
  totalBytes: number;
  /** The body broke after some files were received. */
  broken: boolean;
  zip: boolean;
}

async function spool(request: Request, boundary: string): Promise<Spooled | Refused> {
  const dir = await mkdtemp(path.join(tmpdir(), "receipt-upload-"));
  const spooled: Spooled = { dir, files: [], totalBytes: 0, broken: false, zip: false };
  try {
    for await (const part of readMultipart(request.body as unknown as AsyncIterable<Uint8Array>, boundary)) {
      if (part.filename === undefined || part.filename === "") continue;
      const file: SpooledFile = { name: part.filename, path: path.join(dir, String(spooled.files.length)), bytes: 0 };
      spooled.files.push(file);
      const handle = await open(file.path, "w");
      try {
        for await (const chunk of part.data) {
          if (file.bytes === 0 && (/\.zip$/i.test(file.name) || (chunk[0] === 0x50 && chunk[1] === 0x4b)))
            spooled.zip = true;
          file.bytes += chunk.length;
          spooled.totalBytes += chunk.length;
          if (spooled.totalBytes > MAX_UPLOAD_BYTES) {
            await rm(dir, { recursive: true, force: true });
            return tooLarge();
          }
          await handle.write(chunk);
        }
      } finally {
        await handle.close();
      }
    }
  } catch {
    if (spooled.files.length === 0) {
      await rm(dir, { recursive: true, force: true });
      return malformed(UPLOAD_MESSAGES.malformed);
    }
    spooled.broken = true;
  }
  if (spooled.files.length === 0) {
    await rm(dir, { recursive: true, force: true });
    return malformed(UPLOAD_MESSAGES.noFiles);
  }
  return spooled;
}

async function importSpooled(
  spooled: Spooled,
  importer: ReceiptImporter,
  budget: InflatedBudget,
  onRead: (bytes: number) => void = () => {},
): Promise<ImportReport> {
  try {
    for (const file of spooled.files) {
      async function* data() {
        for await (const chunk of createReadStream(file.path, { highWaterMark: 64 * 1024 })) {
          onRead((chunk as Buffer).length);
          yield chunk as Buffer;
        }
      }
      await importFile({ name: file.name, data: data() }, { importer, budget });
    }
    if (spooled.broken)
      importer.refuse("(carga)", `${UPLOAD_MESSAGES.malformed} Se procesaron los archivos recibidos antes del error.`);
    return await importer.finish();
  } finally {
    await rm(spooled.dir, { recursive: true, force: true });
  }
}

async function runJob(
  jobId: string,
  spooled: Spooled,
  importer: ReceiptImporter,
  budget: InflatedBudget,
): Promise<ImportReport | null> {
  let processedBytes = 0;
  let lastWrite = Date.now();
  let writing: Promise<void> | null = null;
  const onRead = (bytes: number) => {
    processedBytes += bytes;
    if (writing || Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = Date.now();
    writing = updateImportJob(jobId, {
      processedBytes,
      counts: importer.progress,
      inflatedBytes: budget.used,
      storedBytes: importer.storedBytes,
    })
      .catch(() => undefined)
      .finally(() => (writing = null));
  };
  try {
    await updateImportJob(jobId, { status: "procesando" });
    const report = await importSpooled(spooled, importer, budget, onRead);
    await writing;
    await updateImportJob(jobId, {
      status: "terminada",
      processedBytes,
      counts: report.counts,
      inflatedBytes: budget.used,
      storedBytes: importer.storedBytes,
      report,
    });
    return report;
  } catch (error) {
    console.error(`[receipts] import job ${jobId} failed: ${error instanceof Error ? error.stack : error}`);
    await writing;
    await updateImportJob(jobId, {
      status: "fallida",
      inflatedBytes: budget.used,
      storedBytes: importer.storedBytes,
      counts: importer.progress,
      error:
        "La importación se interrumpió por un error del servidor. Los comprobantes importados hasta ese momento se conservan; vuelva a subir la carga para completar el resto.",
    }).catch(() => undefined);
    return null;
  }
}

/**
 * Receives an upload: refusals of the whole request (not multipart, no file, too large, over the
 * hourly limit), the report of a small upload, or the id of the job importing a large one.
 */
export async function receiveUpload(request: Request, uploading: Uploading): Promise<UploadStart> {
  const boundary = multipartBoundary(request.headers.get("Content-Type") ?? "");
  if (!boundary || !request.body) return malformed(UPLOAD_MESSAGES.notMultipart);
  if (Number(request.headers.get("Content-Length") ?? "0") > MAX_UPLOAD_BYTES) return tooLarge();
  const budget = budgetFor(await inflatedBytesSince(uploading.userId, new Date(Date.now() - HOUR_MS)));
  if (budget.limit <= 0) return tooMany(UPLOAD_MESSAGES.hourSpent);
  // The day's storage is checked before an upload starts; one upload is bounded by its inflated budget.
  const stored = await storedBytesSince(
    { userId: uploading.userId, organizationId: uploading.organization.id },
    new Date(Date.now() - DAY_MS),
  );
  if (stored.inOrganization >= MAX_STORED_BYTES_PER_DAY_PER_ORGANIZATION)
    return tooMany(UPLOAD_MESSAGES.organizationDaySpent);
  if (stored.byUser >= MAX_STORED_BYTES_PER_DAY_PER_USER) return tooMany(UPLOAD_MESSAGES.userDaySpent);

  const spooled = await spool(request, boundary);
  if (!("dir" in spooled)) return spooled;
  const inline = !spooled.zip && spooled.totalBytes <= INLINE_MAX_BYTES;
  const jobId = await createImportJob({
    organizationId: uploading.organization.id,
    userId: uploading.userId,
    status: "en-cola",
    fileNames: spooled.files.slice(0, 20).map((file) => file.name),
    totalBytes: spooled.totalBytes,
    budgetBytes: budget.limit,
  });
  const importer = new ReceiptImporter(uploading.organization, {
    importedBy: uploading.userId,
    uploader: uploading.uploader,
  });
  if (inline) {
    const report = await runJob(jobId, spooled, importer, budget);
    return report ? { ok: true, kind: "report", report } : { ok: true, kind: "job", jobId };
  }
  void runJob(jobId, spooled, importer, budget);
  return { ok: true, kind: "job", jobId };
}
