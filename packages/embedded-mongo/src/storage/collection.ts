import type { Transaction } from "./transaction";
import { UUID } from "bson";
import { canonicalKey, type Doc } from "../bson/values";
import { ErrorCode, ServerError } from "../errors";
import { ID_INDEX_NAME, type IndexEntries, type IndexEntry, IndexInstance } from "./index-instance";

/** One committed version of a document; `doc: null` marks a deletion (kept only in history). */
export interface Version {
  doc: Doc | null;
  ts: number;
}

export interface StoredRecord extends Version {
  doc: Doc;
}

export function idKeyOf(id: unknown): string {
  return canonicalKey(id);
}

/** The current documents by _id key: a Map in memory, or a data directory's table. */
export interface RecordMap {
  readonly size: number;
  get(id: string): StoredRecord | undefined;
  has(id: string): boolean;
  /** `existed`, when the caller knows it, saves a data directory a lookup. */
  set(id: string, record: StoredRecord, existed?: boolean): unknown;
  /** The commit time alone, without decoding the document (a data directory stores it first). */
  tsOf?(id: string): number | undefined;
  delete(id: string): boolean;
  clear(): void;
  keys(): IterableIterator<string>;
  values(): IterableIterator<StoredRecord>;
  [Symbol.iterator](): IterableIterator<[string, StoredRecord]>;
}

/** Where a collection keeps its documents and index entries when it is not in memory. */
export interface CollectionStorage {
  records(): RecordMap;
  indexEntries(index: IndexInstance): IndexEntries;
  destroy(collection: Collection): void;
}

/**
 * A collection: the current documents by _id key, its indexes, and (while transactions are open) the
 * versions that committed writes replaced, so a transaction can read the state at its snapshot.
 * Stored documents are never changed in place: every write stores a new object.
 */
export class Collection {
  readonly records: RecordMap;
  readonly indexes = new Map<string, IndexInstance>();
  readonly history = new Map<string, Version[]>();
  /** The ids in `history` in the order of their changes, with each change's commit time. */
  private readonly changeLog: Array<{ ts: number; id: string }> = [];
  uuid: UUID;
  /** The compiled `options.validator`, built on first use (reset when the options change). */
  validator: ((doc: Doc) => boolean) | undefined = undefined;
  /** Created inside this open transaction: invisible to everyone else until it commits. */
  pendingTransaction: Transaction | null = null;
  /** Commit time of the latest commit that changed a document of it (0: none since the process started). */
  lastWriteTs = 0;

  constructor(
    readonly db: string,
    public name: string,
    public options: Doc = {},
    uuid?: UUID,
    readonly storage: CollectionStorage | null = null,
  ) {
    this.uuid = uuid ?? new UUID();
    this.records = storage ? storage.records() : new Map<string, StoredRecord>();
    this.indexes.set(ID_INDEX_NAME, this.newIndex({ v: 2, key: { _id: 1 }, name: ID_INDEX_NAME }));
  }

  /** An index of the catalog whose entries are already stored (a data directory being opened). */
  attachIndex(spec: Doc): IndexInstance {
    const index = this.newIndex(spec);
    this.indexes.set(index.name, index);
    return index;
  }

  private newIndex(spec: Doc): IndexInstance {
    const storage = this.storage;
    return new IndexInstance(spec, this.ns, storage ? (index) => storage.indexEntries(index) : undefined);
  }

  /** Removes what a dropped collection kept in a data directory. */
  destroy(): void {
    this.storage?.destroy(this);
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  /**
   * Checks unique indexes for a document about to be stored under `id`; throws DuplicateKey. An index
   * whose keys the stored version already had is skipped: they are this document's own entries.
   */
  private checkUnique(id: string, keysByIndex: unknown[][][], oldKeys: unknown[][][] | null): void {
    let i = 0;
    for (const index of this.indexes.values()) {
      const keys = keysByIndex[i];
      const before = oldKeys?.[i];
      i += 1;
      if (!index.unique || index.name === ID_INDEX_NAME) continue;
      if (before && sameKeys(before, keys)) continue;
      for (const key of keys) {
        for (const otherId of index.idsWithKey(key)) {
          if (otherId !== id) throw index.duplicateKeyError(key);
        }
      }
    }
  }

  /** Its unique indexes other than _id's, the ones a write's keys are checked against. */
  uniqueIndexes(): IndexInstance[] {
    const unique: IndexInstance[] = [];
    for (const index of this.indexes.values()) if (index.unique && index.name !== ID_INDEX_NAME) unique.push(index);
    return unique;
  }

  private keysOf(doc: Doc): unknown[][][] {
    const keys: unknown[][][] = [];
    for (const index of this.indexes.values()) keys.push(index.keysFor(doc));
    return keys;
  }

  /**
   * The stored version: the one a transaction read at its snapshot when nothing was stored since (its
   * time read alone, without decoding the document), else read.
   */
  private current(id: string, known: KnownVersion | undefined): StoredRecord | undefined {
    if (known && this.records.tsOf) {
      const ts = this.records.tsOf(id);
      if (ts === undefined) return undefined;
      if (ts <= known.snapshot && known.base !== null) return { doc: known.base, ts };
    }
    return this.records.get(id);
  }

  /** Inserts or replaces the current version. Nothing changes if it throws. */
  put(id: string, doc: Doc, ts: number, insertOnly: boolean, known?: KnownVersion): StoredRecord | undefined {
    const previous = this.current(id, known);
    if (previous && insertOnly) {
      throw this.indexes.get(ID_INDEX_NAME)!.duplicateKeyError([doc._id]);
    }
    const newKeys = this.keysOf(doc);
    const oldKeys = previous ? this.keysOf(previous.doc) : null;
    if (!known?.uniqueChecked) this.checkUnique(id, newKeys, oldKeys);
    let i = 0;
    for (const index of this.indexes.values()) {
      const next = newKeys[i];
      const before = oldKeys?.[i];
      i += 1;
      if (before && sameKeys(before, next)) continue;
      if (before) index.remove(id, before);
      index.add(id, next);
    }
    this.records.set(id, { doc, ts }, previous !== undefined);
    return previous;
  }

  remove(id: string, known?: KnownVersion): StoredRecord | undefined {
    const previous = this.current(id, known);
    if (!previous) return undefined;
    const oldKeys = this.keysOf(previous.doc);
    let i = 0;
    for (const index of this.indexes.values()) index.remove(id, oldKeys[i++]);
    this.records.delete(id);
    return previous;
  }

  /** Puts back the version a failed batch replaced (it satisfied every index before). */
  restore(id: string, previous: StoredRecord | undefined): void {
    this.remove(id);
    if (previous) {
      const keys = this.keysOf(previous.doc);
      let i = 0;
      for (const index of this.indexes.values()) index.add(id, keys[i++]);
      this.records.set(id, previous);
    }
  }

  /** Remembers the version a committed write at `ts` replaced, for open transactions' snapshots. */
  rememberReplaced(id: string, previous: StoredRecord | undefined, ts: number, deleted: boolean): void {
    let versions = this.history.get(id);
    if (!versions) {
      versions = [];
      this.history.set(id, versions);
    }
    const last = versions[versions.length - 1];
    this.changeLog.push({ ts, id });
    if (previous) versions.push(previous);
    else if (!last || last.doc !== null) versions.push({ doc: null, ts: 0 });
    if (deleted) versions.push({ doc: null, ts });
  }

  /** Drops the replaced versions once no transaction or snapshot read needs them. */
  forgetHistory(): void {
    this.history.clear();
    this.changeLog.length = 0;
  }

  /**
   * The ids changed by commits after `ts` (an id may come more than once): the tail of the change
   * log, found by bisection, since commits are logged in the order of their times.
   */
  *changedAfter(ts: number): Generator<string> {
    let low = 0;
    let high = this.changeLog.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.changeLog[middle].ts <= ts) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < this.changeLog.length; i++) yield this.changeLog[i].id;
  }

  /** The document as it was at snapshot `ts` (null when it did not exist). */
  versionAt(id: string, ts: number): Doc | null {
    const current = this.records.get(id);
    if (current && current.ts <= ts) return current.doc;
    const versions = this.history.get(id);
    if (!versions) return current ? null : null;
    for (let i = versions.length - 1; i >= 0; i--) {
      if (versions[i].ts <= ts) return versions[i].doc;
    }
    return null;
  }

  /** Commit time of the latest change to this _id, 0 if unknown. */
  lastChange(id: string): number {
    return this.lastChangeIfAny(id) ?? 0;
  }

  /** Commit time of the latest change to this _id; null when it is neither stored nor in the history. */
  lastChangeIfAny(id: string): number | null {
    const current = this.records.tsOf ? this.records.tsOf(id) : this.records.get(id)?.ts;
    if (current !== undefined) return current;
    const versions = this.history.get(id);
    return versions && versions.length > 0 ? versions[versions.length - 1].ts : null;
  }

  /** Builds a new index over the current documents; throws DuplicateKey for a violated unique index. */
  buildIndex(spec: Doc): IndexInstance {
    const index = this.newIndex(spec);
    const entries: IndexEntry[] = [];
    for (const [id, record] of this.records) {
      const keys = index.keysFor(record.doc);
      if (keys.length > 1) index.multikey = true;
      for (const key of keys) entries.push({ key, id });
    }
    entries.sort((a, b) => index.compareEntries(a, b));
    if (index.unique) {
      for (let i = 1; i < entries.length; i++) {
        if (entries[i].id !== entries[i - 1].id && index.compareKeys(entries[i].key, entries[i - 1].key) === 0) {
          throw index.duplicateKeyError(entries[i].key);
        }
      }
    }
    try {
      index.entries.load(entries);
    } catch (error) {
      index.entries.clear();
      throw error;
    }
    return index;
  }

  addIndex(index: IndexInstance): void {
    if (this.indexes.has(index.name))
      throw new ServerError(ErrorCode.IndexAlreadyExists, `index ${index.name} already exists`);
    this.indexes.set(index.name, index);
  }

  /** Rebuilds all indexes from the documents (after bulk loading a snapshot). */
  rebuildIndexes(): void {
    const specs = [...this.indexes.values()].map((index) => index.spec);
    for (const index of this.indexes.values()) index.entries.clear();
    this.indexes.clear();
    for (const spec of specs) this.indexes.set(spec.name as string, this.buildIndex(spec));
  }

  indexSpecs(): Doc[] {
    return [...this.indexes.values()].map((index) => index.spec);
  }
}

/**
 * What a transaction knows of the version its change replaces: the document at its snapshot (null:
 * none), and whether its unique keys were checked against the committed indexes with no commit to the
 * collection since.
 */
export interface KnownVersion {
  base: Doc | null;
  snapshot: number;
  uniqueChecked: boolean;
}

export function sameKeys(a: unknown[][], b: unknown[][]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (!sameKey(a[i], b[i])) return false;
  }
  return true;
}

/** Field by field: the same value (a string, a number) needs no canonical form. */
function sameKey(a: unknown[], b: unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i] && canonicalKey(a[i]) !== canonicalKey(b[i])) return false;
  }
  return true;
}
