import type { Doc } from "../bson/values";
import type { ServerError } from "../errors";
import type { Collection } from "./collection";

/**
 * How many of its latest snapshot reads per collection a transaction keeps: a write reads its
 * document just before (to match it, to validate it, for unique keys), so the latest few are what
 * it asks for again.
 */
const SNAPSHOT_READS_KEPT = 256;

/** The map kept in `outer` under `key`, created empty on first use. */
export function mapIn<K, K2, V>(outer: Map<K, Map<K2, V>>, key: K): Map<K2, V> {
  let inner = outer.get(key);
  if (!inner) {
    inner = new Map();
    outer.set(key, inner);
  }
  return inner;
}

/** What a transaction's write to one document replaced, as the transaction knows it. */
export interface WrittenOver {
  /** The document at the transaction's snapshot (null: none). */
  base: Doc | null;
  /** The engine's clock at its latest unique-key check against the committed indexes; -1 for none. */
  checkedAt: number;
}

/**
 * A multi-document transaction: reads see the committed state at `snapshot` plus its own writes, which
 * wait in an overlay until commit. Writing a document that another transaction holds, or that changed
 * after the snapshot, is a write conflict (first writer wins).
 */
export class Transaction {
  state: "active" | "committed" | "aborted" = "active";
  readonly writes = new Map<Collection, Map<string, Doc | null>>();
  abortReason: ServerError | null = null;
  /**
   * The unique-index keys of the documents in the overlay, per collection and index (canonical key →
   * ids), built on the first unique check of an index and kept up to date by the engine: a transaction
   * that inserts n documents checks them in O(n) instead of scanning its overlay for each one.
   */
  readonly uniqueKeys = new Map<Collection, Map<object, Map<string, Set<string>>>>();
  /** Collections this transaction created: published at commit, dropped at abort. */
  readonly createdCollections: Collection[] = [];
  readonly finished: Promise<void>;
  private resolveFinished!: () => void;
  /**
   * Its latest documents read at the snapshot, which no later commit changes (the engine keeps the
   * versions that commits replace while a transaction is open): an update reads and decodes its
   * document once, not at each step.
   */
  private readonly snapshotReads = new Map<Collection, Map<string, Doc | null>>();
  /**
   * Per collection and written _id: the version at the snapshot it replaces and the engine's clock at
   * its last unique-key check, so the commit neither reads that version again nor repeats a check that
   * no commit since can have changed.
   */
  readonly written = new Map<Collection, Map<string, WrittenOver>>();
  /**
   * Per collection, the unique indexes every write's check saw (null once they differed between
   * writes): a check made without an index created since says nothing about it.
   */
  readonly checkedIndexes = new Map<Collection, readonly object[] | null>();

  constructor(
    readonly snapshot: number,
    readonly txnNumber: bigint,
    readonly startedAt: number = Date.now(),
  ) {
    this.finished = new Promise((resolve) => {
      this.resolveFinished = resolve;
    });
  }

  overlayFor(collection: Collection): Map<string, Doc | null> | undefined {
    return this.writes.get(collection);
  }

  /** The document as this transaction sees it: its own write, else the snapshot version. */
  read(collection: Collection, id: string): Doc | null {
    const overlay = this.writes.get(collection);
    if (overlay?.has(id)) return overlay.get(id) ?? null;
    return this.atSnapshot(collection, id);
  }

  /** The document as it was at the snapshot, whatever this transaction wrote since. */
  atSnapshot(collection: Collection, id: string): Doc | null {
    const known = this.snapshotReads.get(collection)?.get(id);
    if (known !== undefined) return known;
    const doc = collection.versionAt(id, this.snapshot);
    const reads = mapIn(this.snapshotReads, collection);
    reads.set(id, doc);
    if (reads.size > SNAPSHOT_READS_KEPT) reads.delete(reads.keys().next().value!);
    return doc;
  }

  record(collection: Collection, id: string, doc: Doc | null): void {
    mapIn(this.writes, collection).set(id, doc);
  }

  markFinished(state: "committed" | "aborted"): void {
    this.state = state;
    this.resolveFinished();
  }
}
