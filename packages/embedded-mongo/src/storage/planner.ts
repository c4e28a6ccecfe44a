import { canonicalKey, type Doc, isPlainObject, isRegexValue, typeRank, TypeRank } from "../bson/values";
import type { SortField } from "../query/sort";
import { type Collection, idKeyOf } from "./collection";
import { type IndexInstance, KeyBound } from "./index-instance";

/** What a filter says about one field that an index can use. */
interface FieldBounds {
  equals: unknown[] | null;
  low?: { value: unknown; inclusive: boolean };
  high?: { value: unknown; inclusive: boolean };
}

export interface QueryPlan {
  /** Candidate document ids (a superset of the matches), possibly with repeats. */
  ids: Iterable<string>;
  /** True when `ids` come in the order the requested sort asks for. */
  ordered: boolean;
  index: string;
  /** The filter names every candidate by _id equality (no index scan). */
  byIds?: true;
}

const MAX_INTERVALS = 2_000;

function usableEqualityValue(value: unknown): boolean {
  if (Array.isArray(value) || isRegexValue(value)) return false;
  if (isPlainObject(value)) return Object.keys(value).length === 0 || !Object.keys(value)[0].startsWith("$");
  return true;
}

function usableRangeValue(value: unknown): boolean {
  const rank = typeRank(value);
  return (
    rank !== TypeRank.Null &&
    rank !== TypeRank.MinKey &&
    rank !== TypeRank.MaxKey &&
    rank !== TypeRank.Array &&
    rank !== TypeRank.Object &&
    !isRegexValue(value)
  );
}

/** Collects index-usable conditions from the top level of a filter (and its $and clauses). */
export function extractBounds(filter: Doc | undefined): Map<string, FieldBounds> {
  const bounds = new Map<string, FieldBounds>();
  const boundsFor = (path: string) => {
    let entry = bounds.get(path);
    if (!entry) {
      entry = { equals: null };
      bounds.set(path, entry);
    }
    return entry;
  };
  const visit = (spec: Doc) => {
    for (const key of Object.keys(spec)) {
      const condition = spec[key];
      if (key === "$and" && Array.isArray(condition)) {
        for (const part of condition) if (isPlainObject(part)) visit(part);
        continue;
      }
      if (key.startsWith("$")) continue;
      const isOperators =
        isPlainObject(condition) && Object.keys(condition).length > 0 && Object.keys(condition)[0].startsWith("$");
      if (!isOperators) {
        if (usableEqualityValue(condition)) boundsFor(key).equals = [condition];
        continue;
      }
      const operators = condition as Doc;
      for (const operator of Object.keys(operators)) {
        const value = operators[operator];
        switch (operator) {
          case "$eq":
            if (usableEqualityValue(value)) boundsFor(key).equals = [value];
            break;
          case "$in":
            if (Array.isArray(value) && value.length > 0 && value.every(usableEqualityValue)) {
              const entry = boundsFor(key);
              if (!entry.equals) entry.equals = value;
            }
            break;
          case "$gt":
          case "$gte":
            if (usableRangeValue(value)) boundsFor(key).low = { value, inclusive: operator === "$gte" };
            break;
          case "$lt":
          case "$lte":
            if (usableRangeValue(value)) boundsFor(key).high = { value, inclusive: operator === "$lte" };
            break;
          default:
            break;
        }
      }
    }
  };
  if (filter) visit(filter);
  return bounds;
}

interface Candidate {
  index: IndexInstance;
  equalityFields: number;
  range: FieldBounds | null;
  score: number;
}

function evaluateIndex(index: IndexInstance, bounds: Map<string, FieldBounds>): Candidate | null {
  if (!index.isPlainIndex || index.spec.hidden) return null;
  let equalityFields = 0;
  let range: FieldBounds | null = null;
  for (const field of index.fields) {
    const entry = bounds.get(field.path);
    if (entry?.equals) {
      equalityFields += 1;
      continue;
    }
    if (entry && (entry.low || entry.high)) range = entry;
    break;
  }
  if (equalityFields === 0 && !range) return null;
  const fullyEqual = equalityFields === index.fields.length;
  const score =
    equalityFields * 10 + (range ? 5 : 0) + (fullyEqual && index.unique ? 3 : 0) - index.fields.length * 0.1;
  return { index, equalityFields, range, score };
}

/**
 * Among indexes that bound the same fields, the one already in the requested order wins: the read can
 * stop at its limit instead of fetching and sorting every match (MongoDB's plan ranking rewards the same,
 * a plan without a blocking sort). Smaller than a bound field's weight, so it only breaks such ties.
 */
const SORT_BONUS = 2;

function yieldsSortInOneInterval(
  candidate: Candidate,
  bounds: Map<string, FieldBounds>,
  sort: readonly SortField[],
): boolean {
  const leading = candidate.index.fields.slice(0, candidate.equalityFields);
  if (leading.some((field) => bounds.get(field.path)!.equals!.length !== 1)) return false;
  const fixed = new Set(leading.map((field) => field.path));
  return sortDirection(candidate.index, candidate.equalityFields, sort, fixed) !== null;
}

/** Whether scanning `index` (after `equalityFields` fixed fields) yields the requested sort order. */
function sortDirection(
  index: IndexInstance,
  equalityFields: number,
  sort: readonly SortField[],
  fixed: Set<string>,
): 1 | -1 | null {
  if (index.multikey) return null;
  const remaining = sort.filter((field) => !fixed.has(field.path));
  if (remaining.length === 0) return 1;
  let direction: 1 | -1 | null = null;
  for (let i = 0; i < remaining.length; i++) {
    const field = index.fields[equalityFields + i];
    if (!field || field.path !== remaining[i].path) return null;
    const relative = (field.direction * remaining[i].direction) as 1 | -1;
    if (direction === null) direction = relative;
    else if (direction !== relative) return null;
  }
  return direction;
}

interface Interval {
  start: unknown[];
  end: unknown[];
  startInclusive: boolean;
  endInclusive: boolean;
}

function buildIntervals(candidate: Candidate, bounds: Map<string, FieldBounds>): Interval[] | null {
  const { index, equalityFields, range } = candidate;
  let prefixes: unknown[][] = [[]];
  for (let i = 0; i < equalityFields; i++) {
    const values = bounds.get(index.fields[i].path)!.equals!;
    const unique = new Map<string, unknown>();
    for (const value of values) unique.set(canonicalKey(value), value);
    const next: unknown[][] = [];
    for (const prefix of prefixes) for (const value of unique.values()) next.push([...prefix, value]);
    if (next.length > MAX_INTERVALS) return null;
    prefixes = next;
  }
  if (!range) {
    return prefixes.map((prefix) => ({ start: prefix, end: prefix, startInclusive: true, endInclusive: true }));
  }
  const field = index.fields[equalityFields];
  const low = range.low;
  let high = range.high;
  if (low && high && typeRank(low.value) !== typeRank(high.value)) high = undefined;
  // On arrays each bound may be met by a different element ({a: [1, 20]} matches $gt 5 and $lt 10),
  // so a multikey index can only be bounded on one side.
  if (low && high && index.multikey) high = undefined;
  const lowValue = low ? low.value : new KeyBound(typeRank(high!.value), false);
  const highValue = high ? high.value : new KeyBound(typeRank(low!.value), true);
  const lowInclusive = low ? low.inclusive : true;
  const highInclusive = high ? high.inclusive : true;
  return prefixes.map((prefix) =>
    field.direction === 1
      ? {
          start: [...prefix, lowValue],
          end: [...prefix, highValue],
          startInclusive: lowInclusive,
          endInclusive: highInclusive,
        }
      : {
          start: [...prefix, highValue],
          end: [...prefix, lowValue],
          startInclusive: highInclusive,
          endInclusive: lowInclusive,
        },
  );
}

function* scanIntervals(index: IndexInstance, intervals: Interval[], reverse: boolean): Generator<string> {
  const ordered = reverse ? [...intervals].reverse() : intervals;
  for (const interval of ordered) yield* index.entries.scan(interval, reverse);
}

function* unique(ids: Iterable<string>): Generator<string> {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) continue;
    seen.add(id);
    yield id;
  }
}

function allEntries(index: IndexInstance, reverse: boolean): Iterable<string> {
  return index.entries.all(reverse);
}

/**
 * Chooses an index for a filter (equality on leading fields, then one range) or, failing that, for the
 * sort. Returns null when the collection has to be scanned.
 */
export function planQuery(
  collection: Collection,
  filter: Doc | undefined,
  sort: readonly SortField[],
): QueryPlan | null {
  const bounds = extractBounds(filter);
  const idBounds = bounds.get("_id");
  if (idBounds?.equals && idBounds.equals.length <= MAX_INTERVALS) {
    // Ids that do not exist are skipped when read (a transaction may still see them in its snapshot).
    const ids = [...new Set(idBounds.equals.map(idKeyOf))];
    return { ids, ordered: ids.length <= 1, index: "_id_", byIds: true };
  }
  let best: Candidate | null = null;
  for (const index of collection.indexes.values()) {
    const candidate = evaluateIndex(index, bounds);
    if (candidate && sort.length > 0 && yieldsSortInOneInterval(candidate, bounds, sort)) candidate.score += SORT_BONUS;
    if (candidate && (!best || candidate.score > best.score)) best = candidate;
  }
  if (best) {
    const intervals = buildIntervals(best, bounds);
    if (intervals) {
      const fixed = new Set(best.index.fields.slice(0, best.equalityFields).map((field) => field.path));
      const direction =
        intervals.length === 1 || sort.length === 0
          ? sortDirection(best.index, best.equalityFields, sort, fixed)
          : null;
      const ids = scanIntervals(best.index, intervals, direction === -1);
      return {
        ids: best.index.multikey || intervals.length > 1 ? unique(ids) : ids,
        ordered: sort.length === 0 || direction !== null,
        index: best.index.name,
      };
    }
  }
  if (sort.length > 0) {
    for (const index of collection.indexes.values()) {
      if (!index.isPlainIndex || index.spec.hidden) continue;
      const direction = sortDirection(index, 0, sort, new Set());
      if (direction !== null) return { ids: allEntries(index, direction === -1), ordered: true, index: index.name };
    }
  }
  return null;
}
