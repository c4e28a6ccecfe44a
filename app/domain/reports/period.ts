import {
  addDays,
  firstDayOfMonth,
  lastDayOfMonth,
  MONTH_NAMES,
  parseCalendarDate,
  shiftMonth,
  type CalendarDate,
  type MonthKey,
} from "../calendar";

/**
 * The period a report covers. Month, quarter and year are whole months; a range is any two days.
 * `to` is the Balance General's date.
 */
export type PeriodSpec =
  | { kind: "month"; month: MonthKey }
  | { kind: "quarter"; year: number; quarter: 1 | 2 | 3 | 4 }
  | { kind: "year"; year: number }
  | { kind: "range"; from: CalendarDate; to: CalendarDate };

export interface DateRange {
  from: CalendarDate;
  to: CalendarDate;
}

export const COMPARISONS = ["none", "previous", "lastYear"] as const;
export type Comparison = (typeof COMPARISONS)[number];

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

export function monthKey(year: number, month: number): MonthKey {
  return `${pad(year, 4)}-${pad(month)}`;
}

export function rangeOf(period: PeriodSpec): DateRange {
  switch (period.kind) {
    case "month":
      return { from: firstDayOfMonth(period.month), to: lastDayOfMonth(period.month) };
    case "quarter": {
      const first = monthKey(period.year, (period.quarter - 1) * 3 + 1);
      return { from: firstDayOfMonth(first), to: lastDayOfMonth(shiftMonth(first, 2)) };
    }
    case "year":
      return { from: firstDayOfMonth(monthKey(period.year, 1)), to: lastDayOfMonth(monthKey(period.year, 12)) };
    case "range":
      return { from: period.from, to: period.to };
  }
}

/** The URL form of a period: `month=2026-10`, `quarter=2026-Q3`, `year=2026`, `from=…&to=…`. */
export function periodParams(period: PeriodSpec): Record<string, string> {
  switch (period.kind) {
    case "month":
      return { month: period.month };
    case "quarter":
      return { quarter: `${period.year}-Q${period.quarter}` };
    case "year":
      return { year: String(period.year) };
    case "range":
      return { from: period.from, to: period.to };
  }
}

export function quarterOf(month: MonthKey): { year: number; quarter: 1 | 2 | 3 | 4 } {
  const [year, number] = month.split("-").map(Number);
  return { year, quarter: (Math.floor((number - 1) / 3) + 1) as 1 | 2 | 3 | 4 };
}

/** Whether the range is whole months (its months can be read from the period balances alone). */
export function startsMonth(date: CalendarDate): boolean {
  return date.endsWith("-01");
}

export function endsMonth(date: CalendarDate): boolean {
  return lastDayOfMonth(date.slice(0, 7)) === date;
}

export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The same day a year earlier; 29 February becomes 28 February. */
export function sameDayLastYear(date: CalendarDate): CalendarDate {
  const [year, month, day] = date.split("-").map(Number);
  return (parseCalendarDate(`${pad(year - 1, 4)}-${pad(month)}-${pad(day)}`) ??
    `${pad(year - 1, 4)}-${pad(month)}-28`) as CalendarDate;
}

/**
 * The period compared with: the one just before (a month, quarter or year before; a range of the same
 * length ending the day before) or the same period a year earlier. Whole months stay whole months.
 */
export function comparisonPeriod(period: PeriodSpec, comparison: Comparison): PeriodSpec | null {
  if (comparison === "none") return null;
  switch (period.kind) {
    case "month":
      return { kind: "month", month: shiftMonth(period.month, comparison === "previous" ? -1 : -12) };
    case "quarter":
      if (comparison === "lastYear") return { ...period, year: period.year - 1 };
      return period.quarter === 1
        ? { kind: "quarter", year: period.year - 1, quarter: 4 }
        : { ...period, quarter: (period.quarter - 1) as 1 | 2 | 3 };
    case "year":
      return { kind: "year", year: period.year - 1 };
    case "range": {
      if (comparison === "lastYear") {
        const to = endsMonth(period.to)
          ? lastDayOfMonth(shiftMonth(period.to.slice(0, 7), -12))
          : sameDayLastYear(period.to);
        return { kind: "range", from: sameDayLastYear(period.from), to };
      }
      if (startsMonth(period.from) && endsMonth(period.to)) {
        const months = monthsOf({ from: period.from, to: period.to }).length;
        const first = shiftMonth(period.from.slice(0, 7), -months);
        return { kind: "range", from: firstDayOfMonth(first), to: lastDayOfMonth(shiftMonth(first, months - 1)) };
      }
      const length = daysBetween(period.from, period.to);
      const to = addDays(period.from, -1);
      return { kind: "range", from: addDays(to, -length), to };
    }
  }
}

/** Every month the range touches, in order. */
export function monthsOf(range: DateRange): MonthKey[] {
  const months: MonthKey[] = [];
  for (let month = range.from.slice(0, 7); month <= range.to.slice(0, 7); month = shiftMonth(month, 1))
    months.push(month);
  return months;
}

function dayMonthYear(date: CalendarDate): string {
  const [year, month, day] = date.split("-");
  return `${day}/${month}/${year}`;
}

export function monthName(month: MonthKey): string {
  const [year, number] = month.split("-").map(Number);
  return `${MONTH_NAMES[number - 1]} de ${year}`;
}

/** "octubre de 2026", "3.er trimestre de 2026", "año 2026", "del 01/10/2026 al 15/10/2026". */
export function periodLabel(period: PeriodSpec): string {
  switch (period.kind) {
    case "month":
      return monthName(period.month);
    case "quarter":
      return `${["1.er", "2.º", "3.er", "4.º"][period.quarter - 1]} trimestre de ${period.year}`;
    case "year":
      return `año ${period.year}`;
    case "range":
      return `del ${dayMonthYear(period.from)} al ${dayMonthYear(period.to)}`;
  }
}

export function dateLabel(date: CalendarDate): string {
  return dayMonthYear(date);
}

/** The short form used in column headers ("oct. 2026"). */
export function shortMonthLabel(month: MonthKey): string {
  const [year, number] = month.split("-").map(Number);
  return `${MONTH_NAMES[number - 1].slice(0, 3)}. ${year}`;
}
