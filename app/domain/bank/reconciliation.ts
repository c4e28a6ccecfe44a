/**
 * The conciliación bancaria at a date (docs/spec/bank.md §5): saldo según banco, saldo según libros and
 * the items that explain the difference — depósitos en tránsito and pagos en circulación (book lines the
 * bank has not shown yet), partidas no registradas (bank lines not in the books) and the excluded ones.
 * It starts where the bank's first stated balance starts: earlier book lines make the opening
 * «saldo según libros», not items in transit.
 */
import type { CalendarDate } from "../calendar";

export interface ReconciliationInput {
  date: CalendarDate;
  /** The earliest balance the bank's files state, and the day it opens. */
  bankOpening: { from: CalendarDate; amount: bigint } | null;
  bankLines: ReadonlyArray<{
    date: CalendarDate;
    amount: bigint;
    state: "pendiente" | "conciliado" | "excluido";
    reconciledAt?: CalendarDate;
    /** What the report's detail shows of the line (its text). */
    label?: string;
  }>;
  /** The ledger account's balance before its first line given below (0 when every line is given). */
  bookOpening?: bigint;
  /** The posted lines of the ledger account, signed as the bank sees them. */
  bookLines: ReadonlyArray<{ date: CalendarDate; amount: bigint; reconciledAt?: CalendarDate; label?: string }>;
  /**
   * Balances summed elsewhere (by the database): then `bankLines` and `bookLines` need only hold the
   * lines that may be open at the date, since they no longer make the balances. `bankMovement` is the
   * sum of the bank lines from the opening's day to the date; `bookBalance`, the books at the date.
   */
  totals?: { bankMovement: bigint; bookBalance: bigint };
}

export interface Reconciliation {
  date: CalendarDate;
  bankBalance: bigint | null;
  bookBalance: bigint;
  depositsInTransit: { count: number; amount: bigint };
  /** Positive: what the books paid and the bank has not charged yet. */
  outstandingPayments: { count: number; amount: bigint };
  /** Signed: bank lines the books do not have yet (charges negative, credits positive). */
  unrecorded: { count: number; amount: bigint };
  excluded: { count: number; amount: bigint };
  /** Zero when the items explain the whole difference; null without a bank balance. */
  difference: bigint | null;
}

function add(into: { count: number; amount: bigint }, amount: bigint): void {
  into.count += 1;
  into.amount += amount;
}

/** A match counts at the date only when both its sides are on or before it. */
function reconciledBy(line: { reconciledAt?: CalendarDate }, date: CalendarDate): boolean {
  return line.reconciledAt !== undefined && line.reconciledAt <= date;
}

export interface ReconciliationItem {
  date: CalendarDate;
  /** Signed as the bank sees it. */
  amount: bigint;
  label: string;
}

export interface ReconciliationDetail {
  depositsInTransit: ReconciliationItem[];
  outstandingPayments: ReconciliationItem[];
  unrecorded: ReconciliationItem[];
  excluded: ReconciliationItem[];
}

type Section = keyof ReconciliationDetail;

/** Calls `visit` with each line that explains part of the difference, and returns the balances. */
function classify(
  input: ReconciliationInput,
  visit: (section: Section, line: { date: CalendarDate; amount: bigint; label?: string }) => void,
): { bookBalance: bigint; bankMovement: bigint } {
  const { date, bankOpening } = input;
  const from = bankOpening?.from;
  const inPeriod = (day: CalendarDate) => day <= date && (from === undefined || day >= from);
  let bookBalance = input.bookOpening ?? 0n;
  for (const line of input.bookLines) {
    if (line.date > date) continue;
    bookBalance += line.amount;
    if (!inPeriod(line.date) || reconciledBy(line, date)) continue;
    if (line.amount > 0n) visit("depositsInTransit", line);
    else if (line.amount < 0n) visit("outstandingPayments", line);
  }
  let bankMovement = 0n;
  for (const line of input.bankLines) {
    if (!inPeriod(line.date)) continue;
    bankMovement += line.amount;
    if (line.state === "excluido") visit("excluded", line);
    else if (!reconciledBy(line, date)) visit("unrecorded", line);
  }
  return input.totals ?? { bookBalance, bankMovement };
}

export function reconcile(input: ReconciliationInput): Reconciliation {
  const { date, bankOpening } = input;
  const totals: Record<Section, { count: number; amount: bigint }> = {
    depositsInTransit: { count: 0, amount: 0n },
    outstandingPayments: { count: 0, amount: 0n },
    unrecorded: { count: 0, amount: 0n },
    excluded: { count: 0, amount: 0n },
  };
  const { bookBalance, bankMovement } = classify(input, (section, line) =>
    add(totals[section], section === "outstandingPayments" ? -line.amount : line.amount),
  );
  const { depositsInTransit, outstandingPayments, unrecorded, excluded } = totals;
  const bankBalance = bankOpening ? bankOpening.amount + bankMovement : null;
  const difference =
    bankBalance === null
      ? null
      : bankBalance +
        depositsInTransit.amount -
        outstandingPayments.amount -
        unrecorded.amount -
        excluded.amount -
        bookBalance;
  return { date, bankBalance, bookBalance, depositsInTransit, outstandingPayments, unrecorded, excluded, difference };
}

/** The lines behind each item of `reconcile`, in the input's order (what the printed report lists). */
export function reconciliationDetail(input: ReconciliationInput): ReconciliationDetail {
  const detail: ReconciliationDetail = { depositsInTransit: [], outstandingPayments: [], unrecorded: [], excluded: [] };
  classify(input, (section, line) =>
    detail[section].push({ date: line.date, amount: line.amount, label: line.label ?? "" }),
  );
  return detail;
}
