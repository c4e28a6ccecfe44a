import { cents, divideRounded, type Cents } from "../money";

export interface Projection {
  /** Days of the year counted so far (1 January to the as-of day, both included). */
  elapsedDays: number;
  daysInYear: number;
  grossIncome: Cents;
  netIncome: Cents;
}

export function daysInYear(year: number): number {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 366 : 365;
}

/** Day of the year (1-based) of a `YYYY-MM-DD` day. */
export function dayOfYear(date: string): number {
  const [year, month, day] = date.split("-").map(Number);
  return Math.round((Date.UTC(year, month - 1, day) - Date.UTC(year, 0, 1)) / 86_400_000) + 1;
}

/**
 * A linear estimate of the whole year from the days so far: figure × days in the year ÷ days elapsed.
 * A finished year projects to itself.
 */
export function projectToYearEnd(
  year: number,
  asOf: string,
  figures: { grossIncome: Cents; netIncome: Cents },
): Projection {
  const total = daysInYear(year);
  const elapsed = Math.min(total, Math.max(1, dayOfYear(asOf)));
  const scale = (value: Cents) => cents(divideRounded(value * BigInt(total), BigInt(elapsed)));
  return {
    elapsedDays: elapsed,
    daysInYear: total,
    grossIncome: scale(figures.grossIncome),
    netIncome: scale(figures.netIncome),
  };
}
