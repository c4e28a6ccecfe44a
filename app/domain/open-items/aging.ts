import { startOfDay, type CalendarDate } from "../calendar";
import type { Cents } from "../money";

export const AGING_BUCKETS = ["current", "days1to30", "days31to60", "days61to90", "over90"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const AGING_LABELS: Record<AgingBucket, string> = {
  current: "Corriente",
  days1to30: "1–30 días",
  days31to60: "31–60 días",
  days61to90: "61–90 días",
  over90: "Más de 90 días",
};

export type AgingTotals = Record<AgingBucket, Cents> & { total: Cents };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole calendar days from `dueDate` to `at` (negative before it is due). Costa Rica has no DST. */
export function daysOverdue(dueDate: CalendarDate, at: CalendarDate): number {
  return Math.round((startOfDay(at).getTime() - startOfDay(dueDate).getTime()) / DAY_MS);
}

/** Corriente until and including the due date, then by days past it: 1–30, 31–60, 61–90, more than 90. */
export function bucketOf(dueDate: CalendarDate, at: CalendarDate): AgingBucket {
  const days = daysOverdue(dueDate, at);
  if (days <= 0) return "current";
  if (days <= 30) return "days1to30";
  if (days <= 60) return "days31to60";
  if (days <= 90) return "days61to90";
  return "over90";
}

export function emptyAging(): AgingTotals {
  const zero = 0n as Cents;
  return { current: zero, days1to30: zero, days31to60: zero, days61to90: zero, over90: zero, total: zero };
}

/** Adds an open balance to its bucket; credit balances (unapplied credit notes) age like any other. */
export function addToAging(totals: AgingTotals, dueDate: CalendarDate, at: CalendarDate, balance: Cents): void {
  const bucket = bucketOf(dueDate, at);
  totals[bucket] = (totals[bucket] + balance) as Cents;
  totals.total = (totals.total + balance) as Cents;
}

export function sumAging(into: AgingTotals, from: AgingTotals): void {
  for (const bucket of AGING_BUCKETS) into[bucket] = (into[bucket] + from[bucket]) as Cents;
  into.total = (into.total + from.total) as Cents;
}
