import mongoose, { type ClientSession } from "mongoose";
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

export function hasErrorLabel(error: unknown, label: string): boolean {
  const candidate = error as { hasErrorLabel?: (label: string) => boolean; errorLabels?: string[] } | null;
  if (typeof candidate?.hasErrorLabel === "function") return candidate.hasErrorLabel(label);
  return Array.isArray(candidate?.errorLabels) && candidate.errorLabels.includes(label);
}

// A random pause before retrying, so transactions that collided do not collide again in lockstep.
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));

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
 * transient failure (a write conflict with another transaction, a primary change) runs `fn` again
 * from the start, so `fn` must do nothing outside the database that cannot be repeated. An error
 * thrown by `fn` aborts the transaction and is re-thrown.
 */
export async function withTransaction<T>(fn: (session: ClientSession) => Promise<T>): Promise<T> {
  const { connection } = await connectDatabase();
  for (let attempt = 1; ; attempt++) {
    const session = await connection.startSession();
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
      if (attempt >= TRANSACTION_ATTEMPTS || !hasErrorLabel(error, "TransientTransactionError")) throw error;
      await pause(attempt);
    } finally {
      await session.endSession();
    }
  }
}
