/**
 * The year's pagos parciales (art. 22 of the Ley del Impuesto sobre la Renta, Ley 7092, as the
 * calendar fiscal year of Ley 9635 places them): three cuotas, each 25 % of the greater of the tax
 * of the year before and the average of the last three years declared, due the last business day of
 * June, September and December of the year itself. Sources and the app's reading of them:
 * docs/domain/income-tax-partial-payments.md.
 */
import type { CalendarDate } from "../calendar";
import { cents, type Cents } from "../money";
import { nextYearPrepayments } from "./prepayments";

export const PARTIAL_PAYMENT_MONTHS = [6, 9, 12] as const;

/**
 * The last Monday-to-Friday of the month. No national holiday of Costa Rica falls in the last days
 * of June, September or December (docs/domain/income-tax-partial-payments.md), so for the three due
 * months this is the last business day.
 */
export function lastWeekdayOfMonth(year: number, month: number): CalendarDate {
  const last = new Date(Date.UTC(year, month, 0));
  while (last.getUTCDay() === 0 || last.getUTCDay() === 6) last.setUTCDate(last.getUTCDate() - 1);
  return last.toISOString().slice(0, 10) as CalendarDate;
}

/** A previous year's tax from the books: known, not in the books, or moved but without a table. */
export type PreviousTax = { year: number; tax: Cents | null; noTable?: boolean };

export type InstalmentState = "pagada" | "pago parcial" | "vencida" | "por vencer";

export interface InstalmentStatus {
  number: 1 | 2 | 3;
  due: CalendarDate;
  amount: Cents;
  /** The year's payments applied to the cuotas in order, oldest first. */
  paid: Cents;
  pending: Cents;
  state: InstalmentState;
}

export type PartialPaymentSchedule =
  | {
      kind: "cuotas";
      /** The figure each cuota is 25 % of, and which one it was. */
      base: Cents;
      basis: "previous-year" | "average";
      average: Cents | null;
      instalments: InstalmentStatus[];
      /** Sum of the cuotas already due on `today`. */
      dueSoFar: Cents;
      paid: Cents;
      /** What is due so far and not paid (never negative). */
      overdue: Cents;
    }
  /** No cuotas: nothing declared in the three years before (a taxpayer's first year makes none). */
  | { kind: "none" }
  /** The year before moved in the books but has no table, so its tax is unknown. */
  | { kind: "no-table"; year: number };

/**
 * What a year's cuotas are computed from besides the day: the tax of the three years before (oldest
 * first) and the year's debits to the pagos parciales account. None of it depends on the day.
 */
export interface PartialPaymentInputs {
  previous: readonly [PreviousTax, PreviousTax, PreviousTax];
  paidInYear: Cents;
}

/** The day the year's cuotas are judged on: today while the year runs (or before it), else its last day. */
export function scheduleDay(year: number, today: CalendarDate): CalendarDate {
  const yearEnd = `${year}-12-31` as CalendarDate;
  return today > yearEnd ? yearEnd : today;
}

/** The year's cuotas on `today`: the one step the income-tax page and the board share. */
export function partialPaymentScheduleOn(
  year: number,
  inputs: PartialPaymentInputs,
  today: CalendarDate,
): PartialPaymentSchedule {
  return partialPaymentSchedule(year, inputs.previous, inputs.paidInYear, scheduleDay(year, today));
}

/**
 * The cuotas of `year` from the tax of the three years before (oldest first, the year before last
 * in the list), with the year's payments (the debits of the pagos parciales account in the year)
 * applied in order, as of `today`.
 */
export function partialPaymentSchedule(
  year: number,
  previous: readonly [PreviousTax, PreviousTax, PreviousTax],
  paidInYear: Cents,
  today: CalendarDate,
): PartialPaymentSchedule {
  const lastYear = previous[2];
  if (lastYear.tax === null && lastYear.noTable) return { kind: "no-table", year: lastYear.year };
  if (previous.every((entry) => entry.tax === null)) return { kind: "none" };
  const plan = nextYearPrepayments(
    lastYear.tax ?? cents(0n),
    previous.map((entry) => entry.tax),
  );
  let left: bigint = paidInYear < 0n ? 0n : paidInYear;
  let dueSoFar = 0n;
  const instalments = plan.instalments.map((instalment, index): InstalmentStatus => {
    const due = lastWeekdayOfMonth(year, instalment.month);
    const paid = left >= instalment.amount ? instalment.amount : left;
    left -= paid;
    const pending = instalment.amount - paid;
    if (due <= today) dueSoFar += instalment.amount;
    const state: InstalmentState =
      pending === 0n ? "pagada" : due < today ? "vencida" : paid > 0n ? "pago parcial" : "por vencer";
    return {
      number: (index + 1) as 1 | 2 | 3,
      due,
      amount: instalment.amount,
      paid: cents(paid),
      pending: cents(pending),
      state,
    };
  });
  const paid = paidInYear < 0n ? 0n : paidInYear;
  return {
    kind: "cuotas",
    base: plan.base,
    basis: plan.basis === "average" ? "average" : "previous-year",
    average: plan.average,
    instalments,
    dueSoFar: cents(dueSoFar),
    paid: cents(paid),
    overdue: cents(dueSoFar > paid ? dueSoFar - paid : 0n),
  };
}
