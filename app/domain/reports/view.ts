import type { CalendarDate } from "../calendar";
import { cents, centsToAmount, formatColones } from "../money";
import { formatReportAmount, formatShare, variationOf } from "./display";
import { dateLabel, periodLabel, quarterOf, type DateRange } from "./period";
import { queryParams, type QueryResult, type ReportQuery } from "./query";
import type { BalanceCheck, MonthlyResult, StatementRow, TrialBalance } from "./statements";

/**
 * What a report page shows, as JSON-safe text: amounts already formatted (₡ es-CR, negatives in
 * parentheses) with a `negative` flag for colour, and the range each amount drills into.
 */
export interface AmountView {
  text: string;
  negative: boolean;
}

export function amountView(value: bigint): AmountView {
  return { text: formatReportAmount(value), negative: value < 0n };
}

export interface StatementRowView {
  key: string;
  code: string | null;
  label: string;
  level: number;
  kind: "account" | "line";
  group: string;
  amount: AmountView;
  /** % of the period's income (Estado de Resultados). */
  share: string | null;
  compared: AmountView | null;
  variation: AmountView | null;
  variationPercent: string | null;
}

export function statementRowsView(
  rows: readonly StatementRow[],
  shareBase: { current: bigint; compared: bigint | null } | null,
): StatementRowView[] {
  return rows.map((row) => {
    const variation = row.compared === null ? null : variationOf(row.amount, row.compared);
    return {
      key: row.key,
      code: row.code,
      label: row.label,
      level: row.level,
      kind: row.kind,
      group: row.group,
      amount: amountView(row.amount),
      share: shareBase ? formatShare(row.amount, shareBase.current) : null,
      compared: row.compared === null ? null : amountView(row.compared),
      variation: variation ? amountView(variation.amount) : null,
      variationPercent: variation?.percent ?? null,
    };
  });
}

export interface TrialRowView {
  code: string;
  label: string;
  level: number;
  leaf: boolean;
  opening: AmountView;
  debit: AmountView;
  credit: AmountView;
  closing: AmountView;
}

export function trialView(trial: TrialBalance): {
  rows: TrialRowView[];
  totals: Omit<TrialRowView, "code" | "label" | "level" | "leaf">;
  balanced: boolean;
} {
  return {
    rows: trial.rows.map((row) => ({
      code: row.code,
      label: row.label,
      level: row.level,
      leaf: row.leaf,
      opening: amountView(row.opening),
      debit: amountView(row.debit),
      credit: amountView(row.credit),
      closing: amountView(row.closing),
    })),
    totals: {
      opening: amountView(trial.totals.opening),
      debit: amountView(trial.totals.debit),
      credit: amountView(trial.totals.credit),
      closing: amountView(trial.totals.closing),
    },
    balanced: trial.totals.debit === trial.totals.credit && trial.totals.closing === 0n,
  };
}

export interface CheckTerm {
  label: string;
  amount: AmountView;
}

export interface CheckView {
  assets: AmountView;
  liabilitiesAndEquity: AmountView;
  unclassified: AmountView | null;
  difference: AmountView;
  holds: boolean;
  /**
   * What holds, both sides adding up as written: Activo (+ saldo deudor de 70) = Pasivo + Patrimonio
   * (+ saldo acreedor de 70). The 70 group sits on the side its balance belongs to, never negative.
   */
  sentence: string;
}

const colonesText = (value: bigint) => formatColones(centsToAmount(cents(value < 0n ? -value : value)));

/** "Patrimonio ₡5,00" added, or "− Patrimonio negativo ₡5,00" when it is below zero: the sum reads as written. */
function joinTerms(terms: ReadonlyArray<{ label: string; value: bigint }>): string {
  return terms
    .map((term, index) => {
      const text = `${term.label}${term.value < 0n ? " negativo" : ""} ${colonesText(term.value)}`;
      if (index === 0) return term.value < 0n ? `−${text}` : text;
      return `${term.value < 0n ? "−" : "+"} ${text}`;
    })
    .join(" ");
}

const UNCLASSIFIED_LABEL = {
  debit: "saldo deudor de 70 Por clasificar",
  credit: "saldo acreedor de 70 Por clasificar",
} as const;

/** The check line of the Balance General: the equation that holds, with the amounts that make it hold. */
export function balanceCheckSentence(check: BalanceCheck): string {
  const left: Array<{ label: string; value: bigint }> = [{ label: "Activo", value: check.assets }];
  const right: Array<{ label: string; value: bigint }> = [
    { label: "Pasivo", value: check.liabilities },
    { label: "Patrimonio", value: check.equity },
  ];
  if (check.unclassified > 0n) left.push({ label: UNCLASSIFIED_LABEL.debit, value: check.unclassified });
  if (check.unclassified < 0n) right.push({ label: UNCLASSIFIED_LABEL.credit, value: -check.unclassified });
  const leftTotal = left.reduce((sum, term) => sum + term.value, 0n);
  const rightTotal = right.reduce((sum, term) => sum + term.value, 0n);
  if (check.difference !== 0n || leftTotal !== rightTotal) {
    return (
      `El balance no cuadra: ${joinTerms(left)} suman ${formatReportAmount(leftTotal)}; ` +
      `${joinTerms(right)} suman ${formatReportAmount(rightTotal)}; diferencia ${formatReportAmount(cents(leftTotal - rightTotal))}.`
    );
  }
  // With two terms on the left, their sum in the middle lets the reader check both sides against it.
  const total = left.length > 1 ? ` = ${colonesText(leftTotal)}` : "";
  return `${joinTerms(left)}${total} = ${joinTerms(right)}.`;
}

export function checkView(check: BalanceCheck): CheckView {
  return {
    assets: amountView(check.assets),
    liabilitiesAndEquity: amountView(check.liabilities + check.equity),
    unclassified: check.unclassified === 0n ? null : amountView(check.unclassified),
    difference: amountView(check.difference),
    holds: check.difference === 0n,
    sentence: balanceCheckSentence(check),
  };
}

export interface MonthlyView {
  month: string;
  income: number;
  costsAndExpenses: number;
  result: number;
  incomeText: string;
  costsAndExpensesText: string;
  resultText: string;
}

/** The chart's bars: whole colones as numbers are fine for drawing; the labels stay exact. */
export function monthlyView(months: readonly MonthlyResult[]): MonthlyView[] {
  return months.map((m) => ({
    month: m.month,
    income: Number(m.income / 100n),
    costsAndExpenses: Number(m.costsAndExpenses / 100n),
    result: Number(m.result / 100n),
    incomeText: formatReportAmount(m.income),
    costsAndExpensesText: formatReportAmount(m.costsAndExpenses),
    resultText: formatReportAmount(m.result),
  }));
}

/** Where an amount leads: the movements of that account over the range (admins) or the entries list. */
export function drillHref(
  role: "admin" | "client",
  code: string,
  range: DateRange | { from: CalendarDate; to: CalendarDate },
): string {
  const params = new URLSearchParams({ account: code, from: range.from, to: range.to });
  return `${role === "admin" ? "/entries/movement-list" : "/entries/list"}?${params.toString()}`;
}

/** The filter form's values for a query: every period field filled from its range. */
export function filterValues(query: ReportQuery) {
  const month = query.range.from.slice(0, 7);
  const { year, quarter } = quarterOf(month);
  return {
    period: query.period.kind,
    month,
    quarter: `${year}-Q${quarter}`,
    year: String(year),
    from: query.range.from,
    to: query.range.to,
    level: String(query.level),
    zero: query.hideZero ? ("hide" as const) : ("show" as const),
    compare: query.comparison,
    compareTo: query.comparison === "date" && query.compared ? query.compared.range.to : "",
    leaf: query.leafOnly,
  };
}

/** "oct. 2026" style label of the compared column. */
export function comparedColumnLabel(query: ReportQuery): string | null {
  if (!query.compared) return null;
  return query.kind === "general"
    ? `Al ${dateLabel(query.compared.range.to)}`
    : capitalize(periodLabel(query.compared.period));
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const REPORT_TITLES: Readonly<Record<ReportQuery["kind"], string>> = {
  results: "Estado de Resultados",
  general: "Balance General",
  all: "Balance de Comprobación",
};

/** "octubre de 2026", "del 01/10/2026 al 15/10/2026", or "al 31/10/2026" for the Balance General. */
export function reportPeriodText(query: ReportQuery): string {
  if (query.kind === "general") return `al ${dateLabel(query.range.to)}`;
  return periodLabel(query.period);
}

/** What every report page shows around its table: whose books, the query as read and its messages. */
export function reportPageBasics<Role extends string>(
  organization: { name: string; cedula: string },
  role: Role,
  parsed: QueryResult,
) {
  const { query } = parsed;
  return {
    organization: { name: organization.name, cedula: organization.cedula },
    role,
    messages: parsed.ok ? [] : parsed.messages,
    params: queryParams(query),
    filters: filterValues(query),
    periodText: reportPeriodText(query),
  };
}
