import { ancestorCodes, codeShapeError, levelOf, type CatalogNode } from "../catalog";
import { firstDayOfMonth, lastDayOfMonth, type CalendarDate, type MonthKey } from "../calendar";
import type { Cents } from "../money";
import type { DateRange } from "./period";

/**
 * What a report reads (docs/design/books.md §3): Σ debit and Σ credit of posted lines per leaf account and
 * month (`YYYY-MM`), one row for everything before `since` (period `""`), and — only for a month
 * that a range boundary cuts — the same sums per day (`YYYY-MM-DD`) instead of the month's row.
 */
export interface BalanceRow {
  account: string;
  period: string;
  debit: Cents;
  credit: Cents;
}

export interface ReportBalances {
  /** The first month read row by row; every earlier month is in the `""` row. */
  since: MonthKey;
  rows: readonly BalanceRow[];
}

/** Opening balance (debit − credit before the range), débitos and créditos inside it. */
export interface Figures {
  opening: bigint;
  debit: bigint;
  credit: bigint;
}

export const OPENING_PERIOD = "";

export function closingOf(figures: Figures): bigint {
  return figures.opening + figures.debit - figures.credit;
}

export function isZero(figures: Figures): boolean {
  return figures.opening === 0n && figures.debit === 0n && figures.credit === 0n;
}

type Place = "before" | "inside" | "after";

/** Where a balance row falls against a range; a month the range cuts must have come by day. */
export function placeOf(period: string, range: DateRange, since: MonthKey): Place {
  if (period === OPENING_PERIOD) {
    if (range.from < firstDayOfMonth(since))
      throw new RangeError(`El rango ${range.from} empieza antes de los saldos leídos (${since}).`);
    return "before";
  }
  if (period.length === 10) return period < range.from ? "before" : period > range.to ? "after" : "inside";
  const first = firstDayOfMonth(period);
  const last = lastDayOfMonth(period);
  if (last < range.from) return "before";
  if (first > range.to) return "after";
  if (first >= range.from && last <= range.to) return "inside";
  throw new RangeError(
    `El mes ${period} está partido por el rango ${range.from}–${range.to}: hacen falta sus saldos por día.`,
  );
}

/** The months a range's boundaries cut: the service reads those by day. */
export function monthsNeedingDays(ranges: readonly DateRange[]): MonthKey[] {
  const months = new Set<MonthKey>();
  for (const range of ranges) {
    if (!range.from.endsWith("-01")) months.add(range.from.slice(0, 7));
    if (lastDayOfMonth(range.to.slice(0, 7)) !== range.to) months.add(range.to.slice(0, 7));
  }
  return [...months].sort();
}

/** Figures per leaf account over a range (accounts without rows are absent). */
export function leafFigures(balances: ReportBalances, range: DateRange): Map<string, Figures> {
  const figures = new Map<string, Figures>();
  for (const row of balances.rows) {
    const place = placeOf(row.period, range, balances.since);
    if (place === "after") continue;
    let account = figures.get(row.account);
    if (!account) {
      account = { opening: 0n, debit: 0n, credit: 0n };
      figures.set(row.account, account);
    }
    if (place === "before") account.opening += row.debit - row.credit;
    else {
      account.debit += row.debit;
      account.credit += row.credit;
    }
  }
  return figures;
}

/**
 * Figures of every account of the catalog (a parent is the sum of its descendants, by code, at
 * report time) plus any account with rows that the catalog no longer has.
 */
export function accountFigures(leaves: ReadonlyMap<string, Figures>): Map<string, Figures> {
  const all = new Map<string, Figures>();
  const add = (code: string, figures: Figures) => {
    const current = all.get(code);
    if (current) {
      current.opening += figures.opening;
      current.debit += figures.debit;
      current.credit += figures.credit;
    } else all.set(code, { ...figures });
  };
  for (const [code, figures] of leaves) {
    add(code, figures);
    if (codeShapeError(code) === null) for (const ancestor of ancestorCodes(code)) add(ancestor, figures);
  }
  return all;
}

export const EMPTY_FIGURES: Readonly<Figures> = Object.freeze({
  opening: 0n as bigint,
  debit: 0n as bigint,
  credit: 0n as bigint,
});

export interface ReportAccount {
  code: string;
  label: string;
  level: number;
  /** No children in the catalog (what entries post to). */
  leaf: boolean;
}

export const UNKNOWN_ACCOUNT_LABEL = "Cuenta que ya no está en el catálogo";

/**
 * The catalog's accounts, plus any account with figures that the catalog no longer has, in code
 * order (which is the tree's order: a parent's code sorts before its children's).
 */
export function reportAccounts(tree: readonly CatalogNode[], figures: ReadonlyMap<string, Figures>): ReportAccount[] {
  const byCode = new Map<string, ReportAccount>();
  const visit = (nodes: readonly CatalogNode[]) => {
    for (const node of nodes) {
      byCode.set(node.key, { code: node.key, label: node.label, level: node.level, leaf: node.children.length === 0 });
      visit(node.children);
    }
  };
  visit(tree);
  for (const code of figures.keys()) {
    if (!byCode.has(code))
      byCode.set(code, {
        code,
        label: UNKNOWN_ACCOUNT_LABEL,
        level: codeShapeError(code) === null ? levelOf(code) : 5,
        leaf: true,
      });
  }
  return [...byCode.values()].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

export function groupOf(code: string): string {
  return code.slice(0, 2);
}

export function atDateRange(date: CalendarDate): DateRange {
  return { from: `${date.slice(0, 4)}-01-01` as CalendarDate, to: date };
}
