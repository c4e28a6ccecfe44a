/**
 * Exact money. An `Amount` is a bigint count of hundred-thousandths (1 unit = 0.00001), because
 * Hacienda's DecimalDineroType carries up to 5 decimals and its maximum (9 999 999 999 999.99999)
 * still fits a signed 64-bit integer. See docs/decisions/002-money-representation.md.
 */
declare const scale: unique symbol;
/**
 * Hundred-thousandths of a currency unit. Flavoured rather than branded: the Hacienda parser and
 * the arithmetic checks produce plain bigints, which are accepted, but a `Cents` is refused.
 */
export type Amount = bigint & { readonly [scale]?: "Amount" };
/** Céntimos (0.01), what people type and books show. Branded: only `cents()` and `amountToCents` make one. */
export type Cents = bigint & { readonly [scale]: "Cents" };

export const AMOUNT_DECIMALS = 5;
export const AMOUNT_ONE: Amount = 100_000n;
/** One céntimo (0.01) expressed in Amount units. */
export const CENTIMO: Amount = 1_000n;
export const ZERO: Amount = 0n;

const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?$/;

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** Integer division rounding half away from zero (commercial rounding). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("División entre cero.");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  if ((n % d) * 2n >= d) quotient += 1n;
  return negative ? -quotient : quotient;
}

/**
 * Parses a plain decimal string ("1234.56789", "0.5", "13") into an integer scaled by
 * 10^decimals. Returns null for anything else (exponents, thousands separators, empty text) and
 * for values that would need more decimals than allowed (extra trailing zeros are fine).
 */
export function parseDecimal(text: string, decimals: number): bigint | null {
  const match = DECIMAL_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, sign, integerPart, fractionPart = ""] = match;
  if (integerPart === "" && fractionPart === "") return null;
  let fraction = fractionPart;
  if (fraction.length > decimals) {
    if (/[^0]/.test(fraction.slice(decimals))) return null;
    fraction = fraction.slice(0, decimals);
  }
  const value = BigInt((integerPart || "0") + fraction.padEnd(decimals, "0"));
  return sign === "-" ? -value : value;
}

/** Parses a Hacienda money string into an exact Amount, or null when it is not a decimal. */
export function parseAmount(text: string): Amount | null {
  return parseDecimal(text, AMOUNT_DECIMALS);
}

/** Formats a value scaled by 10^decimals as a plain decimal string with exactly that many decimals. */
export function formatDecimal(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, "0");
  const integerPart = digits.slice(0, digits.length - decimals);
  const fractionPart = digits.slice(digits.length - decimals);
  const body = decimals > 0 ? `${integerPart}.${fractionPart}` : integerPart;
  return negative ? `-${body}` : body;
}

/** Rounds an Amount to the given number of decimals (0–5), half away from zero. */
export function roundAmount(amount: Amount, decimals: number): Amount {
  if (decimals >= AMOUNT_DECIMALS) return amount;
  const step = pow10(AMOUNT_DECIMALS - decimals);
  return divideRounded(amount, step) * step;
}

/** "1234.50000" with 5 decimals (Hacienda's XML form), or fewer decimals after rounding. */
export function formatAmount(amount: Amount, decimals: number = AMOUNT_DECIMALS): string {
  const rounded = roundAmount(amount, decimals);
  return formatDecimal(rounded / pow10(AMOUNT_DECIMALS - decimals), decimals);
}

/** A count of céntimos, typed as such. */
export function cents(value: bigint): Cents {
  return value as Cents;
}

/** Rounded to the céntimo, half away from zero (decision 002): 0.00499 → 0, 0.005 → 1, −0.005 → −1. */
export function amountToCents(amount: Amount): Cents {
  return cents(divideRounded(amount, CENTIMO));
}

/** Exact: every céntimo is 1 000 Amount units. */
export function centsToAmount(value: Cents): Amount {
  return value * CENTIMO;
}

export function sumAmounts(values: Iterable<Amount>): Amount {
  let total = ZERO;
  for (const value of values) total += value;
  return total;
}

export function absAmount(amount: Amount): Amount {
  return amount < 0n ? -amount : amount;
}

/**
 * amount × factor, where factor is an integer scaled by 10^factorDecimals; the result is rounded
 * back to Amount precision, half away from zero.
 */
export function multiplyAmount(amount: Amount, factor: bigint, factorDecimals: number): Amount {
  return divideRounded(amount * factor, pow10(factorDecimals));
}

/** amount × numerator ÷ denominator, rounded to Amount precision. */
export function scaleAmount(amount: Amount, numerator: bigint, denominator: bigint): Amount {
  return divideRounded(amount * numerator, denominator);
}

/** Cantidad (decimal text, up to 3 decimals) × PrecioUnitario. Null when the quantity is not a decimal. */
export function multiplyByQuantity(unitPrice: Amount, quantity: string): Amount | null {
  const scaledQuantity = parseDecimal(quantity, 3);
  if (scaledQuantity === null) return null;
  return multiplyAmount(unitPrice, scaledQuantity, 3);
}

/** base × rate %, where rate is decimal text such as "13", "13.00" or "0.5". Null when rate is not a decimal. */
export function percentOf(base: Amount, ratePercent: string): Amount | null {
  const scaledRate = parseDecimal(ratePercent, 4);
  if (scaledRate === null) return null;
  return multiplyAmount(base, scaledRate, 6);
}

/** Converts an amount in the document's currency to colones with its TipoCambio (both exact). */
export function convertToColones(amount: Amount, tipoCambio: Amount): Amount {
  return multiplyAmount(amount, tipoCambio, AMOUNT_DECIMALS);
}
