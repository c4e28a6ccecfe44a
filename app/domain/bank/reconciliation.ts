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
  }>;
  /** The ledger account's balance before its first line given below (0 when every line is given). */
  bookOpening?: bigint;
  /** The posted lines of the ledger account, signed as the bank sees them. */
  bookLines: ReadonlyArray<{ date: CalendarDate; amount: bigint; reconciledAt?: CalendarDate }>;
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

export function reconcile(input: ReconciliationInput): Reconciliation {
  const { date, bankOpening } = input;
  const from = bankOpening?.from;
  const inPeriod = (day: CalendarDate) => day <= date && (from === undefined || day >= from);
  const depositsInTransit = { count: 0, amount: 0n };
  const outstandingPayments = { count: 0, amount: 0n };
  const unrecorded = { count: 0, amount: 0n };
  const excluded = { count: 0, amount: 0n };

  let bookBalance = input.bookOpening ?? 0n;
  for (const line of input.bookLines) {
    if (line.date > date) continue;
    bookBalance += line.amount;
    if (!inPeriod(line.date) || reconciledBy(line, date)) continue;
    if (line.amount > 0n) add(depositsInTransit, line.amount);
    else if (line.amount < 0n) add(outstandingPayments, -line.amount);
  }
  let bankMovement = 0n;
  for (const line of input.bankLines) {
    if (!inPeriod(line.date)) continue;
    bankMovement += line.amount;
    if (line.state === "excluido") add(excluded, line.amount);
    else if (!reconciledBy(line, date)) add(unrecorded, line.amount);
  }
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
