import mongoose, { Schema } from "mongoose";
import type { RateCurrency } from "../app/domain/exchange-rates";
import { isDuplicateKeyError } from "./mongo-errors";

/**
 * The fetching of one currency's daily rates as a job of the database (decision 250): due at
 * `nextFetchAt`, taken by one process at a time with a lease, and what the last attempts learned —
 * the last day a source confirmed, the last success, the last error (what the pages warn with).
 */
export interface RateFetchRecord {
  _id: RateCurrency;
  nextFetchAt: Date;
  lease: { owner: string; until: Date } | null;
  /** The last day the source has published a rate for, as far as the app has asked. */
  coveredThrough: string | null;
  source: string | null;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  failures: number;
}

const rateFetchSchema = new Schema<RateFetchRecord>(
  {
    _id: { type: String, required: true },
    nextFetchAt: { type: Date, required: true },
    lease: {
      type: new Schema<{ owner: string; until: Date }>({ owner: String, until: Date }, { _id: false }),
      default: null,
    },
    coveredThrough: { type: String, default: null },
    source: { type: String, default: null },
    lastAttemptAt: { type: Date, default: null },
    lastSuccessAt: { type: Date, default: null },
    lastError: { type: String, default: null },
    failures: { type: Number, default: 0 },
  },
  { collection: "exchange_rate_fetches", versionKey: false },
);

export const RateFetch =
  (mongoose.models.RateFetch as mongoose.Model<RateFetchRecord> | undefined) ??
  mongoose.model<RateFetchRecord>("RateFetch", rateFetchSchema);

const notLeased = (now: Date) => ({ $or: [{ lease: null }, { "lease.until": { $lte: now } }] });

/**
 * Takes the currency's fetch in one atomic step when it is due (or at once with `evenIfNotDue`) and
 * no other process holds it; null otherwise.
 */
export async function claimRateFetch(
  currency: RateCurrency,
  owner: string,
  now: Date,
  leaseMs: number,
  evenIfNotDue = false,
): Promise<RateFetchRecord | null> {
  await RateFetch.updateOne(
    { _id: currency },
    { $setOnInsert: { nextFetchAt: new Date(0), lease: null, coveredThrough: null, failures: 0 } },
    { upsert: true },
  ).catch((error: unknown) => {
    if (!isDuplicateKeyError(error)) throw error;
  });
  return RateFetch.findOneAndUpdate(
    { _id: currency, ...(evenIfNotDue ? {} : { nextFetchAt: { $lte: now } }), ...notLeased(now) },
    { $set: { lease: { owner, until: new Date(now.getTime() + leaseMs) } } },
    { returnDocument: "after" },
  ).lean<RateFetchRecord>();
}

/** Writes what the attempt learned and lets go; false when the lease was lost meanwhile. */
export async function releaseRateFetch(
  currency: RateCurrency,
  owner: string,
  outcome: Partial<Omit<RateFetchRecord, "_id" | "lease">> & { nextFetchAt: Date },
): Promise<boolean> {
  const result = await RateFetch.updateOne(
    { _id: currency, "lease.owner": owner },
    { $set: { ...outcome, lease: null } },
  );
  return result.matchedCount === 1;
}

export async function rateFetchStatus(currency: RateCurrency): Promise<RateFetchRecord | null> {
  return RateFetch.findById(currency).lean<RateFetchRecord | null>();
}
