import type { SubmissionStatus } from "../invoicing/types";

/** How each sending state reads on the invoice and in the month view. */
export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  borrador: "Borrador",
  firmado: "Firmado",
  enviado: "Enviado",
  aceptado: "Aceptado",
  rechazado: "Rechazado",
  error: "Error",
};

/** Which document of a receipt the queue sends: our own comprobante, or our answer to a supplier's. */
export type SubmissionDocument = "comprobante" | "mensaje-receptor";

export const SUBMISSION_DOCUMENT_LABELS: Record<SubmissionDocument, string> = {
  comprobante: "Envío a Hacienda",
  "mensaje-receptor": "Envío del mensaje del receptor",
};

/** Hacienda's `ind-estado` values that end the polling. */
export function isFinalEstado(estado: string | undefined): estado is "aceptado" | "rechazado" {
  return estado === "aceptado" || estado === "rechazado";
}

/** The reception API's X-Error-Cause when the clave had already been received: it is sent, go on polling. */
export function meansAlreadyReceived(errorCause: string | undefined | null): boolean {
  return !!errorCause && /recibido anteriormente/i.test(errorCause);
}
