import { accountProblem } from "~/domain/booking/validate-default-accounts";
import type { CalendarDate } from "~/domain/calendar";
import { indexCatalog } from "~/domain/catalog";
import { dueDateOf } from "~/domain/open-items";
import { found, notFoundRefusal, refusal, refused, type Result } from "~/domain/refusal";
import { loadCatalog } from "~/services/catalog/catalog.server";
import { OPENING_KIND } from "~/domain/open-items/opening-import";
import { findCounterparty, saveCounterpartySettings, type CounterpartySettings } from "~models/counterparty";
import { withTransaction } from "~/utils/db.server";
import { findOpenItems } from "~models/open-item";
import { changeDueDates } from "~models/open-item-writes";

const PARTY_NOT_FOUND = "Cliente o proveedor no encontrado.";
const ACCOUNT_FIELDS = ["salesAccount", "purchaseAccount"] as const;

/**
 * Saves a counterparty's term, usual account and notes; a new term moves the due dates of its credit
 * documents that name no PlazoCredito of their own (in one transaction with the kept balances). The
 * usual account is what booking credits or debits for this customer or supplier, so it must be a
 * movement account of the organization's catalog.
 */
export async function saveCounterparty(
  organizationId: string,
  partyId: string,
  settings: CounterpartySettings,
  by: string,
): Promise<Result<true>> {
  const party = await findCounterparty(organizationId, partyId);
  if (!party) return refused(notFoundRefusal(PARTY_NOT_FOUND));
  const accounts = ACCOUNT_FIELDS.filter((field) => settings[field]);
  if (accounts.length > 0) {
    const catalog = indexCatalog((await loadCatalog(organizationId)).tree);
    const problems = accounts.flatMap((field) => {
      const message = accountProblem(settings[field]!, catalog);
      return message ? [refusal(message, field)] : [];
    });
    if (problems.length > 0) return refused(...problems);
  }
  await saveCounterpartySettings(organizationId, party._id, settings, by);
  if (!("paymentTermDays" in settings) || settings.paymentTermDays === party.paymentTermDays) return found(true);
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
  return found(true);
}
