/** An upload's job as its progress page shows it, and the address of that page. */
import { findImportJob, type ImportJobRecord, type ImportJobStatus } from "~models/import-job";
import type { ImportReport } from "./receipt-import.server";
import { STALE_AFTER_MS } from "./import-jobs.server";

export interface ImportJobView {
  id: string;
  status: ImportJobStatus | "interrumpida";
  statusLabel: string;
  percent: number;
  counts: { importado: number; duplicado: number; rechazado: number };
  fileNames: string[];
  report: ImportReport | null;
  error: string | null;
}

const STATUS_LABELS: Record<ImportJobView["status"], string> = {
  "en-cola": "En cola",
  procesando: "Importando",
  terminada: "Terminada",
  fallida: "Falló",
  interrumpida: "Interrumpida",
};

export function importJobView(job: ImportJobRecord, now = Date.now()): ImportJobView {
  const running = job.status === "en-cola" || job.status === "procesando";
  const status = running && now - new Date(job.updatedAt).getTime() > STALE_AFTER_MS ? "interrumpida" : job.status;
  return {
    id: String(job._id),
    status,
    statusLabel: STATUS_LABELS[status],
    percent:
      job.status === "terminada"
        ? 100
        : job.totalBytes > 0
          ? Math.min(99, Math.floor((job.processedBytes / job.totalBytes) * 100))
          : 0,
    counts: job.counts,
    fileNames: job.fileNames,
    report: job.status === "terminada" ? ((job.report as ImportReport | undefined) ?? null) : null,
    error:
      status === "interrumpida"
        ? "La importación se interrumpió (el servidor se reinició). Los comprobantes importados hasta ese momento se conservan; vuelva a subir la carga para completar el resto."
        : (job.error ?? null),
  };
}

/**
 * The organization's job, or null (another organization's is not found). Whoever may see the
 * organization's receipts may see what an upload did to them.
 */
export async function loadImportJob(organizationId: string, id: string | undefined): Promise<ImportJobView | null> {
  const job = id ? await findImportJob(organizationId, id) : null;
  return job ? importJobView(job) : null;
}

export function importJobHref(cedula: string, jobId: string): string {
  return `/detail/import/${jobId}?${new URLSearchParams({ org: cedula })}`;
}
