import { compareValues, isPlainObject } from "../bson/values";
import { ErrorCode, ServerError } from "../errors";

/** A non-simple collation: how strings compare (equality, ranges, sort, distinct). */
export interface Collation {
  compareStrings(a: string, b: string): number;
}

const SENSITIVITY: Record<number, Intl.CollatorOptions["sensitivity"]> = {
  1: "base",
  2: "accent",
  3: "variant",
  4: "variant",
  5: "variant",
};

/**
 * MongoDB's `collation` option on the ICU collator JavaScript ships (Intl.Collator): locale,
 * strength 1 (ignore case and accents) / 2 (ignore case) / 3+, caseFirst, numericOrdering.
 * `{locale: "simple"}` or no collation compares by code point.
 */
export function parseCollation(value: unknown): Collation | null {
  if (value === undefined || value === null) return null;
  if (!isPlainObject(value)) throw new ServerError(ErrorCode.TypeMismatch, "collation must be an object");
  const locale = value.locale;
  if (typeof locale !== "string") throw new ServerError(ErrorCode.FailedToParse, 'Missing expected field "locale"');
  if (locale === "simple") return null;
  const strength = typeof value.strength === "number" ? value.strength : 3;
  if (!Number.isInteger(strength) || strength < 1 || strength > 5)
    throw new ServerError(ErrorCode.FailedToParse, "collation strength must be an integer from 1 to 5");
  let collator: Intl.Collator;
  try {
    collator = new Intl.Collator(locale.replace(/_/g, "-"), {
      sensitivity: value.caseLevel === true && strength < 3 ? "case" : SENSITIVITY[strength],
      caseFirst: value.caseFirst === "upper" || value.caseFirst === "lower" ? value.caseFirst : "false",
      numeric: value.numericOrdering === true,
      ignorePunctuation: value.alternate === "shifted",
      usage: "sort",
    });
  } catch {
    throw new ServerError(ErrorCode.BadValue, `Field 'locale' is invalid in: ${JSON.stringify(value)}`);
  }
  return { compareStrings: (a, b) => collator.compare(a, b) };
}

/** MongoDB's order with strings compared under `collation` (top-level strings only). */
export function collatedCompare(collation: Collation | null | undefined): (a: unknown, b: unknown) => number {
  if (!collation) return compareValues;
  return (a, b) =>
    typeof a === "string" && typeof b === "string" ? collation.compareStrings(a, b) : compareValues(a, b);
}
