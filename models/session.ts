import mongoose, { Schema, type Types } from "mongoose";

/**
 * A signed-in browser. `stage` is "password" between the two sign-in steps and "complete" once the
 * second factor is verified; only complete sessions open the app.
 */
const sessionSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, required: true, ref: "User" },
    stage: { type: String, enum: ["password", "complete"], required: true },
    createdAt: { type: Date, required: true },
    lastSeenAt: { type: Date, required: true },
    // The earlier of the sliding idle limit and the absolute limit; the TTL index removes it then.
    expiresAt: { type: Date, required: true },
    absoluteExpiresAt: { type: Date, required: true },
    ip: { type: String },
    userAgent: { type: String },
    // Recovery codes (encrypted) waiting to be shown once by the page the enrollment redirects to.
    recoveryCodesToShow: { type: String },
  },
  { collection: "sessions", versionKey: false },
);

sessionSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
sessionSchema.index({ userId: 1 });

export interface SessionRecord {
  _id: string;
  userId: Types.ObjectId;
  stage: "password" | "complete";
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  absoluteExpiresAt: Date;
  ip?: string;
  userAgent?: string;
  recoveryCodesToShow?: string;
}

export const Session =
  (mongoose.models.Session as mongoose.Model<SessionRecord> | undefined) ??
  mongoose.model<SessionRecord>("Session", sessionSchema);

export async function createSessionRecord(record: SessionRecord): Promise<void> {
  await Session.create(record);
}

export async function findLiveSession(id: string, now: Date): Promise<SessionRecord | null> {
  return Session.findOne({ _id: id, expiresAt: { $gt: now } }).lean<SessionRecord>();
}

export async function touchSession(id: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
  await Session.updateOne({ _id: id }, { $set: { lastSeenAt, expiresAt } });
}

export async function deleteSession(id: string): Promise<void> {
  await Session.deleteOne({ _id: id });
}

export async function deleteUserSessions(userId: Types.ObjectId | string, exceptId?: string): Promise<number> {
  const filter = exceptId ? { userId, _id: { $ne: exceptId } } : { userId };
  const result = await Session.deleteMany(filter);
  return result.deletedCount;
}

/** Returns the codes waiting to be shown and removes them in the same step, so they are shown once. */
export async function takeRecoveryCodesToShow(id: string, now: Date): Promise<string | null> {
  const before = await Session.findOneAndUpdate(
    { _id: id, expiresAt: { $gt: now }, recoveryCodesToShow: { $exists: true } },
    { $unset: { recoveryCodesToShow: 1 } },
    { returnDocument: "before" },
  ).lean<SessionRecord>();
  return before?.recoveryCodesToShow ?? null;
}
