import mongoose, { type ClientSession } from "mongoose";

/**
 * Runs `work` in one MongoDB transaction; the driver retries it whole on transient errors (a write
 * conflict with another poster) and retries the commit when its outcome is unknown. `work` must only
 * touch the database through `session`, and may run more than once.
 */
export async function inTransaction<T>(work: (session: ClientSession) => Promise<T>): Promise<T> {
  const session = await mongoose.startSession();
  try {
    let result: T | undefined;
    await session.withTransaction(async () => {
      result = await work(session);
    });
    return result as T;
  } finally {
    await session.endSession();
  }
}

/** Thrown inside a transaction to abort it with a refusal: nothing it wrote stays. */
export class LedgerRefusal extends Error {
  constructor(readonly outcome: { ok: false; notFound?: boolean; refusals: { field?: string; line?: number; message: string }[] }) {
    super(outcome.refusals.map((refusal) => refusal.message).join(" "));
  }
}
