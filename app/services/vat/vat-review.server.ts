import { monthLabel, type MonthKey } from "~/domain/calendar";
import { Receipt } from "~models/receipt";
import { saveReview, type VatReviewDecision } from "~models/vat-review";

export type ReviewOutcome = { ok: true; consecutivo: string } | { ok: false; status: 400 | 404; message: string };

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
  if (!receipt) return { ok: false, status: 404, message: `Ese comprobante no está en ${monthLabel(month)}.` };
  if ((receipt.warnings ?? []).length === 0)
    return { ok: false, status: 400, message: "Ese comprobante cuadra: no necesita revisión." };
  await saveReview(organizationId, receiptId, decision, by);
  return { ok: true, consecutivo: receipt.consecutivo };
}
