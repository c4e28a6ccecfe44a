import { todayInCostaRica } from "~/domain/calendar";
import {
  atDateRange,
  balanceSheet,
  incomeStatement,
  monthlyResults,
  parseReportQuery,
  type BalanceSheet,
  type DateRange,
  type IncomeStatement,
  type MonthlyResult,
  type QueryResult,
  type ReportKind,
  type ReportQuery,
  type TrialBalance,
  trialBalance,
  withClosedYears,
  withoutClosings,
} from "~/domain/reports";
import { notFound } from "~/utils/http.server";
import { incomeTaxEstimator } from "../income-tax/estimator.server";
import { loadLedgerContext } from "../ledger/context.server";
import { closedAmong, closingLinesBetween } from "../ledger/ledger.server";
import { readReportBalances } from "./balances.server";

/** The query of a report request; `now` is the caller's clock (tests pass their own). */
export function readReportQuery(kind: ReportKind, url: URL, now: Date = new Date()): QueryResult {
  return parseReportQuery(kind, url.searchParams, todayInCostaRica(now));
}

async function catalogOf(organizationId: string) {
  const context = await loadLedgerContext(organizationId);
  if (!context) throw notFound("Organización no encontrada");
  return context.tree;
}

function rangesOf(query: ReportQuery): DateRange[] {
  if (query.kind === "general")
    return [atDateRange(query.range.to), ...(query.compared ? [atDateRange(query.compared.range.to)] : [])];
  return [query.range, ...(query.compared ? [query.compared.range] : [])];
}

export interface ResultsReport {
  statement: IncomeStatement;
  monthly: MonthlyResult[];
}

/** The earliest start and latest end of the ranges. */
function spanOf(ranges: readonly DateRange[]): DateRange {
  return {
    from: ranges.map((range) => range.from).sort()[0],
    to: ranges
      .map((range) => range.to)
      .sort()
      .at(-1)!,
  };
}

export async function resultsReport(organizationId: string, query: ReportQuery): Promise<ResultsReport> {
  const ranges = rangesOf(query);
  const span = spanOf(ranges);
  // A year's closing entry empties 40–60 on 31 December; the statement shows the year without it.
  const [tree, read, closings, tax] = await Promise.all([
    catalogOf(organizationId),
    readReportBalances(organizationId, ranges),
    closingLinesBetween(organizationId, span.from, span.to),
    incomeTaxEstimator(organizationId),
  ]);
  const balances = withoutClosings(read, closings);
  return { statement: incomeStatement(tree, balances, query, tax), monthly: monthlyResults(balances, query.range) };
}

export async function generalReport(organizationId: string, query: ReportQuery): Promise<BalanceSheet> {
  const comparedDate = query.compared?.range.to ?? null;
  const yearEnds = [query.range.to, comparedDate].filter((date) => date?.endsWith("-12-31"));
  const [tree, balances, closed] = await Promise.all([
    catalogOf(organizationId),
    readReportBalances(organizationId, rangesOf(query)),
    closedAmong(
      organizationId,
      yearEnds.map((date) => Number(date!.slice(0, 4))),
    ),
  ]);
  return withClosedYears(balanceSheet(tree, balances, query), comparedDate, closed);
}

export async function trialReport(organizationId: string, query: ReportQuery): Promise<TrialBalance> {
  const [tree, balances] = await Promise.all([
    catalogOf(organizationId),
    readReportBalances(organizationId, rangesOf(query)),
  ]);
  return trialBalance(tree, balances, query);
}
