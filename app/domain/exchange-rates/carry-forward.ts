/**
 * Days without a published rate take the last value published before them (weekends, holidays,
 * a day not fetched yet: docs/domain/exchange-rates.md §1). Never a later value.
 */
import { addDays, compareDates, type CalendarDate } from "../calendar";
import { BCCR_INDICATORS, type IndicatorValue } from "./parse-bccr";
import type { DailyRate, PublishedRate } from "./rate";

/** Most days one fill covers (a back-fill is bounded; the admin page shows at most a month). */
export const MAX_FILL_DAYS = 400;

/**
 * Every day from `from` to `to`, each with its published rate or the last one before it; days before
 * the first known value are left out. `published` may hold days outside the range (the last value
 * before `from` is what its first days carry).
 */
export function fillDays(published: PublishedRate[], from: CalendarDate, to: CalendarDate): DailyRate[] {
  if (compareDates(from, to) > 0) return [];
  const sorted = [...published].sort((a, b) => compareDates(a.date, b.date));
  const days: DailyRate[] = [];
  let index = 0;
  let last: PublishedRate | null = null;
  let day = from;
  for (let count = 0; count < MAX_FILL_DAYS && compareDates(day, to) <= 0; count++, day = addDays(day, 1)) {
    while (index < sorted.length && compareDates(sorted[index].date, day) <= 0) last = sorted[index++];
    if (!last) continue;
    days.push(last.date === day ? { ...last } : { date: day, buy: last.buy, sell: last.sell, carriedFrom: last.date });
  }
  return days;
}

/** The rate of `date`: the one published that day, else the last one before it; null when none is known. */
export function rateOn(published: PublishedRate[], date: CalendarDate): DailyRate | null {
  let best: PublishedRate | null = null;
  for (const rate of published) {
    if (compareDates(rate.date, date) <= 0 && (!best || compareDates(rate.date, best.date) > 0)) best = rate;
  }
  if (!best) return null;
  return best.date === date ? { ...best } : { date, buy: best.buy, sell: best.sell, carriedFrom: best.date };
}

/** Pairs the BCCR's buy (317) and sell (318) values by day; a day with only one of them is left out. */
export function pairIndicators(values: IndicatorValue[]): PublishedRate[] {
  const buys = new Map<string, IndicatorValue>();
  const sells = new Map<string, IndicatorValue>();
  for (const value of values) {
    if (value.indicator === BCCR_INDICATORS.buy) buys.set(value.date, value);
    else if (value.indicator === BCCR_INDICATORS.sell) sells.set(value.date, value);
  }
  const rates: PublishedRate[] = [];
  for (const [date, buy] of buys) {
    const sell = sells.get(date);
    if (sell) rates.push({ date: buy.date, buy: buy.value, sell: sell.value });
  }
  return rates.sort((a, b) => compareDates(a.date, b.date));
}
