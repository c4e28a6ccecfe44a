import type { Decimal128 } from "bson";
import {
  addDecimals,
  decimalFromBigInt,
  decimalFromDecimal128,
  decimalFromNumber,
  decimalToNumber,
  divideDecimals,
  type ExactDecimal,
  multiplyDecimals,
  negateDecimal,
  toDecimal128,
} from "./decimal";
import { bsonTypeTag } from "./values";

/** Numeric values as stored: number (int32/double), bigint (int64) or Decimal128. */
export type Numeric = number | bigint | Decimal128;

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

export function isDecimal(value: unknown): value is Decimal128 {
  return bsonTypeTag(value) === "Decimal128";
}

export function toExact(value: Numeric): ExactDecimal {
  if (typeof value === "number") return decimalFromNumber(value);
  if (typeof value === "bigint") return decimalFromBigInt(value);
  return decimalFromDecimal128(value);
}

export function toJsNumber(value: Numeric): number {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  return decimalToNumber(decimalFromDecimal128(value));
}

function fitsInt64(value: bigint): boolean {
  return value >= INT64_MIN && value <= INT64_MAX;
}

/** Combines two numbers with MongoDB's type widening: int < long < double < decimal. */
function combine(
  a: Numeric,
  b: Numeric,
  onNumbers: (x: number, y: number) => number,
  onBigInts: ((x: bigint, y: bigint) => bigint) | null,
  onDecimals: (x: ExactDecimal, y: ExactDecimal) => ExactDecimal,
): Numeric {
  if (isDecimal(a) || isDecimal(b)) return toDecimal128(onDecimals(toExact(a), toExact(b)));
  if (typeof a === "bigint" || typeof b === "bigint") {
    const integral = (x: number | bigint) => typeof x === "bigint" || Number.isSafeInteger(x);
    if (onBigInts && integral(a) && integral(b)) {
      const result = onBigInts(BigInt(a), BigInt(b));
      if (fitsInt64(result)) return result;
    }
    return onNumbers(Number(a), Number(b));
  }
  return onNumbers(a, b);
}

export function addNumeric(a: Numeric, b: Numeric): Numeric {
  return combine(
    a,
    b,
    (x, y) => x + y,
    (x, y) => x + y,
    addDecimals,
  );
}

export function subtractNumeric(a: Numeric, b: Numeric): Numeric {
  return combine(
    a,
    b,
    (x, y) => x - y,
    (x, y) => x - y,
    (x, y) => addDecimals(x, negateDecimal(y)),
  );
}

export function multiplyNumeric(a: Numeric, b: Numeric): Numeric {
  return combine(
    a,
    b,
    (x, y) => x * y,
    (x, y) => x * y,
    multiplyDecimals,
  );
}

export function divideNumeric(a: Numeric, b: Numeric): Numeric {
  if (isDecimal(a) || isDecimal(b)) return toDecimal128(divideDecimals(toExact(a), toExact(b)));
  return toJsNumber(a) / toJsNumber(b);
}

/** The zero of the same numeric type (used by $mul on a missing field). */
export function zeroLike(value: Numeric): Numeric {
  if (isDecimal(value)) return toDecimal128(decimalFromNumber(0));
  if (typeof value === "bigint") return 0n;
  return 0;
}
