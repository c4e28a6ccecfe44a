import { todayInCostaRica } from "~/domain/calendar";
import { nextPartialPayment, type BoardPartialPayment } from "~/domain/board/partial-payments";
import { partialPaymentScheduleOn, type PartialPaymentInputs } from "~/domain/income-tax";
import { defaultAccountsOf } from "~/services/default-accounts/default-accounts.server";
import { listBracketTables } from "~/services/income-tax/brackets.server";
import { partialPaymentInputsOf } from "~/services/income-tax/income-tax.server";
import { yearRevisionsOfMany } from "~/services/ledger/ledger.server";
import { ByteLru } from "~/utils/byte-lru";
import { mapInBatches } from "~/utils/in-batches";
import { taxInputsOf } from "~models/organization";

/** At most this many organizations' inputs are computed at once (each reads four years of reports). */
const CONCURRENT_SCHEDULES = 4;

// Three previous taxes and an amount; the bound keeps a few thousand clients' years per process.
const remembered = new ByteLru<PartialPaymentInputs>(8 * 1024 * 1024, () => 1_024);

/**
 * What an organization's pago-parcial inputs of `year` are computed from, as one string: the balances
 * of the three years before and of the year itself (their revision tokens), the taxpayer kind, the
 * catalog, the default accounts and the bracket tables — not the day, which only the pure last step
 * reads (decisions 264 and 310). Equal keys mean equal inputs, so a board that loads again after a
 * post recomputes only the client that posted, and the first board of a day recomputes none. Read
 * BEFORE computing, so a key is never newer than the inputs stored under it.
 */
async function inputKeys(organizationIds: readonly string[], year: number) {
  const [revisions, inputs, accounts, tables] = await Promise.all([
    yearRevisionsOfMany(organizationIds),
    taxInputsOf(organizationIds),
    defaultAccountsOf(organizationIds),
    listBracketTables(),
  ]);
  const tablesKey = JSON.stringify(tables, (_, value: unknown) => (typeof value === "bigint" ? String(value) : value));
  const years = [year - 3, year - 2, year - 1, year].map(String);
  return new Map(
    organizationIds.map((id) => {
      const tokens = years.map((key) => revisions.get(id)?.[key] ?? null);
      return [id, JSON.stringify([id, year, tokens, inputs.get(id) ?? null, accounts.get(id), tablesKey])];
    }),
  );
}

/** The next pago parcial of `year` for each organization, from the Impuesto sobre la Renta page's own schedule. */
export async function partialPaymentsFor(
  organizationIds: readonly string[],
  year: number,
  now: Date,
): Promise<Map<string, BoardPartialPayment>> {
  const keys = await inputKeys(organizationIds, year);
  const known = new Map<string, PartialPaymentInputs>();
  const missing: string[] = [];
  for (const id of organizationIds) {
    const inputs = remembered.get(keys.get(id)!);
    if (inputs) known.set(id, inputs);
    else missing.push(id);
  }
  const computed = await mapInBatches(missing, CONCURRENT_SCHEDULES, (id) => partialPaymentInputsOf(id, year, now));
  missing.forEach((id, index) => {
    known.set(id, computed[index]);
    remembered.set(keys.get(id)!, computed[index]);
  });
  const today = todayInCostaRica(now);
  return new Map(
    organizationIds.map((id) => [id, nextPartialPayment(year, partialPaymentScheduleOn(year, known.get(id)!, today))]),
  );
}

/** Forgets the remembered inputs (a benchmark measuring a process's first board). */
export function forgetPartialPayments(): void {
  remembered.clear();
}
