import { divideRounded, type Cents, cents } from "../money";

/**
 * A tax rate is an exact decimal percentage ("5", "30", "12.5"), kept as a bigint count of
 * ten-thousandths of a percent so no binary float ever touches a rate or a tax.
 */
export type RateUnits = bigint;

export const RATE_DECIMALS = 4;
const UNITS_PER_PERCENT = 10n ** BigInt(RATE_DECIMALS);
const RATE_PATTERN = /^(\d{1,3})(?:[.,](\d{1,4}))?$/;

/** "12,5" or "12.5" → units; null when it is not a percentage with at most 4 decimals. */
export function parseRate(text: string): RateUnits | null {
  const match = RATE_PATTERN.exec(text.trim().replace(/\s*%$/, ""));
  if (!match) return null;
  const [, whole, fraction = ""] = match;
  return BigInt(whole) * UNITS_PER_PERCENT + BigInt(fraction.padEnd(RATE_DECIMALS, "0"));
}

/** The canonical stored text of a rate: "5", "12.5". */
export function rateText(units: RateUnits): string {
  const whole = units / UNITS_PER_PERCENT;
  const fraction = (units % UNITS_PER_PERCENT).toString().padStart(RATE_DECIMALS, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** "12,5 %" as people read it (es-CR decimal comma). */
export function formatRate(units: RateUnits): string {
  return `${rateText(units).replace(".", ",")} %`;
}

export const HUNDRED_PERCENT: RateUnits = 100n * UNITS_PER_PERCENT;

/** amount × rate, rounded to the céntimo half away from zero. */
export function applyRate(amount: Cents, units: RateUnits): Cents {
  return cents(divideRounded(amount * units, HUNDRED_PERCENT));
}
