import { type Refusal } from "~/domain/refusal";
import type { ClientSession } from "mongoose";
import { withTransaction } from "~/utils/db.server";
import { isDuplicateKeyError } from "~models/mongo-errors";

// Every post takes the year's counter, so concurrent posters of one organization all conflict on
// it: a burst needs more runs than the default, and two posters creating the same counter or balance
// row at once (a unique-key collision on an upsert) run again too: the next run finds the row.
const POSTING_RETRIES = { attempts: 100, retryOn: isDuplicateKeyError, pauseStepMs: 20 } as const;

/**
 * Runs `work` in one MongoDB transaction. `work` must only touch the database through `session`, and
 * may run more than once.
 */
export async function inTransaction<T>(work: (session: ClientSession) => Promise<T>): Promise<T> {
  return withTransaction(work, POSTING_RETRIES);
}

/** Thrown inside a transaction to abort it with a refusal: nothing it wrote stays. */
export class LedgerRefusal extends Error {
  constructor(readonly outcome: { ok: false; refusals: Refusal[] }) {
    super(outcome.refusals.map((refusal) => refusal.message).join(" "));
  }
}
