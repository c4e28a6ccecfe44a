import mongoose, { Schema, type Types } from "mongoose";

/** Single-use links sent by e-mail (password reset, invitation). Only the SHA-256 of the token is kept. */
const authTokenSchema = new Schema(
  {
    tokenHash: { type: String, required: true },
    purpose: { type: String, enum: ["password-reset", "invitation"], required: true },
    userId: { type: Schema.Types.ObjectId, required: true, ref: "User" },
    expiresAt: { type: Date, required: true },
    createdAt: { type: Date, required: true, default: () => new Date() },
    // Set when a later link was requested or any link of the user was used; kept for the mail rate limit.
    revokedAt: { type: Date },
  },
  { collection: "authTokens", versionKey: false },
);

authTokenSchema.index({ tokenHash: 1 }, { unique: true });
authTokenSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
authTokenSchema.index({ userId: 1, purpose: 1, createdAt: -1 });

export interface AuthTokenRecord {
  _id: Types.ObjectId;
  tokenHash: string;
  purpose: "password-reset" | "invitation";
  userId: Types.ObjectId;
  expiresAt: Date;
  createdAt: Date;
  revokedAt?: Date;
}

export const AuthToken =
  (mongoose.models.AuthToken as mongoose.Model<AuthTokenRecord> | undefined) ??
  mongoose.model<AuthTokenRecord>("AuthToken", authTokenSchema);

/** Stores the new link and revokes every earlier one of the user: only the latest link works. */
export async function storeAuthToken(
  token: Omit<AuthTokenRecord, "_id" | "createdAt" | "revokedAt">,
  now = new Date(),
): Promise<void> {
  const created = await AuthToken.create({ ...token, createdAt: now });
  await revokeUserTokens(token.userId, now, created._id);
}

export async function revokeUserTokens(userId: Types.ObjectId, now: Date, exceptId?: Types.ObjectId): Promise<void> {
  await AuthToken.updateMany(
    { userId, revokedAt: { $exists: false }, ...(exceptId ? { _id: { $ne: exceptId } } : {}) },
    { $set: { revokedAt: now } },
  );
}

export async function findLiveAuthToken(tokenHash: string, now: Date): Promise<AuthTokenRecord | null> {
  return AuthToken.findOne({
    tokenHash,
    expiresAt: { $gt: now },
    revokedAt: { $exists: false },
  }).lean<AuthTokenRecord>();
}

/**
 * Atomically takes the token so that two submissions of the same link cannot both succeed, and
 * revokes every other link of the user.
 */
export async function consumeAuthToken(tokenHash: string, now: Date): Promise<AuthTokenRecord | null> {
  const token = await AuthToken.findOneAndUpdate(
    { tokenHash, expiresAt: { $gt: now }, revokedAt: { $exists: false } },
    { $set: { revokedAt: now } },
    { returnDocument: "after" },
  ).lean<AuthTokenRecord>();
  if (token) await revokeUserTokens(token.userId, now);
  return token;
}

export async function countRecentTokens(
  userId: Types.ObjectId,
  purpose: AuthTokenRecord["purpose"],
  since: Date,
): Promise<number> {
  return AuthToken.countDocuments({ userId, purpose, createdAt: { $gte: since } });
}
