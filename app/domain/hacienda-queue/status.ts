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

/**
 * What the detail page says while Hacienda's answer is missing. A document imported from elsewhere waits
 * for its MensajeHacienda to be imported; a document issued here (it has a sending) says where its
 * sending stands instead.
 */
export function missingAnswerText(sending: SubmissionStatus | null): string {
  switch (sending) {
    case null:
      return "Aún no se ha importado la respuesta de Hacienda (MensajeHacienda) de este comprobante.";
    case "borrador":
    case "firmado":
      return "Emitido aquí: el comprobante está firmado y en cola para enviarse a Hacienda.";
    case "enviado":
      return "Emitido aquí: enviado a Hacienda, en espera de su respuesta.";
    case "error":
      return "Emitido aquí: el envío a Hacienda tuvo un error; vea el envío más abajo.";
    case "aceptado":
    case "rechazado":
      return `Emitido aquí: Hacienda respondió «${SUBMISSION_STATUS_LABELS[sending]}»; vea el envío más abajo.`;
  }
}
