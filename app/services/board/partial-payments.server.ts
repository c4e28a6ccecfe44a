import { todayInCostaRica } from "~/domain/calendar";
import { nextPartialPayment, type BoardPartialPayment } from "~/domain/board/partial-payments";
import type { PartialPaymentSchedule } from "~/domain/income-tax";
import { defaultAccountsOf } from "~/services/default-accounts/default-accounts.server";
import { listBracketTables } from "~/services/income-tax/brackets.server";
import { partialPaymentsOf } from "~/services/income-tax/income-tax.server";
import { yearRevisionsOfMany } from "~/services/ledger/ledger.server";
import { ByteLru } from "~/utils/byte-lru";
import { mapInBatches } from "~/utils/in-batches";
import { taxInputsOf } from "~models/organization";

/** At most this many organizations' schedules are computed at once (each reads four years of reports). */
const CONCURRENT_SCHEDULES = 4;

// A schedule is a dozen small objects; the bound keeps a few thousand clients' schedules per process.
const remembered = new ByteLru<PartialPaymentSchedule>(8 * 1024 * 1024, () => 2_048);

/**
 * What an organization's schedule of `year` is computed from, as one string: the balances of the
 * three years before and of the year itself (their revision tokens), the day it is judged on, the
 * taxpayer kind, the catalog, the default accounts and the bracket tables. Equal keys mean equal
 * schedules, so a board that loads again after a post recomputes only the client that posted
 * (decision 264). Read BEFORE computing, so a key is never newer than the schedule stored under it.
 */
async function scheduleKeys(organizationIds: readonly string[], year: number, now: Date) {
  const [revisions, inputs, accounts, tables] = await Promise.all([
    yearRevisionsOfMany(organizationIds),
    taxInputsOf(organizationIds),
    defaultAccountsOf(organizationIds),
    listBracketTables(),
  ]);
  const day = todayInCostaRica(now);
  const tablesKey = JSON.stringify(tables, (_, value: unknown) => (typeof value === "bigint" ? String(value) : value));
  const years = [year - 3, year - 2, year - 1, year].map(String);
  return new Map(
    organizationIds.map((id) => {
      const tokens = years.map((key) => revisions.get(id)?.[key] ?? null);
      return [id, JSON.stringify([id, year, day, tokens, inputs.get(id) ?? null, accounts.get(id), tablesKey])];
    }),
  );
}

/** The next pago parcial of `year` for each organization, from the Impuesto sobre la Renta page's own schedule. */
export async function partialPaymentsFor(
  organizationIds: readonly string[],
  year: number,
  now: Date,
): Promise<Map<string, BoardPartialPayment>> {
  const keys = await scheduleKeys(organizationIds, year, now);
  const schedules = new Map<string, PartialPaymentSchedule>();
  const missing: string[] = [];
  for (const id of organizationIds) {
    const known = remembered.get(keys.get(id)!);
    if (known) schedules.set(id, known);
    else missing.push(id);
  }
  const computed = await mapInBatches(missing, CONCURRENT_SCHEDULES, (id) => partialPaymentsOf(id, year, now));
  missing.forEach((id, index) => {
    schedules.set(id, computed[index]);
    remembered.set(keys.get(id)!, computed[index]);
  });
  return new Map(organizationIds.map((id) => [id, nextPartialPayment(year, schedules.get(id)!)]));
}

/** Forgets the remembered schedules (a benchmark measuring a process's first board). */
export function forgetPartialPayments(): void {
  remembered.clear();
}
