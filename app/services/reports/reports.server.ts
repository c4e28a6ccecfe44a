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
} from "~/domain/reports";
import { notFound } from "~/utils/http.server";
import { loadLedgerContext } from "../ledger/context.server";
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

export async function resultsReport(organizationId: string, query: ReportQuery): Promise<ResultsReport> {
  const [tree, balances] = await Promise.all([
    catalogOf(organizationId),
    readReportBalances(organizationId, rangesOf(query)),
  ]);
  return { statement: incomeStatement(tree, balances, query), monthly: monthlyResults(balances, query.range) };
}

export async function generalReport(organizationId: string, query: ReportQuery): Promise<BalanceSheet> {
  const [tree, balances] = await Promise.all([
    catalogOf(organizationId),
    readReportBalances(organizationId, rangesOf(query)),
  ]);
  return balanceSheet(tree, balances, query);
}

export async function trialReport(organizationId: string, query: ReportQuery): Promise<TrialBalance> {
  const [tree, balances] = await Promise.all([
    catalogOf(organizationId),
    readReportBalances(organizationId, rangesOf(query)),
  ]);
  return trialBalance(tree, balances, query);
}
