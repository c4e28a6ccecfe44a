import { BSON } from "bson";
import type { Doc } from "../bson/values";
import { ErrorCode, ServerError } from "../errors";
import { buildCursorReply } from "../wire/cursor-reply";
import { MAX_BSON_OBJECT_SIZE } from "../wire/protocol";

const DEFAULT_FIRST_BATCH = 101;
// Leaves room for the reply envelope within the 16 MiB document limit.
const MAX_BATCH_BYTES = MAX_BSON_OBJECT_SIZE - 64 * 1024;

interface OpenCursor {
  id: bigint;
  ns: string;
  items: unknown[];
  position: number;
  toDocument: (item: unknown) => Doc;
  lastUsed: number;
  sessionKey: string | null;
}

export interface CursorSource {
  ns: string;
  items: unknown[];
  toDocument?: (item: unknown) => Doc;
  batchSize?: number;
  singleBatch?: boolean;
  sessionKey?: string | null;
}

/** Open cursors of the server: results are computed when the cursor opens and handed out in batches. */
export class CursorRegistry {
  private readonly cursors = new Map<bigint, OpenCursor>();
  private nextId = BigInt(Math.floor(Math.random() * 2 ** 40)) + 1n;

  constructor(
    private readonly idleTimeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.cursors.size;
  }

  private takeBatch(cursor: OpenCursor, batchSize: number | undefined): Uint8Array[] {
    const batch: Uint8Array[] = [];
    let bytes = 0;
    const limit = batchSize && batchSize > 0 ? batchSize : Number.POSITIVE_INFINITY;
    while (cursor.position < cursor.items.length && batch.length < limit) {
      const encoded = BSON.serialize(cursor.toDocument(cursor.items[cursor.position]), { ignoreUndefined: true });
      if (batch.length > 0 && bytes + encoded.length > MAX_BATCH_BYTES) break;
      batch.push(encoded);
      bytes += encoded.length;
      cursor.position += 1;
    }
    return batch;
  }

  /** Builds the first reply; registers the cursor only when results remain. */
  open(source: CursorSource): Buffer {
    const cursor: OpenCursor = {
      id: 0n,
      ns: source.ns,
      items: source.items,
      position: 0,
      toDocument: source.toDocument ?? ((item) => item as Doc),
      lastUsed: this.now(),
      sessionKey: source.sessionKey ?? null,
    };
    const batchSize = source.batchSize ?? DEFAULT_FIRST_BATCH;
    const batch =
      batchSize === 0 && !source.singleBatch
        ? []
        : this.takeBatch(cursor, source.singleBatch && batchSize === 0 ? undefined : batchSize);
    const exhausted = cursor.position >= cursor.items.length || source.singleBatch === true;
    if (!exhausted) {
      cursor.id = this.nextId;
      this.nextId += 1n;
      this.cursors.set(cursor.id, cursor);
    }
    return buildCursorReply("firstBatch", batch, cursor.id, cursor.ns);
  }

  getMore(id: bigint, ns: string, batchSize: number | undefined): Buffer {
    const cursor = this.cursors.get(id);
    if (!cursor) throw new ServerError(ErrorCode.CursorNotFound, `cursor id ${id} not found`);
    if (cursor.ns !== ns) {
      throw new ServerError(
        ErrorCode.Unauthorized,
        `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${cursor.ns}`,
      );
    }
    cursor.lastUsed = this.now();
    const batch = this.takeBatch(cursor, batchSize);
    let replyId = cursor.id;
    if (cursor.position >= cursor.items.length) {
      this.cursors.delete(id);
      replyId = 0n;
    }
    return buildCursorReply("nextBatch", batch, replyId, cursor.ns);
  }

  kill(ids: bigint[]): { killed: bigint[]; notFound: bigint[] } {
    const killed: bigint[] = [];
    const notFound: bigint[] = [];
    for (const id of ids) {
      if (this.cursors.delete(id)) killed.push(id);
      else notFound.push(id);
    }
    return { killed, notFound };
  }

  killForSession(sessionKey: string): void {
    for (const [id, cursor] of this.cursors) if (cursor.sessionKey === sessionKey) this.cursors.delete(id);
  }

  /** Closes cursors left unused longer than the idle timeout (cursorTimeoutMillis). */
  expireIdle(now = this.now()): number {
    let expired = 0;
    for (const [id, cursor] of this.cursors) {
      if (now - cursor.lastUsed > this.idleTimeoutMs) {
        this.cursors.delete(id);
        expired += 1;
      }
    }
    return expired;
  }
}
