/**
 * Conflicting Hacienda answers on one receipt: a later answer that differs from the recorded one is
 * kept beside it and changes nothing until an admin of the organization chooses which one holds
 * (docs/decisions/061-hacienda-answers-admins-and-conflicts.md).
 */
import { chooseHaciendaAnswer, type HaciendaAnswer, type ReceiptRecord } from "~models/receipt";
import { formatCostaRicaDateTime } from "~/domain/hacienda";
import { syncOpenItems } from "~/services/open-items/sync.server";

export const CHOOSE_ANSWER_ADMIN_ONLY = "Solo los administradores del cliente pueden elegir la respuesta de Hacienda.";
export const CHOOSE_ANSWER_STALE =
  "La respuesta elegida ya no está en conflicto (otro administrador pudo haber elegido). Revise el estado actual.";

const ESTADO_LABELS: Record<string, string> = {
  aceptado: "Aceptado",
  parcial: "Aceptado parcialmente",
  rechazado: "Rechazado",
};

export interface HaciendaAnswerView {
  sha: string;
  estado: string;
  estadoLabel: string;
  detalle: string;
  fileName: string;
  receivedAt: string;
  applied: boolean;
}

export interface HaciendaConflictView {
  answers: HaciendaAnswerView[];
  canChoose: boolean;
}

function answerView(answer: HaciendaAnswer, applied: boolean): HaciendaAnswerView {
  return {
    sha: answer.xmlSha256,
    estado: answer.estado,
    estadoLabel: ESTADO_LABELS[answer.estado] ?? answer.estado,
    detalle: answer.detalle,
    fileName: answer.fileName,
    receivedAt: formatCostaRicaDateTime(new Date(answer.receivedAt)),
    applied,
  };
}

/** The receipt's answers when they conflict (the applied one first), else null. */
export function haciendaConflictOf(
  receipt: Pick<ReceiptRecord, "hacienda" | "haciendaConflicts">,
  canChoose: boolean,
): HaciendaConflictView | null {
  const conflicts = receipt.haciendaConflicts ?? [];
  if (!receipt.hacienda || conflicts.length === 0) return null;
  return {
    answers: [answerView(receipt.hacienda, true), ...conflicts.map((answer) => answerView(answer, false))],
    canChoose,
  };
}

/** Applies the chosen answer; false when it is no longer one of the conflicting answers. */
export async function chooseAnswer(
  organizationId: string,
  receipt: ReceiptRecord,
  sha: string,
  userId: string,
): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(sha)) return false;
  const chosen = await chooseHaciendaAnswer(organizationId, String(receipt._id), sha, userId);
  // A rejection chosen takes the receipt's open item out; an acceptance chosen makes it again.
  if (chosen)
    await syncOpenItems(organizationId, [String(receipt._id)]).catch((error: unknown) => {
      console.error("open items of a receipt with a chosen answer failed", error);
    });
  return chosen;
}
