import { createRequire } from "node:module";
import { BSON, type UUID } from "bson";
import type * as Lmdb from "lmdb";
import type { Database, RootDatabase } from "lmdb";
import type { Doc } from "../bson/values";
import { DESERIALIZE_OPTIONS } from "../wire/protocol";
import type { Collection, CollectionStorage, RecordMap, StoredRecord } from "./collection";
import type { IndexEntries, IndexEntry, IndexInstance, KeyInterval } from "./index-instance";
import { KeyBound } from "./index-instance";
import { serializeStored } from "./stored-bytes";
import {
  ByteWriter,
  keyTooLong,
  LMDB_MAX_KEY_BYTES,
  MAX_INDEX_KEY_BYTES,
  successor,
  writeKey,
  writeValue,
} from "./key-encoding";

/** What the catalog records of one collection. */
export interface CatalogCollection {
  ns: string;
  options: Doc;
  uuid: UUID;
  number: number;
  indexes: Array<{ spec: Doc; number: number; multikey: boolean }>;
}

// Loaded with the first data directory: a server kept in memory never loads the native module.
const require = createRequire(import.meta.url);
let lmdb: typeof Lmdb | null = null;

const NO_READ_AHEAD = { noReadAhead: true };
// Counts commits (serverStatus), at the cost of a clock read per commit; an option the package's types
// omit.
const TRACK_METRICS = { trackMetrics: true };
/**
 * How many free page numbers LMDB may hold in memory before it stops reading more of its free-page
 * table: below what one overflow page of that table holds (510 numbers of 4 KiB pages), so that saving
 * the list never needs a run of pages while more of the table is unread
 * (docs/decisions/317-embedded-database-free-page-list-kept-small.md).
 */
export const MAX_FREE_PAGES_TO_LOAD = 256;
const CATALOG_KEY = Buffer.from("catalog");
const CLOCK_KEY = Buffer.from("clock");
const REMOVE_BATCH = 10_000;
/** A group of engine changes is committed to LMDB after this many members at the latest. */
const GROUP_MAX_MEMBERS = 256;
/** …or after this long, when no journal flush came to commit it. */
const GROUP_MAX_OPEN_MS = 50;
/**
 * …or once its changes' writes, kept to be written again if a later change of the group fails, pass
 * this size; a change that alone writes more (an index build) is not kept but committed at once.
 */
export const GROUP_MAX_REDO_BYTES = 8 * 1024 * 1024;

/**
 * What an open group's LMDB transaction waits for: lmdb-js keeps a `transactionSync` open while its
 * callback's result is pending, commits it when the result resolves and aborts it when it rejects.
 * Settling this thenable (rather than a promise) does either at once, in the caller's own call, so no
 * other code can run between "the group is closed" and "LMDB committed or dropped it".
 */
class GroupEnd {
  private resolve: ((value: unknown) => unknown) | null = null;
  private reject: ((reason: unknown) => unknown) | null = null;
  /** Every write of the group's changes, in order, to write again if a later change fails. */
  readonly redo: RedoWrite[] = [];
  redoBytes = 0;

  then(resolve: (value: unknown) => unknown, reject?: (reason: unknown) => unknown): this {
    this.resolve = resolve;
    this.reject = reject ?? null;
    return this;
  }

  /** Commits the group's LMDB transaction; throws what the commit threw. */
  commit(): void {
    this.resolve?.(undefined);
  }

  /** Drops the group's LMDB transaction and everything written in it. */
  abort(): void {
    try {
      this.reject?.(new Error("group dropped"));
    } catch {
      // lmdb-js rethrows the reason after aborting; there is no caller waiting for it.
    }
  }
}

/** One write of a group's change: a put (with its value) or a removal (`value` null). */
interface RedoWrite {
  db: Database<Buffer, Buffer>;
  key: Buffer;
  value: Buffer | null;
}

function numberBuffer(value: number): Buffer {
  const buffer = Buffer.allocUnsafe(8);
  buffer.writeDoubleBE(value, 0);
  return buffer;
}

/**
 * The documents and index entries of a data directory in LMDB (a memory-mapped B-tree): one table of
 * documents keyed by collection and _id, one of index entries keyed by collection, index, the
 * order-preserving key bytes and the _id, and the catalog. Every engine change is one LMDB write
 * transaction, applied synchronously so reads see it at once; durability comes from the journal
 * (LMDB itself is not synced at each commit but at each checkpoint).
 */
export class DiskStorage {
  private env!: RootDatabase<Buffer, Buffer>;
  docs!: Database<Buffer, Buffer>;
  index!: Database<Buffer, Buffer>;
  private meta!: Database<Buffer, Buffer>;
  private depth = 0;
  /**
   * When set (by the store, which flushes the journal), engine changes share one LMDB write
   * transaction until `commitGroup`, each change in a child transaction of it
   * (docs/decisions/291-embedded-database-group-commit-in-lmdb.md).
   */
  grouping = false;
  private group: GroupEnd | null = null;
  private groupMembers = 0;
  private groupChanges = 0;
  /** Groups committed to the data file and the engine changes they held (for tests and benchmarks). */
  readonly groupStats = { groups: 0, changes: 0 };
  private commitsBeforeReopen = 0;
  /** Times the file was closed and opened again to unmap its pages (decision 290). */
  private reopens = 0;
  private groupTimer: NodeJS.Timeout | null = null;
  /** The running change has written more than its group may keep (see `write`). */
  private memberOverflow = false;
  /** Where the running change's writes start in its group's `redo`. */
  private memberStart = { redo: 0, bytes: 0 };
  /** A failed group commit: LMDB lacks commits the engine has made, so no more writes until a restart. */
  private failure: Error | null = null;
  catalogDirty = false;
  private readonly dirtyCounts = new Set<DiskRecords>();
  nextNumber = 1;

  constructor(
    private readonly directory: string,
    private readonly readOnly = false,
  ) {
    this.open();
  }

  private open(): void {
    lmdb ??= require("lmdb") as typeof Lmdb;
    const { directory, readOnly } = this;
    this.env = lmdb.open<Buffer, Buffer>({
      path: directory,
      noSync: true,
      // Pages are written in place in the mapped file rather than copied into it by write calls,
      // which cost the kernel far more when the file's cached pages are grouped in large folios
      // (docs/decisions/322-embedded-database-writes-through-the-map.md). It rules out LMDB's child
      // transactions: a failed change of a group is undone by `dropFailedChange`.
      useWritemap: !readOnly,
      // Random access (MDB_NORDAHEAD, an option the package's types omit): a read maps in its own
      // page, not the pages around it.
      ...(NO_READ_AHEAD as object),
      ...(TRACK_METRICS as object),
      ...({ maxFreeSpaceToLoad: MAX_FREE_PAGES_TO_LOAD } as object),
      cache: false,
      maxDbs: 4,
      readOnly,
      keyEncoding: "binary",
      encoding: "binary",
    });
    const options = { keyEncoding: "binary" as const, encoding: "binary" as const, cache: false };
    this.docs = this.env.openDB<Buffer, Buffer>("docs", options);
    this.index = this.env.openDB<Buffer, Buffer>("index", options);
    this.meta = this.env.openDB<Buffer, Buffer>("meta", options);
  }

  /**
   * Runs `work` in one write transaction (nested calls join the outer one); a throw undoes all it
   * wrote. While grouping, `work` writes into the open group's transaction, and a throw drops the
   * group and writes its earlier changes again, so a failed change leaves its group-mates as they
   * were, and the group reaches the file at `commitGroup`.
   */
  transaction<T>(work: () => T): T {
    if (this.depth > 0) return work();
    if (this.failure) throw this.failure;
    if (this.grouping && !this.group) this.openGroup();
    const group = this.group;
    this.memberStart = { redo: group?.redo.length ?? 0, bytes: group?.redoBytes ?? 0 };
    this.memberOverflow = false;
    this.depth += 1;
    let done = false;
    try {
      const result = group ? work() : this.env.transactionSync(work);
      done = true;
      return result;
    } catch (error) {
      if (group) this.dropFailedChange(group);
      throw error;
    } finally {
      this.depth -= 1;
      if (this.group) {
        if (done) this.groupChanges += 1;
        if (
          ++this.groupMembers >= GROUP_MAX_MEMBERS ||
          this.memberOverflow ||
          this.group.redoBytes > GROUP_MAX_REDO_BYTES
        )
          this.commitGroup();
      }
    }
  }

  /**
   * Undoes a failed change of `group`: drops the group's LMDB transaction, opens another and writes
   * again what the changes before the failed one wrote (`redo` up to `memberStart`). If that fails,
   * LMDB lacks changes the engine has made, so the storage refuses every later write until a restart.
   */
  private dropFailedChange(group: GroupEnd): void {
    if (this.group !== group) return;
    const kept = group.redo.slice(0, this.memberStart.redo);
    this.group = null;
    if (this.groupTimer) clearTimeout(this.groupTimer);
    this.groupTimer = null;
    group.abort();
    const members = this.groupMembers;
    const changes = this.groupChanges;
    this.memberOverflow = false;
    try {
      this.openGroup();
      for (const write of kept) this.write(write.db, write.key, write.value);
    } catch (error) {
      this.failure = new Error(
        `the data file could not be written (${error instanceof Error ? error.message : String(error)}); restart the server`,
      );
      throw this.failure;
    }
    this.groupMembers = members;
    this.groupChanges = changes;
  }

  /**
   * Every write to the data file goes through here: inside a group it is also kept, to be written
   * again if a later change of the group fails. A change that writes more than a group may keep (an
   * index build) is not kept; its group is committed as soon as it succeeds.
   */
  private write(db: Database<Buffer, Buffer>, key: Buffer, value: Buffer | null): boolean {
    const group = this.group;
    if (group && !this.memberOverflow) {
      group.redo.push({ db, key: Buffer.from(key), value: value && Buffer.from(value) });
      group.redoBytes += key.length + (value?.length ?? 0);
      if (group.redoBytes > GROUP_MAX_REDO_BYTES && this.depth > 0) {
        // Kept no longer: if this change fails, the writes before it are all there is to write again.
        this.memberOverflow = true;
        group.redo.length = this.memberStart.redo;
        group.redoBytes = this.memberStart.bytes;
      }
    }
    if (value) {
      db.putSync(key, value);
      return true;
    }
    return db.removeSync(key);
  }

  put(db: Database<Buffer, Buffer>, key: Buffer, value: Buffer): void {
    this.write(db, key, value);
  }

  remove(db: Database<Buffer, Buffer>, key: Buffer): boolean {
    return this.write(db, key, null);
  }

  /** The bytes of writes the open group keeps to write again (0 when none is open). */
  get keptBytes(): number {
    return this.group ? this.group.redoBytes : 0;
  }

  /** The engine changes waiting in the open group (0 when none is open). */
  get openGroupChanges(): number {
    return this.group ? this.groupChanges : 0;
  }

  private openGroup(): void {
    const end = new GroupEnd();
    void this.env.transactionSync(() => end);
    this.group = end;
    this.groupMembers = 0;
    this.groupChanges = 0;
    this.groupTimer = setTimeout(() => this.commitGroupQuietly(), GROUP_MAX_OPEN_MS);
    this.groupTimer.unref();
  }

  /**
   * Commits the open group's LMDB transaction (without syncing: the journal makes commits durable).
   * A failure leaves the data file without the group's changes while the engine has them, so every
   * later write is refused until a restart replays the journal.
   */
  commitGroup(): void {
    const group = this.group;
    if (!group) return;
    if (this.depth > 0) throw new Error("cannot commit a group of changes inside one of them");
    this.group = null;
    if (this.groupTimer) clearTimeout(this.groupTimer);
    this.groupTimer = null;
    try {
      group.commit();
      this.groupStats.groups += 1;
      this.groupStats.changes += this.groupChanges;
    } catch (error) {
      this.failure = new Error(
        `the data file could not be written (${error instanceof Error ? error.message : String(error)}); restart the server`,
      );
      throw this.failure;
    }
  }

  private commitGroupQuietly(): void {
    try {
      this.commitGroup();
    } catch {
      // Reported to the next write, which `failure` refuses.
    }
  }

  /**
   * The shape of the data file (serverStatus's `embeddedStorage`): page size, the depth and pages of
   * each table's B-tree, LMDB's free-page list and the groups committed so far.
   */
  stats(): Doc {
    const tree = (db: Database<Buffer, Buffer>) => {
      const stats = db.getStats() as Record<string, number>;
      return {
        depth: stats.treeDepth,
        branchPages: stats.treeBranchPageCount,
        leafPages: stats.treeLeafPageCount,
        overflowPages: stats.overflowPages,
        entries: stats.entryCount,
      };
    };
    const all = this.docs.getStats() as Record<string, unknown>;
    const free = all.free as Record<string, number>;
    return {
      pageSize: (all.root as Record<string, number>).pageSize,
      lastPageNumber: all.lastPageNumber as number,
      docs: tree(this.docs),
      index: tree(this.index),
      // One record per transaction whose pages were freed; its pages hold the free page numbers.
      freeList: { records: free.entryCount, pages: free.treeLeafPageCount + free.overflowPages },
      groups: this.groupStats.groups,
      groupedChanges: this.groupStats.changes,
      commits: this.commitsBeforeReopen + this.commitsSinceOpen(),
      unmaps: this.reopens,
    };
  }

  /**
   * LMDB's count of write transactions since the environment was last opened (a reopen starts it
   * again). Its count of pages written stays at zero: pages are written in place in the map, and the
   * kernel writes them to the file.
   */
  private commitsSinceOpen(): number {
    return (this.env as unknown as { getStats(): Record<string, number> }).getStats().txns ?? 0;
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  get clock(): number {
    const value = this.meta.get(CLOCK_KEY);
    return value ? value.readDoubleBE(0) : 0;
  }

  /** Ends an engine change: the commit time, changed document counts and (if changed) the catalog. */
  finish(clock: number, collections: () => Collection[]): void {
    this.put(this.meta, CLOCK_KEY, numberBuffer(clock));
    for (const records of this.dirtyCounts) this.put(this.meta, records.countKey, numberBuffer(records.size));
    this.dirtyCounts.clear();
    if (!this.catalogDirty) return;
    this.catalogDirty = false;
    const catalog = collections()
      .filter((collection) => !collection.pendingTransaction)
      .map((collection) => {
        const storage = collection.storage as DiskCollection;
        return {
          ns: collection.ns,
          options: collection.options,
          uuid: collection.uuid,
          number: storage.number,
          indexes: [...collection.indexes.values()].map((index) => ({
            spec: index.spec,
            number: (index.entries as DiskIndexEntries).number,
            multikey: index.multikey,
          })),
        };
      });
    this.put(
      this.meta,
      CATALOG_KEY,
      Buffer.from(BSON.serialize({ nextNumber: this.nextNumber, collections: catalog }, { ignoreUndefined: true })),
    );
  }

  catalog(): CatalogCollection[] {
    const value = this.meta.get(CATALOG_KEY);
    if (!value) return [];
    const catalog = BSON.deserialize(value, DESERIALIZE_OPTIONS);
    this.nextNumber = catalog.nextNumber as number;
    return catalog.collections as CatalogCollection[];
  }

  countOf(number: number): number {
    return this.meta.get(countKey(number))?.readDoubleBE(0) ?? 0;
  }

  /** Storage for a new collection, or for one of the catalog (`existing`). */
  forCollection(existing?: CatalogCollection): DiskCollection {
    this.catalogDirty = true;
    if (existing) return new DiskCollection(this, existing.number, existing.indexes);
    return new DiskCollection(this, this.nextNumber++, []);
  }

  markCount(records: DiskRecords): void {
    this.dirtyCounts.add(records);
  }

  /** Deletes every key from `start` (inclusive) to `end` (exclusive). */
  removeRange(db: Database<Buffer, Buffer>, start: Buffer, end: Buffer | null): void {
    for (;;) {
      const keys: Buffer[] = [];
      for (const key of db.getKeys({ start, end: end ?? undefined, limit: REMOVE_BATCH })) keys.push(key);
      if (keys.length === 0) return;
      for (const key of keys) this.remove(db, key);
    }
  }

  /** Makes every change so far durable in the LMDB file (a checkpoint). */
  async sync(): Promise<void> {
    this.commitGroup();
    await this.env.flushed;
    await (this.env as unknown as { sync(): Promise<void> }).sync();
  }

  /**
   * Closes and opens the environment again, which unmaps every page of the file the process had
   * mapped in: the pages stay in the operating system's cache, but no longer in this process's
   * resident memory (docs/decisions/290-embedded-database-mapped-pages-budget.md). The caller makes
   * sure nothing reads or writes meanwhile; outside a transaction only, as no LMDB read is held
   * between commands.
   */
  async reopen(): Promise<void> {
    if (this.depth > 0) throw new Error("cannot reopen the data directory inside a transaction");
    this.commitGroup();
    this.commitsBeforeReopen += this.commitsSinceOpen();
    this.reopens += 1;
    await this.env.close();
    this.open();
  }

  close(): Promise<void> {
    if (this.group) this.commitGroupQuietly();
    return this.env.close();
  }
}

function countKey(number: number): Buffer {
  return Buffer.from(`count:${number}`);
}

function prefixOf(number: number, extra = 0): Buffer {
  const prefix = Buffer.allocUnsafe(4 + extra);
  prefix.writeUInt32BE(number, 0);
  return prefix;
}

/** The storage a collection of a data directory gets: its documents and one entry table per index. */
export class DiskCollection implements CollectionStorage {
  private readonly indexNumbers = new Map<string, { number: number; multikey: boolean }>();

  constructor(
    private readonly storage: DiskStorage,
    readonly number: number,
    indexes: CatalogCollection["indexes"],
  ) {
    for (const index of indexes) this.indexNumbers.set(index.spec.name as string, index);
  }

  records(): RecordMap {
    return new DiskRecords(this.storage, this.number);
  }

  indexEntries(index: IndexInstance): IndexEntries {
    const known = this.indexNumbers.get(index.name);
    this.indexNumbers.delete(index.name);
    if (known) index.multikey = known.multikey;
    else this.storage.catalogDirty = true;
    return new DiskIndexEntries(this.storage, known?.number ?? this.storage.nextNumber++, index);
  }

  /** Removes the collection's documents and index entries (drop). */
  destroy(collection: Collection): void {
    collection.records.clear();
    for (const index of collection.indexes.values()) index.entries.clear();
    this.storage.catalogDirty = true;
  }
}

/** A collection's documents: [ts as double][BSON] under [collection number][_id key]. */
export class DiskRecords implements RecordMap {
  private readonly prefix: Buffer;
  private readonly end: Buffer;
  readonly countKey: Buffer;
  private count: number;
  private keyBuffer: Buffer;

  constructor(
    private readonly storage: DiskStorage,
    number: number,
  ) {
    this.prefix = prefixOf(number);
    this.end = successor(this.prefix)!;
    this.countKey = countKey(number);
    this.count = storage.countOf(number);
    this.keyBuffer = Buffer.allocUnsafe(this.prefix.length + 256);
    this.prefix.copy(this.keyBuffer, 0);
  }

  get size(): number {
    return this.count;
  }

  /**
   * The record's key, written into a buffer this table reuses: every caller hands it to LMDB (which
   * copies it) before asking for the next key, and a posting asks for dozens.
   */
  private key(id: string): Buffer {
    const start = this.prefix.length;
    // UTF-8 takes at most three bytes per UTF-16 unit.
    if (start + id.length * 3 > this.keyBuffer.length) {
      this.keyBuffer = Buffer.allocUnsafe(start + id.length * 3);
      this.prefix.copy(this.keyBuffer, 0);
    }
    return this.keyBuffer.subarray(0, start + this.keyBuffer.write(id, start, "utf8"));
  }

  private decode(value: Buffer): StoredRecord {
    return { ts: value.readDoubleBE(0), doc: BSON.deserialize(value.subarray(8), DESERIALIZE_OPTIONS) as Doc };
  }

  get(id: string): StoredRecord | undefined {
    const value = this.storage.docs.get(this.key(id));
    return value ? this.decode(value) : undefined;
  }

  has(id: string): boolean {
    return this.storage.docs.doesExist(this.key(id));
  }

  tsOf(id: string): number | undefined {
    // A buffer lmdb-js reuses for the next read: only its first eight bytes are read, at once.
    const value = this.storage.docs.getBinaryFast(this.key(id));
    return value ? value.readDoubleBE(0) : undefined;
  }

  set(id: string, record: StoredRecord, existed?: boolean): this {
    const key = this.key(id);
    const body = serializeStored(record.doc);
    const value = Buffer.allocUnsafe(8 + body.length);
    value.writeDoubleBE(record.ts, 0);
    value.set(body, 8);
    this.storage.transaction(() => {
      if (!(existed ?? this.storage.docs.doesExist(key))) {
        this.count += 1;
        this.storage.markCount(this);
      }
      this.storage.put(this.storage.docs, key, value);
    });
    return this;
  }

  delete(id: string): boolean {
    const key = this.key(id);
    return this.storage.transaction(() => {
      if (!this.storage.remove(this.storage.docs, key)) return false;
      this.count -= 1;
      this.storage.markCount(this);
      return true;
    });
  }

  clear(): void {
    this.storage.transaction(() => this.storage.removeRange(this.storage.docs, this.prefix, this.end));
    this.count = 0;
    this.storage.markCount(this);
  }

  *entries(): Generator<[string, StoredRecord]> {
    for (const { key, value } of this.storage.docs.getRange({ start: this.prefix, end: this.end })) {
      yield [key.toString("utf8", 4), this.decode(value)];
    }
  }

  *keys(): Generator<string> {
    for (const key of this.storage.docs.getKeys({ start: this.prefix, end: this.end })) yield key.toString("utf8", 4);
  }

  *values(): Generator<StoredRecord> {
    for (const { value } of this.storage.docs.getRange({ start: this.prefix, end: this.end })) yield this.decode(value);
  }

  [Symbol.iterator](): Generator<[string, StoredRecord]> {
    return this.entries();
  }
}

/** One index's entries: the value is the document's _id key; the LMDB key orders them. */
export class DiskIndexEntries implements IndexEntries {
  private readonly prefix: Buffer;
  private readonly end: Buffer;
  private readonly directions: number[];
  private readonly writer = new ByteWriter();
  private idStart = 0;

  constructor(
    private readonly storage: DiskStorage,
    readonly number: number,
    private readonly index: IndexInstance,
  ) {
    this.prefix = prefixOf(number);
    this.end = successor(this.prefix)!;
    this.directions = index.fields.map((field) => field.direction);
    index.onMultikey = () => {
      storage.catalogDirty = true;
    };
  }

  /**
   * The entry's LMDB key, its _id's bytes last (from `idStart`), written into a buffer these entries
   * reuse: LMDB copies keys and values before a synchronous put or remove returns, and a posting
   * writes dozens of entries.
   */
  private key(entry: IndexEntry): Buffer {
    const out = this.writer;
    out.reset();
    out.bytes(this.prefix);
    writeKey(out, entry.key, this.directions);
    if (out.length > MAX_INDEX_KEY_BYTES) throw keyTooLong(this.index.ns, this.index.name);
    this.idStart = out.length;
    out.utf8(entry.id);
    // A long _id counts twice in its own index (the key, then the id that follows every key).
    if (out.length > LMDB_MAX_KEY_BYTES) throw keyTooLong(this.index.ns, this.index.name);
    return out.view();
  }

  insert(entry: IndexEntry): void {
    const key = this.key(entry);
    // The value is the _id key: the same bytes the key ends with.
    this.storage.put(this.storage.index, key, key.subarray(this.idStart));
  }

  remove(entry: IndexEntry): boolean {
    return this.storage.remove(this.storage.index, this.key(entry));
  }

  load(sorted: IndexEntry[]): void {
    this.storage.transaction(() => {
      for (const entry of sorted) this.insert(entry);
    });
  }

  clear(): void {
    this.storage.transaction(() => this.storage.removeRange(this.storage.index, this.prefix, this.end));
  }

  /**
   * The position of an interval end in key bytes: the encoded fields, then either "before every key
   * with these fields" (the bytes themselves) or "after them" (their successor).
   */
  private position(values: readonly unknown[], after: boolean): Buffer | null {
    const out = new ByteWriter();
    out.bytes(this.prefix);
    let side = after;
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      const from = out.length;
      if (value instanceof KeyBound) {
        out.byte(value.rank);
        // A bound sits before or after every value of its type; inverted on a descending field.
        side = value.high !== (this.directions[i] === -1);
      } else writeValue(out, value);
      if (this.directions[i] === -1) out.invertFrom(from);
    }
    const bytes = out.result();
    return side ? successor(bytes) : bytes;
  }

  *scan(interval: KeyInterval, reverse: boolean): Generator<string> {
    const low = this.position(interval.start, !interval.startInclusive) ?? this.end;
    const high = this.position(interval.end, interval.endInclusive) ?? this.end;
    if (Buffer.compare(low, high) >= 0) return;
    const range = reverse ? { start: high, end: low, reverse: true } : { start: low, end: high };
    for (const { key, value } of this.storage.index.getRange(range)) {
      if (reverse && Buffer.compare(key, high) >= 0) continue;
      yield value.toString("utf8");
    }
  }

  *all(reverse: boolean): Generator<string> {
    const range = reverse
      ? { start: this.end, end: this.prefix, reverse: true }
      : { start: this.prefix, end: this.end };
    for (const { key, value } of this.storage.index.getRange(range)) {
      if (reverse && Buffer.compare(key, this.end) >= 0) continue;
      yield value.toString("utf8");
    }
  }
}
