import fs from "node:fs";
import path from "node:path";
import type { UUID } from "bson";
import type { Doc } from "../bson/values";
import { Collection, idKeyOf } from "../storage/collection";
import { DiskRecords, DiskStorage } from "../storage/disk-storage";
import { type Engine, splitNamespace } from "../storage/engine";
import { decodeFrames } from "./frames";
import { Journal } from "./journal";
import { acquireLock } from "./lock-file";
import { loadSnapshot, SNAPSHOT_NAME, syncDirectory } from "./snapshot";

/** LMDB's file in the data directory (beside it its lock file, lock.mdb). */
export const DATA_FILE = "data.mdb";

const JOURNAL_PATTERN = /^journal-(\d{8})\.log$/;

export interface StoreOptions {
  /** Journal size after which a snapshot is written and older journals are removed. */
  compactAfterBytes?: number;
  /** Write a snapshot on close so the next start need not replay the journal (default true). */
  snapshotOnClose?: boolean;
  log?: (line: string) => void;
}

export interface RecoveryReport {
  snapshotTs: number;
  replayedCommits: number;
  tornTail: boolean;
  ms: number;
}

function journalName(sequence: number): string {
  return `journal-${String(sequence).padStart(8, "0")}.log`;
}

function listJournals(directory: string): Array<{ sequence: number; file: string }> {
  return fs
    .readdirSync(directory)
    .map((name) => ({ name, match: JOURNAL_PATTERN.exec(name) }))
    .filter((entry) => entry.match)
    .map((entry) => ({ sequence: Number(entry.match![1]), file: path.join(directory, entry.name) }))
    .sort((a, b) => a.sequence - b.sequence);
}

function collectionFor(engine: Engine, ns: string): Collection {
  const [db, name] = splitNamespace(ns);
  let collection = engine.collection(db, name);
  if (!collection) {
    collection = engine.newCollection(db, name);
    engine.attach(collection);
  }
  return collection;
}

function replayOp(engine: Engine, op: Doc, ts: number): void {
  switch (op.o) {
    case "p": {
      const doc = op.d as Doc;
      collectionFor(engine, op.ns as string).put(idKeyOf(doc._id), doc, ts, false);
      return;
    }
    case "d":
      collectionFor(engine, op.ns as string).remove(idKeyOf(op.id));
      return;
    case "cc": {
      const [db, name] = splitNamespace(op.ns as string);
      if (!engine.collection(db, name))
        engine.attach(engine.newCollection(db, name, op.options as Doc, op.uuid as UUID));
      return;
    }
    case "dc": {
      const [db, name] = splitNamespace(op.ns as string);
      engine.dropCollection(db, name);
      return;
    }
    case "ci": {
      const collection = collectionFor(engine, op.ns as string);
      const spec = op.spec as Doc;
      if (!collection.indexes.has(spec.name as string)) collection.addIndex(collection.buildIndex(spec));
      return;
    }
    case "di": {
      const collection = collectionFor(engine, op.ns as string);
      if (collection.indexes.has(op.name as string)) engine.dropIndex(collection, op.name as string);
      return;
    }
    case "dd":
      engine.dropDatabase(op.db as string);
      return;
    case "rn":
      engine.renameCollection(op.from as string, op.to as string, true);
      return;
    case "so":
      collectionFor(engine, op.ns as string).options = op.options as Doc;
      return;
    default:
      throw new Error(`Unknown journal operation ${String(op.o)}`);
  }
}

/** Replays the journals' commits after `baseTs` into `engine`, each as one storage transaction. */
function replayJournals(directory: string, engine: Engine, baseTs: number) {
  let replayed = 0;
  let tornTail = false;
  const journals = listJournals(directory);
  const torn: Array<{ file: string; validLength: number }> = [];
  // A torn tail can only end the journal that was open at a crash; later journals belong to later runs.
  for (const { file } of journals) {
    const decoded = decodeFrames(fs.readFileSync(file));
    for (const frame of decoded.frames) {
      const [header, ...ops] = frame;
      const ts = header.ts as number;
      if (ts <= baseTs) continue;
      if (ops.length !== header.n) break;
      engine.write(() => {
        if (engine.storage && ops.some((op) => op.o !== "p" && op.o !== "d")) engine.storage.catalogDirty = true;
        for (const op of ops) replayOp(engine, op, ts);
        // Catalog operations replayed through the engine advance its clock; the commit's own time wins.
        engine.clock = ts;
      });
      replayed += 1;
    }
    if (decoded.tornTail) {
      tornTail = true;
      torn.push({ file, validLength: decoded.validLength });
    }
  }
  return { replayed, tornTail, journals, torn };
}

/** Attaches the collections of the data directory's catalog (their documents stay on disk). */
function attachCatalog(storage: DiskStorage, engine: Engine): void {
  for (const entry of storage.catalog()) {
    const [db, name] = splitNamespace(entry.ns);
    const collection = new Collection(db, name, entry.options, entry.uuid, storage.forCollection(entry));
    for (const index of entry.indexes) {
      if (index.spec.name !== "_id_") collection.attachIndex(index.spec);
    }
    engine.attach(collection);
  }
  storage.catalogDirty = false;
}

/** Copies the committed state of a data directory into an in-memory engine; returns its commit time. */
function copyDiskState(directory: string, engine: Engine): number {
  if (!fs.existsSync(path.join(directory, DATA_FILE))) return loadSnapshot(directory, engine);
  const storage = new DiskStorage(directory, true);
  try {
    for (const entry of storage.catalog()) {
      const [db, name] = splitNamespace(entry.ns);
      const collection = new Collection(db, name, entry.options, entry.uuid);
      for (const [id, record] of new DiskRecords(storage, entry.number)) collection.records.set(id, record);
      for (const index of entry.indexes) {
        if (index.spec.name !== "_id_")
          collection.indexes.set(index.spec.name as string, collection.buildIndex(index.spec));
      }
      engine.attach(collection);
    }
    return storage.clock;
  } finally {
    void storage.close();
  }
}

/** Reads a data directory into a fresh engine without locking or changing it (for inspection and tests). */
export function readDataDirectory(directory: string, engine: Engine): RecoveryReport {
  const started = performance.now();
  const snapshotTs = copyDiskState(directory, engine);
  engine.clock = snapshotTs;
  const { replayed, tornTail } = replayJournals(directory, engine, snapshotTs);
  return { snapshotTs, replayedCommits: replayed, tornTail, ms: performance.now() - started };
}

/**
 * Durable storage for a data directory: a lock, the latest snapshot and the journals written since.
 * Opening replays them; every later commit is journaled before it is acknowledged.
 */
export const OWNER_ONLY_FILE = 0o600;
export const OWNER_ONLY_DIRECTORY = 0o700;

/**
 * The data directory holds every document (password hashes included): only its owner may read it.
 * Files left world-readable by an earlier version are tightened too.
 */
export function restrictToOwner(directory: string): void {
  fs.mkdirSync(directory, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
  fs.chmodSync(directory, OWNER_ONLY_DIRECTORY);
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    if (entry.isFile()) fs.chmodSync(path.join(directory, entry.name), OWNER_ONLY_FILE);
  }
}

export class Store {
  private journal!: Journal;
  private storage!: DiskStorage;
  private sequence = 0;
  private compacting: Promise<void> | null = null;
  private remapping: Promise<void> | null = null;
  private releaseLock: (() => void) | null = null;
  private closed = false;
  report!: RecoveryReport;

  private constructor(
    private readonly directory: string,
    private readonly engine: Engine,
    private readonly options: StoreOptions,
  ) {}

  static async open(directory: string, engine: Engine, options: StoreOptions = {}): Promise<Store> {
    restrictToOwner(directory);
    const store = new Store(directory, engine, options);
    store.releaseLock = acquireLock(directory);
    try {
      store.recover();
      // A directory of the earlier format: once LMDB holds its snapshot, the snapshot goes.
      if (fs.existsSync(path.join(directory, SNAPSHOT_NAME))) await store.compact();
    } catch (error) {
      engine.storage = null;
      await store.storage?.close();
      store.releaseLock();
      throw error;
    }
    return store;
  }

  private recover(): void {
    const started = performance.now();
    const engine = this.engine;
    this.storage = new DiskStorage(this.directory);
    this.storage.grouping = true;
    restrictToOwner(this.directory);
    engine.storage = this.storage;
    attachCatalog(this.storage, engine);
    let snapshotTs = this.storage.clock;
    if (snapshotTs === 0 && engine.databases.size === 0) {
      // A data directory of the earlier snapshot format: its snapshot is loaded once into LMDB.
      snapshotTs = engine.write(() => {
        engine.clock = loadSnapshot(this.directory, engine);
        return engine.clock;
      });
    }
    engine.clock = snapshotTs;
    const { replayed, tornTail, journals, torn } = replayJournals(this.directory, engine, snapshotTs);
    this.storage.commitGroup();
    for (const { file, validLength } of torn) {
      // Never acknowledged: cut it off so the file holds only whole commits.
      fs.truncateSync(file, validLength);
      const fd = fs.openSync(file, "r+");
      fs.fsyncSync(fd);
      fs.closeSync(fd);
    }
    this.sequence = (journals[journals.length - 1]?.sequence ?? 0) + 1;
    const file = path.join(this.directory, journalName(this.sequence));
    this.journal = new Journal(fs.openSync(file, "a", OWNER_ONLY_FILE), file);
    syncDirectory(this.directory);
    // Replayed journals stay until the next snapshot; count them so one is written soon.
    for (const { file: old } of journals) {
      const size = fs.statSync(old).size;
      if (size === 0) fs.rmSync(old, { force: true });
      this.journal.bytesSinceSnapshot += size;
    }
    this.journal.onFlushing = () => this.storage.commitGroup();
    this.journal.onFlushed = () => this.maybeCompact();
    engine.journal = this.journal;
    this.report = { snapshotTs, replayedCommits: replayed, tornTail, ms: performance.now() - started };
    this.options.log?.(
      `recovered ${this.directory}: snapshot at ${snapshotTs}, ${replayed} journal commits${tornTail ? " (ignored a torn tail)" : ""} in ${this.report.ms.toFixed(0)} ms`,
    );
  }

  private maybeCompact(): void {
    const limit = this.options.compactAfterBytes ?? 64 * 1024 * 1024;
    if (this.closed || this.compacting || this.remapping || this.journal.bytesSinceSnapshot < limit) return;
    this.compacting = this.compact()
      .catch((error) =>
        this.options.log?.(`snapshot failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        this.compacting = null;
      });
  }

  /**
   * A checkpoint: continues the journal in a new file, syncs LMDB (which already holds every commit)
   * and removes the journals it covers.
   */
  async compact(): Promise<void> {
    const ts = this.engine.clock;
    const covered = listJournals(this.directory).map((entry) => entry.file);
    this.sequence += 1;
    const file = path.join(this.directory, journalName(this.sequence));
    this.journal.rotate(fs.openSync(file, "a", OWNER_ONLY_FILE), file);
    syncDirectory(this.directory);
    try {
      await this.storage.sync();
      for (const old of covered) fs.rmSync(old, { force: true });
      fs.rmSync(path.join(this.directory, SNAPSHOT_NAME), { force: true });
      syncDirectory(this.directory);
      this.options.log?.(`checkpoint at commit ${ts}`);
    } catch (error) {
      this.options.log?.(`checkpoint failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Unmaps the data file's pages from the process (after any checkpoint under way). The server calls
   * it only while no command runs (docs/decisions/290-embedded-database-mapped-pages-budget.md).
   */
  async remap(): Promise<void> {
    if (this.closed || this.remapping) return;
    this.remapping = (async () => {
      await this.compacting;
      await this.storage.reopen();
    })();
    try {
      await this.remapping;
    } finally {
      this.remapping = null;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.remapping;
    await this.compacting;
    await this.journal.durable();
    if (this.options.snapshotOnClose !== false && this.journal.bytesSinceSnapshot > 0) await this.compact();
    this.closed = true;
    this.engine.journal = null;
    await this.journal.close();
    this.engine.storage = null;
    await this.storage.close();
    this.releaseLock?.();
  }
}
