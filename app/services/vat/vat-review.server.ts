import { monthLabel, type MonthKey } from "~/domain/calendar";
import { notFoundRefusal, refusal, refused, type Refused } from "~/domain/refusal";
import { Receipt } from "~models/receipt";
import { saveReview, type VatReviewDecision } from "~models/vat-review";

export type ReviewOutcome = { ok: true; consecutivo: string } | Refused;

/**
 * The accountant includes or excludes a receipt of the month whose arithmetic does not add up (only
 * such receipts are reviewed; every change is kept with who and when).
 */
export async function reviewVatReceipt(
  organizationId: string,
  month: MonthKey,
  receiptId: string,
  decision: VatReviewDecision,
  by: string,
): Promise<ReviewOutcome> {
  const receipt = await Receipt.findOne(
    { organizationId, month, _id: receiptId },
    { consecutivo: 1, warnings: 1 },
  ).lean<{ consecutivo: string; warnings?: string[] }>();
  if (!receipt) return refused(notFoundRefusal(`Ese comprobante no está en ${monthLabel(month)}.`));
  if ((receipt.warnings ?? []).length === 0) return refused(refusal("Ese comprobante cuadra: no necesita revisión."));
  await saveReview(organizationId, receiptId, decision, by);
  return { ok: true, consecutivo: receipt.consecutivo };
}
