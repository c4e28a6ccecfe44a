import type { CalendarDate } from "~/domain/calendar";
import { dueDateOf } from "~/domain/open-items";
import { findCounterparty, saveCounterpartySettings, type CounterpartySettings } from "~models/counterparty";
import { findOpenItems, setDueDates } from "~models/open-item";

/**
 * Saves a counterparty's term, usual account and notes; a new term moves the due dates of its credit
 * documents that name no PlazoCredito of their own.
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
  const items = await findOpenItems({ organizationId, partyId: party._id });
  const changes = items
    .filter((item) => item.plazoCredito === undefined && !item.settledAtIssue)
    .map((item) => ({
      id: item._id,
      before: item.dueDate,
      dueDate: dueDateOf({
        fecha: item.fecha as CalendarDate,
        ...(item.condicionVenta ? { condicionVenta: item.condicionVenta } : {}),
        ...(settings.paymentTermDays === undefined ? {} : { partyTermDays: settings.paymentTermDays }),
        bookedToCash: false,
      }).dueDate,
    }))
    .filter((change) => change.dueDate !== change.before);
  await setDueDates(organizationId, changes);
  return true;
}
