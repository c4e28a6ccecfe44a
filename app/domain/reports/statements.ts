import { codeShapeError, type CatalogNode } from "../catalog";
import { firstDayOfMonth, lastDayOfMonth, type CalendarDate, type MonthKey } from "../calendar";
import { cents, type Cents } from "../money";
import {
  EMPTY_FIGURES,
  accountFigures,
  atDateRange,
  closingOf,
  groupOf,
  isZero,
  leafFigures,
  OPENING_PERIOD,
  placeOf,
  reportAccounts,
  type Figures,
  type ReportAccount,
  type ReportBalances,
} from "./balances";
import { monthsOf, type DateRange } from "./period";
import type { Level, ReportQuery } from "./query";

/**
 * The three statements as rows (docs/design/books.md §4): pure functions of the merged catalog, the period
 * balances and the query. Pages, exports and tests all read these rows.
 */

/** Natural side (docs/design/books.md §3): +1 shows debit − credit, −1 shows credit − debit. 70 shows its sign. */
export const NATURAL_SIGN: Readonly<Record<string, 1n | -1n>> = {
  "10": 1n,
  "20": -1n,
  "30": -1n,
  "40": -1n,
  "50": 1n,
  "60": 1n,
  "70": 1n,
};

export const GROUP = {
  assets: "10",
  liabilities: "20",
  equity: "30",
  income: "40",
  costs: "50",
  expenses: "60",
  unclassified: "70",
} as const;

export function naturalOf(code: string, debitMinusCredit: bigint): Cents {
  return cents((NATURAL_SIGN[groupOf(code)] ?? 1n) * debitMinusCredit);
}

export type LineKey =
  | "grossProfit"
  | "resultBeforeTax"
  | "incomeTax"
  | "netResult"
  | "priorResults"
  | "yearResult"
  | "totalEquity"
  | "totalLiabilitiesAndEquity";

export const LINE_LABELS: Readonly<Record<LineKey, string>> = {
  grossProfit: "Utilidad bruta",
  resultBeforeTax: "Utilidad antes de impuestos",
  incomeTax: "Impuesto sobre la renta registrado",
  netResult: "Utilidad neta",
  priorResults: "Resultados de años anteriores sin cerrar",
  yearResult: "Utilidad (pérdida) del período en curso",
  totalEquity: "Total patrimonio",
  totalLiabilitiesAndEquity: "Total pasivo y patrimonio",
};

/** One row of the Estado de Resultados or the Balance General. */
export interface StatementRow {
  /** The account code, or the result line's key. */
  key: string;
  /** The account code; null for a result line (its CSV código is empty). */
  code: string | null;
  label: string;
  /** 1–5 for accounts; 0 for result lines. */
  level: number;
  kind: "account" | "line";
  /** The group (10…70) the row belongs to; result lines use their section's. */
  group: string;
  /** A leaf account in the catalog. */
  leaf: boolean;
  /** On the natural side; negative means against its nature. */
  amount: Cents;
  /** The same figure in the compared period; null without comparison. */
  compared: Cents | null;
}

function rowsOfGroup(
  accounts: readonly ReportAccount[],
  group: string,
  level: Level,
  hideZero: boolean,
  amountOf: (code: string) => Cents,
  comparedOf: ((code: string) => Cents) | null,
): StatementRow[] {
  const rows: StatementRow[] = [];
  for (const account of accounts) {
    if (groupOf(account.code) !== group || account.level > level) continue;
    const amount = amountOf(account.code);
    const compared = comparedOf ? comparedOf(account.code) : null;
    // A group row is its section's total: always shown.
    if (hideZero && account.level > 1 && amount === 0n && (compared === null || compared === 0n)) continue;
    rows.push({
      key: account.code,
      code: account.code,
      label: account.label,
      level: account.level,
      kind: "account",
      group,
      leaf: account.leaf,
      amount,
      compared,
    });
  }
  return rows;
}

function line(
  key: LineKey,
  group: string,
  amount: Cents,
  compared: Cents | null,
  label: string = LINE_LABELS[key],
): StatementRow {
  return { key, code: null, label, level: 0, kind: "line", group, leaf: false, amount, compared };
}

function movementOf(figures: ReadonlyMap<string, Figures>) {
  return (code: string): Cents => {
    const f = figures.get(code) ?? EMPTY_FIGURES;
    return naturalOf(code, f.debit - f.credit);
  };
}

function closingNatural(figures: ReadonlyMap<string, Figures>) {
  return (code: string): Cents => naturalOf(code, closingOf(figures.get(code) ?? EMPTY_FIGURES));
}

// ── Estado de Resultados ─────────────────────────────────────────────────────────────────────────

export interface ResultFigures {
  income: Cents;
  costs: Cents;
  /** Gastos (60) with any income tax booked in them. */
  expenses: Cents;
  grossProfit: Cents;
  /** Income − costs − expenses other than the booked income tax. */
  resultBeforeTax: Cents;
  /** Income tax already booked (the provision's expense account), kept out of the result before tax. */
  bookedIncomeTax: Cents;
  /** The income-tax calculation's estimate on resultBeforeTax; the booked tax when there is none. */
  incomeTax: Cents;
  incomeTaxLabel: string;
  netResult: Cents;
  /** 70 Por clasificar: movements of the period, debit − credit. */
  unclassified: Cents;
}

/** The income-tax estimate for a result before tax (the income-tax calculation, given by the service). */
export interface IncomeTaxEstimator {
  /** The expense account the income-tax provision is booked to (60-06-01 by default). */
  expenseAccount: string;
  /**
   * The estimate for the figures of a range (the table of the range's last year); without a table,
   * `amount` is null and the label says so (the line then shows the booked tax, never an estimate of 0).
   */
  estimate: (
    figures: { income: Cents; resultBeforeTax: Cents },
    range: DateRange,
  ) => { amount: Cents | null; label: string };
}

export function resultFigures(
  movement: (code: string) => Cents,
  unclassified: Cents,
  tax: { estimator: IncomeTaxEstimator; range: DateRange } | null = null,
): ResultFigures {
  const income = movement("40-00-00-00-00");
  const costs = movement("50-00-00-00-00");
  const expenses = movement("60-00-00-00-00");
  const bookedIncomeTax = tax ? movement(tax.estimator.expenseAccount) : cents(0n);
  const grossProfit = cents(income - costs);
  const resultBeforeTax = cents(grossProfit - (expenses - bookedIncomeTax));
  const estimate = tax?.estimator.estimate({ income, resultBeforeTax }, tax.range) ?? null;
  const incomeTax = estimate?.amount ?? bookedIncomeTax;
  return {
    income,
    costs,
    expenses,
    grossProfit,
    resultBeforeTax,
    bookedIncomeTax,
    incomeTax,
    incomeTaxLabel: estimate?.label ?? LINE_LABELS.incomeTax,
    netResult: cents(resultBeforeTax - incomeTax),
    unclassified,
  };
}

export interface IncomeStatement {
  rows: StatementRow[];
  current: ResultFigures;
  compared: ResultFigures | null;
  /** The 70 group's rows when it moved in either period (entries still to classify). */
  unclassifiedRows: StatementRow[];
}

export function incomeStatement(
  tree: readonly CatalogNode[],
  balances: ReportBalances,
  query: Pick<ReportQuery, "range" | "level" | "hideZero" | "compared">,
  tax: IncomeTaxEstimator | null = null,
): IncomeStatement {
  const figures = accountFigures(leafFigures(balances, query.range));
  const comparedFigures = query.compared ? accountFigures(leafFigures(balances, query.compared.range)) : null;
  const accounts = reportAccounts(tree, new Map([...figures, ...(comparedFigures ?? [])]));
  const amountOf = movementOf(figures);
  const comparedOf = comparedFigures ? movementOf(comparedFigures) : null;
  const section = (group: string) => rowsOfGroup(accounts, group, query.level, query.hideZero, amountOf, comparedOf);
  const taxOf = (range: DateRange) => (tax ? { estimator: tax, range } : null);
  const current = resultFigures(amountOf, amountOf("70-00-00-00-00"), taxOf(query.range));
  const compared =
    comparedOf && query.compared
      ? resultFigures(comparedOf, comparedOf("70-00-00-00-00"), taxOf(query.compared.range))
      : null;
  const rows = [
    ...section(GROUP.income),
    ...section(GROUP.costs),
    line("grossProfit", GROUP.costs, current.grossProfit, compared?.grossProfit ?? null),
    ...section(GROUP.expenses),
    line("resultBeforeTax", GROUP.expenses, current.resultBeforeTax, compared?.resultBeforeTax ?? null),
    line("incomeTax", GROUP.expenses, current.incomeTax, compared ? compared.incomeTax : null, current.incomeTaxLabel),
    line("netResult", GROUP.expenses, current.netResult, compared?.netResult ?? null),
  ];
  const moved =
    current.unclassified !== 0n ||
    (compared !== null && compared.unclassified !== 0n) ||
    hasMovement(figures, "70-00-00-00-00");
  return { rows, current, compared, unclassifiedRows: moved ? section(GROUP.unclassified) : [] };
}

function hasMovement(figures: ReadonlyMap<string, Figures>, code: string): boolean {
  const f = figures.get(code);
  return f !== undefined && (f.debit !== 0n || f.credit !== 0n);
}

export interface MonthlyResult {
  month: MonthKey;
  income: Cents;
  /** Costos + gastos. */
  costsAndExpenses: Cents;
  result: Cents;
}

/**
 * Month by month over the range (the chart of the Estado de Resultados); partial months are cut to the
 * range. One pass over the balance rows: each row is placed against its own month only (an account tree
 * per month cost ~100 ms a year at 100k entries), with the same figures as the statement's groups.
 */
export function monthlyResults(balances: ReportBalances, range: DateRange): MonthlyResult[] {
  const months = monthsOf(range);
  const monthRanges = new Map<string, DateRange>();
  const sums = new Map<string, { income: bigint; costs: bigint; expenses: bigint }>();
  for (const month of months) {
    const from = firstDayOfMonth(month) < range.from ? range.from : firstDayOfMonth(month);
    const to = lastDayOfMonth(month) > range.to ? range.to : lastDayOfMonth(month);
    monthRanges.set(month, { from, to });
    sums.set(month, { income: 0n, costs: 0n, expenses: 0n });
  }
  const resultGroup = new Map<string, string | null>();
  for (const row of balances.rows) {
    if (row.period === OPENING_PERIOD) {
      // Only to raise the same error as reading the first month would; openings never move a month.
      if (months.length > 0) placeOf(row.period, monthRanges.get(months[0])!, balances.since);
      continue;
    }
    const month = row.period.slice(0, 7);
    const monthRange = monthRanges.get(month);
    if (!monthRange || placeOf(row.period, monthRange, balances.since) !== "inside") continue;
    let group = resultGroup.get(row.account);
    if (group === undefined) {
      const g = groupOf(row.account);
      group = codeShapeError(row.account) === null && (g === "40" || g === "50" || g === "60") ? g : null;
      resultGroup.set(row.account, group);
    }
    if (group === null) continue;
    const sum = sums.get(month)!;
    const movement = row.debit - row.credit;
    if (group === "40") sum.income += movement;
    else if (group === "50") sum.costs += movement;
    else sum.expenses += movement;
  }
  return months.map((month) => {
    const sum = sums.get(month)!;
    const income = naturalOf(GROUP.income, sum.income);
    const costsAndExpenses = cents(naturalOf(GROUP.costs, sum.costs) + naturalOf(GROUP.expenses, sum.expenses));
    return { month, income, costsAndExpenses, result: cents(income - costsAndExpenses) };
  });
}

// ── Balance General ──────────────────────────────────────────────────────────────────────────────

export interface BalanceCheck {
  assets: Cents;
  liabilities: Cents;
  /** Patrimonio with the result lines of open years. */
  equity: Cents;
  /** 70 Por clasificar at the date, debit − credit: it stands outside the three sections. */
  unclassified: Cents;
  /** Activo − (Pasivo + Patrimonio) + Por clasificar: zero whenever the books balance. */
  difference: Cents;
}

export interface BalanceSheet {
  date: CalendarDate;
  rows: StatementRow[];
  check: BalanceCheck;
  comparedCheck: BalanceCheck | null;
  unclassifiedRows: StatementRow[];
}

interface SheetFigures {
  closing: (code: string) => Cents;
  priorResults: Cents;
  yearResult: Cents;
  check: BalanceCheck;
}

/**
 * At a date: every balance since the beginning. The result accounts (40–60) of years not closed yet
 * become two lines of Patrimonio: before 1 January of the date's year and from then to the date.
 * Closing a year moves 40–60 to retained earnings, so its lines fall to zero by themselves.
 */
function sheetFigures(balances: ReportBalances, date: CalendarDate): SheetFigures {
  const yearRange = atDateRange(date);
  const figures = accountFigures(leafFigures(balances, yearRange));
  const closing = closingNatural(figures);
  const resultOf = (pick: (f: Figures) => bigint) =>
    cents(
      -[GROUP.income, GROUP.costs, GROUP.expenses].reduce(
        (sum, group) => sum + pick(figures.get(`${group}-00-00-00-00`) ?? EMPTY_FIGURES),
        0n,
      ),
    );
  const priorResults = resultOf((f) => f.opening);
  const yearResult = resultOf((f) => f.debit - f.credit);
  const assets = closing("10-00-00-00-00");
  const liabilities = closing("20-00-00-00-00");
  const equity = cents(closing("30-00-00-00-00") + priorResults + yearResult);
  const unclassified = closing("70-00-00-00-00");
  return {
    closing,
    priorResults,
    yearResult,
    check: {
      assets,
      liabilities,
      equity,
      unclassified,
      difference: cents(assets - liabilities - equity + unclassified),
    },
  };
}

export function balanceSheet(
  tree: readonly CatalogNode[],
  balances: ReportBalances,
  query: Pick<ReportQuery, "range" | "level" | "hideZero" | "compared">,
): BalanceSheet {
  const date = query.range.to;
  const current = sheetFigures(balances, date);
  const compared = query.compared ? sheetFigures(balances, query.compared.range.to) : null;
  const allFigures = accountFigures(leafFigures(balances, atDateRange(date)));
  if (query.compared)
    for (const [code, f] of accountFigures(leafFigures(balances, atDateRange(query.compared.range.to))))
      if (!allFigures.has(code)) allFigures.set(code, f);
  const accounts = reportAccounts(tree, allFigures);
  const section = (group: string) =>
    rowsOfGroup(accounts, group, query.level, query.hideZero, current.closing, compared ? compared.closing : null);
  const rows = [...section(GROUP.assets), ...section(GROUP.liabilities), ...section(GROUP.equity)];
  if (current.priorResults !== 0n || (compared && compared.priorResults !== 0n)) {
    rows.push(line("priorResults", GROUP.equity, current.priorResults, compared ? compared.priorResults : null));
  }
  rows.push(
    line("yearResult", GROUP.equity, current.yearResult, compared ? compared.yearResult : null),
    line("totalEquity", GROUP.equity, current.check.equity, compared ? compared.check.equity : null),
    line(
      "totalLiabilitiesAndEquity",
      GROUP.equity,
      cents(current.check.liabilities + current.check.equity),
      compared ? cents(compared.check.liabilities + compared.check.equity) : null,
    ),
  );
  const unclassifiedMoved =
    current.check.unclassified !== 0n || (compared !== null && compared.check.unclassified !== 0n);
  return {
    date,
    rows,
    check: current.check,
    comparedCheck: compared?.check ?? null,
    unclassifiedRows: unclassifiedMoved ? section(GROUP.unclassified) : [],
  };
}

// ── Balance de Comprobación ──────────────────────────────────────────────────────────────────────

export interface TrialRow {
  code: string;
  label: string;
  level: number;
  leaf: boolean;
  /** Debit positive, credit negative. */
  opening: Cents;
  debit: Cents;
  credit: Cents;
  closing: Cents;
}

export interface TrialBalance {
  rows: TrialRow[];
  totals: { opening: Cents; debit: Cents; credit: Cents; closing: Cents };
}

/**
 * Every account at the level (or only leaf accounts) with its opening balance, débitos, créditos and
 * closing balance, debit positive. The totals add the top-level groups (the leaves when leaf-only):
 * débitos = créditos and both balances total zero whenever the books balance.
 */
export function trialBalance(
  tree: readonly CatalogNode[],
  balances: ReportBalances,
  query: Pick<ReportQuery, "range" | "level" | "hideZero" | "leafOnly">,
): TrialBalance {
  const figures = accountFigures(leafFigures(balances, query.range));
  const rows: TrialRow[] = [];
  const totals = { opening: 0n, debit: 0n, credit: 0n, closing: 0n };
  const rowOf = (account: ReportAccount, f: Readonly<Figures>): TrialRow => ({
    code: account.code,
    label: account.label,
    level: account.level,
    leaf: account.leaf,
    opening: cents(f.opening),
    debit: cents(f.debit),
    credit: cents(f.credit),
    closing: cents(closingOf(f)),
  });
  for (const account of reportAccounts(tree, figures)) {
    if (query.leafOnly ? !account.leaf : account.level > query.level) continue;
    const f = figures.get(account.code) ?? EMPTY_FIGURES;
    if (account.level === 1 || (query.leafOnly && account.leaf)) {
      totals.opening += f.opening;
      totals.debit += f.debit;
      totals.credit += f.credit;
      totals.closing += closingOf(f);
    }
    if (query.hideZero && isZero(f)) continue;
    rows.push(rowOf(account, f));
  }
  return {
    rows,
    totals: {
      opening: cents(totals.opening),
      debit: cents(totals.debit),
      credit: cents(totals.credit),
      closing: cents(totals.closing),
    },
  };
}
