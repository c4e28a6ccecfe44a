import { Decimal128 } from "bson";

/**
 * Exact decimal arithmetic for Decimal128 values: coefficient × 10^exponent with a bigint coefficient.
 * Results are rounded to Decimal128's 34 significant digits (round half to even) only when stored.
 */
export type ExactDecimal =
  | { kind: "finite"; negative: boolean; coefficient: bigint; exponent: number }
  | { kind: "nan" }
  | { kind: "infinity"; negative: boolean };

const MAX_DIGITS = 34;
const parsedDecimals = new WeakMap<Decimal128, ExactDecimal>();

export function parseDecimalString(text: string): ExactDecimal {
  const trimmed = text.trim();
  const lower = trimmed.toLowerCase();
  if (lower === "nan" || lower === "-nan" || lower === "+nan") return { kind: "nan" };
  if (/^[+-]?inf(inity)?$/.test(lower)) return { kind: "infinity", negative: lower.startsWith("-") };
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(trimmed);
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) return { kind: "nan" };
  const integerDigits = match[2] ?? "";
  const fractionDigits = match[3] ?? "";
  const coefficient = BigInt(integerDigits + fractionDigits || "0");
  const exponent = Number(match[4] ?? "0") - fractionDigits.length;
  return { kind: "finite", negative: match[1] === "-", coefficient, exponent };
}

export function decimalFromDecimal128(value: Decimal128): ExactDecimal {
  let parsed = parsedDecimals.get(value);
  if (!parsed) {
    parsed = parseDecimalString(value.toString());
    parsedDecimals.set(value, parsed);
  }
  return parsed;
}

export function decimalFromNumber(value: number): ExactDecimal {
  if (Number.isNaN(value)) return { kind: "nan" };
  if (!Number.isFinite(value)) return { kind: "infinity", negative: value < 0 };
  if (Number.isInteger(value) && Number.isSafeInteger(value)) {
    return {
      kind: "finite",
      negative: value < 0 || Object.is(value, -0),
      coefficient: BigInt(Math.abs(value)),
      exponent: 0,
    };
  }
  return parseDecimalString(String(value));
}

export function decimalFromBigInt(value: bigint): ExactDecimal {
  return { kind: "finite", negative: value < 0n, coefficient: value < 0n ? -value : value, exponent: 0 };
}

function signed(value: Extract<ExactDecimal, { kind: "finite" }>): bigint {
  return value.negative ? -value.coefficient : value.coefficient;
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

function finite(sum: bigint, exponent: number, negativeZero = false): ExactDecimal {
  return {
    kind: "finite",
    negative: sum < 0n || (sum === 0n && negativeZero),
    coefficient: sum < 0n ? -sum : sum,
    exponent,
  };
}

export function compareDecimals(a: ExactDecimal, b: ExactDecimal): number {
  // MongoDB orders NaN below every other number.
  if (a.kind === "nan") return b.kind === "nan" ? 0 : -1;
  if (b.kind === "nan") return 1;
  if (a.kind === "infinity") {
    if (b.kind === "infinity" && a.negative === b.negative) return 0;
    return a.negative ? -1 : 1;
  }
  if (b.kind === "infinity") return b.negative ? 1 : -1;
  const exponent = Math.min(a.exponent, b.exponent);
  const left = signed(a) * pow10(a.exponent - exponent);
  const right = signed(b) * pow10(b.exponent - exponent);
  return left < right ? -1 : left > right ? 1 : 0;
}

export function addDecimals(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  if (a.kind === "nan" || b.kind === "nan") return { kind: "nan" };
  if (a.kind === "infinity") {
    if (b.kind === "infinity" && b.negative !== a.negative) return { kind: "nan" };
    return a;
  }
  if (b.kind === "infinity") return b;
  const exponent = Math.min(a.exponent, b.exponent);
  const sum = signed(a) * pow10(a.exponent - exponent) + signed(b) * pow10(b.exponent - exponent);
  return finite(sum, exponent, a.negative && b.negative);
}

export function negateDecimal(a: ExactDecimal): ExactDecimal {
  if (a.kind === "nan") return a;
  return { ...a, negative: !a.negative };
}

export function multiplyDecimals(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  if (a.kind === "nan" || b.kind === "nan") return { kind: "nan" };
  const negative = a.negative !== b.negative;
  if (a.kind === "infinity" || b.kind === "infinity") {
    const other = a.kind === "infinity" ? b : a;
    if (other.kind === "finite" && other.coefficient === 0n) return { kind: "nan" };
    return { kind: "infinity", negative };
  }
  return { kind: "finite", negative, coefficient: a.coefficient * b.coefficient, exponent: a.exponent + b.exponent };
}

export function divideDecimals(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  if (a.kind === "nan" || b.kind === "nan") return { kind: "nan" };
  const negative = a.negative !== b.negative;
  if (a.kind === "infinity") return b.kind === "infinity" ? { kind: "nan" } : { kind: "infinity", negative };
  if (b.kind === "infinity") return { kind: "finite", negative, coefficient: 0n, exponent: 0 };
  if (b.coefficient === 0n) return a.coefficient === 0n ? { kind: "nan" } : { kind: "infinity", negative };
  // Scale the dividend so that the quotient carries more than 34 significant digits, then round.
  const scale = MAX_DIGITS + 2 + Math.max(0, b.coefficient.toString().length - a.coefficient.toString().length);
  const quotient = (a.coefficient * pow10(scale)) / b.coefficient;
  return stripTrailingZeros({
    kind: "finite",
    negative,
    coefficient: quotient,
    exponent: a.exponent - b.exponent - scale,
  });
}

function stripTrailingZeros(value: Extract<ExactDecimal, { kind: "finite" }>): ExactDecimal {
  let { coefficient, exponent } = value;
  if (coefficient === 0n) return { ...value, exponent: Math.min(0, Math.max(exponent, 0)) };
  while (coefficient % 10n === 0n && exponent < 0) {
    coefficient /= 10n;
    exponent += 1;
  }
  return { ...value, coefficient, exponent };
}

function roundToDigits(value: Extract<ExactDecimal, { kind: "finite" }>): Extract<ExactDecimal, { kind: "finite" }> {
  const digits = value.coefficient.toString().length;
  if (digits <= MAX_DIGITS) return value;
  const drop = digits - MAX_DIGITS;
  const divisor = pow10(drop);
  let kept = value.coefficient / divisor;
  const remainder = value.coefficient % divisor;
  const half = divisor / 2n;
  if (remainder > half || (remainder === half && kept % 2n === 1n)) kept += 1n;
  return { ...value, coefficient: kept, exponent: value.exponent + drop };
}

export function decimalToString(value: ExactDecimal): string {
  if (value.kind === "nan") return "NaN";
  if (value.kind === "infinity") return value.negative ? "-Infinity" : "Infinity";
  const rounded = roundToDigits(value);
  return `${rounded.negative ? "-" : ""}${rounded.coefficient.toString()}E${rounded.exponent}`;
}

export function toDecimal128(value: ExactDecimal): Decimal128 {
  return Decimal128.fromString(decimalToString(value));
}

export function decimalToNumber(value: ExactDecimal): number {
  if (value.kind === "nan") return Number.NaN;
  if (value.kind === "infinity") return value.negative ? -Infinity : Infinity;
  return Number(`${value.negative ? "-" : ""}${value.coefficient.toString()}e${value.exponent}`);
}

/** A normalized text form: equal numbers give equal text whatever their scale ("1.50" and "1.5"). */
export function normalizedDecimalText(value: ExactDecimal): string {
  if (value.kind === "nan") return "NaN";
  if (value.kind === "infinity") return value.negative ? "-Inf" : "Inf";
  if (value.coefficient === 0n) return "0";
  let { coefficient, exponent } = value;
  while (coefficient % 10n === 0n) {
    coefficient /= 10n;
    exponent += 1;
  }
  return `${value.negative ? "-" : ""}${coefficient.toString()}e${exponent}`;
}
