/** Shared pieces of the receipt integration tests: the sample client, uploads as a browser sends them. */
import { strToU8 } from "fflate";
import { Types } from "mongoose";
import { ImportJob, type ImportJobRecord } from "../../models/import-job";
import { findReceipt, insertReceipts } from "../../models/receipt";
import { parseComprobante } from "../../app/domain/hacienda";
import {
  receiptRecordFrom,
  type ImportOrganization,
  type ImportReport,
} from "../../app/services/receipts/receipt-import.server";
import { answerReceipt } from "../../app/services/receipts/receipt-answer.server";
import { importFiles } from "../../app/services/receipts/receipts-upload.server";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateComprobante,
  type GeneratedDocument,
} from "../../scripts/hacienda-samples/src/generate";
import { BASE_URL } from "../support/requests";

export const context = { cspNonce: "" };

export const FERRETERIA = {
  id: "CR:3101123456",
  cedula: "3101123456",
  name: "Ferretería El Clavo S.A.",
} satisfies ImportOrganization;
export const SODA: ImportOrganization = { id: "CR:3102654321", cedula: "3102654321", name: "Soda La Esquina Ltda." };

export interface UploadFile {
  name: string;
  content: string | Uint8Array;
  type?: string;
}

export function fileOf(document: GeneratedDocument): UploadFile {
  return { name: document.fileName, content: document.xml };
}

/** A multipart POST with the files in the "files" field, as the upload form sends it. */
export function uploadRequest(path: string, files: UploadFile[], cookie?: string): Request {
  const form = new FormData();
  for (const file of files) {
    const bytes = typeof file.content === "string" ? strToU8(file.content) : file.content;
    form.append(
      "files",
      new File([Uint8Array.from(bytes)], file.name, {
        type: file.type ?? (file.name.endsWith(".zip") ? "application/zip" : "text/xml"),
      }),
    );
  }
  return new Request(new URL(path, BASE_URL), {
    method: "POST",
    body: form,
    headers: cookie ? { Cookie: cookie } : {},
  });
}

/** Stores generated documents for an organization the way an upload does. */
export function importDocuments(documents: GeneratedDocument[], organization: ImportOrganization = FERRETERIA) {
  return importFiles(
    documents.map((document) => ({ name: document.fileName, bytes: strToU8(document.xml) })),
    organization,
  );
}

/**
 * One received invoice of Ferretería El Clavo under a fixed id, answered (accepted) by its receptor:
 * what the route-access matrix needs to reach every receipt route.
 */
/** A received FE of Ferretería El Clavo as the importer would store it, under the given id. */
export function receivedReceiptRecord(id: string) {
  const document = generateComprobante({
    kind: "FE",
    version: "4.4",
    seed: `answered-${id}`,
    emisor: BUSINESS_PARTIES[0],
    receptor: FERRETERIA_EL_CLAVO,
  });
  const parsed = parseComprobante(document.xml);
  if (!parsed.ok || parsed.document.kind === "MH") throw new Error("the sample does not parse");
  const bytes = strToU8(document.xml);
  const record = receiptRecordFrom(parsed.document, {
    organizationId: FERRETERIA.id,
    direction: "received",
    fileName: document.fileName,
    bytes,
    xmlSha256: "0".repeat(64),
    warnings: parsed.warnings,
  });
  return { ...record, _id: new Types.ObjectId(id) };
}

export async function storeAnsweredReceipt(id: string): Promise<void> {
  await insertReceipts([receivedReceiptRecord(id)]);
  const stored = await findReceipt(FERRETERIA.id, id);
  const outcome = await answerReceipt(
    FERRETERIA,
    stored!,
    { mensaje: "1", condicionImpuesto: "01", detalleMensaje: "" },
    String(new Types.ObjectId()),
  );
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.refusals));
}

/**
 * The answer of an upload route as the browser ends up seeing it: a report at once, or (303 to the
 * job's page) the report once the background job is done.
 */
export async function settledUpload(
  response: Response,
): Promise<{ status: number; body: { error: string | null; report: ImportReport | null } }> {
  if (response.status !== 303) return { status: response.status, body: await response.json() };
  const jobId = /^\/detail\/import\/([0-9a-f]{24})\?/.exec(response.headers.get("Location") ?? "")?.[1];
  if (!jobId) throw new Error(`unexpected redirect to ${response.headers.get("Location")}`);
  const job = await waitForImportJob(jobId);
  return {
    status: job.status === "terminada" ? 200 : 500,
    body: { error: job.error ?? null, report: (job.report as ImportReport | undefined) ?? null },
  };
}

export async function waitForImportJob(jobId: string, timeoutMs = 60_000): Promise<ImportJobRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await ImportJob.findById(jobId).lean<ImportJobRecord>();
    if (job && (job.status === "terminada" || job.status === "fallida")) return job;
    if (Date.now() > deadline) throw new Error(`import job ${jobId} still ${job?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
