import { monthsNeedingDays, type BalanceRow, type DateRange, type ReportBalances } from "~/domain/reports";
import { ByteLru } from "~/utils/byte-lru";
import { dailyPostedSums, monthlyBalanceSums, openingBalanceSums, yearRevisionsOf } from "../ledger/ledger.server";

// Opening rows of all of an organization's history before a month: a few hundred rows each.
const openings = new ByteLru<BalanceRow[]>(16 * 1024 * 1024, (rows) => 200 + rows.length * 160);

/**
 * Every month before `since` folded into one opening row per account (decision 174). Kept per process
 * under the tokens of the years those months belong to, so that a report asked again after a posting
 * in the current year reads only the current year's months: the cost stays flat as years of history
 * pile up, and a posting into an earlier year changes that year's token and recomputes.
 */
async function openingRows(organizationId: string, since: string): Promise<BalanceRow[]> {
  const sinceYear = Number(since.slice(0, 4));
  const lastYear = since.endsWith("-01") ? sinceYear - 1 : sinceYear;
  const revisions = await yearRevisionsOf(organizationId);
  const years = Object.entries(revisions)
    .filter(([year]) => Number(year) <= lastYear)
    .sort(([a], [b]) => a.localeCompare(b));
  const key = JSON.stringify([organizationId, since, years]);
  const cached = openings.get(key);
  if (cached) return cached;
  const rows = await openingBalanceSums(organizationId, since);
  openings.set(key, rows);
  return rows;
}

/** Forgets the opening rows (tests and benchmarks that measure a process's first request). */
export function forgetOpeningBalances(): void {
  openings.clear();
}

/**
 * The balances the reports of these ranges need, read from the period balances: every month before
 * the earliest range folded into one opening row per account (kept, see openingRows), the months in
 * between one row each. Only a month that a range boundary cuts (a from/to inside a month) is read
 * from that month's posted lines, per day.
 */
export async function readReportBalances(
  organizationId: string,
  ranges: readonly DateRange[],
): Promise<ReportBalances> {
  const since = ranges.map((range) => range.from.slice(0, 7)).sort()[0];
  const until = ranges
    .map((range) => range.to.slice(0, 7))
    .sort()
    .at(-1)!;
  const byDay = monthsNeedingDays(ranges);
  const opening = openingRows(organizationId, since);
  const monthly = monthlyBalanceSums(organizationId, since, until, byDay);
  const daily = dailyPostedSums(organizationId, byDay);
  const rows: BalanceRow[] = [...(await opening), ...(await monthly), ...(await daily)];
  return { since, rows };
}
