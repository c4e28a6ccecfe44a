import {
  findBookingSettings,
  findStoredAccountsOf,
  saveBookingSettings,
  type BookingSettingsChange,
  type ImportBooking,
} from "~models/booking-settings";
import {
  DEFAULT_ACCOUNT_FIELDS,
  flattenDefaultAccounts,
  readDefaultAccounts,
} from "~/domain/booking/default-account-fields";
import type { DefaultAccounts } from "~/domain/booking/default-accounts";
import { validateDefaultAccounts } from "~/domain/booking/validate-default-accounts";
import { indexCatalog } from "~/domain/catalog";
import type { Refusal } from "~/domain/refusal";
import { loadCatalog } from "~/services/catalog/catalog.server";
import { withTransaction } from "~/utils/db.server";

export type { ImportBooking } from "~models/booking-settings";

/** The organization's default accounts: what an admin stored, over the default chart's accounts. */
export async function getDefaultAccounts(organizationId: string): Promise<DefaultAccounts> {
  const stored = await findBookingSettings(organizationId);
  return readDefaultAccounts(stored?.accounts);
}

/** `getDefaultAccounts` of several organizations in one read. */
export async function defaultAccountsOf(organizationIds: readonly string[]): Promise<Map<string, DefaultAccounts>> {
  const stored = await findStoredAccountsOf(organizationIds);
  return new Map(organizationIds.map((id) => [id, readDefaultAccounts(stored.get(id))]));
}

export interface BookingSettingsView {
  accounts: DefaultAccounts;
  /** The accounts as the form's field values. */
  values: Record<string, string>;
  importBooking: ImportBooking;
}

export async function getBookingSettings(organizationId: string): Promise<BookingSettingsView> {
  const stored = await findBookingSettings(organizationId);
  const accounts = readDefaultAccounts(stored?.accounts);
  return { accounts, values: flattenDefaultAccounts(accounts), importBooking: stored?.importBooking ?? "espera" };
}

/** What the import does with the receipts it brings in: nothing, a borrador, or a posted entry. */
export async function getImportBooking(organizationId: string): Promise<ImportBooking> {
  return (await findBookingSettings(organizationId))?.importBooking ?? "espera";
}

/**
 * Validates every account against the organization's catalog and stores them with the import setting;
 * the change (who, when, each field before and after) is kept. Nothing is written when any field is refused.
 */
export async function saveDefaultAccounts(
  organizationId: string,
  input: { values: Readonly<Record<string, string | undefined>>; importBooking: ImportBooking },
  by: string,
): Promise<{ ok: true; changed: number } | { ok: false; refusals: Refusal[] }> {
  const values: Record<string, string> = {};
  for (const field of DEFAULT_ACCOUNT_FIELDS) values[field.name] = (input.values[field.name] ?? "").trim();
  const { tree } = await loadCatalog(organizationId);
  const refusals = validateDefaultAccounts(values, indexCatalog(tree));
  if (refusals.length > 0) return { ok: false, refusals };

  return withTransaction(async (session) => {
    const stored = await findBookingSettings(organizationId, session);
    const before = flattenDefaultAccounts(readDefaultAccounts(stored?.accounts));
    const changes: BookingSettingsChange[] = [];
    for (const field of DEFAULT_ACCOUNT_FIELDS) {
      if (before[field.name] !== values[field.name])
        changes.push({ field: field.name, before: before[field.name], after: values[field.name] });
    }
    const importBefore = stored?.importBooking ?? "espera";
    if (importBefore !== input.importBooking)
      changes.push({ field: "importBooking", before: importBefore, after: input.importBooking });
    if (changes.length === 0 && stored) return { ok: true as const, changed: 0 };
    await saveBookingSettings(
      organizationId,
      { accounts: values, importBooking: input.importBooking },
      { at: new Date(), by, changes },
      session,
    );
    return { ok: true as const, changed: changes.length };
  });
}
