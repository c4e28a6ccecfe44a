import type { Collation } from "./collation";
import { toJsNumber } from "../bson/arithmetic";
import {
  bsonTypeAlias,
  bsonTypeTag,
  canonicalKey,
  compareValues,
  type Doc,
  isNumeric,
  isPlainObject,
  isRegexValue,
  makeRegExp,
  toRegExp,
  TYPE_NUMBERS,
  typeRank,
  TypeRank,
  valuesEqual,
} from "../bson/values";
import { evaluate, isTruthy } from "../aggregate/expressions";
import { badValue, ErrorCode, ServerError } from "../errors";
import { splitPath, walkPath } from "./paths";

/** Filled while matching: the array position that satisfied the query (for the positional `$`). */
export interface MatchDetails {
  position?: number;
}

export type Matcher = (doc: Doc, details?: MatchDetails) => boolean;

interface CompileContext {
  variables?: Doc;
  /** Strings compare under this collation (null or absent: by code point). */
  collation?: Collation | null;
}

type ValueTest = (value: unknown) => boolean;

const matchAll: Matcher = () => true;

/** Compiles a MongoDB query filter into a predicate. Throws ServerError(BadValue) on invalid filters. */
export function compileFilter(filter: unknown, context: CompileContext = {}): Matcher {
  if (filter === undefined || filter === null) return matchAll;
  if (!isPlainObject(filter)) throw badValue("filter must be an object");
  const clauses: Matcher[] = [];
  for (const key of Object.keys(filter)) {
    const condition = filter[key];
    if (key.startsWith("$")) {
      const clause = compileTopLevelOperator(key, condition, context);
      if (clause) clauses.push(clause);
    } else {
      clauses.push(compileFieldCondition(key, condition, context));
    }
  }
  if (clauses.length === 0) return matchAll;
  if (clauses.length === 1) return clauses[0];
  return (doc, details) => {
    for (const clause of clauses) if (!clause(doc, details)) return false;
    return true;
  };
}

function compileTopLevelOperator(operator: string, argument: unknown, context: CompileContext): Matcher | null {
  switch (operator) {
    case "$and":
    case "$or":
    case "$nor": {
      if (!Array.isArray(argument) || argument.length === 0) {
        throw badValue(`${operator} must be a nonempty array`);
      }
      const parts = argument.map((item) => {
        if (!isPlainObject(item)) throw badValue(`$or/$and/$nor entries need to be full objects`);
        return compileFilter(item, context);
      });
      if (operator === "$and") {
        return (doc, details) => {
          for (const part of parts) if (!part(doc, details)) return false;
          return true;
        };
      }
      if (operator === "$or") {
        return (doc, details) => {
          for (const part of parts) if (part(doc, details)) return true;
          return false;
        };
      }
      return (doc) => {
        for (const part of parts) if (part(doc)) return false;
        return true;
      };
    }
    case "$expr":
      return (doc) => isTruthy(evaluate(doc, argument, context.variables));
    case "$comment":
      return null;
    case "$alwaysTrue":
      return matchAll;
    case "$alwaysFalse":
      return () => false;
    case "$where":
      throw new ServerError(ErrorCode.BadValue, "$where is not allowed in this context");
    case "$text":
      throw new ServerError(27, "text index required for $text query");
    default:
      throw badValue(`unknown top level operator: ${operator}`);
  }
}

function isOperatorObject(value: unknown): value is Doc {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys[0].startsWith("$");
}

function compileFieldCondition(path: string, condition: unknown, context: CompileContext): Matcher {
  const parts = splitPath(path);
  if (isOperatorObject(condition)) return compileOperators(parts, condition, context);
  if (isRegexValue(condition)) return anyLeaf(parts, regexTest(condition), true);
  return anyLeaf(parts, equalityTest(condition, context.collation), true);
}

/** Matches when some value reached by the path (or an element of an array reached) passes the test. */
function anyLeaf(parts: readonly string[], test: ValueTest, expandArrays: boolean): Matcher {
  if (parts.length === 1 && expandArrays) {
    const field = parts[0];
    return (doc, details) => {
      const value = doc[field];
      if (test(value)) return true;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          if (test(value[i])) {
            if (details) details.position = i;
            return true;
          }
        }
      }
      return false;
    };
  }
  // The visitor is made once per compiled filter (not per document); matching is synchronous and a
  // matcher never re-enters itself, so the details of the current call can live in this variable.
  let current: MatchDetails | undefined;
  const visit = (value: unknown, arrayIndex: number | undefined): boolean => {
    if (test(value)) {
      if (current && arrayIndex !== undefined) current.position = arrayIndex;
      return true;
    }
    if (expandArrays && Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        if (test(value[i])) {
          if (current) current.position = arrayIndex ?? i;
          return true;
        }
      }
    }
    return false;
  };
  return (doc, details) => {
    current = details;
    return walkPath(doc, parts, 0, undefined, visit);
  };
}

function equalityTest(target: unknown, collation?: Collation | null): ValueTest {
  if (target === null || target === undefined) return (value) => value === null || value === undefined;
  if (collation && typeof target === "string")
    return (value) => typeof value === "string" && collation.compareStrings(value, target) === 0;
  switch (typeof target) {
    case "string":
    case "boolean":
      return (value) => value === target;
    case "number":
      if (!Number.isNaN(target)) {
        return (value) =>
          value === target ||
          ((typeof value === "bigint" || typeof value === "object") && isNumeric(value) && valuesEqual(value, target));
      }
  }
  return (value) => value !== undefined && valuesEqual(value, target);
}

function regexTest(pattern: unknown): ValueTest {
  const regex = toRegExp(pattern);
  return (value) => {
    if (typeof value === "string") {
      regex.lastIndex = 0;
      return regex.test(value);
    }
    if (isRegexValue(value)) return valuesEqual(value, pattern);
    if ((value as { _bsontype?: string } | null)?._bsontype === "BSONSymbol")
      return regex.test(String((value as { value: string }).value));
    return false;
  };
}

function comparisonTest(
  target: unknown,
  accept: (order: number) => boolean,
  inclusive: boolean,
  collation?: Collation | null,
): ValueTest {
  const rank = typeRank(target);
  if (collation && typeof target === "string")
    return (value) => typeof value === "string" && accept(collation.compareStrings(value, target));
  if (rank === TypeRank.Null) {
    return inclusive ? (value) => value === null || value === undefined : () => false;
  }
  if (rank === TypeRank.MinKey || rank === TypeRank.MaxKey) {
    return (value) => value !== undefined && accept(compareValues(value, target));
  }
  return (value) => value !== undefined && typeRank(value) === rank && accept(compareValues(value, target));
}

/** Lists at least this long of strings and ObjectIds only are looked up in a set, not tried one by one. */
const IN_SET_FROM = 16;

function inTest(list: unknown, collation?: Collation | null): ValueTest {
  if (!Array.isArray(list)) throw badValue("$in needs an array");
  if (
    !collation &&
    list.length >= IN_SET_FROM &&
    list.every((item) => typeof item === "string" || bsonTypeTag(item) === "ObjectId")
  ) {
    // A string equals only the same string and an ObjectId only the same id: their canonical keys say it.
    const keys = new Set(list.map(canonicalKey));
    return (value) => (typeof value === "string" || bsonTypeTag(value) === "ObjectId") && keys.has(canonicalKey(value));
  }
  const tests = list.map((item) => {
    if (isOperatorObject(item)) throw badValue("cannot nest $ under $in");
    return isRegexValue(item) ? regexTest(item) : equalityTest(item, collation);
  });
  return (value) => {
    for (const test of tests) if (test(value)) return true;
    return false;
  };
}

function typeTest(spec: unknown): { test: ValueTest; matchesArray: boolean } {
  const specs = Array.isArray(spec) ? spec : [spec];
  const names = new Set<string>();
  for (const item of specs) {
    if (typeof item === "string") {
      if (item !== "number" && !Object.values(TYPE_NUMBERS).includes(item))
        throw badValue(`Unknown type name alias: ${item}`);
      names.add(item);
    } else if (isNumeric(item)) {
      const name = TYPE_NUMBERS[toJsNumber(item)];
      if (!name) throw badValue(`Invalid numerical type code: ${String(item)}`);
      names.add(name);
    } else {
      throw badValue("type must be represented as a number or a string");
    }
  }
  const test: ValueTest = (value) => {
    if (value === undefined) return false;
    const alias = bsonTypeAlias(value);
    if (names.has(alias)) return true;
    return names.has("number") && isNumeric(value);
  };
  return { test, matchesArray: names.has("array") };
}

function modTest(argument: unknown): ValueTest {
  if (!Array.isArray(argument) || argument.length !== 2 || !isNumeric(argument[0]) || !isNumeric(argument[1])) {
    throw badValue("malformed mod, needs to be an array of two numbers");
  }
  const divisor = Math.trunc(toJsNumber(argument[0]));
  const remainder = Math.trunc(toJsNumber(argument[1]));
  if (divisor === 0) throw badValue("divisor cannot be 0");
  return (value) => isNumeric(value) && Math.trunc(toJsNumber(value)) % divisor === remainder;
}

function compileOperators(parts: readonly string[], spec: Doc, context: CompileContext): Matcher {
  const clauses: Matcher[] = [];
  const keys = Object.keys(spec);
  for (const operator of keys) {
    const argument = spec[operator];
    switch (operator) {
      case "$eq":
        clauses.push(anyLeaf(parts, equalityTest(argument, context.collation), true));
        break;
      case "$ne": {
        const positive = anyLeaf(parts, equalityTest(argument, context.collation), true);
        clauses.push((doc) => !positive(doc));
        break;
      }
      case "$gt":
        clauses.push(
          anyLeaf(
            parts,
            comparisonTest(argument, (order) => order > 0, false, context.collation),
            true,
          ),
        );
        break;
      case "$gte":
        clauses.push(
          anyLeaf(
            parts,
            comparisonTest(argument, (order) => order >= 0, true, context.collation),
            true,
          ),
        );
        break;
      case "$lt":
        clauses.push(
          anyLeaf(
            parts,
            comparisonTest(argument, (order) => order < 0, false, context.collation),
            true,
          ),
        );
        break;
      case "$lte":
        clauses.push(
          anyLeaf(
            parts,
            comparisonTest(argument, (order) => order <= 0, true, context.collation),
            true,
          ),
        );
        break;
      case "$in":
        clauses.push(anyLeaf(parts, inTest(argument, context.collation), true));
        break;
      case "$nin": {
        const positive = anyLeaf(parts, inTest(argument, context.collation), true);
        clauses.push((doc) => !positive(doc));
        break;
      }
      case "$exists": {
        const exists = anyLeaf(parts, (value) => value !== undefined, false);
        clauses.push(isTruthy(argument) ? exists : (doc) => !exists(doc));
        break;
      }
      case "$type": {
        const { test, matchesArray } = typeTest(argument);
        const elements = anyLeaf(parts, test, true);
        const isArrayLeaf = anyLeaf(parts, Array.isArray, false);
        clauses.push(matchesArray ? (doc, details) => isArrayLeaf(doc, details) || elements(doc, details) : elements);
        break;
      }
      case "$regex": {
        const options = spec.$options;
        if (options !== undefined && typeof options !== "string") throw badValue("$options has to be a string");
        let regex: RegExp;
        if (typeof argument === "string") regex = makeRegExp(argument, (options as string | undefined) ?? "");
        else if (isRegexValue(argument)) {
          const base = toRegExp(argument);
          regex = options ? makeRegExp(base.source, `${base.flags}${options as string}`) : base;
        } else throw badValue("$regex has to be a string");
        clauses.push(anyLeaf(parts, regexTest(regex), true));
        break;
      }
      case "$options":
        if (!("$regex" in spec)) throw badValue("$options needs a $regex");
        break;
      case "$size": {
        if (!isNumeric(argument) || !Number.isInteger(toJsNumber(argument))) throw badValue("$size needs a number");
        const size = toJsNumber(argument);
        clauses.push(anyLeaf(parts, (value) => Array.isArray(value) && value.length === size, false));
        break;
      }
      case "$all":
        clauses.push(compileAll(parts, argument, context));
        break;
      case "$elemMatch":
        clauses.push(compileElemMatch(parts, argument, context));
        break;
      case "$not": {
        let positive: Matcher;
        if (isRegexValue(argument)) positive = anyLeaf(parts, regexTest(argument), true);
        else if (isOperatorObject(argument)) positive = compileOperators(parts, argument, context);
        else throw badValue("$not needs a regex or a document");
        clauses.push((doc) => !positive(doc));
        break;
      }
      case "$mod":
        clauses.push(anyLeaf(parts, modTest(argument), true));
        break;
      case "$comment":
        break;
      default:
        throw badValue(`unknown operator: ${operator}`);
    }
  }
  if (clauses.length === 1) return clauses[0];
  return (doc, details) => {
    for (const clause of clauses) if (!clause(doc, details)) return false;
    return true;
  };
}

function compileAll(parts: readonly string[], argument: unknown, context: CompileContext): Matcher {
  if (!Array.isArray(argument)) throw badValue("$all needs an array");
  if (argument.length === 0) return () => false;
  const clauses = argument.map((item) => {
    if (isPlainObject(item) && "$elemMatch" in item) return compileElemMatch(parts, item.$elemMatch, context);
    if (isOperatorObject(item)) throw badValue("no $ expressions in $all");
    return anyLeaf(parts, isRegexValue(item) ? regexTest(item) : equalityTest(item), true);
  });
  return (doc, details) => {
    for (const clause of clauses) if (!clause(doc, details)) return false;
    return true;
  };
}

function compileElemMatch(parts: readonly string[], argument: unknown, context: CompileContext): Matcher {
  if (!isPlainObject(argument)) throw badValue("$elemMatch needs an Object");
  const keys = Object.keys(argument);
  const isValueMatch =
    keys.length > 0 &&
    keys.every((key) => key.startsWith("$") && key !== "$and" && key !== "$or" && key !== "$nor" && key !== "$expr");
  let elementTest: (element: unknown) => boolean;
  if (isValueMatch) {
    const valueMatcher = compileOperators(["v"], argument, context);
    elementTest = (element) => valueMatcher({ v: element });
  } else {
    const documentMatcher = compileFilter(argument, context);
    elementTest = (element) => isPlainObject(element) && documentMatcher(element);
  }
  let current: MatchDetails | undefined;
  const visit = (value: unknown, arrayIndex: number | undefined): boolean => {
    if (!Array.isArray(value)) return false;
    for (let i = 0; i < value.length; i++) {
      if (elementTest(value[i])) {
        if (current) current.position = arrayIndex ?? i;
        return true;
      }
    }
    return false;
  };
  return (doc, details) => {
    current = details;
    return walkPath(doc, parts, 0, undefined, visit);
  };
}
