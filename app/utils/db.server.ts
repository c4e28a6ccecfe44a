import mongoose, { type ClientSession } from "mongoose";
import { hasErrorLabel } from "~models/mongo-errors";
import { getEnv } from "./env.server";

declare global {
  // One connection per process, kept on globalThis so that module reloads reuse it.
  var __databaseConnection: Promise<typeof mongoose> | undefined;
}

export function connectDatabase(uri: string = getEnv().MONGODB_URI): Promise<typeof mongoose> {
  globalThis.__databaseConnection ??= mongoose.connect(uri, { serverSelectionTimeoutMS: 10_000 }).catch((error) => {
    globalThis.__databaseConnection = undefined;
    throw error;
  });
  return globalThis.__databaseConnection;
}

export async function disconnectDatabase(): Promise<void> {
  if (!globalThis.__databaseConnection) return;
  globalThis.__databaseConnection = undefined;
  await mongoose.disconnect();
}

export async function pingDatabase(): Promise<boolean> {
  try {
    const connection = await connectDatabase();
    await connection.connection.db!.admin().ping();
    return true;
  } catch {
    return false;
  }
}

const TRANSACTION_ATTEMPTS = 5;
const COMMIT_ATTEMPTS = 3;

/** How often and how patiently a transaction runs again. */
export interface RetryPolicy {
  /** Runs of the transaction at most (default 5). */
  attempts?: number;
  /** Besides a transient error, what is worth running again (e.g. two writers creating one counter row). */
  retryOn?: (error: unknown) => boolean;
  /** Longest random pause per attempt so far, in milliseconds (default 10). */
  pauseStepMs?: number;
}

// A random pause before retrying, so transactions that collided do not collide again in lockstep; it
// grows with the attempts up to five steps.
const pause = (attempt: number, stepMs: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * stepMs * Math.min(attempt, 5)));

async function commitWithRetry(session: ClientSession): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await session.commitTransaction();
      return;
    } catch (error) {
      // The commit may or may not have happened (e.g. a lost connection): committing again is safe.
      if (attempt >= COMMIT_ATTEMPTS || !hasErrorLabel(error, "UnknownTransactionCommitResult")) throw error;
    }
  }
}

/**
 * Runs `fn` in one transaction: every write given `session` commits together or not at all. A
 * transient failure (a write conflict with another transaction, a primary change), or what the
 * policy's `retryOn` accepts, runs `fn` again from the start, so `fn` must do nothing outside the
 * database that cannot be repeated. Any other error thrown by `fn` aborts the transaction and is
 * re-thrown. This is the one retry loop of the app's transactions.
 */
export async function withTransaction<T>(
  fn: (session: ClientSession) => Promise<T>,
  policy: RetryPolicy = {},
): Promise<T> {
  const { attempts = TRANSACTION_ATTEMPTS, retryOn, pauseStepMs = 10 } = policy;
  const { connection } = await connectDatabase();
  for (let attempt = 1; ; attempt++) {
    const session = await connection.startSession();
    let retry = false;
    try {
      session.startTransaction();
      let result: T;
      try {
        result = await fn(session);
      } catch (error) {
        await session.abortTransaction().catch(() => undefined);
        throw error;
      }
      await commitWithRetry(session);
      return result;
    } catch (error) {
      retry = attempt < attempts && (hasErrorLabel(error, "TransientTransactionError") || !!retryOn?.(error));
      if (!retry) throw error;
    } finally {
      await session.endSession();
    }
    await pause(attempt, pauseStepMs);
  }
}
