import { Types } from "mongoose";
import type { CondicionImpuesto } from "~/domain/hacienda/mensaje-receptor";
import { toCedula } from "~/domain/organization-id";
import { findReceipt } from "~models/receipt";
import { findOrganization } from "~models/organization";
import { ANSWERABLE_KINDS } from "~/services/receipts/receipts-detail.server";
import { answerReceipt } from "~/services/receipts/receipt-answer.server";

/** A booked receipt whose rule answers it on its own (acceptance with this CondicionImpuesto). */
export interface AutomaticAnswer {
  receiptId: string;
  condicionImpuesto: CondicionImpuesto;
}

export type AutomaticAnswerOutcome = { receiptId: string } & (
  { ok: true; consecutivo: string } | { ok: false; message: string }
);

/** Whether the rule's automatic answer applies: a received FE or ND nobody has answered yet. */
export function wantsAutomaticAnswer(receipt: { kind: string; direction: string; receptorMessage?: unknown }): boolean {
  return receipt.direction === "received" && ANSWERABLE_KINDS.has(receipt.kind) && !receipt.receptorMessage;
}

/**
 * Records the acceptance (MensajeReceptor 1) that the matching rule asks for, through the same
 * `answerReceipt` every answer takes (its consecutive, its XML, its place in the sending queue). A
 * receipt answered meanwhile keeps that answer: `answerReceipt` refuses a second one.
 */
export async function recordAutomaticAnswers(
  organizationId: string,
  answers: readonly AutomaticAnswer[],
  by: string,
): Promise<AutomaticAnswerOutcome[]> {
  if (answers.length === 0 || !Types.ObjectId.isValid(by)) return [];
  const organization = await findOrganization(organizationId);
  if (!organization) return [];
  const summary = { id: organizationId, cedula: toCedula(organizationId), name: organization.name };
  const outcomes: AutomaticAnswerOutcome[] = [];
  for (const { receiptId, condicionImpuesto } of answers) {
    const receipt = await findReceipt(organizationId, receiptId);
    if (!receipt || !wantsAutomaticAnswer(receipt)) continue;
    const outcome = await answerReceipt(summary, receipt, { mensaje: "1", condicionImpuesto, detalleMensaje: "" }, by);
    outcomes.push(
      outcome.ok
        ? { receiptId, ok: true, consecutivo: outcome.consecutivo }
        : { receiptId, ok: false, message: outcome.refusals.map((refusal) => refusal.message).join(" ") },
    );
  }
  return outcomes;
}
