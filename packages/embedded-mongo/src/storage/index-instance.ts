import { toJsNumber } from "../bson/arithmetic";
import { canonicalKey, compareValues, type Doc, formatValue, isNumeric, isPlainObject, typeRank } from "../bson/values";
import { ErrorCode, ServerError } from "../errors";
import { compileFilter, type Matcher } from "../query/matcher";
import { gatherLeafValues, type GatherState, splitPath } from "../query/paths";
import { SortedEntries } from "./sorted-entries";

export interface IndexField {
  path: string;
  parts: readonly string[];
  direction: 1 | -1;
}

export interface IndexEntry {
  key: unknown[];
  id: string;
}

/** A range of index keys: `start`/`end` hold the leading fields (the last may be a KeyBound). */
export interface KeyInterval {
  start: unknown[];
  end: unknown[];
  startInclusive: boolean;
  endInclusive: boolean;
}

/** Where an index keeps its entries: in memory (sorted chunks) or in a data directory's B-tree. */
export interface IndexEntries {
  insert(entry: IndexEntry): void;
  remove(entry: IndexEntry): boolean;
  /** Adds already sorted entries to an empty index (bulk build). */
  load(sorted: IndexEntry[]): void;
  clear(): void;
  /** Ids of the entries within the interval, in index order (or reversed). */
  scan(interval: KeyInterval, reverse: boolean): Iterable<string>;
  all(reverse: boolean): Iterable<string>;
}

/** Marks the lowest or highest key of one canonical type, for range scans bounded on one side. */
export class KeyBound {
  constructor(
    readonly rank: number,
    readonly high: boolean,
  ) {}
}

export const ID_INDEX_NAME = "_id_";

const ALLOWED_OPTIONS = new Set([
  "key",
  "name",
  "unique",
  "sparse",
  "partialFilterExpression",
  "expireAfterSeconds",
  "background",
  "v",
  "ns",
  "hidden",
  "collation",
  "weights",
  "default_language",
  "language_override",
  "textIndexVersion",
  "2dsphereIndexVersion",
  "bits",
  "min",
  "max",
  "wildcardProjection",
  "storageEngine",
  "dropDups",
]);

export function defaultIndexName(key: Doc): string {
  return Object.keys(key)
    .map((field) => `${field}_${String(key[field])}`)
    .join("_");
}

/** Validates a createIndexes entry and returns the stored specification (as listIndexes shows it). */
export function normalizeIndexSpec(raw: unknown): Doc {
  if (!isPlainObject(raw)) throw new ServerError(ErrorCode.TypeMismatch, "The 'indexes' entries must be objects");
  const key = raw.key;
  if (!isPlainObject(key) || Object.keys(key).length === 0) {
    throw new ServerError(ErrorCode.CannotCreateIndex, "Index keys cannot be empty.");
  }
  for (const field of Object.keys(key)) {
    const direction = key[field];
    if (isNumeric(direction)) {
      if (toJsNumber(direction) === 0)
        throw new ServerError(ErrorCode.CannotCreateIndex, `Values in the index key pattern can't be 0`);
      continue;
    }
    if (direction === "hashed") continue;
    throw new ServerError(
      ErrorCode.CannotCreateIndex,
      `Index type '${String(direction)}' is not supported by the embedded server`,
    );
  }
  for (const option of Object.keys(raw)) {
    if (!ALLOWED_OPTIONS.has(option))
      throw new ServerError(ErrorCode.InvalidOptions, `The field '${option}' is not valid for an index specification`);
  }
  const name = raw.name ?? defaultIndexName(key);
  if (typeof name !== "string" || name.length === 0)
    throw new ServerError(ErrorCode.CannotCreateIndex, "The index name must be a non-empty string");
  const spec: Doc = { v: 2, key, name };
  if (raw.unique === true || (isNumeric(raw.unique) && toJsNumber(raw.unique) !== 0)) spec.unique = true;
  if (raw.sparse === true) spec.sparse = true;
  if (raw.partialFilterExpression !== undefined) {
    if (!isPlainObject(raw.partialFilterExpression))
      throw new ServerError(ErrorCode.CannotCreateIndex, "partialFilterExpression must be an object");
    compileFilter(raw.partialFilterExpression);
    spec.partialFilterExpression = raw.partialFilterExpression;
  }
  if (raw.expireAfterSeconds !== undefined) {
    if (!isNumeric(raw.expireAfterSeconds) || toJsNumber(raw.expireAfterSeconds) < 0) {
      throw new ServerError(
        ErrorCode.CannotCreateIndex,
        "TTL index 'expireAfterSeconds' option must be a non-negative number",
      );
    }
    spec.expireAfterSeconds = Math.trunc(toJsNumber(raw.expireAfterSeconds));
  }
  if (raw.hidden === true) spec.hidden = true;
  if (name === ID_INDEX_NAME && spec.unique) delete spec.unique;
  return spec;
}

/** Option fields whose difference makes two specs with the same key pattern a conflict. */
export function sameIndexOptions(a: Doc, b: Doc): boolean {
  const options = ["unique", "sparse", "partialFilterExpression", "expireAfterSeconds"];
  return options.every((option) => canonicalKey(a[option] ?? null) === canonicalKey(b[option] ?? null));
}

export class IndexInstance {
  readonly name: string;
  readonly fields: IndexField[];
  readonly unique: boolean;
  readonly sparse: boolean;
  readonly partial: Matcher | null;
  readonly expireAfterSeconds: number | undefined;
  readonly entries: IndexEntries;
  /** Set once any document produced several keys; an index-ordered scan could then repeat documents. */
  multikey = false;
  /** Told when `multikey` is first set (a data directory records it in its catalog). */
  onMultikey: (() => void) | null = null;

  constructor(
    readonly spec: Doc,
    readonly ns: string,
    entries?: (index: IndexInstance) => IndexEntries,
  ) {
    this.name = spec.name as string;
    const key = spec.key as Doc;
    this.fields = Object.keys(key).map((path) => ({
      path,
      parts: splitPath(path),
      direction: isNumeric(key[path]) && toJsNumber(key[path]) < 0 ? -1 : 1,
    }));
    this.unique = spec.unique === true || this.name === ID_INDEX_NAME;
    this.sparse = spec.sparse === true;
    this.partial = spec.partialFilterExpression ? compileFilter(spec.partialFilterExpression) : null;
    this.expireAfterSeconds = spec.expireAfterSeconds as number | undefined;
    this.entries = entries ? entries(this) : new MemoryIndexEntries(this);
  }

  get isPlainIndex(): boolean {
    return !this.sparse && !this.partial;
  }

  compareKeyValues(a: unknown, b: unknown): number {
    if (a instanceof KeyBound || b instanceof KeyBound) return compareWithBound(a, b);
    return compareValues(a, b);
  }

  /** Compares the first `length` key fields, honouring each field's direction. */
  compareKeys(a: unknown[], b: unknown[], length = this.fields.length): number {
    for (let i = 0; i < length; i++) {
      const order = this.compareKeyValues(a[i], b[i]);
      if (order !== 0) return order * this.fields[i].direction;
    }
    return 0;
  }

  /** Orders stored entries; their keys never hold range bounds, so plain value comparison suffices. */
  compareEntries(a: IndexEntry, b: IndexEntry): number {
    const fields = this.fields;
    for (let i = 0; i < fields.length; i++) {
      const order = compareValues(a.key[i], b.key[i]);
      if (order !== 0) return order * fields[i].direction;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  }

  /** The keys a document contributes (none when a sparse or partial index skips it). */
  keysFor(doc: Doc): unknown[][] {
    if (this.partial && !this.partial(doc)) return [];
    if (this.fields.length === 1 && this.fields[0].parts.length === 1) {
      const value = doc[this.fields[0].path];
      if (!Array.isArray(value)) {
        if (value === undefined && this.sparse) return [];
        return [[value === undefined ? null : value]];
      }
    }
    const perField: unknown[][] = [];
    let arrayFields = 0;
    let anyPresent = false;
    const arrayPaths: string[] = [];
    for (const field of this.fields) {
      const state: GatherState = { fromArray: false, present: false };
      const gathered: unknown[] = [];
      gatherLeafValues(doc, field.parts, 0, gathered, state);
      if (state.present) anyPresent = true;
      if (state.fromArray) {
        arrayFields += 1;
        arrayPaths.push(field.path);
      }
      perField.push(gathered.length > 1 ? distinct(gathered) : gathered);
    }
    if (this.sparse && !anyPresent) return [];
    if (arrayFields > 1) {
      throw new ServerError(
        ErrorCode.CannotIndexParallelArrays,
        `cannot index parallel arrays [${arrayPaths[1]}] [${arrayPaths[0]}]`,
      );
    }
    if (arrayFields === 0) {
      const key: unknown[] = new Array(perField.length);
      for (let i = 0; i < perField.length; i++) key[i] = perField[i][0];
      return [key];
    }
    let keys: unknown[][] = [[]];
    for (const values of perField) {
      const next: unknown[][] = [];
      for (const prefix of keys) for (const value of values) next.push([...prefix, value]);
      keys = next;
    }
    return keys;
  }

  add(id: string, keys: unknown[][]): void {
    if (keys.length > 1 && !this.multikey) {
      this.multikey = true;
      this.onMultikey?.();
    }
    for (const key of keys) this.entries.insert({ key, id });
  }

  remove(id: string, keys: unknown[][]): void {
    for (const key of keys) this.entries.remove({ key, id });
  }

  /** Ids of other documents holding exactly this key. */
  idsWithKey(key: unknown[]): Iterable<string> {
    return this.entries.scan({ start: key, end: key, startInclusive: true, endInclusive: true }, false);
  }

  duplicateKeyError(key: unknown[]): ServerError {
    const keyValue: Doc = {};
    this.fields.forEach((field, i) => {
      keyValue[field.path] = key[i];
    });
    const rendered = this.fields.map((field, i) => `${field.path}: ${formatValue(key[i])}`).join(", ");
    return new ServerError(
      ErrorCode.DuplicateKey,
      `E11000 duplicate key error collection: ${this.ns} index: ${this.name} dup key: { ${rendered} }`,
      { extra: { keyPattern: this.spec.key, keyValue } },
    );
  }
}

function distinct(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  const result: unknown[] = [];
  for (const value of values) {
    const key = canonicalKey(value);
    if (!seen.has(key)) {
      seen.add(key);
      result.push(value);
    }
  }
  return result;
}

function compareWithBound(a: unknown, b: unknown): number {
  if (a instanceof KeyBound && b instanceof KeyBound) {
    if (a.rank !== b.rank) return a.rank < b.rank ? -1 : 1;
    return a.high === b.high ? 0 : a.high ? 1 : -1;
  }
  if (a instanceof KeyBound) return -compareWithBound(b, a);
  const bound = b as KeyBound;
  const rank = typeRank(a);
  if (rank !== bound.rank) return rank < bound.rank ? -1 : 1;
  return bound.high ? -1 : 1;
}

/** An index held in memory: a sorted list of bounded chunks. */
class MemoryIndexEntries implements IndexEntries {
  private readonly sorted: SortedEntries<IndexEntry>;

  constructor(private readonly index: IndexInstance) {
    this.sorted = new SortedEntries<IndexEntry>((a, b) => index.compareEntries(a, b));
  }

  insert(entry: IndexEntry): void {
    this.sorted.insert(entry);
  }

  remove(entry: IndexEntry): boolean {
    return this.sorted.remove(entry);
  }

  load(sorted: IndexEntry[]): void {
    this.sorted.load(sorted);
  }

  clear(): void {
    this.sorted.load([]);
  }

  *scan(interval: KeyInterval, reverse: boolean): Generator<string> {
    const index = this.index;
    const length = interval.start.length;
    const afterEnd = (key: unknown[]) => {
      const order = index.compareKeys(key, interval.end, length);
      return interval.endInclusive ? order > 0 : order >= 0;
    };
    const beforeStart = (key: unknown[]) => {
      const order = index.compareKeys(key, interval.start, length);
      return interval.startInclusive ? order < 0 : order <= 0;
    };
    if (!reverse) {
      const position = this.sorted.seek((entry) => !beforeStart(entry.key));
      for (const entry of this.sorted.scan(position)) {
        if (afterEnd(entry.key)) break;
        yield entry.id;
      }
      return;
    }
    const afterLast = this.sorted.seek((entry) => afterEnd(entry.key));
    const position = this.sorted.before(afterLast);
    if (!position) return;
    for (const entry of this.sorted.scan(position, true)) {
      if (beforeStart(entry.key)) break;
      yield entry.id;
    }
  }

  *all(reverse: boolean): Generator<string> {
    if (!reverse) {
      for (const entry of this.sorted.all()) yield entry.id;
      return;
    }
    const last = this.sorted.before(this.sorted.end());
    if (!last) return;
    for (const entry of this.sorted.scan(last, true)) yield entry.id;
  }
}
