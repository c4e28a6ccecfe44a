import type { ClientSession } from "mongoose";
import { planBooking } from "~/domain/booking/plan";
import { matchRule } from "~/domain/rules";
import type { ReceiptRecord } from "~models/receipt";
import { getDefaultAccounts } from "~/services/default-accounts/default-accounts.server";
import { bookReceiptEntriesIn, type Actor } from "~/services/ledger/ledger.server";
import { loadRules } from "~/services/rules/rules.server";
import { bookingInputOf, partyAccountsOf, referencedDocuments } from "./booking-input.server";
import { entryInput, type BookingResult } from "./booking.server";

/**
 * Books one receipt that the caller stores in the same transaction (an invoice being issued), exactly
 * as bookReceipt would once it is stored: same plan, default accounts, rules and ledger entry. The
 * result's kind tells whether it was booked; the caller decides whether anything else aborts.
 */
export async function bookStoredReceiptIn(
  session: ClientSession,
  organizationId: string,
  receipt: ReceiptRecord,
  actor: Actor,
): Promise<BookingResult> {
  const receiptId = String(receipt._id);
  const result: BookingResult = { receiptId, consecutivo: receipt.consecutivo, kind: "error" };
  if (!receipt.parsed) {
    result.message = "El XML del comprobante no se pudo leer.";
    return result;
  }
  const [accounts, rules, referenced, parties] = await Promise.all([
    getDefaultAccounts(organizationId),
    loadRules(organizationId),
    referencedDocuments(organizationId, [receipt]),
    partyAccountsOf(organizationId, [{ direction: receipt.direction, document: receipt.parsed }]),
  ]);
  const input = bookingInputOf(receipt, receipt.parsed, referenced, parties);
  const document = input.document;
  const outcome = planBooking(input, accounts, document.kind === "MH" ? null : matchRule(rules, document), {});
  if (!outcome.ok) {
    result.kind = outcome.reason;
    result.message = outcome.message;
    return result;
  }
  const [booked] = await bookReceiptEntriesIn(
    session,
    organizationId,
    [
      {
        receiptId,
        input: entryInput(outcome.plan, receiptId),
        post: outcome.plan.post,
        rule: outcome.plan.rule,
        unclassified: outcome.plan.unclassified,
      },
    ],
    actor,
  );
  if (booked.kind === "booked") {
    result.kind = booked.status;
    result.entryId = booked.entryId;
    if (booked.number) result.number = booked.number;
  } else if (booked.kind === "already") {
    result.kind = "ya-contabilizado";
    result.entryId = booked.entryId;
  } else {
    result.message = booked.refusals.map((refusal) => refusal.message).join(" ");
  }
  return result;
}
