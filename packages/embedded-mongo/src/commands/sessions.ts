import type { Binary } from "bson";
import { bsonTypeTag, type Doc, isNumeric, isPlainObject } from "../bson/values";
import { toJsNumber } from "../bson/arithmetic";
import { ErrorCode, ServerError, TRANSIENT_TRANSACTION_ERROR } from "../errors";
import type { Engine } from "../storage/engine";
import type { Transaction } from "../storage/transaction";

interface Session {
  key: string;
  txnNumber: bigint;
  transaction: Transaction | null;
  /** Snapshot reads of this session read here, so later reads at the same atClusterTime agree. */
  snapshotReader: Transaction | null;
  lastUsed: number;
}

const SESSION_TIMEOUT_MS = 30 * 60 * 1000;

export function sessionKeyOf(body: Doc): string | null {
  const lsid = body.lsid;
  if (!isPlainObject(lsid)) return null;
  const id = lsid.id;
  if (bsonTypeTag(id) === "Binary")
    return Buffer.from((id as Binary).buffer.subarray(0, (id as Binary).position)).toString("hex");
  return null;
}

function txnNumberOf(body: Doc): bigint | null {
  const value = body.txnNumber;
  if (typeof value === "bigint") return value;
  if (isNumeric(value)) return BigInt(Math.trunc(toJsNumber(value)));
  return null;
}

function noSuchTransaction(txnNumber: bigint, detail = "does not match any in-progress transactions"): ServerError {
  return new ServerError(ErrorCode.NoSuchTransaction, `Given transaction number ${txnNumber} ${detail}.`, {
    labels: [TRANSIENT_TRANSACTION_ERROR],
  });
}

/** Logical sessions (lsid) and the transaction each one has open. */
export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly engine: Engine) {}

  private session(key: string): Session {
    let session = this.sessions.get(key);
    if (!session) {
      session = { key, txnNumber: -1n, transaction: null, snapshotReader: null, lastUsed: this.engine.now() };
      this.sessions.set(key, session);
    }
    session.lastUsed = this.engine.now();
    return session;
  }

  /**
   * The transaction a command runs in (null outside transactions). Starts one on `startTransaction`;
   * rejects commands for a transaction that is unknown, finished or aborted.
   */
  resolve(body: Doc, commandName: string): Transaction | null {
    if (body.autocommit !== false) return null;
    const key = sessionKeyOf(body);
    const txnNumber = txnNumberOf(body);
    if (!key || txnNumber === null) {
      throw new ServerError(
        ErrorCode.InvalidOptions,
        "'autocommit' field requires a transaction number and a session id",
      );
    }
    const session = this.session(key);
    if (body.startTransaction === true) {
      if (txnNumber < session.txnNumber) {
        throw new ServerError(
          ErrorCode.TransactionTooOld,
          `Cannot start transaction ${txnNumber} on session because a newer transaction ${session.txnNumber} has already started`,
        );
      }
      if (txnNumber === session.txnNumber && session.transaction) {
        throw new ServerError(
          ErrorCode.ConflictingOperationInProgress,
          `Transaction ${txnNumber} has already been started on this session`,
        );
      }
      if (session.transaction?.state === "active") this.engine.abortTransaction(session.transaction);
      session.txnNumber = txnNumber;
      session.transaction = this.engine.beginTransaction(txnNumber);
      return session.transaction;
    }
    const transaction = session.transaction;
    if (!transaction || session.txnNumber !== txnNumber) throw noSuchTransaction(txnNumber);
    if (transaction.state === "committed") {
      if (commandName === "commitTransaction") return transaction;
      if (commandName === "abortTransaction") {
        throw new ServerError(ErrorCode.TransactionCommitted, `Transaction ${txnNumber} has been committed.`);
      }
      throw new ServerError(ErrorCode.TransactionCommitted, `Transaction ${txnNumber} has been committed.`);
    }
    if (transaction.state === "aborted") {
      if (transaction.abortReason && commandName !== "abortTransaction") throw transaction.abortReason;
      throw noSuchTransaction(txnNumber, "has been aborted");
    }
    return transaction;
  }

  /** Records that a session was used (`$listLocalSessions` lists it). */
  touch(key: string): void {
    this.session(key);
  }

  /** A reader at commit time `snapshot` for this session's snapshot reads (reused while it lasts). */
  snapshotReader(key: string | null, snapshot: number): Transaction {
    if (!key) return this.engine.beginReader(snapshot);
    const session = this.session(key);
    const current = session.snapshotReader;
    if (current && current.state === "active" && current.snapshot === snapshot) return current;
    const reader = this.engine.beginReader(snapshot);
    if (current) this.engine.release(current);
    session.snapshotReader = reader;
    return reader;
  }

  /** `$listLocalSessions`: the sessions this server knows, as `{_id: {id}, lastUse}`. */
  list(): Doc[] {
    return [...this.sessions.values()].map((session) => ({
      _id: { id: Buffer.from(session.key, "hex") },
      lastUse: new Date(session.lastUsed),
    }));
  }

  end(keys: string[]): void {
    for (const key of keys) {
      const session = this.sessions.get(key);
      if (session?.transaction?.state === "active") this.engine.abortTransaction(session.transaction);
      if (session?.snapshotReader) this.engine.release(session.snapshotReader);
      this.sessions.delete(key);
    }
  }

  expireIdle(now = this.engine.now()): void {
    for (const [key, session] of this.sessions) {
      if (now - session.lastUsed > SESSION_TIMEOUT_MS && session.transaction?.state !== "active") {
        if (session.snapshotReader) this.engine.release(session.snapshotReader);
        this.sessions.delete(key);
      }
    }
  }
}
