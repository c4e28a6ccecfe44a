import fs from "node:fs";
import { promisify } from "node:util";
import type { Doc } from "../bson/values";
import type { JournalOp, JournalSink } from "../storage/engine";
import { takeSerialized } from "../storage/stored-bytes";
import { encodeFrame, serializeDocument } from "./frames";

const write = promisify(fs.write);
const fdatasync = promisify(fs.fdatasync);
const close = promisify(fs.close);

/** Turns a committed batch into journal documents: a header then one document per operation. */
export function encodeCommit(ts: number, ops: JournalOp[]): Buffer {
  const documents: Uint8Array[] = [serializeDocument({ ts, n: ops.length })];
  for (const op of ops)
    documents.push(op.op === "put" ? encodePut(op.ns, takeSerialized(op.doc)) : serializeDocument(encodeOp(op)));
  return encodeFrame(documents);
}

/**
 * `{ o: "p", ns, d: doc }` in BSON around the document's own bytes, as the data file's write already
 * serialized them: a posting's documents are serialized once, not twice.
 */
export function encodePut(ns: string, body: Uint8Array): Buffer {
  const nsLength = Buffer.byteLength(ns, "utf8");
  // length, o: "p" (9 bytes), ns: string (9 bytes and the name), d: document (3 bytes and the body), end.
  const size = 4 + 9 + 9 + nsLength + 3 + body.length + 1;
  const out = Buffer.allocUnsafe(size);
  let at = out.writeInt32LE(size, 0);
  at = out.writeUInt8(0x02, at);
  at += out.write("o\0", at, "latin1");
  at = out.writeInt32LE(2, at);
  at += out.write("p\0", at, "latin1");
  at = out.writeUInt8(0x02, at);
  at += out.write("ns\0", at, "latin1");
  at = out.writeInt32LE(nsLength + 1, at);
  at += out.write(ns, at, "utf8");
  at = out.writeUInt8(0, at);
  at = out.writeUInt8(0x03, at);
  at += out.write("d\0", at, "latin1");
  out.set(body, at);
  at += body.length;
  out.writeUInt8(0, at);
  return out;
}

function encodeOp(op: JournalOp): Doc {
  switch (op.op) {
    case "put":
      return { o: "p", ns: op.ns, d: op.doc };
    case "delete":
      return { o: "d", ns: op.ns, id: op.id };
    case "createCollection":
      return { o: "cc", ns: op.ns, options: op.options, uuid: op.uuid };
    case "dropCollection":
      return { o: "dc", ns: op.ns };
    case "createIndex":
      return { o: "ci", ns: op.ns, spec: op.spec };
    case "dropIndex":
      return { o: "di", ns: op.ns, name: op.name };
    case "dropDatabase":
      return { o: "dd", db: op.db };
    case "renameCollection":
      return { o: "rn", from: op.from, to: op.to };
    case "setOptions":
      return { o: "so", ns: op.ns, options: op.options };
  }
}

async function writeAndSync(fd: number, data: Buffer): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await write(fd, data, offset, data.length - offset, null);
    offset += bytesWritten;
  }
  await fdatasync(fd);
}

interface Waiter {
  promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function waiter(): Waiter {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/**
 * Append-only journal with group commit: commits made while a write+fdatasync is in flight are written
 * together by the next one, so many concurrent writers share one fsync. A commit is acknowledged only
 * after its fdatasync returned.
 */
export class Journal implements JournalSink {
  private pending: Buffer[] = [];
  private next: Waiter | null = null;
  private inFlight: Promise<void> | null = null;
  private running = false;
  private retired: number[] = [];
  bytesSinceSnapshot = 0;
  /** Called as a flush starts, with the flushed commits taken (the data file's group commit). */
  onFlushing: (() => void) | null = null;
  onFlushed: (() => void) | null = null;

  constructor(
    private fd: number,
    public path: string,
  ) {}

  append(ts: number, ops: JournalOp[]): void {
    const frame = encodeCommit(ts, ops);
    this.pending.push(frame);
    this.bytesSinceSnapshot += frame.length;
  }

  durable(): Promise<void> {
    if (this.pending.length === 0) return this.inFlight ?? Promise.resolve();
    if (!this.next) this.next = waiter();
    const promise = this.next.promise;
    if (!this.running) {
      this.running = true;
      setImmediate(() => void this.flushLoop());
    }
    return promise;
  }

  private async flushLoop(): Promise<void> {
    while (this.pending.length > 0) {
      const buffers = this.pending;
      this.pending = [];
      const done = this.next ?? waiter();
      this.next = null;
      this.inFlight = done.promise;
      const data = buffers.length === 1 ? buffers[0] : Buffer.concat(buffers);
      const written = writeAndSync(this.fd, data);
      let failure: unknown = null;
      try {
        // The commits of these frames reach the data file while the disk syncs the journal.
        this.onFlushing?.();
      } catch (error) {
        failure = error;
      }
      try {
        await written;
        if (failure) throw failure;
        done.resolve();
      } catch (error) {
        done.reject(error);
      }
      this.inFlight = null;
      await this.closeRetired();
      this.onFlushed?.();
    }
    this.running = false;
  }

  private async closeRetired(): Promise<void> {
    const retired = this.retired;
    this.retired = [];
    for (const fd of retired) {
      try {
        await fdatasync(fd);
        await close(fd);
      } catch {
        // Already closed or unusable: nothing more to flush from it.
      }
    }
  }

  /** Continues in a new file; the old one is closed once its last write completed. */
  rotate(fd: number, path: string): void {
    this.retired.push(this.fd);
    this.fd = fd;
    this.path = path;
    this.bytesSinceSnapshot = 0;
    if (!this.running) void this.closeRetired();
  }

  async close(): Promise<void> {
    await this.durable();
    while (this.running) await new Promise((resolve) => setImmediate(resolve));
    await this.closeRetired();
    await fdatasync(this.fd).catch(() => undefined);
    await close(this.fd).catch(() => undefined);
  }
}
