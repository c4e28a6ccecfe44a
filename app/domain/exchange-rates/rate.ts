/**
 * Reference exchange rates: colones per unit of a foreign currency, exact to five decimals (the
 * precision of a comprobante's TipoCambio), and the one conversion rule of the app
 * (docs/domain/exchange-rates.md §5).
 */
import type { CalendarDate } from "../calendar";
import { amountToCents, convertToColones, formatAmount, parseDecimal, type Amount, type Cents } from "../money";

/** Currencies the app keeps daily rates for (docs/decisions/306-euro-reference-rates.md). */
export const RATE_CURRENCIES = ["USD", "EUR"] as const;
export type RateCurrency = (typeof RATE_CURRENCIES)[number];

export const RATE_CURRENCY_NAMES: Record<RateCurrency, string> = { USD: "dólar", EUR: "euro" };

/** Where a stored rate came from. */
export type RateSource = "bccr" | "hacienda" | "manual";

export const RATE_SOURCE_LABELS: Record<RateSource, string> = {
  bccr: "Banco Central",
  hacienda: "Hacienda",
  manual: "Ingresado a mano",
};

/** One day's reference rate as a source published it. */
export interface PublishedRate {
  date: CalendarDate;
  buy: Amount;
  sell: Amount;
}

/** A day's rate as the app uses it: published that day, or carried from the last day that had one. */
export interface DailyRate extends PublishedRate {
  /** The day whose published value this is, when the day itself had none (weekend, holiday, not yet fetched). */
  carriedFrom?: CalendarDate;
}

/** Above any colón rate of a currency the app handles: a larger figure is a typing or source error. */
export const MAX_RATE: Amount = 100_000n * 100_000n;

/**
 * A rate written as a plain decimal ("604.97000000", "579.2"): rounded half away from zero to five
 * decimals, null unless it is a positive number not above MAX_RATE.
 */
export function readRate(text: string): Amount | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}(\.\d{1,12})?$/.test(trimmed)) return null;
  const [integer, fraction = ""] = trimmed.split(".");
  const exact = parseDecimal(`${integer}.${fraction.padEnd(12, "0")}`, 12);
  if (exact === null) return null;
  const step = 10n ** 7n;
  const rate = (exact + step / 2n) / step;
  return rate > 0n && rate <= MAX_RATE ? rate : null;
}

/** A foreign amount in colones at a rate, rounded once to the céntimo, half away from zero. */
export function foreignToColones(amount: Amount, rate: Amount): Cents {
  return amountToCents(convertToColones(amount, rate));
}

/** A rate as the pages show it: «₡512,34» (trailing zeros of the five decimals trimmed, at least two). */
export function formatRate(rate: Amount): string {
  const [integer, fraction] = formatAmount(rate).split(".");
  return `₡${integer},${fraction.replace(/0{1,3}$/, "")}`;
}
