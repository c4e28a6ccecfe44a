import type { Doc } from "../bson/values";
import { ErrorCode, TRANSIENT_TRANSACTION_ERROR } from "../errors";

/** Codes MongoDB calls retriable: a primary stepping down or shutting down, a network failure. */
const RETRIABLE_CODES = new Set([6, 7, 89, 91, 133, 134, 189, 234, 262, 9001, 10107, 11600, 11602, 13435, 13436]);
const SHUTDOWN_CODES = new Set([91, 11600]);
const WRITE_COMMANDS = new Set(["insert", "update", "delete", "findAndModify", "findandmodify"]);
const TRANSIENT_CODES = new Set<number>([
  ErrorCode.WriteConflict,
  ErrorCode.LockTimeout,
  267 /* PreparedTransactionInProgress */,
  ErrorCode.SnapshotUnavailable,
  ErrorCode.SnapshotTooOld,
]);

/**
 * The labels mongod attaches to an error reply: RetryableWriteError on a retryable write or a
 * commit/abort that failed for a retriable reason, TransientTransactionError on a transaction
 * statement whose transaction can be retried whole.
 */
export function errorLabelsFor(
  name: string,
  body: Doc,
  code: number,
  existing: readonly string[],
  writeConcernError = false,
): string[] {
  const labels = new Set(existing);
  const commitOrAbort = name === "commitTransaction" || name === "abortTransaction";
  const inTransaction = body.autocommit === false;
  const retryableWrite = body.txnNumber !== undefined && !inTransaction && WRITE_COMMANDS.has(name);
  if ((retryableWrite || commitOrAbort) && (RETRIABLE_CODES.has(code) || SHUTDOWN_CODES.has(code)))
    labels.add("RetryableWriteError");
  if (inTransaction && !writeConcernError) {
    let transient = TRANSIENT_CODES.has(code);
    if (commitOrAbort) transient ||= code === ErrorCode.NoSuchTransaction;
    else transient ||= RETRIABLE_CODES.has(code) || code === ErrorCode.NoSuchTransaction;
    if (transient) labels.add(TRANSIENT_TRANSACTION_ERROR);
  }
  return [...labels];
}
