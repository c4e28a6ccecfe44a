import {
  addDays,
  compareDates,
  firstDayOfMonth,
  lastDayOfMonth,
  shiftMonth,
  type CalendarDate,
  type MonthKey,
} from "../calendar";
import { addBusinessDays, onOrNextBusinessDay } from "./business-days";

/** Business days a receiver has to accept or reject a received document (docs/domain/business-days.md §3). */
export const RECEPTOR_ANSWER_BUSINESS_DAYS = 8;

/** Calendar days before a deadline during which it counts as «vence pronto». */
export const DUE_SOON_DAYS = 5;

/**
 * The last day to send the MensajeReceptor of a document issued on `issuedOn`: the 8th business day
 * counted from the first day of the next month (resolution DGT-R-004-2019, docs/domain/business-days.md §3),
 * so every document of a month shares one deadline.
 */
export function receptorAnswerDeadline(issuedOn: CalendarDate): CalendarDate {
  return addBusinessDays(lastDayOfMonth(issuedOn.slice(0, 7)), RECEPTOR_ANSWER_BUSINESS_DAYS);
}

/** The IVA return of `month` is due the 15th of the next month, moved to the next business day (§4). */
export function ivaDueDate(month: MonthKey): CalendarDate {
  return onOrNextBusinessDay(addDays(firstDayOfMonth(shiftMonth(month, 1)), 14));
}

export type DeadlineState = "overdue" | "soon" | "later";

/** Overdue once the deadline's day is over; «soon» from DUE_SOON_DAYS calendar days before it. */
export function deadlineState(deadline: CalendarDate, today: CalendarDate): DeadlineState {
  if (compareDates(today, deadline) > 0) return "overdue";
  if (compareDates(addDays(today, DUE_SOON_DAYS), deadline) >= 0) return "soon";
  return "later";
}

/** The earliest of some deadlines, or null. */
export function nearestDeadline(deadlines: Iterable<CalendarDate>): CalendarDate | null {
  let nearest: CalendarDate | null = null;
  for (const deadline of deadlines) if (nearest === null || compareDates(deadline, nearest) < 0) nearest = deadline;
  return nearest;
}
