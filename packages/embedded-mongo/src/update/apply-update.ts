import { Long, ObjectId, Timestamp } from "bson";
import { addNumeric, multiplyNumeric, toJsNumber, zeroLike } from "../bson/arithmetic";
import {
  bsonTypeAlias,
  cloneDocument,
  compareValues,
  type Doc,
  formatValue,
  isNumeric,
  isPlainObject,
  valuesEqual,
} from "../bson/values";
import { badValue, ErrorCode, ServerError } from "../errors";
import { compileFilter, type Matcher } from "../query/matcher";
import { isArrayIndex } from "../query/paths";
import { parseSort, compareBySort } from "../query/sort";

export interface UpdateOptions {
  /** Array position matched by the query, for the positional `$` operator. */
  position?: number;
  arrayFilters?: unknown[];
  /** True when the update creates the document of an upsert ($setOnInsert applies). */
  isInsert: boolean;
}

const OPERATORS = new Set([
  "$set",
  "$unset",
  "$inc",
  "$mul",
  "$min",
  "$max",
  "$rename",
  "$push",
  "$addToSet",
  "$pop",
  "$pull",
  "$pullAll",
  "$setOnInsert",
  "$currentDate",
  "$bit",
]);

export function isOperatorUpdate(update: Doc): boolean {
  const keys = Object.keys(update);
  return keys.length > 0 && keys[0].startsWith("$");
}

interface Entry {
  operator: string;
  path: string;
  parts: string[];
  argument: unknown;
}

type Container = Doc | unknown[];

interface Target {
  parent: Container;
  key: string;
  path: string;
}

interface ArrayFilter {
  identifier: string;
  matcher: Matcher;
}

function parseArrayFilters(filters: unknown[] | undefined): Map<string, ArrayFilter> {
  const result = new Map<string, ArrayFilter>();
  for (const filter of filters ?? []) {
    if (!isPlainObject(filter)) throw badValue("arrayFilters must be an array of objects");
    const identifiers = new Set<string>();
    const collect = (spec: Doc) => {
      for (const key of Object.keys(spec)) {
        if (key === "$and" || key === "$or" || key === "$nor") {
          for (const part of (spec[key] as Doc[]) ?? []) collect(part);
        } else if (!key.startsWith("$")) {
          identifiers.add(key.split(".")[0]);
        }
      }
    };
    collect(filter);
    if (identifiers.size !== 1) {
      throw new ServerError(ErrorCode.FailedToParse, "Each array filter must use a single top-level field name");
    }
    const [identifier] = identifiers;
    if (!/^[a-z][a-zA-Z0-9]*$/.test(identifier)) {
      throw badValue(
        `The top-level field name must be an alphanumeric string beginning with a lowercase letter, found '${identifier}'`,
      );
    }
    if (result.has(identifier)) {
      throw new ServerError(
        ErrorCode.FailedToParse,
        `Found multiple array filters with the same top-level field name ${identifier}`,
      );
    }
    result.set(identifier, { identifier, matcher: compileFilter(filter) });
  }
  return result;
}

function collectEntries(update: Doc): Entry[] {
  const entries: Entry[] = [];
  for (const operator of Object.keys(update)) {
    if (!OPERATORS.has(operator)) {
      throw new ServerError(
        ErrorCode.FailedToParse,
        `Unknown modifier: ${operator}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
    const fields = update[operator];
    if (!isPlainObject(fields)) {
      throw new ServerError(
        ErrorCode.FailedToParse,
        `Modifiers operate on fields but we found type ${bsonTypeAlias(fields)} instead. For example: {$mod: {<field>: ...}} not {${operator}: ${formatValue(fields)}}`,
      );
    }
    for (const path of Object.keys(fields)) {
      if (path === "" || path.startsWith(".") || path.endsWith(".") || path.includes("..")) {
        throw new ServerError(56, `An empty update path is not valid.`);
      }
      entries.push({ operator, path, parts: path.split("."), argument: fields[path] });
      if (operator === "$rename") {
        const target = fields[path];
        if (typeof target !== "string")
          throw badValue(`The 'to' field for $rename must be a string: ${path}: ${formatValue(target)}`);
        if (target === path)
          throw badValue(`The source and target field for $rename must differ: ${path}: "${target}"`);
      }
    }
  }
  return entries;
}

function isPrefix(a: string[], b: string[]): boolean {
  if (a.length > b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function checkConflicts(entries: Entry[]): void {
  const paths: string[][] = [];
  for (const entry of entries) {
    paths.push(entry.parts);
    if (entry.operator === "$rename") paths.push((entry.argument as string).split("."));
  }
  for (let i = 0; i < paths.length; i++) {
    for (let j = i + 1; j < paths.length; j++) {
      if (isPrefix(paths[i], paths[j]) || isPrefix(paths[j], paths[i])) {
        const shorter = paths[i].length <= paths[j].length ? paths[i] : paths[j];
        const longer = shorter === paths[i] ? paths[j] : paths[i];
        throw new ServerError(
          ErrorCode.ConflictingUpdateOperators,
          `Updating the path '${longer.join(".")}' would create a conflict at '${shorter.join(".")}'`,
        );
      }
    }
  }
}

class Updater {
  private readonly arrayFilters: Map<string, ArrayFilter>;
  private readonly now = new Date();

  constructor(
    private readonly root: Doc,
    private readonly options: UpdateOptions,
  ) {
    this.arrayFilters = parseArrayFilters(options.arrayFilters);
  }

  checkFiltersUsed(entries: Entry[]): void {
    for (const identifier of this.arrayFilters.keys()) {
      const used = entries.some((entry) => entry.parts.includes(`$[${identifier}]`));
      if (!used) {
        throw new ServerError(
          ErrorCode.FailedToParse,
          `The array filter for identifier '${identifier}' was not used in the update`,
        );
      }
    }
  }

  /** Finds (or, when `create`, makes) the containers addressed by a path with positional parts expanded. */
  targets(parts: string[], create: boolean): Target[] {
    let current: Array<{ value: unknown; path: string }> = [{ value: this.root, path: "" }];
    for (let i = 0; i < parts.length - 1; i++) {
      const next: Array<{ value: unknown; path: string }> = [];
      for (const { value, path } of current) {
        for (const key of this.expand(value, parts[i], path)) {
          const container = value as Container;
          const childPath = path ? `${path}.${key}` : key;
          let child = Array.isArray(container) ? container[Number(key)] : (container as Doc)[key];
          if (child === undefined || child === null) {
            if (!create) continue;
            if (child === null && !Array.isArray(container)) {
              throw new ServerError(
                ErrorCode.PathNotViable,
                `Cannot create field '${parts[i + 1]}' in element {${key}: null}`,
              );
            }
            child = {};
            this.setChild(container, key, child);
          }
          if (!isPlainObject(child) && !Array.isArray(child)) {
            if (!create) continue;
            throw new ServerError(
              ErrorCode.PathNotViable,
              `Cannot create field '${parts[i + 1]}' in element {${key}: ${formatValue(child)}}`,
            );
          }
          next.push({ value: child, path: childPath });
        }
      }
      current = next;
    }
    const last = parts[parts.length - 1];
    const targets: Target[] = [];
    for (const { value, path } of current) {
      for (const key of this.expand(value, last, path)) {
        targets.push({ parent: value as Container, key, path: path ? `${path}.${key}` : key });
      }
    }
    return targets;
  }

  private expand(container: unknown, part: string, path: string): string[] {
    if (part === "$") {
      if (!Array.isArray(container)) {
        throw badValue(`The positional operator did not find the match needed from the query.`);
      }
      const position = this.options.position;
      if (position === undefined)
        throw badValue("The positional operator did not find the match needed from the query.");
      return [String(position)];
    }
    if (part.startsWith("$[")) {
      if (!Array.isArray(container)) {
        throw badValue(`The path '${path}' must exist in the document in order to apply array updates.`);
      }
      if (part === "$[]") return container.map((_, index) => String(index));
      const identifier = part.slice(2, -1);
      const filter = this.arrayFilters.get(identifier);
      if (!filter) throw badValue(`No array filter found for identifier '${identifier}' in path '${path}'`);
      const keys: string[] = [];
      container.forEach((element, index) => {
        if (filter.matcher({ [identifier]: element })) keys.push(String(index));
      });
      return keys;
    }
    if (Array.isArray(container)) {
      if (!isArrayIndex(part)) {
        throw new ServerError(
          ErrorCode.PathNotViable,
          `Cannot create field '${part}' in element {${path.split(".").pop()}: ${formatValue(container)}}`,
        );
      }
      return [part];
    }
    if (isPlainObject(container)) return [part];
    return [];
  }

  private setChild(container: Container, key: string, value: unknown): void {
    if (Array.isArray(container)) {
      const index = Number(key);
      while (container.length < index) container.push(null);
      container[index] = value;
    } else {
      container[key] = value;
    }
  }

  private get(target: Target): unknown {
    return Array.isArray(target.parent) ? target.parent[Number(target.key)] : (target.parent as Doc)[target.key];
  }

  private set(target: Target, value: unknown): void {
    this.setChild(target.parent, target.key, value);
  }

  private unset(target: Target): void {
    if (Array.isArray(target.parent)) {
      const index = Number(target.key);
      if (index < target.parent.length) target.parent[index] = null;
    } else {
      delete (target.parent as Doc)[target.key];
    }
  }

  apply(entry: Entry): void {
    switch (entry.operator) {
      case "$set":
        for (const target of this.targets(entry.parts, true)) this.set(target, cloneDocument(entry.argument));
        return;
      case "$setOnInsert":
        if (this.options.isInsert) {
          for (const target of this.targets(entry.parts, true)) this.set(target, cloneDocument(entry.argument));
        }
        return;
      case "$unset":
        for (const target of this.targets(entry.parts, false)) this.unset(target);
        return;
      case "$inc":
      case "$mul":
        this.arithmetic(entry);
        return;
      case "$min":
      case "$max":
        for (const target of this.targets(entry.parts, true)) {
          const current = this.get(target);
          const order = current === undefined ? 0 : compareValues(entry.argument, current);
          if (current === undefined || (entry.operator === "$min" ? order < 0 : order > 0)) {
            this.set(target, cloneDocument(entry.argument));
          }
        }
        return;
      case "$currentDate":
        this.currentDate(entry);
        return;
      case "$rename":
        this.rename(entry);
        return;
      case "$push":
        this.push(entry);
        return;
      case "$addToSet":
        this.addToSet(entry);
        return;
      case "$pop":
        this.pop(entry);
        return;
      case "$pull":
      case "$pullAll":
        this.pull(entry);
        return;
      case "$bit":
        this.bit(entry);
        return;
    }
  }

  private arithmetic(entry: Entry): void {
    const argument = entry.argument;
    const verb = entry.operator === "$inc" ? "increment" : "multiply";
    if (!isNumeric(argument)) {
      throw new ServerError(
        ErrorCode.TypeMismatch,
        `Cannot ${verb} with non-numeric argument: {${entry.path}: ${formatValue(argument)}}`,
      );
    }
    for (const target of this.targets(entry.parts, true)) {
      const current = this.get(target);
      if (current === undefined) {
        this.set(target, entry.operator === "$inc" ? argument : zeroLike(argument));
      } else if (isNumeric(current)) {
        this.set(
          target,
          entry.operator === "$inc" ? addNumeric(current, argument) : multiplyNumeric(current, argument),
        );
      } else {
        throw new ServerError(
          ErrorCode.TypeMismatch,
          `Cannot apply ${entry.operator} to a value of non-numeric type. {_id: ${formatValue(this.root._id)}} has the field '${target.key}' of non-numeric type ${bsonTypeAlias(current)}`,
        );
      }
    }
  }

  private currentDate(entry: Entry): void {
    const spec = entry.argument;
    let useTimestamp = false;
    if (isPlainObject(spec)) {
      if (spec.$type === "timestamp") useTimestamp = true;
      else if (spec.$type !== "date")
        throw badValue("The '$type' string field is required to be 'date' or 'timestamp'");
    } else if (typeof spec !== "boolean") {
      throw badValue(
        `${entry.path} is not valid type for $currentDate. Please use a boolean ('true') or a $type expression ({$type: 'timestamp/date'}).`,
      );
    }
    const value = useTimestamp
      ? new Timestamp(Long.fromBits(1, Math.floor(this.now.getTime() / 1000), true))
      : new Date(this.now.getTime());
    for (const target of this.targets(entry.parts, true)) this.set(target, value);
  }

  private rename(entry: Entry): void {
    const sources = this.targets(entry.parts, false);
    if (sources.some((source) => Array.isArray(source.parent))) {
      throw badValue(
        `The source field cannot be an array element, '${entry.path}' in doc with _id: ${formatValue(this.root._id)} has an array field called '${entry.path}'`,
      );
    }
    const source = sources[0];
    if (!source) return;
    const value = this.get(source);
    if (value === undefined) return;
    this.unset(source);
    const destinations = this.targets((entry.argument as string).split("."), true);
    for (const destination of destinations) {
      if (Array.isArray(destination.parent)) {
        throw badValue(`The destination field cannot be an array element, '${entry.argument as string}'`);
      }
      this.set(destination, value);
    }
  }

  private arrayAt(target: Target): unknown[] | undefined {
    const current = this.get(target);
    if (current === undefined) return undefined;
    if (!Array.isArray(current)) {
      throw badValue(
        `The field '${target.path}' must be an array but is of type ${bsonTypeAlias(current)} in document {_id: ${formatValue(this.root._id)}}`,
      );
    }
    return current;
  }

  private push(entry: Entry): void {
    const spec = entry.argument;
    let values: unknown[] = [spec];
    let position: number | undefined;
    let slice: number | undefined;
    let sort: unknown;
    if (isPlainObject(spec) && "$each" in spec) {
      if (!Array.isArray(spec.$each))
        throw badValue(
          `The argument to $each in $push must be an array but it was of type: ${bsonTypeAlias(spec.$each)}`,
        );
      values = spec.$each;
      for (const key of Object.keys(spec)) {
        if (!["$each", "$slice", "$sort", "$position"].includes(key))
          throw badValue(`Unrecognized clause in $push: ${key}`);
      }
      if (spec.$position !== undefined) {
        if (!isNumeric(spec.$position)) throw badValue("The value for $position must be an integer value");
        position = toJsNumber(spec.$position);
      }
      if (spec.$slice !== undefined) {
        if (!isNumeric(spec.$slice)) throw badValue("The value for $slice must be an integer value");
        slice = toJsNumber(spec.$slice);
      }
      sort = spec.$sort;
    }
    for (const target of this.targets(entry.parts, true)) {
      const array = [...(this.arrayAt(target) ?? [])];
      const items = values.map((value) => cloneDocument(value));
      if (position === undefined) array.push(...items);
      else {
        const index = position < 0 ? Math.max(0, array.length + position) : Math.min(position, array.length);
        array.splice(index, 0, ...items);
      }
      if (sort !== undefined) sortArray(array, sort);
      let result = array;
      if (slice !== undefined)
        result = slice >= 0 ? array.slice(0, slice) : array.slice(Math.max(0, array.length + slice));
      this.set(target, result);
    }
  }

  private addToSet(entry: Entry): void {
    const spec = entry.argument;
    let values: unknown[] = [spec];
    if (isPlainObject(spec) && "$each" in spec) {
      if (!Array.isArray(spec.$each))
        throw badValue(
          `The argument to $each in $addToSet must be an array but it was of type ${bsonTypeAlias(spec.$each)}`,
        );
      values = spec.$each;
    }
    for (const target of this.targets(entry.parts, true)) {
      const array = [...(this.arrayAt(target) ?? [])];
      for (const value of values) {
        if (!array.some((existing) => valuesEqual(existing, value))) array.push(cloneDocument(value));
      }
      this.set(target, array);
    }
  }

  private pop(entry: Entry): void {
    const direction = isNumeric(entry.argument) ? toJsNumber(entry.argument) : Number.NaN;
    if (direction !== 1 && direction !== -1)
      throw badValue(`$pop expects 1 or -1, found: ${formatValue(entry.argument)}`);
    for (const target of this.targets(entry.parts, false)) {
      const array = this.arrayAt(target);
      if (!array || array.length === 0) continue;
      this.set(target, direction === 1 ? array.slice(0, -1) : array.slice(1));
    }
  }

  private pull(entry: Entry): void {
    let matches: (element: unknown) => boolean;
    if (entry.operator === "$pullAll") {
      if (!Array.isArray(entry.argument))
        throw badValue(`$pullAll requires an array argument but was given a ${bsonTypeAlias(entry.argument)}`);
      const list = entry.argument;
      matches = (element) => list.some((value) => valuesEqual(element, value));
    } else {
      matches = pullCondition(entry.argument);
    }
    for (const target of this.targets(entry.parts, false)) {
      const current = this.get(target);
      if (current === undefined) continue;
      if (!Array.isArray(current)) throw badValue("Cannot apply $pull to a non-array value");
      const kept = current.filter((element) => !matches(element));
      if (kept.length !== current.length) this.set(target, kept);
    }
  }

  private bit(entry: Entry): void {
    if (!isPlainObject(entry.argument))
      throw badValue("The $bit modifier is not compatible with a non-object argument");
    for (const target of this.targets(entry.parts, true)) {
      let current: unknown = this.get(target) ?? 0;
      if (typeof current !== "number" && typeof current !== "bigint") {
        throw badValue(`Cannot apply $bit to a value of non-integral type`);
      }
      for (const [operation, operand] of Object.entries(entry.argument)) {
        if (typeof operand !== "number" && typeof operand !== "bigint")
          throw badValue("$bit operand must be an integer");
        const wide = typeof current === "bigint" || typeof operand === "bigint";
        const left = wide ? BigInt(current as number | bigint) : (current as number);
        const right = wide ? BigInt(operand) : (operand as number);
        if (operation === "and")
          current = wide ? (left as bigint) & (right as bigint) : (left as number) & (right as number);
        else if (operation === "or")
          current = wide ? (left as bigint) | (right as bigint) : (left as number) | (right as number);
        else if (operation === "xor")
          current = wide ? (left as bigint) ^ (right as bigint) : (left as number) ^ (right as number);
        else throw badValue(`The $bit modifier only supports 'and', 'or', and 'xor', not '${operation}'`);
      }
      this.set(target, current);
    }
  }
}

function pullCondition(condition: unknown): (element: unknown) => boolean {
  if (isPlainObject(condition) && Object.keys(condition).length > 0) {
    const keys = Object.keys(condition);
    const valueOperators = keys.every((key) => key.startsWith("$") && !["$and", "$or", "$nor", "$expr"].includes(key));
    if (valueOperators) {
      const matcher = compileFilter({ value: condition });
      return (element) => matcher({ value: element });
    }
    const matcher = compileFilter(condition);
    return (element) => isPlainObject(element) && matcher(element);
  }
  return (element) => valuesEqual(element, condition);
}

function sortArray(array: unknown[], spec: unknown): void {
  if (isNumeric(spec)) {
    const direction = toJsNumber(spec);
    if (direction !== 1 && direction !== -1) throw badValue("The $sort element value must be either 1 or -1");
    array.sort((a, b) => compareValues(a, b) * direction);
    return;
  }
  if (!isPlainObject(spec))
    throw badValue("The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields");
  const compare = compareBySort(parseSort(spec));
  array.sort((a, b) => compare(isPlainObject(a) ? a : {}, isPlainObject(b) ? b : {}));
}

/** Applies update operators to a copy of `doc` and returns the copy (the input is never changed). */
export function applyUpdateOperators(doc: Doc, update: Doc, options: UpdateOptions): Doc {
  const entries = collectEntries(update);
  checkConflicts(entries);
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const result = cloneDocument(doc);
  const updater = new Updater(result, options);
  updater.checkFiltersUsed(entries);
  for (const entry of entries) updater.apply(entry);
  if (doc._id !== undefined && !valuesEqual(result._id, doc._id)) {
    throw new ServerError(
      ErrorCode.ImmutableField,
      "Performing an update on the path '_id' would modify the immutable field '_id'",
    );
  }
  return keepIdFirst(result);
}

/** A replacement keeps the original _id; changing it is an ImmutableField error. */
export function applyReplacement(doc: Doc, replacement: Doc): Doc {
  for (const key of Object.keys(replacement)) {
    if (key.startsWith("$"))
      throw new ServerError(
        ErrorCode.DollarPrefixedFieldName,
        `The dollar ($) prefixed field '${key}' in '${key}' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.`,
      );
  }
  if (replacement._id !== undefined && doc._id !== undefined && !valuesEqual(replacement._id, doc._id)) {
    throw new ServerError(
      ErrorCode.ImmutableField,
      `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${formatValue(replacement._id)}`,
    );
  }
  const result: Doc = {};
  if (doc._id !== undefined) result._id = doc._id;
  for (const key of Object.keys(replacement))
    if (key !== "_id" || doc._id === undefined) result[key] = cloneDocument(replacement[key]);
  return keepIdFirst(result);
}

export function keepIdFirst(doc: Doc): Doc {
  const keys = Object.keys(doc);
  if (keys.length === 0 || keys[0] === "_id" || !("_id" in doc)) return doc;
  const ordered: Doc = { _id: doc._id };
  for (const key of keys) if (key !== "_id") ordered[key] = doc[key];
  return ordered;
}

/** The document an upsert starts from: the equality conditions of its query. */
export function seedFromQuery(filter: Doc | undefined): Doc {
  const seed: Doc = {};
  const visit = (spec: Doc) => {
    for (const key of Object.keys(spec)) {
      const condition = spec[key];
      if (key === "$and" && Array.isArray(condition)) {
        for (const part of condition) if (isPlainObject(part)) visit(part);
        continue;
      }
      if (key.startsWith("$")) continue;
      let value: unknown;
      if (isPlainObject(condition) && Object.keys(condition)[0]?.startsWith("$")) {
        if (!("$eq" in condition)) continue;
        value = condition.$eq;
      } else {
        value = condition;
      }
      if (value instanceof RegExp) continue;
      setPath(seed, key.split("."), cloneDocument(value));
    }
  };
  if (filter) visit(filter);
  return seed;
}

function setPath(doc: Doc, parts: string[], value: unknown): void {
  let current = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = current[parts[i]];
    if (!isPlainObject(next)) current[parts[i]] = {};
    current = current[parts[i]] as Doc;
  }
  current[parts[parts.length - 1]] = value;
}

/** Adds an ObjectId _id (first) when a new document has none. */
export function ensureId(doc: Doc): Doc {
  if (doc._id !== undefined) return keepIdFirst(doc);
  return { _id: new ObjectId(), ...doc };
}
