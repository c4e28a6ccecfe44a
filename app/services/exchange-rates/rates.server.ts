/**
 * Reading and correcting the daily rates: the rate of a day (with the warning a page shows when it is
 * only the last known one), a month for the admin page, and a super admin's entry, audited.
 */
import { refused, type Refused } from "~/domain/refusal";
import {
  addDays,
  compareDates,
  firstDayOfMonth,
  formatCalendarDate,
  lastDayOfMonth,
  type CalendarDate,
  type MonthKey,
} from "~/domain/calendar";
import {
  canEditRates,
  fillDays,
  formatRateChange,
  rateOn,
  rateWarning,
  RATE_FORM_MESSAGES,
  type DailyRate,
  type RateCurrency,
  type RateEntry,
  type RateSource,
} from "~/domain/exchange-rates";
import { findStoredRate, ratesAround, recentManualChanges, saveManualRate } from "~models/exchange-rate";
import { rateFetchStatus } from "~models/exchange-rate-fetch";
import { withTransaction } from "~/utils/db.server";

/** How far back a day without its own rate looks for the last published one. */
export const CARRY_LOOKBACK_DAYS = 45;

export interface RateOfDay {
  date: CalendarDate;
  rate: (DailyRate & { source: RateSource }) | null;
  warning: string | null;
}

/** The rate of one day, and whether it deserves a warning (docs/domain/exchange-rates.md §1). */
export async function rateOfDay(date: CalendarDate, currency: RateCurrency = "USD"): Promise<RateOfDay> {
  const [known, status] = await Promise.all([
    ratesAround(currency, addDays(date, -CARRY_LOOKBACK_DAYS), date),
    rateFetchStatus(currency),
  ]);
  const found = rateOn(known, date);
  const source = found ? known.find((rate) => rate.date === (found.carriedFrom ?? found.date))!.source : null;
  const rate = found && source ? { ...found, source } : null;
  return { date, rate, warning: rateWarning(date, rate, status) };
}

export interface MonthOfRates {
  days: Array<DailyRate & { source: RateSource }>;
  status: {
    source: string | null;
    coveredThrough: string | null;
    lastSuccessAt: Date | null;
    lastAttemptAt: Date | null;
    lastError: string | null;
  } | null;
  changes: Array<{ date: string; line: string }>;
}

/** A month's days up to today, newest first, each with its rate or the one it carries. */
export async function ratesOfMonth(
  month: MonthKey,
  today: CalendarDate,
  currency: RateCurrency = "USD",
): Promise<MonthOfRates> {
  const from = firstDayOfMonth(month);
  const last = lastDayOfMonth(month);
  const to = compareDates(last, today) > 0 ? today : last;
  const [known, status, changes] = await Promise.all([
    compareDates(from, to) <= 0 ? ratesAround(currency, addDays(from, -CARRY_LOOKBACK_DAYS), to) : Promise.resolve([]),
    rateFetchStatus(currency),
    recentManualChanges(currency, 10),
  ]);
  const sourceOf = new Map(known.map((rate) => [rate.date, rate.source]));
  const days = compareDates(from, to) <= 0 ? fillDays(known, from, to) : [];
  return {
    days: days.map((day) => ({ ...day, source: sourceOf.get(day.carriedFrom ?? day.date)! })).reverse(),
    status: status
      ? {
          source: status.source,
          coveredThrough: status.coveredThrough,
          lastSuccessAt: status.lastSuccessAt,
          lastAttemptAt: status.lastAttemptAt,
          lastError: status.lastError,
        }
      : null,
    changes: changes.map(({ date, change }) => ({
      date,
      line: `${formatCalendarDate(date as CalendarDate)} · ${formatRateChange(change)}`,
    })),
  };
}

export type EnterRateOutcome = { ok: true; created: boolean } | Refused;

/** A super admin enters or corrects a day's rate; the change (before, after, who, why) is kept with it. */
export async function enterRate(
  actor: { isRoot: boolean; isSuperAdmin: boolean; email: string },
  entry: Omit<RateEntry, "currency">,
  currency: RateCurrency = "USD",
): Promise<EnterRateOutcome> {
  if (!canEditRates(actor)) return refused({ message: RATE_FORM_MESSAGES.forbidden, kind: "forbidden" });
  return withTransaction(async (session) => {
    const before = await findStoredRate(currency, entry.date, session);
    await saveManualRate(
      currency,
      { date: entry.date, buy: entry.buy, sell: entry.sell },
      {
        at: new Date(),
        by: actor.email,
        action: before ? "update" : "create",
        before: before ? `${BigInt(before.buy)}/${BigInt(before.sell)}/${before.source}` : "",
        after: `${entry.buy}/${entry.sell}/manual`,
        reason: entry.reason,
      },
      session,
    );
    return { ok: true as const, created: !before };
  });
}
