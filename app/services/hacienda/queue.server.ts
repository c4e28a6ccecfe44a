/**
 * The sending queue as the rest of the app sees it: put a document in it (inside the caller's
 * transaction, so an issued invoice or a recorded answer is never left unqueued), read where documents
 * stand, and put one in error back in line ("Reintentar").
 */
import type { ClientSession } from "mongoose";
import type { SubmissionStatus } from "~/domain/invoicing/types";
import {
  SUBMISSION_DOCUMENT_LABELS,
  SUBMISSION_STATUS_LABELS,
  type SubmissionDocument,
} from "~/domain/hacienda-queue/status";
import { formatDateTime } from "~/domain/calendar";
import { Receipt } from "~models/receipt";
import {
  findSubmission,
  findSubmissions,
  insertSubmission,
  requeueSubmission,
  type HaciendaSubmissionRecord,
} from "~models/hacienda-submission";

export type { SubmissionDocument } from "~/domain/hacienda-queue/status";
import type { SubmissionView } from "~/domain/hacienda-queue/view";
export type { SubmissionView } from "~/domain/hacienda-queue/view";

/** Queues the receipt's document once (asking again changes nothing). */
export async function enqueueSubmission(
  submission: { organizationId: string; receiptId: string; document: SubmissionDocument },
  session?: ClientSession,
): Promise<void> {
  const receipt = await Receipt.findOne(
    { _id: submission.receiptId, organizationId: submission.organizationId },
    { clave: 1, direction: 1, "receptorMessage.consecutivo": 1 },
  )
    .session(session ?? null)
    .lean<{ clave: string; direction: string; receptorMessage?: { consecutivo: string } }>();
  if (!receipt)
    throw new Error(`enqueueSubmission: no receipt ${submission.receiptId} in ${submission.organizationId}`);
  if (submission.document === "comprobante" && receipt.direction !== "issued") {
    throw new Error("enqueueSubmission: only the organization's own comprobantes are sent");
  }
  if (submission.document === "mensaje-receptor" && !receipt.receptorMessage) {
    throw new Error("enqueueSubmission: the receipt has no receptor message to send");
  }
  await insertSubmission({ ...submission, clave: receipt.clave }, session);
}

/** Where each receipt's document stands with Hacienda (receipts never queued are absent). */
export async function submissionStatuses(
  organizationId: string,
  receiptIds: string[],
): Promise<Map<string, { status: SubmissionStatus; reason?: string }>> {
  const statuses = new Map<string, { status: SubmissionStatus; reason?: string }>();
  const found = await findSubmissions(organizationId, receiptIds);
  // A receipt's own comprobante speaks for it before an answer to it would.
  found.sort((a, b) => (a.document === b.document ? 0 : a.document === "comprobante" ? 1 : -1));
  for (const submission of found) {
    statuses.set(submission.receiptId, {
      status: submission.state,
      ...(submission.reason ? { reason: submission.reason } : {}),
    });
  }
  return statuses;
}

function deliveryText(submission: HaciendaSubmissionRecord): string | null {
  const delivery = submission.delivery;
  if (submission.document !== "comprobante") return null;
  if (delivery?.answerSentAt)
    return `Correo con la respuesta de Hacienda enviado a ${delivery.to} el ${formatDateTime(delivery.answerSentAt)}.`;
  if (delivery?.documentSentAt)
    return `XML y PDF enviados a ${delivery.to} el ${formatDateTime(delivery.documentSentAt)}.`;
  if (delivery?.error) return `Correo pendiente: ${delivery.error}`;
  return null;
}

function eventText(event: HaciendaSubmissionRecord["history"][number]): string {
  return [
    event.message,
    event.httpStatus ? `HTTP ${event.httpStatus}` : null,
    event.errorCause ? `X-Error-Cause: ${event.errorCause}` : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** What the receipt's page shows of its submission, or null when it was never queued. */
export async function submissionView(
  organizationId: string,
  receiptId: string,
  document: SubmissionDocument,
  isAdmin: boolean,
): Promise<SubmissionView | null> {
  const submission = await findSubmission(organizationId, receiptId, document);
  if (!submission) return null;
  return {
    document,
    title: SUBMISSION_DOCUMENT_LABELS[document],
    status: submission.state,
    label: SUBMISSION_STATUS_LABELS[submission.state],
    reason: submission.reason ?? null,
    answerDetail: submission.answer?.detalle || null,
    delivery: deliveryText(submission),
    canRetry: isAdmin && submission.state === "error",
    history: submission.history.slice(-10).map((event) => ({ at: formatDateTime(event.at), text: eventText(event) })),
  };
}

export const RETRY_ADMIN_ONLY = "Solo los administradores del cliente pueden reintentar el envío a Hacienda.";
export const RETRY_NOT_IN_ERROR = "Este envío no está en error; no hay nada que reintentar.";

/** An admin's "Reintentar": false when the submission is not (any more) in error. */
export async function retrySubmission(
  organizationId: string,
  receiptId: string,
  document: SubmissionDocument,
): Promise<boolean> {
  return requeueSubmission(organizationId, receiptId, document, {
    at: new Date(),
    step: "reintento",
    message: "Reintento pedido por un administrador.",
  });
}
