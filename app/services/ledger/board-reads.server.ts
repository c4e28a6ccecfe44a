import { type Types } from "mongoose";
import { buildCatalog, flattenCatalog, type CatalogOverrides } from "~/domain/catalog";
import { taxInputsOf } from "~models/organization";
import { Entry } from "~models/entry";
import { PeriodBalance } from "~models/period-balance";
import { ReceiptBooking } from "~models/receipt-booking";
import { mapInBatches } from "~/utils/in-batches";
import { yearRevisionsOfMany } from "./balances-revision.server";
import { toBigInt } from "./records.server";

/**
 * The ledger's reads for the practice board (decision 220): one query per figure for all the
 * organizations at once, grouped by organization, never per client.
 */

export interface AccountBalanceRow {
  organizationId: string;
  account: string;
  /** Σ debit − Σ credit, céntimos. */
  balance: bigint;
}

/**
 * The codes of each organization's chart of accounts under any of `prefixes`: posting accepts only
 * accounts of the chart, and an account with movements cannot leave it, so these are every account
 * that can have a balance there.
 */
async function chartAccountsUnder(
  organizationIds: readonly string[],
  prefixes: readonly string[],
): Promise<Map<string, string[]>> {
  const inputs = await taxInputsOf(organizationIds);
  const byChart = new Map<string, string[]>();
  return new Map(
    organizationIds.map((id) => {
      const stored = inputs.get(id)?.catalog;
      const overrides = (
        stored !== null && typeof stored === "object" && !Array.isArray(stored) ? stored : {}
      ) as CatalogOverrides;
      const chart = JSON.stringify(overrides);
      let codes = byChart.get(chart);
      if (!codes) {
        codes = flattenCatalog(buildCatalog(overrides))
          .map((node) => node.key)
          .filter((key) => prefixes.some((prefix) => key.startsWith(prefix)));
        byChart.set(chart, codes);
      }
      return [id, codes];
    }),
  );
}

/**
 * Balances up to the end of `month` of the accounts under any of `prefixes`, from the period balances:
 * one read per organization naming its accounts, so the (organization, account, period) index bounds
 * it to those accounts' months. A range of account codes would leave the read to the (organization,
 * period) index, every account's months of every year.
 */
export async function balancesUnder(
  organizationIds: readonly string[],
  month: string,
  prefixes: readonly string[],
): Promise<AccountBalanceRow[]> {
  if (organizationIds.length === 0 || prefixes.length === 0) return [];
  const accounts = await chartAccountsUnder(organizationIds, prefixes);
  const perOrganization = await mapInBatches([...organizationIds], 8, (organizationId) =>
    PeriodBalance.aggregate<{ _id: string; debit: unknown; credit: unknown }>([
      { $match: { organizationId, account: { $in: accounts.get(organizationId)! }, period: { $lte: month } } },
      { $group: { _id: "$account", debit: { $sum: "$debit" }, credit: { $sum: "$credit" } } },
    ]),
  );
  return organizationIds.flatMap((organizationId, index) =>
    perOrganization[index].map((row) => ({
      organizationId,
      account: row._id,
      balance: toBigInt(row.debit) - toBigInt(row.credit),
    })),
  );
}

/**
 * What each organization's balances up to the end of `month` are read from: the revision tokens of
 * every year up to the month's (decision 174), as one string. Equal keys, equal balances; a post into
 * a later year leaves the key alone. Read BEFORE the balances it will label.
 */
export async function balancesKeysOf(organizationIds: readonly string[], month: string): Promise<Map<string, string>> {
  const revisions = await yearRevisionsOfMany(organizationIds);
  const year = month.slice(0, 4);
  return new Map(
    organizationIds.map((id) => {
      const years = Object.entries(revisions.get(id) ?? {})
        .filter(([key]) => key <= year)
        .sort(([a], [b]) => a.localeCompare(b));
      return [id, years.map(([key, token]) => `${key}:${token}`).join(",")];
    }),
  );
}

/**
 * How many of each organization's receipts are booked. One indexed query per organization, each with
 * its own receipt ids: a single query with both lists crosses every organization with every receipt
 * in the (organization, receipt) index, which grows with clients × receipts.
 */
export async function bookedReceiptCounts(
  receiptIdsByOrganization: ReadonlyMap<string, readonly Types.ObjectId[]>,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const organizations = [...receiptIdsByOrganization].filter(([, ids]) => ids.length > 0);
  const found = await mapInBatches(organizations, 8, ([organizationId, receiptIds]) =>
    ReceiptBooking.countDocuments({ organizationId, receiptId: { $in: [...receiptIds] } }),
  );
  organizations.forEach(([organizationId], index) => counts.set(organizationId, found[index]));
  return counts;
}

/** Σ debit − Σ credit per account of the posted lines up to `month`'s end, from the entries themselves (for verification). */
export async function postedBalancesFromEntries(
  organizationId: string,
  untilDate: string,
  prefixes: readonly string[],
): Promise<Map<string, bigint>> {
  const balances = new Map<string, bigint>();
  const cursor = Entry.find({ organizationId, status: "contabilizado", date: { $lte: untilDate } }, { lines: 1 })
    .lean<Array<{ lines: Array<{ account: string; debit: unknown; credit: unknown }> }>>()
    .cursor();
  for await (const entry of cursor) {
    for (const line of entry.lines) {
      if (!prefixes.some((prefix) => line.account.startsWith(prefix))) continue;
      balances.set(line.account, (balances.get(line.account) ?? 0n) + toBigInt(line.debit) - toBigInt(line.credit));
    }
  }
  return balances;
}

/** Whether each receipt is booked, read one by one (for verification). */
export async function isReceiptBooked(organizationId: string, receiptId: Types.ObjectId): Promise<boolean> {
  return (await ReceiptBooking.countDocuments({ organizationId, receiptId })) > 0;
}
