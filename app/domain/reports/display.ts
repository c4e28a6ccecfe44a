import { cents, centsToAmount, divideRounded, formatColones, formatDecimal, type Cents } from "../money";

/**
 * How report amounts read: ₡ es-CR, a negative figure (against the account's nature, or a credit
 * balance in the Balance de Comprobación) always in parentheses, never with a minus sign.
 */
export function formatReportAmount(value: bigint): string {
  return value < 0n ? `(${formatColones(centsToAmount(cents(-value)))})` : formatColones(centsToAmount(cents(value)));
}

/** "12,3 %": part ÷ whole with one decimal, rounded half away from zero; null when the whole is zero. */
export function formatShare(part: bigint, whole: bigint): string | null {
  if (whole === 0n) return null;
  const tenths = divideRounded(part * 1000n, whole < 0n ? -whole : whole);
  const negative = tenths < 0n;
  const digits = (negative ? -tenths : tenths).toString().padStart(2, "0");
  const text = `${digits.slice(0, -1)},${digits.slice(-1)} %`;
  return negative ? `(${text})` : text;
}

export interface Variation {
  amount: Cents;
  /** Change relative to the compared figure; null when that figure is zero. */
  percent: string | null;
}

export function variationOf(current: Cents, compared: Cents): Variation {
  return { amount: cents(current - compared), percent: formatShare(current - compared, compared) };
}

/** The plain decimal of exports ("-1234.50"). */
export function plainAmount(value: bigint): string {
  return formatDecimal(value, 2);
}
