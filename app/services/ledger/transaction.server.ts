import type { ClientSession } from "mongoose";
import { withTransaction } from "~/utils/db.server";

// Every post takes the year's counter, so concurrent posters of one organization all conflict on
// it; the shared helper's few attempts are not enough for a burst, so whole rounds are repeated.
const ROUNDS = 20;
const DUPLICATE_KEY = 11000;

/**
 * Worth running again: a transient error, or two transactions that both created the same counter or
 * balance row (a unique-key collision on an upsert; the next run finds the row and increments it).
 */
function isRetryable(error: unknown): boolean {
  const labels = (error as { errorLabels?: string[] } | null)?.errorLabels;
  const hasLabel = (error as { hasErrorLabel?: (label: string) => boolean } | null)?.hasErrorLabel;
  const transient =
    typeof hasLabel === "function"
      ? hasLabel.call(error, "TransientTransactionError")
      : !!labels?.includes("TransientTransactionError");
  return transient || (error as { code?: number } | null)?.code === DUPLICATE_KEY;
}

/**
 * Runs `work` in one MongoDB transaction (the shared withTransaction, which retries transient
 * errors such as a write conflict with another poster). `work` must only touch the database through
 * `session`, and may run more than once.
 */
export async function inTransaction<T>(work: (session: ClientSession) => Promise<T>): Promise<T> {
  for (let round = 1; ; round++) {
    try {
      return await withTransaction(work);
    } catch (error) {
      if (round >= ROUNDS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * round));
    }
  }
}
/** Thrown inside a transaction to abort it with a refusal: nothing it wrote stays. */
export class LedgerRefusal extends Error {
  constructor(
    readonly outcome: { ok: false; notFound?: boolean; refusals: { field?: string; line?: number; message: string }[] },
  ) {
    super(outcome.refusals.map((refusal) => refusal.message).join(" "));
  }
}
