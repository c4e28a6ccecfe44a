import { type Binary, type Decimal128, type ObjectId, type Timestamp } from "bson";
import {
  compareDecimals,
  decimalFromBigInt,
  decimalFromDecimal128,
  decimalFromNumber,
  type ExactDecimal,
  normalizedDecimalText,
} from "./decimal";

/**
 * Values as stored here: bson's deserializer with `useBigInt64` gives plain JS values, where Int32 and
 * Double both become `number`, Int64 becomes `bigint`, and the other BSON types keep their classes.
 */
export type Doc = Record<string, unknown>;

/** MongoDB's canonical type order for comparisons and sorting. */
export const TypeRank = {
  MinKey: 1,
  Null: 5,
  Number: 10,
  String: 15,
  Object: 20,
  Array: 25,
  BinData: 30,
  ObjectId: 35,
  Boolean: 40,
  Date: 45,
  Timestamp: 47,
  RegExp: 50,
  Code: 55,
  MaxKey: 127,
} as const;

export function bsonTypeTag(value: unknown): string | undefined {
  return (value as { _bsontype?: string } | null)?._bsontype;
}

export function isPlainObject(value: unknown): value is Doc {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function isNumeric(value: unknown): value is number | bigint | Decimal128 {
  return typeof value === "number" || typeof value === "bigint" || bsonTypeTag(value) === "Decimal128";
}

export function typeRank(value: unknown): number {
  switch (typeof value) {
    case "undefined":
      return TypeRank.Null;
    case "number":
    case "bigint":
      return TypeRank.Number;
    case "string":
      return TypeRank.String;
    case "boolean":
      return TypeRank.Boolean;
  }
  if (value === null) return TypeRank.Null;
  if (Array.isArray(value)) return TypeRank.Array;
  if (value instanceof Date) return TypeRank.Date;
  if (value instanceof RegExp) return TypeRank.RegExp;
  switch (bsonTypeTag(value)) {
    case undefined:
      return TypeRank.Object;
    case "Decimal128":
    case "Int32":
    case "Double":
    case "Long":
      return TypeRank.Number;
    case "ObjectId":
      return TypeRank.ObjectId;
    case "Binary":
      return TypeRank.BinData;
    case "Timestamp":
      return TypeRank.Timestamp;
    case "BSONRegExp":
      return TypeRank.RegExp;
    case "BSONSymbol":
      return TypeRank.String;
    case "Code":
      return TypeRank.Code;
    case "MinKey":
      return TypeRank.MinKey;
    case "MaxKey":
      return TypeRank.MaxKey;
    default:
      return TypeRank.Object;
  }
}

function numberParts(value: unknown) {
  if (typeof value === "number") return decimalFromNumber(value);
  if (typeof value === "bigint") return decimalFromBigInt(value);
  const tag = bsonTypeTag(value);
  if (tag === "Decimal128") return decimalFromDecimal128(value as Decimal128);
  return decimalFromNumber(Number((value as { valueOf(): unknown }).valueOf()));
}

export function compareNumbers(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") {
    if (a < b) return -1;
    if (a > b) return 1;
    if (a === b) return 0;
    // NaN sorts below every other number and equals itself.
    const aNaN = Number.isNaN(a);
    const bNaN = Number.isNaN(b);
    return aNaN && bNaN ? 0 : aNaN ? -1 : 1;
  }
  if ((typeof a === "number" || typeof a === "bigint") && (typeof b === "number" || typeof b === "bigint")) {
    if (typeof a === "number" && Number.isNaN(a)) return -1;
    if (typeof b === "number" && Number.isNaN(b)) return 1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  return compareDecimals(numberParts(a), numberParts(b));
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length < 0 ? -1 : a.length > b.length ? 1 : 0;
}

function stringOf(value: unknown): string {
  if (typeof value === "string") return value;
  return String((value as { value?: unknown }).value ?? value);
}

function regexParts(value: unknown): [string, string] {
  if (value instanceof RegExp) return [value.source, value.flags];
  const bsonRegExp = value as { pattern: string; options: string };
  return [bsonRegExp.pattern, bsonRegExp.options];
}

/** Compares two BSON values the way MongoDB does (canonical type order first, then value). */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  const typeA = typeof a;
  if (typeA === typeof b) {
    if (typeA === "string") return (a as string) < (b as string) ? -1 : 1;
    if (typeA === "number" && !Number.isNaN(a) && !Number.isNaN(b))
      return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
    if (typeA === "bigint") return (a as bigint) < (b as bigint) ? -1 : 1;
  }
  const rankA = typeRank(a);
  const rankB = typeRank(b);
  if (rankA !== rankB) return rankA < rankB ? -1 : 1;
  switch (rankA) {
    case TypeRank.Null:
    case TypeRank.MinKey:
    case TypeRank.MaxKey:
      return 0;
    case TypeRank.Number:
      return compareNumbers(a, b);
    case TypeRank.String:
      return compareStrings(stringOf(a), stringOf(b));
    case TypeRank.Object:
      return compareObjects(a as Doc, b as Doc);
    case TypeRank.Array:
      return compareArrays(a as unknown[], b as unknown[]);
    case TypeRank.BinData: {
      const left = a as Binary;
      const right = b as Binary;
      if (left.position !== right.position) return left.position < right.position ? -1 : 1;
      if (left.sub_type !== right.sub_type) return left.sub_type < right.sub_type ? -1 : 1;
      return compareBytes(left.buffer.subarray(0, left.position), right.buffer.subarray(0, right.position));
    }
    case TypeRank.ObjectId:
      return Buffer.compare((a as ObjectId).id, (b as ObjectId).id);
    case TypeRank.Boolean:
      return a === b ? 0 : a ? 1 : -1;
    case TypeRank.Date: {
      const left = (a as Date).getTime();
      const right = (b as Date).getTime();
      return left < right ? -1 : left > right ? 1 : 0;
    }
    case TypeRank.Timestamp: {
      const left = (a as Timestamp).toBigInt();
      const right = (b as Timestamp).toBigInt();
      const unsigned = (x: bigint) => (x < 0n ? x + (1n << 64n) : x);
      const l = unsigned(left);
      const r = unsigned(right);
      return l < r ? -1 : l > r ? 1 : 0;
    }
    case TypeRank.RegExp: {
      const [sourceA, flagsA] = regexParts(a);
      const [sourceB, flagsB] = regexParts(b);
      return compareStrings(sourceA, sourceB) || compareStrings(flagsA, flagsB);
    }
    case TypeRank.Code:
      return compareStrings(String((a as { code: unknown }).code), String((b as { code: unknown }).code));
  }
  return 0;
}

function compareObjects(a: Doc, b: Doc): number {
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  const length = Math.min(keysA.length, keysB.length);
  for (let i = 0; i < length; i++) {
    const valueA = a[keysA[i]];
    const valueB = b[keysB[i]];
    const rankA = typeRank(valueA);
    const rankB = typeRank(valueB);
    if (rankA !== rankB) return rankA < rankB ? -1 : 1;
    const byName = compareStrings(keysA[i], keysB[i]);
    if (byName !== 0) return byName;
    const byValue = compareValues(valueA, valueB);
    if (byValue !== 0) return byValue;
  }
  return keysA.length === keysB.length ? 0 : keysA.length < keysB.length ? -1 : 1;
}

function compareArrays(a: unknown[], b: unknown[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const order = compareValues(a[i], b[i]);
    if (order !== 0) return order;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

export function valuesEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const typeA = typeof a;
  if (typeA === "string" || typeA === "boolean") return false;
  if (typeA === "number" && typeof b === "number") return Number.isNaN(a) && Number.isNaN(b);
  return compareValues(a, b) === 0;
}

/**
 * A string that is equal for two values exactly when MongoDB considers them equal
 * (so 1, 1.0, Long(1) and Decimal128("1.00") share one key). Used for _id lookups, grouping and sets.
 */
export function canonicalKey(value: unknown): string {
  switch (typeof value) {
    case "string":
      return `s${value}\u0000`;
    case "number":
      if (Number.isSafeInteger(value)) return `n${value === 0 ? 0 : value}`;
      return numberKey(decimalFromNumber(value));
    case "bigint":
      return `n${value}`;
    case "boolean":
      return value ? "t" : "f";
    case "undefined":
      return "z";
  }
  if (value === null) return "z";
  if (Array.isArray(value)) {
    let key = "[";
    for (const item of value) key += `${canonicalKey(item)},`;
    return `${key}]`;
  }
  if (value instanceof Date) return `d${value.getTime()}`;
  if (value instanceof RegExp) return `r${JSON.stringify(value.source)}/${value.flags}`;
  switch (bsonTypeTag(value)) {
    case undefined:
      break;
    case "ObjectId":
      return `o${(value as ObjectId).toHexString()}`;
    case "Decimal128":
      return numberKey(decimalFromDecimal128(value as Decimal128));
    case "Binary": {
      const binary = value as Binary;
      return `b${binary.sub_type}:${Buffer.from(binary.buffer.subarray(0, binary.position)).toString("base64")}`;
    }
    case "Timestamp":
      return `T${(value as Timestamp).toString()}`;
    case "BSONRegExp": {
      const [source, flags] = regexParts(value);
      return `r${JSON.stringify(source)}/${flags}`;
    }
    case "MinKey":
      return "-";
    case "MaxKey":
      return "+";
    case "BSONSymbol":
      return `s${stringOf(value)}\u0000`;
    case "Code":
      return `c${JSON.stringify((value as { code: unknown }).code)}`;
    case "Int32":
    case "Double":
      return canonicalKey(Number((value as { value: number }).value));
    case "Long":
      return `n${(value as { toBigInt(): bigint }).toBigInt()}`;
    default:
      break;
  }
  let key = "{";
  for (const field of Object.keys(value as Doc)) {
    key += `${JSON.stringify(field)}:${canonicalKey((value as Doc)[field])},`;
  }
  return `${key}}`;
}

/** Integral values use their plain integer text, so every numeric type of one value shares a key. */
function numberKey(parts: ExactDecimal): string {
  if (parts.kind !== "finite") return `n${normalizedDecimalText(parts)}`;
  if (parts.coefficient === 0n) return "n0";
  let { coefficient, exponent } = parts;
  while (exponent < 0 && coefficient % 10n === 0n) {
    coefficient /= 10n;
    exponent += 1;
  }
  const sign = parts.negative ? "-" : "";
  if (exponent >= 0 && exponent < 400) return `n${sign}${coefficient * 10n ** BigInt(exponent)}`;
  return `n${sign}${coefficient}e${exponent}`;
}

/** MongoDB's $type alias for a value. */
export function bsonTypeAlias(value: unknown): string {
  switch (typeof value) {
    case "undefined":
      return "undefined";
    case "number":
      return Number.isInteger(value) && value >= -2147483648 && value <= 2147483647 && !Object.is(value, -0)
        ? "int"
        : "double";
    case "bigint":
      return "long";
    case "string":
      return "string";
    case "boolean":
      return "bool";
  }
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (value instanceof Date) return "date";
  if (value instanceof RegExp) return "regex";
  switch (bsonTypeTag(value)) {
    case undefined:
      return "object";
    case "Decimal128":
      return "decimal";
    case "ObjectId":
      return "objectId";
    case "Binary":
      return "binData";
    case "Timestamp":
      return "timestamp";
    case "BSONRegExp":
      return "regex";
    case "BSONSymbol":
      return "symbol";
    case "Code":
      return "javascript";
    case "MinKey":
      return "minKey";
    case "MaxKey":
      return "maxKey";
    case "Int32":
      return "int";
    case "Double":
      return "double";
    case "Long":
      return "long";
    default:
      return "object";
  }
}

export const TYPE_NUMBERS: Record<number, string> = {
  1: "double",
  2: "string",
  3: "object",
  4: "array",
  5: "binData",
  6: "undefined",
  7: "objectId",
  8: "bool",
  9: "date",
  10: "null",
  11: "regex",
  13: "javascript",
  14: "symbol",
  16: "int",
  17: "timestamp",
  18: "long",
  19: "decimal",
  [-1]: "minKey",
  127: "maxKey",
};

/** Copies plain objects and arrays so that the copy can be changed; BSON values are immutable and shared. */
export function cloneDocument<T>(value: T): T {
  if (Array.isArray(value)) {
    const copy = new Array(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = cloneDocument(value[i]);
    return copy as T;
  }
  if (isPlainObject(value)) {
    const copy: Doc = {};
    for (const key of Object.keys(value)) copy[key] = cloneDocument(value[key]);
    return copy as T;
  }
  return value;
}

/** Shell-like rendering used in error messages, e.g. `{ name: "x", n: 1 }`. */
export function formatValue(value: unknown): string {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Number.isInteger(value) ? String(value) : String(value);
    case "bigint":
      return value.toString();
    case "boolean":
      return String(value);
    case "undefined":
      return "undefined";
  }
  if (value === null) return "null";
  if (Array.isArray(value)) return `[ ${value.map(formatValue).join(", ")} ]`;
  if (value instanceof Date) return `new Date(${value.getTime()})`;
  if (value instanceof RegExp) return String(value);
  switch (bsonTypeTag(value)) {
    case "ObjectId":
      return `ObjectId('${(value as ObjectId).toHexString()}')`;
    case "Decimal128":
      return `${(value as Decimal128).toString()}`;
    case "Binary":
      return `BinData(${(value as Binary).sub_type}, ${Buffer.from(
        (value as Binary).buffer.subarray(0, (value as Binary).position),
      )
        .toString("hex")
        .toUpperCase()})`;
    case undefined:
      break;
    default:
      return String(value);
  }
  const entries = Object.keys(value as Doc).map((key) => `${key}: ${formatValue((value as Doc)[key])}`);
  return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
}

export function isRegexValue(value: unknown): value is RegExp {
  return value instanceof RegExp || bsonTypeTag(value) === "BSONRegExp";
}

export function toRegExp(value: unknown): RegExp {
  if (value instanceof RegExp) return value;
  const [pattern, options] = regexParts(value);
  return makeRegExp(pattern, options);
}

// Stands in for an escaped "#" while comments are stripped; no pattern contains it.
const PLACEHOLDER = "\u0000";

/** Builds a JS RegExp from MongoDB's pattern and options ("x" is applied by removing whitespace). */
export function makeRegExp(pattern: string, options: string): RegExp {
  let source = pattern;
  let flags = "";
  for (const option of options) {
    if (option === "i" || option === "m" || option === "s") flags += flags.includes(option) ? "" : option;
    else if (option === "x")
      source = source
        .replace(/\\#/g, PLACEHOLDER)
        .replace(/#.*$/gm, "")
        .replace(/\s+/g, "")
        .split(PLACEHOLDER)
        .join("\\#");
    else if (option !== "u") throw new InvalidRegexError(`invalid flag in regex options: ${option}`);
  }
  try {
    return new RegExp(source, flags);
  } catch (error) {
    throw new InvalidRegexError(
      `Regular expression is invalid: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** A pattern JavaScript cannot compile (MongoDB reports these as error 51091). */
export class InvalidRegexError extends Error {}
