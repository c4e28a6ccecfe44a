import type { CalendarDate } from "~/domain/calendar";
import { dueDateOf } from "~/domain/open-items";
import { OPENING_KIND } from "~/domain/open-items/opening-import";
import { findCounterparty, saveCounterpartySettings, type CounterpartySettings } from "~models/counterparty";
import { withTransaction } from "~/utils/db.server";
import { findOpenItems } from "~models/open-item";
import { changeDueDates } from "~models/open-item-writes";

/**
 * Saves a counterparty's term, usual account and notes; a new term moves the due dates of its credit
 * documents that name no PlazoCredito of their own (in one transaction with the kept balances).
 */
export async function saveCounterparty(
  organizationId: string,
  partyId: string,
  settings: CounterpartySettings,
  by: string,
): Promise<boolean> {
  const party = await findCounterparty(organizationId, partyId);
  if (!party) return false;
  await saveCounterpartySettings(organizationId, party._id, settings, by);
  if (!("paymentTermDays" in settings) || settings.paymentTermDays === party.paymentTermDays) return true;
  // Read inside the transaction: a cobro changing one of these balances meanwhile makes it retry.
  await withTransaction(async (session) => {
    const items = await findOpenItems({ organizationId, partyId: party._id }, session);
    const changes = items
      // Imported opening balances keep the due date their file gave.
      .filter((item) => item.plazoCredito === undefined && !item.settledAtIssue && item.kind !== OPENING_KIND)
      .map((item) => ({
        item,
        dueDate: dueDateOf({
          fecha: item.fecha as CalendarDate,
          ...(item.condicionVenta ? { condicionVenta: item.condicionVenta } : {}),
          ...(settings.paymentTermDays === undefined ? {} : { partyTermDays: settings.paymentTermDays }),
          bookedToCash: false,
        }).dueDate,
      }))
      .filter((change) => change.dueDate !== change.item.dueDate);
    await changeDueDates(organizationId, changes, session);
  });
  return true;
}
