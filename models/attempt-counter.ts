import mongoose, { Schema } from "mongoose";
import { isDuplicateKeyError } from "./mongo-errors";

/**
 * Failed sign-in attempts per key ("account:<email>" or "ip:<address>") in a fixed window. Kept in
 * MongoDB so that every app process sees the same counts.
 */
const attemptCounterSchema = new Schema(
  {
    _id: { type: String, required: true },
    failures: { type: Number, required: true, default: 0 },
    windowStartedAt: { type: Date, required: true },
    blockedUntil: { type: Date },
    expiresAt: { type: Date, required: true },
  },
  { collection: "attemptCounters", versionKey: false },
);

attemptCounterSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export interface AttemptCounterRecord {
  _id: string;
  failures: number;
  windowStartedAt: Date;
  blockedUntil?: Date;
  expiresAt: Date;
}

export const AttemptCounter =
  (mongoose.models.AttemptCounter as mongoose.Model<AttemptCounterRecord> | undefined) ??
  mongoose.model<AttemptCounterRecord>("AttemptCounter", attemptCounterSchema);

export async function findAttemptCounters(keys: string[]): Promise<AttemptCounterRecord[]> {
  return AttemptCounter.find({ _id: { $in: keys } }).lean<AttemptCounterRecord[]>();
}

/** Counts one failure; a window that has ended starts again at one. Returns the updated counter. */
export async function recordFailure(key: string, now: Date, windowMs: number): Promise<AttemptCounterRecord> {
  const windowStart = new Date(now.getTime() - windowMs);
  const expiresAt = new Date(now.getTime() + 2 * windowMs);
  const reset = await AttemptCounter.findOneAndUpdate(
    { _id: key, windowStartedAt: { $lte: windowStart } },
    { $set: { failures: 1, windowStartedAt: now, expiresAt }, $unset: { blockedUntil: 1 } },
    { returnDocument: "after" },
  ).lean<AttemptCounterRecord>();
  if (reset) return reset;
  try {
    return (await AttemptCounter.findOneAndUpdate(
      { _id: key },
      { $inc: { failures: 1 }, $set: { expiresAt }, $setOnInsert: { windowStartedAt: now } },
      { returnDocument: "after", upsert: true },
    ).lean<AttemptCounterRecord>())!;
  } catch (error) {
    // Two processes inserting the same new key: the loser retries as a plain increment.
    if (!isDuplicateKeyError(error)) throw error;
    return (await AttemptCounter.findOneAndUpdate(
      { _id: key },
      { $inc: { failures: 1 } },
      { returnDocument: "after" },
    ).lean<AttemptCounterRecord>())!;
  }
}

export async function blockKey(key: string, until: Date): Promise<void> {
  await AttemptCounter.updateOne({ _id: key }, { $set: { blockedUntil: until }, $max: { expiresAt: until } });
}

export async function clearAttempts(key: string): Promise<void> {
  await AttemptCounter.deleteOne({ _id: key });
}
