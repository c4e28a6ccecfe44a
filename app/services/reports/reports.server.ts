import { createHash } from "node:crypto";
import { todayInCostaRica, type CalendarDate } from "~/domain/calendar";
import {
  atDateRange,
  balanceSheet,
  defaultLevelFor,
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
  type TrialRowView,
  formatReportAmount,
  trialBalance,
  trialView,
  withClosedYears,
  withoutClosings,
} from "~/domain/reports";
import type { OrganizationRole } from "~/domain/roles";
import { found, refusal, refused, type Result } from "~/domain/refusal";
import { organizationVanished } from "../organizations/vanished.server";
import { incomeTaxEstimator } from "../income-tax/estimator.server";
import { loadLedgerContext } from "../ledger/context.server";
import { accountBalancesAt, closedAmong, closingLinesBetween } from "../ledger/ledger.server";
import { flattenCatalog, type CatalogNode } from "~/domain/catalog";
import { dollars } from "~/domain/entries/money";
import { readReportBalances } from "./balances.server";
import { cachedForBalances, cachedWithKey, catalogIdOf } from "./report-cache.server";

/** The query of a report request; `now` is the caller's clock (tests pass their own). */
/** The report's query; without `level` in the URL, the level the asker's role opens at. */
export function readReportQuery(
  kind: ReportKind,
  url: URL,
  options: { role?: OrganizationRole; now?: Date } = {},
): QueryResult {
  const defaults = options.role ? { level: defaultLevelFor(options.role) } : {};
  return parseReportQuery(kind, url.searchParams, todayInCostaRica(options.now ?? new Date()), defaults);
}

/** A report page's status: 400 when its query was out of bounds (decision 195), shown with the defaults. */
export function reportStatus(parsed: QueryResult): number {
  return !parsed.ok && parsed.outOfBounds ? 400 : 200;
}

/**
 * The query of a report export: a day outside the accepted window or a range beyond the maximum is
 * refused (400, Spanish), since a download has no page to show the message on (decision 195).
 */
export function readExportQuery(kind: ReportKind, url: URL, now: Date = new Date()): Result<ReportQuery> {
  const parsed = readReportQuery(kind, url, { now });
  if (!parsed.ok && parsed.outOfBounds) return refused(refusal(parsed.messages[0]));
  return found(parsed.query);
}

// Rough bytes per cached row, for the cache's bound: a balance row (account, period, two bigints)
// and a trial row (code, label, four amounts and their formatted text).
const BALANCE_ROW_BYTES = 200;
const TRIAL_ROW_BYTES = 1_000;

/** The balances of these ranges, read once per balances revision (decision 117). */
function balancesOf(organizationId: string, ranges: readonly DateRange[]) {
  return cachedForBalances(
    organizationId,
    ["balances", ranges],
    (read) => read.rows.length * BALANCE_ROW_BYTES,
    () => readReportBalances(organizationId, ranges),
  );
}

async function catalogOf(organizationId: string) {
  const context = await loadLedgerContext(organizationId);
  if (!context) throw organizationVanished(organizationId);
  return context.tree;
}

function rangesOf(query: ReportQuery): DateRange[] {
  if (query.kind === "general")
    return [atDateRange(query.range.to), ...(query.compared ? [atDateRange(query.compared.range.to)] : [])];
  return [query.range, ...(query.compared ? [query.compared.range] : [])];
}

const UNCLASSIFIED_CODE = "70-00-00-00-00";

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
    balancesOf(organizationId, ranges),
    // Closings are posted entries: they change only with the balances revision.
    cachedForBalances(
      organizationId,
      ["closings", span],
      (lines) => lines.length * BALANCE_ROW_BYTES,
      () => closingLinesBetween(organizationId, span.from, span.to),
    ),
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
    balancesOf(organizationId, rangesOf(query)),
    closedAmong(
      organizationId,
      yearEnds.map((date) => Number(date!.slice(0, 4))),
    ),
  ]);
  return withClosedYears(balanceSheet(tree, balances, query), comparedDate, closed);
}

/** The Balance de Comprobación; the same object while the balances, catalog and query stay the same. */
export async function trialReport(organizationId: string, query: ReportQuery): Promise<TrialBalance> {
  const tree = await catalogOf(organizationId);
  return cachedForBalances(
    organizationId,
    ["trial", catalogIdOf(tree), query],
    (trial) => trial.rows.length * TRIAL_ROW_BYTES,
    async () => trialBalance(tree, await balancesOf(organizationId, rangesOf(query)), query),
  );
}

export interface TrialPage {
  /** Names this page's figures: equal keys, equal rows (what the rows' pre-rendered markup is kept under). */
  key: string;
  rows: TrialRowView[];
  totals: ReturnType<typeof trialView>["totals"];
  balanced: boolean;
  /** Group 70 (Por clasificar) when not zero. */
  unclassified: string | null;
  /** The accounts kept in dollars, their closing balance in colones and in dollars (decision 282). */
  dollarAccounts: Array<{ code: string; label: string; colones: string; dollars: string }>;
}

/** The accounts kept in dollars and their balances at the end of `date`; no read when there are none. */
async function dollarAccountsAt(organizationId: string, tree: CatalogNode[], date: CalendarDate) {
  const accounts = flattenCatalog(tree).filter((node) => node.currency === "USD");
  if (accounts.length === 0) return [];
  const balances = await accountBalancesAt(
    organizationId,
    accounts.map((node) => node.key),
    date,
  );
  return accounts.map((node) => {
    const balance = balances.get(node.key)!;
    return {
      code: node.key,
      label: node.label,
      colones: formatReportAmount(balance.colones),
      dollars: dollars(balance.dollars),
    };
  });
}

/** What /results-all shows, formatted once per balances revision, catalog and query. */
export async function trialPage(organizationId: string, query: ReportQuery): Promise<TrialPage> {
  const tree = await catalogOf(organizationId);
  const { key, value } = await cachedWithKey(
    organizationId,
    ["trialPage", catalogIdOf(tree), query],
    (page) => page.rows.length * TRIAL_ROW_BYTES,
    async () => {
      const trial = await trialReport(organizationId, query);
      const view = trialView(trial);
      const unclassified = trial.rows.find((row) => row.code === UNCLASSIFIED_CODE);
      return {
        rows: view.rows,
        totals: view.totals,
        balanced: view.balanced,
        unclassified: unclassified && unclassified.closing !== 0n ? formatReportAmount(unclassified.closing) : null,
        dollarAccounts: await dollarAccountsAt(organizationId, tree, query.range.to),
      };
    },
  );
  // A digest, not the key itself: it reaches the browser in the loader data.
  return { key: createHash("sha256").update(key).digest("base64url"), ...value };
}
