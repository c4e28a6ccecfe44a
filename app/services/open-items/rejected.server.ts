import { withTransaction } from "~/utils/db.server";
import { findItemsByKeys } from "~models/open-item";
import { rejectedSources } from "~models/open-item-sources";
import { deleteItems } from "~models/open-item-writes";
import { itemHasSettlements } from "~models/settlement";
import { itemLabel } from "./payments.server";

export interface WithdrawOutcome {
  withdrawn: number;
  /** Items of rejected receipts kept because a cobro, pago or credit note names them (their labels). */
  kept: string[];
}

/**
 * Takes out the open items of receipts rejected after their items were made — by Hacienda, or by the
 * organization's receptor message — among `receiptIds` (all of the organization's when absent). A
 * rejected document never counted, so its item leaves at every date, with the kept balances in the
 * same transaction. An item a settlement names (a cobro or pago, even undone, or an applied credit
 * note) keeps its history: it stays until those are undone
 * (docs/decisions/271-rejected-receipts-leave-the-open-items.md).
 */
export async function withdrawRejectedItems(
  organizationId: string,
  receiptIds?: readonly string[],
): Promise<WithdrawOutcome> {
  const outcome: WithdrawOutcome = { withdrawn: 0, kept: [] };
  if (receiptIds && receiptIds.length === 0) return outcome;
  const rejected = await rejectedSources(organizationId, receiptIds);
  const items = await findItemsByKeys(
    organizationId,
    rejected.map((receipt) => receipt.clave),
  );
  for (const item of items) {
    const done = await withTransaction(async (session) => {
      if (await itemHasSettlements(organizationId, item, session)) return "kept" as const;
      // Its balance changed since it was read (a cobro meanwhile): the next import or start tries again.
      return (await deleteItems(organizationId, [item], session)) ? ("withdrawn" as const) : ("changed" as const);
    });
    if (done === "withdrawn") outcome.withdrawn += 1;
    if (done === "kept") outcome.kept.push(itemLabel(item));
  }
  return outcome;
}
