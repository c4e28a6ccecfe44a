import { monthLabel } from "~/domain/calendar";
import {
  createBookingJob,
  findBookingJob,
  finishBookingJob,
  recordBookingProgress,
  type BookingJobRecord,
  type BookingJobResult,
} from "~models/booking-job";
import { bookMonth, type BookingResult } from "./booking.server";

/** A run whose process stopped refreshing it for this long is shown as interrupted. */
export const BOOKING_STALE_AFTER_MS = 2 * 60 * 1000;

export const RESULT_LABELS: Record<string, string> = {
  contabilizado: "Contabilizado",
  borrador: "Borrador",
  "ya-contabilizado": "Ya estaba contabilizado",
  "no-contabilizable": "No se contabiliza",
  rechazado: "Rechazado",
  error: "No contabilizado",
};

/**
 * Starts booking the month's pending receipts in the background and returns the run's id at once;
 * the progress page follows it.
 */
export async function startMonthBooking(organizationId: string, month: string, userId: string): Promise<string> {
  const jobId = await createBookingJob({ organizationId, userId, month });
  void runMonthBooking(jobId, organizationId, month, userId);
  return jobId;
}

async function runMonthBooking(jobId: string, organizationId: string, month: string, userId: string) {
  try {
    await bookMonth(
      organizationId,
      month,
      { by: userId },
      {
        onProgress: (results: BookingResult[], total: number) => recordBookingProgress(jobId, { total, results }),
      },
    );
    await finishBookingJob(jobId, { status: "terminada" });
  } catch (error) {
    console.error("month booking failed", error);
    await finishBookingJob(jobId, {
      status: "fallida",
      error: "La contabilización se detuvo por un error. Lo contabilizado se conserva; vuelva a intentarlo.",
    }).catch(() => undefined);
  }
}

export interface BookingJobView {
  id: string;
  month: string;
  monthLabel: string;
  status: "procesando" | "terminada" | "fallida" | "interrumpida";
  statusLabel: string;
  total: number;
  done: number;
  percent: number;
  counts: Record<string, number>;
  results: Array<BookingJobResult & { label: string }>;
  error: string | null;
}

const STATUS_LABELS: Record<BookingJobView["status"], string> = {
  procesando: "Contabilizando",
  terminada: "Terminada",
  fallida: "Falló",
  interrumpida: "Interrumpida",
};

export function bookingJobView(job: BookingJobRecord, now = Date.now()): BookingJobView {
  const stale = job.status === "procesando" && now - new Date(job.updatedAt).getTime() > BOOKING_STALE_AFTER_MS;
  const status = stale ? "interrumpida" : job.status;
  const counts: Record<string, number> = {};
  for (const result of job.results) counts[result.kind] = (counts[result.kind] ?? 0) + 1;
  return {
    id: String(job._id),
    month: job.month,
    monthLabel: monthLabel(job.month),
    status,
    statusLabel: STATUS_LABELS[status],
    total: job.total,
    done: job.done,
    percent:
      job.status === "terminada" ? 100 : job.total > 0 ? Math.min(99, Math.floor((job.done / job.total) * 100)) : 0,
    counts,
    results: job.results.map((result) => ({ ...result, label: RESULT_LABELS[result.kind] ?? result.kind })),
    error: stale
      ? "La contabilización se interrumpió (el servidor se reinició). Lo contabilizado se conserva; vuelva a contabilizar el mes para completar el resto."
      : (job.error ?? null),
  };
}

export async function loadBookingJob(organizationId: string, id: string | undefined): Promise<BookingJobView | null> {
  const job = id ? await findBookingJob(organizationId, id) : null;
  return job ? bookingJobView(job) : null;
}
