/**
 * Statement uploads as the route receives them: the file is read and checked while the request waits
 * (a refusal answers at once, nothing stored); a file of up to INLINE_MAX_LINES movements is stored
 * then too, a longer one in the background with its progress in MongoDB (models/bank-import-job.ts)
 * for the progress page. Either way its lines are stored in one transaction: all or none.
 */
import type { Refusal } from "~/domain/refusal";
import { countLabel } from "~/domain/text";
import type { BankAccountRecord } from "~models/bank-account";
import {
  createBankImportJob,
  findBankImportJob,
  updateBankImportJob,
  type BankImportJobRecord,
} from "~models/bank-import-job";
import { readUpload, storeStatement, type StatementUpload } from "./statements.server";

/** Files with more movements than this are stored in the background, with a progress page. */
export const INLINE_MAX_LINES = 2_000;
/** A running job not refreshed for this long lost its process. */
export const BANK_IMPORT_STALE_AFTER_MS = 2 * 60 * 1000;
const PROGRESS_EVERY_MS = 500;

export const IMPORT_FAILED =
  "La importación se detuvo por un error; no se guardó ningún movimiento del archivo. Vuelva a subirlo.";

export type StatementUploadOutcome =
  | { ok: true; kind: "imported"; message: string }
  | { ok: true; kind: "job"; jobId: string }
  | { ok: false; refusal: Refusal };

export async function startStatementImport(
  account: BankAccountRecord,
  userId: string,
  upload: StatementUpload,
): Promise<StatementUploadOutcome> {
  const read = readUpload(account, upload);
  if (!read.ok) return read;
  if (read.statement.lines.length <= INLINE_MAX_LINES) {
    const stored = await storeStatement(account, userId, upload, read.statement);
    return stored.ok ? { ok: true, kind: "imported", message: stored.message } : stored;
  }
  const jobId = await createBankImportJob({
    organizationId: account.organizationId,
    bankAccountId: account._id,
    userId,
    fileName: upload.fileName,
    lineCount: read.statement.lines.length,
  });
  void runImport(jobId, () => {
    let lastWrite = 0;
    return storeStatement(account, userId, upload, read.statement, async (stored, total) => {
      if (stored < total && Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = Date.now();
      await updateBankImportJob(jobId, { stored, newCount: total });
    });
  });
  return { ok: true, kind: "job", jobId };
}

async function runImport(jobId: string, store: () => ReturnType<typeof storeStatement>): Promise<void> {
  try {
    const outcome = await store();
    await updateBankImportJob(
      jobId,
      outcome.ok
        ? { status: "terminada", newCount: outcome.newCount, stored: outcome.newCount, message: outcome.message }
        : { status: "fallida", stored: 0, message: outcome.refusal.message },
    );
  } catch (error) {
    console.error("statement import failed", error);
    await updateBankImportJob(jobId, { status: "fallida", stored: 0, message: IMPORT_FAILED }).catch(() => undefined);
  }
}

export interface BankImportJobView {
  id: string;
  fileName: string;
  status: "procesando" | "terminada" | "fallida" | "interrumpida";
  statusLabel: string;
  percent: number;
  progress: string;
  message: string | null;
}

const STATUS_LABELS: Record<BankImportJobView["status"], string> = {
  procesando: "Importando",
  terminada: "Terminada",
  fallida: "No se importó",
  interrumpida: "Interrumpida",
};

export function bankImportJobView(job: BankImportJobRecord, now = Date.now()): BankImportJobView {
  const stale = job.status === "procesando" && now - new Date(job.updatedAt).getTime() > BANK_IMPORT_STALE_AFTER_MS;
  const status = stale ? "interrumpida" : job.status;
  const percent =
    job.status === "terminada"
      ? 100
      : job.newCount > 0
        ? Math.min(99, Math.floor((job.stored / job.newCount) * 100))
        : 0;
  const progress =
    job.status === "procesando" && !stale
      ? job.newCount > 0
        ? `${job.stored.toLocaleString("es-CR")} de ${countLabel(job.newCount, "movimiento nuevo", "movimientos nuevos")} guardados (${percent} %) · el archivo trae ${countLabel(job.lineCount, "movimiento", "movimientos")}.`
        : `Leyendo ${countLabel(job.lineCount, "movimiento", "movimientos")}…`
      : `El archivo trae ${countLabel(job.lineCount, "movimiento", "movimientos")}.`;
  return {
    id: String(job._id),
    fileName: job.fileName,
    status,
    statusLabel: STATUS_LABELS[status],
    percent,
    progress,
    message: stale
      ? "La importación se interrumpió (el servidor se reinició); no se guardó ningún movimiento del archivo. Vuelva a subirlo."
      : (job.message ?? null),
  };
}

export async function loadBankImportJob(account: BankAccountRecord, id: string): Promise<BankImportJobView | null> {
  const job = await findBankImportJob(account.organizationId, account._id, id);
  return job ? bankImportJobView(job) : null;
}
