import { Decimal128, ObjectId } from "bson";
import { Context, evalExpr } from "mingo/core";
import * as accumulatorOperators from "mingo/operators/accumulator";
import * as expressionOperators from "mingo/operators/expression";
import * as pipelineOperators from "mingo/operators/pipeline";
import * as projectionOperators from "mingo/operators/projection";
import * as queryOperators from "mingo/operators/query";
import type { Options } from "mingo/types";
import {
  addNumeric,
  divideNumeric,
  isDecimal,
  multiplyNumeric,
  type Numeric,
  subtractNumeric,
  toExact,
  toJsNumber,
} from "../bson/arithmetic";
import { parseDecimalString, toDecimal128 } from "../bson/decimal";
import {
  bsonTypeAlias,
  bsonTypeTag,
  compareValues,
  type Doc,
  isNumeric,
  isPlainObject,
  valuesEqual,
} from "../bson/values";
import { ErrorCode, ServerError } from "../errors";
import { splitPath } from "../query/paths";

/**
 * Aggregation expressions are evaluated by mingo, with the operators that must understand stored BSON
 * values (Int64 as bigint, Decimal128, ObjectId) replaced by versions built on this server's comparison
 * and arithmetic.
 */
type ExpressionOperator = (obj: Doc, expr: unknown, options: Options) => unknown;

const evaluateArgs = (obj: Doc, expr: unknown, options: Options): unknown[] => {
  const value = evalExpr(obj, expr, options);
  return Array.isArray(value) ? value : [value];
};

function numericOrNull(values: unknown[], operator: string): Numeric[] | null {
  const numbers: Numeric[] = [];
  for (const value of values) {
    if (value === null || value === undefined) return null;
    if (!isNumeric(value)) {
      throw new ServerError(
        ErrorCode.TypeMismatch,
        `${operator} only supports numeric types, not ${bsonTypeAlias(value)}`,
      );
    }
    numbers.push(value);
  }
  return numbers;
}

const $add: ExpressionOperator = (obj, expr, options) => {
  const args = evaluateArgs(obj, expr, options);
  let result: Numeric = 0;
  let date: Date | null = null;
  for (const value of args) {
    if (value === null || value === undefined) return null;
    if (value instanceof Date) {
      if (date) throw new ServerError(16612, "only one date allowed in an $add expression");
      date = value;
    } else if (isNumeric(value)) {
      result = addNumeric(result, value);
    } else {
      throw new ServerError(
        ErrorCode.TypeMismatch,
        `$add only supports numeric or date types, not ${bsonTypeAlias(value)}`,
      );
    }
  }
  return date ? new Date(date.getTime() + toJsNumber(result)) : result;
};

const $subtract: ExpressionOperator = (obj, expr, options) => {
  const [left, right] = evaluateArgs(obj, expr, options);
  if (left === null || left === undefined || right === null || right === undefined) return null;
  if (left instanceof Date && right instanceof Date) return left.getTime() - right.getTime();
  if (left instanceof Date && isNumeric(right)) return new Date(left.getTime() - toJsNumber(right));
  if (isNumeric(left) && isNumeric(right)) return subtractNumeric(left, right);
  throw new ServerError(ErrorCode.TypeMismatch, `can't $subtract ${bsonTypeAlias(right)} from ${bsonTypeAlias(left)}`);
};

const $multiply: ExpressionOperator = (obj, expr, options) => {
  const numbers = numericOrNull(evaluateArgs(obj, expr, options), "$multiply");
  if (!numbers) return null;
  return numbers.reduce<Numeric>((product, value) => multiplyNumeric(product, value), 1);
};

const $divide: ExpressionOperator = (obj, expr, options) => {
  const numbers = numericOrNull(evaluateArgs(obj, expr, options), "$divide");
  if (!numbers) return null;
  const [dividend, divisor] = numbers;
  if (toJsNumber(divisor) === 0 && !isDecimal(divisor)) throw new ServerError(2, "can't $divide by zero");
  return divideNumeric(dividend, divisor);
};

const $abs: ExpressionOperator = (obj, expr, options) => {
  const [value] = evaluateArgs(obj, expr, options);
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return value < 0n ? -value : value;
  if (isDecimal(value)) return Decimal128.fromString(value.toString().replace(/^-/, ""));
  return Math.abs(value as number);
};

const comparison =
  (test: (order: number) => boolean | number): ExpressionOperator =>
  (obj, expr, options) => {
    const [left, right] = evaluateArgs(obj, expr, options);
    return test(compareValues(left, right));
  };

const $in: ExpressionOperator = (obj, expr, options) => {
  const [value, list] = evaluateArgs(obj, expr, options);
  if (!Array.isArray(list)) throw new ServerError(40081, "$in requires an array as a second argument");
  return list.some((item) => valuesEqual(item, value));
};

/** Sums numbers the way $sum does: non-numeric values are ignored, types widen as needed. */
export function sumValues(values: Iterable<unknown>): Numeric {
  let total: Numeric = 0;
  for (const value of values) {
    if (isNumeric(value)) total = addNumeric(total, value);
  }
  return total;
}

export function averageValues(values: Iterable<unknown>): Numeric | null {
  let total: Numeric = 0;
  let count = 0;
  for (const value of values) {
    if (isNumeric(value)) {
      total = addNumeric(total, value);
      count += 1;
    }
  }
  if (count === 0) return null;
  if (isDecimal(total)) return divideNumeric(total, count);
  return toJsNumber(total) / count;
}

function extremeValue(values: Iterable<unknown>, sign: 1 | -1): unknown {
  let best: unknown = undefined;
  for (const value of values) {
    if (value === null || value === undefined) continue;
    if (best === undefined || sign * compareValues(value, best) > 0) best = value;
  }
  return best === undefined ? null : best;
}

export const minValue = (values: Iterable<unknown>) => extremeValue(values, -1);
export const maxValue = (values: Iterable<unknown>) => extremeValue(values, 1);

const listOperator =
  (reduce: (values: unknown[]) => unknown): ExpressionOperator =>
  (obj, expr, options) => {
    const value = evalExpr(obj, expr, options);
    if (Array.isArray(expr)) return reduce(value as unknown[]);
    return reduce(Array.isArray(value) ? value : [value]);
  };

function convertToDecimal(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (isDecimal(value)) return value;
  if (typeof value === "boolean") return Decimal128.fromString(value ? "1" : "0");
  if (value instanceof Date) return Decimal128.fromString(String(value.getTime()));
  if (typeof value === "string") {
    const parsed = parseDecimalString(value);
    if (parsed.kind === "nan" && value.trim().toLowerCase() !== "nan") {
      throw new ServerError(241, `Failed to parse number '${value}' in $convert with no onError value`);
    }
    return toDecimal128(parsed);
  }
  if (isNumeric(value)) return toDecimal128(toExact(value));
  throw new ServerError(
    241,
    `Unsupported conversion from ${bsonTypeAlias(value)} to decimal in $convert with no onError value`,
  );
}

function convertToLong(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return value;
  if (typeof value === "boolean") return value ? 1n : 0n;
  if (value instanceof Date) return BigInt(value.getTime());
  if (typeof value === "string") {
    if (!/^[+-]?\d+$/.test(value.trim()))
      throw new ServerError(241, `Failed to parse number '${value}' in $convert with no onError value`);
    return BigInt(value.trim());
  }
  if (isNumeric(value)) return BigInt(Math.trunc(toJsNumber(value)));
  throw new ServerError(
    241,
    `Unsupported conversion from ${bsonTypeAlias(value)} to long in $convert with no onError value`,
  );
}

function convertToNumber(value: unknown, integer: boolean): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  if (typeof value === "string") {
    const parsed = Number(value);
    if (value.trim() === "" || Number.isNaN(parsed)) {
      throw new ServerError(241, `Failed to parse number '${value}' in $convert with no onError value`);
    }
    return integer ? Math.trunc(parsed) : parsed;
  }
  if (isNumeric(value)) return integer ? Math.trunc(toJsNumber(value)) : toJsNumber(value);
  throw new ServerError(241, `Unsupported conversion from ${bsonTypeAlias(value)} in $convert with no onError value`);
}

function convertToString(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint" || typeof value === "number" || typeof value === "boolean") return String(value);
  const tag = bsonTypeTag(value);
  if (tag === "ObjectId") return (value as ObjectId).toHexString();
  if (tag === "Decimal128") return (value as Decimal128).toString();
  throw new ServerError(
    241,
    `Unsupported conversion from ${bsonTypeAlias(value)} to string in $convert with no onError value`,
  );
}

const unary =
  (convert: (value: unknown) => unknown): ExpressionOperator =>
  (obj, expr, options) => {
    const value = evalExpr(obj, expr, options);
    return convert(Array.isArray(expr) ? (value as unknown[])[0] : value);
  };

const $toObjectId = unary((value) => {
  if (value === null || value === undefined) return null;
  if (bsonTypeTag(value) === "ObjectId") return value;
  if (typeof value === "string" && ObjectId.isValid(value) && value.length === 24) return new ObjectId(value);
  throw new ServerError(241, `Failed to parse objectId '${String(value)}' in $convert with no onError value`);
});

const $type: ExpressionOperator = (obj, expr, options) => {
  const value = evalExpr(obj, expr, options);
  const single = Array.isArray(expr) ? (value as unknown[])[0] : value;
  return single === undefined ? "missing" : bsonTypeAlias(single);
};

const $isNumber = unary((value) => isNumeric(value));

const $convert: ExpressionOperator = (obj, expr, options) => {
  const spec = expr as { input: unknown; to: unknown; onError?: unknown; onNull?: unknown };
  const input = evalExpr(obj, spec.input, options);
  const target = evalExpr(obj, spec.to, options);
  if (input === null || input === undefined) return "onNull" in spec ? evalExpr(obj, spec.onNull, options) : null;
  const converters: Record<string, (value: unknown) => unknown> = {
    decimal: convertToDecimal,
    long: convertToLong,
    int: (value) => convertToNumber(value, true),
    double: (value) => convertToNumber(value, false),
    string: convertToString,
    objectId: (value) => $toObjectId({ value }, "$value", options),
    bool: (value) => (isNumeric(value) ? toJsNumber(value) !== 0 : Boolean(value)),
    date: (value) =>
      value instanceof Date ? value : new Date(typeof value === "string" ? value : toJsNumber(value as Numeric)),
  };
  const convert = converters[String(target)];
  try {
    if (!convert) throw new ServerError(ErrorCode.BadValue, `Unknown type name: ${String(target)}`);
    return convert(input);
  } catch (error) {
    if ("onError" in spec) return evalExpr(obj, spec.onError, options);
    throw error;
  }
};

const overrides: Record<string, ExpressionOperator> = {
  $add,
  $subtract,
  $multiply,
  $divide,
  $abs,
  $eq: comparison((order) => order === 0),
  $ne: comparison((order) => order !== 0),
  $gt: comparison((order) => order > 0),
  $gte: comparison((order) => order >= 0),
  $lt: comparison((order) => order < 0),
  $lte: comparison((order) => order <= 0),
  $cmp: comparison((order) => (order < 0 ? -1 : order > 0 ? 1 : 0)),
  $in,
  $sum: listOperator(sumValues),
  $avg: listOperator(averageValues),
  $min: listOperator(minValue),
  $max: listOperator(maxValue),
  $toDecimal: unary(convertToDecimal),
  $toLong: unary(convertToLong),
  $toInt: unary((value) => convertToNumber(value, true)),
  $toDouble: unary((value) => convertToNumber(value, false)),
  $toString: unary(convertToString),
  $toObjectId,
  $type,
  $isNumber,
  $convert,
};

const CAPTURE = "$__computeOptions";

const context = Context.init({
  expression: {
    ...expressionOperators,
    ...overrides,
    [CAPTURE]: (_obj: unknown, _expr: unknown, options: unknown) => options,
  },
  accumulator: { ...accumulatorOperators },
  pipeline: { ...pipelineOperators },
  projection: { ...projectionOperators },
  query: { ...queryOperators },
} as Parameters<typeof Context.init>[0]);

export const mingoOptions: Partial<Options> = { context, idKey: "_id", useStrictMode: true, scriptEnabled: false };

interface ComputeOptionsLike extends Options {
  update(locals: { root?: unknown; variables?: Doc }): ComputeOptionsLike;
}

// mingo rebuilds its operator table on every evalExpr call given plain options; it reuses an instance of
// its internal ComputeOptions class instead. The class is not exported, so one instance is captured once.
const baseOptions = evalExpr({}, { [CAPTURE]: 1 }, mingoOptions as Options) as ComputeOptionsLike;
const ComputeOptionsClass = baseOptions.constructor as unknown as { init(options: unknown): ComputeOptionsLike };

function resolveFieldPath(value: unknown, parts: readonly string[], index: number): unknown {
  let current = value;
  for (let i = index; i < parts.length; i++) {
    if (Array.isArray(current)) {
      const rest: unknown[] = [];
      for (const element of current) {
        if (isPlainObject(element) || Array.isArray(element)) {
          const resolved = resolveFieldPath(element, parts, i);
          if (resolved !== undefined) rest.push(resolved);
        }
      }
      return rest;
    }
    if (!isPlainObject(current)) return undefined;
    current = current[parts[i]];
  }
  return current;
}

/** Evaluates an aggregation expression against a document; `variables` are `$$name` bindings. */
export function evaluate(doc: unknown, expr: unknown, variables?: Doc): unknown {
  if (typeof expr === "string") {
    if (expr.length > 1 && expr[0] === "$" && expr[1] !== "$")
      return resolveFieldPath(doc, splitPath(expr.slice(1)), 0);
    if (expr[0] !== "$") return expr;
  } else if (expr === null || typeof expr !== "object" || (!Array.isArray(expr) && !isPlainObject(expr))) {
    return expr;
  }
  const options = ComputeOptionsClass.init(baseOptions).update({ root: doc, variables });
  return evalExpr(doc as Doc, expr, options);
}

/** MongoDB truthiness: false, null, missing and numeric zero are false. */
export function isTruthy(value: unknown): boolean {
  if (value === false || value === null || value === undefined) return false;
  if (isNumeric(value)) return toJsNumber(value) !== 0;
  return true;
}
