import { cents, type Amount, type Cents } from "../money";
import { signedDollars } from "./dollar-lines";
import type { EntryLine, PostedLine } from "./types";

/** Σ debit, Σ credit and the count of posted lines of one leaf account in one month. */
export interface PeriodTotals {
  debit: Cents;
  credit: Cents;
  lineCount: number;
  /** Σ of the lines' dollars, debit positive (decision 282); absent means none. */
  dollars?: Amount;
}

export interface PeriodBalanceRow extends PeriodTotals {
  account: string;
  /** `YYYY-MM` */
  period: string;
}

export type BalanceMap = Map<string, PeriodBalanceRow>;

export function balanceKey(account: string, period: string): string {
  return `${account}|${period}`;
}

export function periodOf(date: string): string {
  return date.slice(0, 7);
}

function add(
  map: BalanceMap,
  account: string,
  period: string,
  debit: Cents,
  credit: Cents,
  lineCount: number,
  dollars: Amount = 0n,
): void {
  const key = balanceKey(account, period);
  const row = map.get(key);
  if (row) {
    row.debit = cents(row.debit + debit);
    row.credit = cents(row.credit + credit);
    row.lineCount += lineCount;
    if (dollars !== 0n) row.dollars = (row.dollars ?? 0n) + dollars;
  } else map.set(key, { account, period, debit, credit, lineCount, ...(dollars !== 0n ? { dollars } : {}) });
}

/** The period balances that posted lines imply. */
export function rebuildBalances(lines: Iterable<PostedLine>, into: BalanceMap = new Map()): BalanceMap {
  for (const line of lines) add(into, line.account, periodOf(line.date), line.debit, line.credit, 1, line.dollars);
  return into;
}

/**
 * What posting (+1) or un-posting (−1) an entry does to the balances: one change per account, so the
 * service writes one $inc per account and month.
 */
export function balanceChanges(
  date: string,
  lines: readonly Pick<EntryLine, "account" | "debit" | "credit" | "currency" | "foreignAmount">[],
  sign: 1 | -1,
): PeriodBalanceRow[] {
  const map: BalanceMap = new Map();
  const factor = BigInt(sign);
  for (const line of lines)
    add(
      map,
      line.account,
      periodOf(date),
      cents(line.debit * factor),
      cents(line.credit * factor),
      sign,
      signedDollars(line) * factor,
    );
  return [...map.values()];
}

/** Adds the changes of several postings together (an audited edit: old lines out, new lines in). */
export function mergeChanges(...changes: PeriodBalanceRow[][]): PeriodBalanceRow[] {
  const map: BalanceMap = new Map();
  for (const list of changes)
    for (const row of list) add(map, row.account, row.period, row.debit, row.credit, row.lineCount, row.dollars);
  return [...map.values()].filter(
    (row) => row.debit !== 0n || row.credit !== 0n || row.lineCount !== 0 || (row.dollars ?? 0n) !== 0n,
  );
}

export interface BalanceDifference {
  account: string;
  period: string;
  expected: PeriodTotals;
  stored: PeriodTotals;
}

const NONE: PeriodTotals = { debit: cents(0n), credit: cents(0n), lineCount: 0 };

function same(a: PeriodTotals, b: PeriodTotals): boolean {
  return (
    a.debit === b.debit &&
    a.credit === b.credit &&
    a.lineCount === b.lineCount &&
    (a.dollars ?? 0n) === (b.dollars ?? 0n)
  );
}

function totals(row: PeriodTotals | undefined): PeriodTotals {
  if (!row) return NONE;
  const base = { debit: row.debit, credit: row.credit, lineCount: row.lineCount };
  return row.dollars ? { ...base, dollars: row.dollars } : base;
}

/**
 * Every (account, month) where the stored balances differ from the rebuild. A stored row of zeros
 * (left by un-posting the only lines of a month) equals no row.
 */
export function diffBalances(
  expected: ReadonlyMap<string, PeriodBalanceRow>,
  stored: ReadonlyMap<string, PeriodBalanceRow>,
): BalanceDifference[] {
  const differences: BalanceDifference[] = [];
  const keys = new Set([...expected.keys(), ...stored.keys()]);
  for (const key of [...keys].sort()) {
    const want = totals(expected.get(key));
    const have = totals(stored.get(key));
    if (!same(want, have)) {
      const row = (expected.get(key) ?? stored.get(key))!;
      differences.push({ account: row.account, period: row.period, expected: want, stored: have });
    }
  }
  return differences;
}
