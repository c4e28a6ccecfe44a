import type { UUID } from "bson";
import type { DiskStorage } from "./disk-storage";
import type { Doc } from "../bson/values";
import { ErrorCode, ServerError, TRANSIENT_TRANSACTION_ERROR, writeConflict } from "../errors";
import { Collection, sameKeys, type KnownVersion, type StoredRecord } from "./collection";
import { ID_INDEX_NAME, type IndexInstance, KeyBound, normalizeIndexSpec, sameIndexOptions } from "./index-instance";
import { mapIn, Transaction } from "./transaction";
import { TypeRank, canonicalKey } from "../bson/values";

/** One change of a committed batch; `doc: null` deletes. */
export interface Change {
  collection: Collection;
  id: string;
  doc: Doc | null;
  insertOnly?: boolean;
  /** A transaction's change: what it knows of the version it replaces. */
  known?: KnownVersion;
}

/** Whether two lists hold the same objects, in any order. */
function sameMembers(a: readonly object[], b: readonly object[]): boolean {
  return a.length === b.length && a.every((item) => b.includes(item));
}

export type JournalOp =
  | { op: "put"; ns: string; doc: Doc }
  | { op: "delete"; ns: string; id: unknown }
  | { op: "createCollection"; ns: string; options: Doc; uuid: UUID }
  | { op: "dropCollection"; ns: string }
  | { op: "createIndex"; ns: string; spec: Doc }
  | { op: "dropIndex"; ns: string; name: string }
  | { op: "dropDatabase"; db: string }
  | { op: "renameCollection"; from: string; to: string }
  | { op: "setOptions"; ns: string; options: Doc };

export interface JournalSink {
  append(ts: number, ops: JournalOp[]): void;
  durable(): Promise<void>;
}

export interface EngineOptions {
  transactionLifetimeMs?: number;
  /** Wall clock in milliseconds (tests move it instead of waiting). */
  now?: () => number;
}

export function splitNamespace(ns: string): [string, string] {
  const dot = ns.indexOf(".");
  return [ns.slice(0, dot), ns.slice(dot + 1)];
}

/** All databases, the commit clock, open transactions and their document locks. */
export class Engine {
  readonly databases = new Map<string, Map<string, Collection>>();
  clock = 0;
  readonly transactions = new Set<Transaction>();
  private readonly locks = new Map<string, Transaction>();
  private readonly collectionsWithHistory = new Set<Collection>();
  journal: JournalSink | null = null;
  /** The data directory's B-tree, when documents and indexes live on disk instead of in memory. */
  storage: DiskStorage | null = null;
  readonly transactionLifetimeMs: number;
  readonly now: () => number;

  constructor(options: EngineOptions = {}) {
    this.transactionLifetimeMs = options.transactionLifetimeMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** The collection as `transaction` (or a reader outside transactions) sees it. */
  collection(db: string, name: string, transaction: Transaction | null = null): Collection | undefined {
    const collection = this.databases.get(db)?.get(name);
    if (collection?.pendingTransaction && collection.pendingTransaction !== transaction) return undefined;
    return collection;
  }

  /** A new, empty collection object, stored where this engine stores its data. */
  newCollection(db: string, name: string, options: Doc = {}, uuid?: UUID): Collection {
    return new Collection(db, name, options, uuid, this.storage?.forCollection() ?? null);
  }

  /** Runs a change of the engine as one unit of its storage (one LMDB transaction on disk). */
  write<T>(work: () => T): T {
    const storage = this.storage;
    if (!storage || storage.inTransaction) return work();
    return storage.transaction(() => {
      const result = work();
      storage.finish(this.clock, () => [...this.databases.values()].flatMap((database) => [...database.values()]));
      return result;
    });
  }

  private attached(collection: Collection): boolean {
    return this.databases.get(collection.db)?.get(collection.name) === collection;
  }

  listCollections(db: string, transaction: Transaction | null = null): Collection[] {
    return [...(this.databases.get(db)?.values() ?? [])].filter(
      (collection) => !collection.pendingTransaction || collection.pendingTransaction === transaction,
    );
  }

  private log(ops: JournalOp[]): number {
    this.clock += 1;
    this.journal?.append(this.clock, ops);
    return this.clock;
  }

  /** Durable once every change made so far is on disk (immediately without a data directory). */
  durable(): Promise<void> {
    return this.journal ? this.journal.durable() : Promise.resolve();
  }

  /**
   * Creates a collection. Inside a transaction it stays private to it (and out of the journal) until
   * the transaction commits, as MongoDB's catalog does.
   */
  createCollection(db: string, name: string, options: Doc = {}, transaction: Transaction | null = null): Collection {
    if (this.storage) this.storage.catalogDirty = true;
    return this.write(() => this.createCollectionNow(db, name, options, transaction));
  }

  private createCollectionNow(
    db: string,
    name: string,
    options: Doc = {},
    transaction: Transaction | null = null,
  ): Collection {
    validateCollectionName(db, name);
    const existing = this.databases.get(db)?.get(name);
    if (existing?.pendingTransaction && existing.pendingTransaction !== transaction) throw writeConflict();
    if (existing) throw new ServerError(ErrorCode.NamespaceExists, `Collection ${db}.${name} already exists.`);
    const collection = this.newCollection(db, name, options);
    this.attach(collection);
    if (transaction) {
      collection.pendingTransaction = transaction;
      transaction.createdCollections.push(collection);
    } else {
      this.log([{ op: "createCollection", ns: collection.ns, options, uuid: collection.uuid }]);
    }
    return collection;
  }

  /** The collection, created on first write as MongoDB does. */
  ensureCollection(db: string, name: string, transaction: Transaction | null = null): Collection {
    const existing = this.databases.get(db)?.get(name);
    if (existing?.pendingTransaction && existing.pendingTransaction !== transaction) throw writeConflict();
    return existing ?? this.createCollection(db, name, {}, transaction);
  }

  attach(collection: Collection): void {
    mapIn(this.databases, collection.db).set(collection.name, collection);
  }

  dropCollection(db: string, name: string): Collection | undefined {
    if (this.storage) this.storage.catalogDirty = true;
    return this.write(() => this.dropCollectionNow(db, name));
  }

  private dropCollectionNow(db: string, name: string): Collection | undefined {
    const collection = this.collection(db, name);
    if (!collection) return undefined;
    this.abortTransactionsTouching(collection);
    this.databases.get(db)?.delete(name);
    if (this.databases.get(db)?.size === 0) this.databases.delete(db);
    collection.destroy();
    this.log([{ op: "dropCollection", ns: collection.ns }]);
    return collection;
  }

  dropDatabase(db: string): boolean {
    if (this.storage) this.storage.catalogDirty = true;
    return this.write(() => this.dropDatabaseNow(db));
  }

  private dropDatabaseNow(db: string): boolean {
    const database = this.databases.get(db);
    if (!database) return false;
    for (const collection of database.values()) this.abortTransactionsTouching(collection);
    this.databases.delete(db);
    for (const collection of database.values()) collection.destroy();
    this.log([{ op: "dropDatabase", db }]);
    return true;
  }

  renameCollection(from: string, to: string, dropTarget: boolean): void {
    if (this.storage) this.storage.catalogDirty = true;
    return this.write(() => this.renameCollectionNow(from, to, dropTarget));
  }

  private renameCollectionNow(from: string, to: string, dropTarget: boolean): void {
    const [fromDb, fromName] = splitNamespace(from);
    const [toDb, toName] = splitNamespace(to);
    const source = this.collection(fromDb, fromName);
    if (!source) throw new ServerError(ErrorCode.NamespaceNotFound, "source namespace does not exist");
    if (this.collection(toDb, toName)) {
      if (!dropTarget) throw new ServerError(ErrorCode.NamespaceExists, "target namespace exists");
      this.dropCollection(toDb, toName);
    }
    validateCollectionName(toDb, toName);
    this.abortTransactionsTouching(source);
    this.databases.get(fromDb)?.delete(fromName);
    const renamed = this.newCollection(toDb, toName, source.options, source.uuid);
    for (const [id, record] of source.records) renamed.records.set(id, record);
    for (const index of [...renamed.indexes.values()]) index.entries.clear();
    for (const index of source.indexes.values()) renamed.indexes.set(index.name, renamed.buildIndex(index.spec));
    source.destroy();
    this.attach(renamed);
    this.log([{ op: "renameCollection", from, to }]);
  }

  /** Creates indexes; returns how many were new. Existing identical indexes are accepted. */
  createIndexes(collection: Collection, rawSpecs: unknown[]): number {
    if (this.storage) this.storage.catalogDirty = true;
    return this.write(() => this.createIndexesNow(collection, rawSpecs));
  }

  private createIndexesNow(collection: Collection, rawSpecs: unknown[]): number {
    let created = 0;
    for (const raw of rawSpecs) {
      const spec = normalizeIndexSpec(raw);
      const existingByName = collection.indexes.get(spec.name as string);
      const sameKey = [...collection.indexes.values()].find(
        (index) => canonicalKey(index.spec.key) === canonicalKey(spec.key) && sameIndexOptions(index.spec, spec),
      );
      if (existingByName) {
        if (canonicalKey(existingByName.spec.key) !== canonicalKey(spec.key)) {
          throw new ServerError(
            ErrorCode.IndexKeySpecsConflict,
            `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(existingByName.spec)}`,
          );
        }
        if (!sameIndexOptions(existingByName.spec, spec)) {
          throw new ServerError(
            ErrorCode.IndexOptionsConflict,
            `An existing index has the same name as the requested index. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(existingByName.spec)}`,
          );
        }
        continue;
      }
      if (sameKey) {
        if (spec.name === sameKey.name) continue;
        throw new ServerError(
          ErrorCode.IndexOptionsConflict,
          `Index already exists with a different name: ${sameKey.name}`,
        );
      }
      const conflicting = [...collection.indexes.values()].find(
        (index) =>
          canonicalKey(index.spec.key) === canonicalKey(spec.key) &&
          !sameIndexOptions(index.spec, spec) &&
          index.name !== ID_INDEX_NAME,
      );
      if (conflicting && !spec.partialFilterExpression && !conflicting.spec.partialFilterExpression) {
        throw new ServerError(
          ErrorCode.IndexOptionsConflict,
          `An equivalent index already exists with the same name but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(conflicting.spec)}`,
        );
      }
      const index = collection.buildIndex(spec);
      collection.addIndex(index);
      if (!collection.pendingTransaction) this.log([{ op: "createIndex", ns: collection.ns, spec }]);
      created += 1;
    }
    return created;
  }

  /** collMod of the collection's options (validator, validationLevel, validationAction). */
  setOptions(collection: Collection, options: Doc): void {
    if (this.storage) this.storage.catalogDirty = true;
    return this.write(() => this.setOptionsNow(collection, options));
  }

  private setOptionsNow(collection: Collection, options: Doc): void {
    collection.options = options;
    collection.validator = undefined;
    if (!collection.pendingTransaction) this.log([{ op: "setOptions", ns: collection.ns, options }]);
  }

  dropIndex(collection: Collection, name: string): void {
    return this.write(() => this.dropIndexNow(collection, name));
  }

  private dropIndexNow(collection: Collection, name: string): void {
    if (name === ID_INDEX_NAME) throw new ServerError(ErrorCode.InvalidOptions, "cannot drop _id index");
    const index = collection.indexes.get(name);
    if (!index) throw new ServerError(ErrorCode.IndexNotFound, `index not found with name [${name}]`);
    collection.indexes.delete(name);
    if (this.storage) {
      index.entries.clear();
      this.storage.catalogDirty = true;
    }
    this.log([{ op: "dropIndex", ns: collection.ns, name }]);
  }

  /** Applies a batch atomically: every change or none (a unique index violation undoes the batch). */
  commit(changes: Change[], catalogOps: JournalOp[] = []): void {
    return this.write(() => this.commitNow(changes, catalogOps));
  }

  private commitNow(changes: Change[], catalogOps: JournalOp[] = []): void {
    if (changes.length === 0) {
      if (catalogOps.length > 0) this.log(catalogOps);
      return;
    }
    const ts = this.clock + 1;
    const applied: Array<[Change, StoredRecord | undefined]> = [];
    try {
      for (const change of changes) {
        const previous = change.doc
          ? change.collection.put(change.id, change.doc, ts, change.insertOnly === true, change.known)
          : change.collection.remove(change.id, change.known);
        applied.push([change, previous]);
      }
    } catch (error) {
      for (let i = applied.length - 1; i >= 0; i--) {
        const [change, previous] = applied[i];
        change.collection.restore(change.id, previous);
      }
      throw error;
    }
    const ops: JournalOp[] = [...catalogOps];
    for (const [change, previous] of applied) {
      change.collection.lastWriteTs = ts;
      if (this.transactions.size > 0) {
        change.collection.rememberReplaced(change.id, previous, ts, change.doc === null);
        this.collectionsWithHistory.add(change.collection);
      }
      if (change.doc) ops.push({ op: "put", ns: change.collection.ns, doc: change.doc });
      else if (previous) ops.push({ op: "delete", ns: change.collection.ns, id: previous.doc._id });
    }
    this.clock = ts;
    this.journal?.append(ts, ops);
  }

  // ---- transactions ----

  beginTransaction(txnNumber: bigint): Transaction {
    const transaction = new Transaction(this.clock, txnNumber, this.now());
    this.transactions.add(transaction);
    return transaction;
  }

  /**
   * A read-only view pinned at commit time `snapshot` (snapshot reads). While it is registered the
   * engine keeps the versions it needs, like an open transaction; `release` lets them go.
   */
  beginReader(snapshot: number): Transaction {
    const reader = new Transaction(snapshot, -1n, this.now());
    this.transactions.add(reader);
    return reader;
  }

  /** Whether a read at commit time `snapshot` can still be served (its history has been kept). */
  canReadAt(snapshot: number): boolean {
    if (snapshot === this.clock) return true;
    if (snapshot > this.clock) return false;
    for (const transaction of this.transactions) if (transaction.snapshot <= snapshot) return true;
    return false;
  }

  release(reader: Transaction): void {
    if (reader.state === "active") this.finishTransaction(reader, "aborted");
  }

  lockKey(collection: Collection, id: string): string {
    return `${collection.ns}\u0000${id}`;
  }

  /** The open transaction that has written this document, if any (other writers must wait for it). */
  lockedBy(collection: Collection, id: string): Transaction | undefined {
    return this.locks.get(this.lockKey(collection, id));
  }

  /** Records a transactional write after checking for conflicts and unique keys. */
  transactionalWrite(
    transaction: Transaction,
    collection: Collection,
    id: string,
    doc: Doc | null,
    insertOnly: boolean,
  ): void {
    this.assertActive(transaction);
    const lockKey = this.lockKey(collection, id);
    const holder = this.locks.get(lockKey);
    const changed = collection.lastChangeIfAny(id);
    if ((holder && holder !== transaction) || (changed ?? 0) > transaction.snapshot) {
      throw writeConflict();
    }
    // An _id never stored can only be held by this transaction's own earlier write.
    const neverStored = changed === null;
    if (insertOnly) {
      const existing = neverStored
        ? (transaction.overlayFor(collection)?.get(id) ?? null)
        : transaction.read(collection, id);
      if (existing !== null) throw collection.indexes.get(ID_INDEX_NAME)!.duplicateKeyError([doc?._id]);
    }
    if (doc) this.checkTransactionUnique(transaction, collection, id, doc, neverStored);
    this.rememberWritten(transaction, collection, id, doc !== null, neverStored);
    this.locks.set(lockKey, transaction);
    const kept = transaction.uniqueKeys.get(collection);
    if (kept) {
      const previous = transaction.overlayFor(collection)?.get(id) ?? null;
      for (const [index, keys] of kept) {
        if (previous) changeOverlayKeys(keys, index as IndexInstance, id, previous, "remove");
        if (doc) changeOverlayKeys(keys, index as IndexInstance, id, doc, "add");
      }
    }
    transaction.record(collection, id, doc);
  }

  /**
   * Records, at a transaction's first write to a document, the version at its snapshot that the write
   * replaces (an update has just read it), and at each write with a document the clock of its unique
   * check and the unique indexes it was checked against (see `Transaction.written`).
   */
  private rememberWritten(
    transaction: Transaction,
    collection: Collection,
    id: string,
    checked: boolean,
    neverStored: boolean,
  ): void {
    const written = mapIn(transaction.written, collection);
    let over = written.get(id);
    if (!over) {
      over = { base: neverStored ? null : transaction.atSnapshot(collection, id), checkedAt: -1 };
      written.set(id, over);
    }
    over.checkedAt = checked ? this.clock : -1;
    if (!checked) return;
    const unique = collection.uniqueIndexes();
    const seen = transaction.checkedIndexes.get(collection);
    if (seen === undefined) transaction.checkedIndexes.set(collection, unique);
    else if (seen !== null && !sameMembers(seen, unique)) transaction.checkedIndexes.set(collection, null);
  }

  /** The transaction's own documents by key of a unique index (see `Transaction.uniqueKeys`). */
  private overlayKeys(
    transaction: Transaction,
    collection: Collection,
    index: IndexInstance,
  ): Map<string, Set<string>> {
    const byIndex = mapIn(transaction.uniqueKeys, collection);
    let keys = byIndex.get(index);
    if (!keys) {
      keys = new Map();
      for (const [id, doc] of transaction.overlayFor(collection) ?? [])
        if (doc) changeOverlayKeys(keys, index, id, doc, "add");
      byIndex.set(index, keys);
    }
    return keys;
  }

  /**
   * A key the document already had at the snapshot needs no look into the committed index: the caller
   * has checked that the document is unchanged since, so the entry there is its own.
   */
  private checkTransactionUnique(
    transaction: Transaction,
    collection: Collection,
    id: string,
    doc: Doc,
    neverStored: boolean,
  ): void {
    const overlay = transaction.overlayFor(collection);
    let committed: Doc | null | undefined = neverStored ? null : undefined;
    for (const index of collection.indexes.values()) {
      if (!index.unique || index.name === ID_INDEX_NAME) continue;
      const keys = index.keysFor(doc);
      if (committed === undefined) committed = transaction.atSnapshot(collection, id);
      const unchanged = committed !== null && sameKeys(index.keysFor(committed), keys);
      for (const key of keys) {
        if (!unchanged) this.checkCommittedUnique(transaction, collection, index, id, key);
        if (overlay) {
          for (const otherId of this.overlayKeys(transaction, collection, index).get(canonicalKey(key)) ?? []) {
            if (otherId !== id) throw index.duplicateKeyError(key);
          }
        }
      }
    }
  }

  /** Another committed document with this key: a duplicate, or a conflict if it came after the snapshot. */
  private checkCommittedUnique(
    transaction: Transaction,
    collection: Collection,
    index: IndexInstance,
    id: string,
    key: unknown[],
  ): void {
    const overlay = transaction.overlayFor(collection);
    for (const otherId of index.idsWithKey(key)) {
      if (otherId === id) continue;
      if (overlay?.has(otherId)) continue;
      if (collection.lastChange(otherId) > transaction.snapshot) throw writeConflict();
      throw index.duplicateKeyError(key);
    }
  }

  assertActive(transaction: Transaction): void {
    if (transaction.state !== "active") {
      throw (
        transaction.abortReason ??
        new ServerError(
          ErrorCode.NoSuchTransaction,
          `Transaction with { txnNumber: ${transaction.txnNumber} } has been aborted.`,
          {
            labels: [TRANSIENT_TRANSACTION_ERROR],
          },
        )
      );
    }
  }

  commitTransaction(transaction: Transaction): void {
    if (this.storage && transaction.createdCollections.length > 0) this.storage.catalogDirty = true;
    return this.write(() => this.commitTransactionNow(transaction));
  }

  private commitTransactionNow(transaction: Transaction): void {
    this.assertActive(transaction);
    const changes: Change[] = [];
    for (const [collection, overlay] of transaction.writes) {
      if (!this.attached(collection)) continue;
      const written = transaction.written.get(collection);
      // A check is still valid when no commit has changed the collection or its unique indexes since.
      const checkedIndexes = transaction.checkedIndexes.get(collection);
      const indexesChecked = checkedIndexes != null && sameMembers(checkedIndexes, collection.uniqueIndexes());
      for (const [id, doc] of overlay) {
        if (doc === null && !collection.records.has(id)) continue;
        const over = written?.get(id);
        const known = over && {
          base: over.base,
          snapshot: transaction.snapshot,
          uniqueChecked: indexesChecked && over.checkedAt >= 0 && collection.lastWriteTs <= over.checkedAt,
        };
        changes.push({ collection, id, doc, known });
      }
    }
    // Collections the transaction created are journaled in the same record as its documents.
    const catalogOps = this.catalogOpsOfCreated(transaction);
    try {
      this.commit(changes, catalogOps);
    } catch (error) {
      this.finishTransaction(transaction, "aborted");
      if (error instanceof ServerError && error.code === ErrorCode.DuplicateKey) throw writeConflict();
      throw error;
    }
    for (const collection of transaction.createdCollections) {
      if (collection.pendingTransaction === transaction) collection.pendingTransaction = null;
    }
    this.finishTransaction(transaction, "committed");
  }

  private catalogOpsOfCreated(transaction: Transaction): JournalOp[] {
    const ops: JournalOp[] = [];
    for (const collection of transaction.createdCollections) {
      if (!this.attached(collection)) continue;
      ops.push({ op: "createCollection", ns: collection.ns, options: collection.options, uuid: collection.uuid });
      for (const index of collection.indexes.values()) {
        if (index.name !== ID_INDEX_NAME) ops.push({ op: "createIndex", ns: collection.ns, spec: index.spec });
      }
    }
    return ops;
  }

  abortTransaction(transaction: Transaction, reason?: ServerError): void {
    if (transaction.state !== "active") return;
    transaction.abortReason = reason ?? null;
    this.finishTransaction(transaction, "aborted");
  }

  private finishTransaction(transaction: Transaction, state: "committed" | "aborted"): void {
    for (const [collection, overlay] of transaction.writes) {
      for (const id of overlay.keys()) {
        const lockKey = this.lockKey(collection, id);
        if (this.locks.get(lockKey) === transaction) this.locks.delete(lockKey);
      }
    }
    if (state === "aborted") {
      for (const collection of transaction.createdCollections) {
        if (collection.pendingTransaction === transaction && this.attached(collection)) {
          this.databases.get(collection.db)?.delete(collection.name);
          if (this.databases.get(collection.db)?.size === 0) this.databases.delete(collection.db);
        }
      }
    }
    this.transactions.delete(transaction);
    transaction.markFinished(state);
    if (this.transactions.size === 0) {
      for (const collection of this.collectionsWithHistory) collection.forgetHistory();
      this.collectionsWithHistory.clear();
    }
  }

  private abortTransactionsTouching(collection: Collection): void {
    for (const transaction of [...this.transactions]) {
      if (transaction.writes.has(collection)) {
        this.abortTransaction(
          transaction,
          new ServerError(
            ErrorCode.NoSuchTransaction,
            "Transaction aborted because a collection it wrote was dropped",
            {
              labels: [TRANSIENT_TRANSACTION_ERROR],
            },
          ),
        );
      }
    }
  }

  /** Aborts transactions older than the lifetime limit (transactionLifetimeLimitSeconds). */
  expireTransactions(now = this.now()): void {
    for (const transaction of [...this.transactions]) {
      if (now - transaction.startedAt > this.transactionLifetimeMs) {
        this.abortTransaction(
          transaction,
          new ServerError(
            ErrorCode.NoSuchTransaction,
            `Transaction with { txnNumber: ${transaction.txnNumber} } has been aborted because it exceeded the lifetime limit (transactionLifetimeLimitSeconds).`,
            { labels: [TRANSIENT_TRANSACTION_ERROR] },
          ),
        );
      }
    }
  }

  /** Deletes documents whose TTL index date is older than expireAfterSeconds. */
  expireDocuments(now = this.now()): number {
    let removed = 0;
    for (const database of this.databases.values()) {
      for (const collection of database.values()) {
        for (const index of collection.indexes.values()) {
          if (index.expireAfterSeconds === undefined || index.fields.length !== 1) continue;
          const cutoff = new Date(now - index.expireAfterSeconds * 1000);
          const ids = new Set<string>();
          const interval = {
            start: [new KeyBound(TypeRank.Date, false)],
            end: [cutoff],
            startInclusive: true,
            endInclusive: true,
          };
          const scanned =
            index.fields[0].direction === 1
              ? interval
              : { start: interval.end, end: interval.start, startInclusive: true, endInclusive: true };
          for (const id of index.entries.scan(scanned, false)) ids.add(id);
          const changes: Change[] = [];
          for (const id of ids) {
            if (this.lockedBy(collection, id)) continue;
            changes.push({ collection, id, doc: null });
          }
          for (const change of changes) this.commit([change]);
          removed += changes.length;
        }
      }
    }
    return removed;
  }
}

export function validateCollectionName(db: string, name: string): void {
  if (!db || /[/\\. "$]/.test(db) || db.length > 63)
    throw new ServerError(ErrorCode.InvalidNamespace, `Invalid database name: '${db}'`);
  if (!name || name.includes("$") || name.includes("\u0000") || name.startsWith(".") || name.startsWith("system.")) {
    throw new ServerError(ErrorCode.InvalidNamespace, `Invalid collection name: ${name}`);
  }
}

function changeOverlayKeys(
  keys: Map<string, Set<string>>,
  index: IndexInstance,
  id: string,
  doc: Doc,
  change: "add" | "remove",
): void {
  for (const key of index.keysFor(doc)) {
    const text = canonicalKey(key);
    let ids = keys.get(text);
    if (change === "remove") {
      ids?.delete(id);
      if (ids?.size === 0) keys.delete(text);
      continue;
    }
    if (!ids) {
      ids = new Set();
      keys.set(text, ids);
    }
    ids.add(id);
  }
}
