import mongoose, { Schema, Types } from "mongoose";

/** Single-use links sent by e-mail (password reset, invitation). Only the SHA-256 of the token is kept. */
const authTokenSchema = new Schema(
  {
    tokenHash: { type: String, required: true },
    purpose: { type: String, enum: ["password-reset", "invitation"], required: true },
    userId: { type: Schema.Types.ObjectId, required: true, ref: "User" },
    expiresAt: { type: Date, required: true },
    createdAt: { type: Date, required: true, default: () => new Date() },
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
}

export const AuthToken =
  (mongoose.models.AuthToken as mongoose.Model<AuthTokenRecord> | undefined) ??
  mongoose.model<AuthTokenRecord>("AuthToken", authTokenSchema);

export async function storeAuthToken(token: Omit<AuthTokenRecord, "_id" | "createdAt">): Promise<void> {
  await AuthToken.create(token);
}

export async function findLiveAuthToken(tokenHash: string, now: Date): Promise<AuthTokenRecord | null> {
  return AuthToken.findOne({ tokenHash, expiresAt: { $gt: now } }).lean<AuthTokenRecord>();
}

/** Atomically takes the token so that two submissions of the same link cannot both succeed. */
export async function consumeAuthToken(tokenHash: string, now: Date): Promise<AuthTokenRecord | null> {
  return AuthToken.findOneAndDelete({ tokenHash, expiresAt: { $gt: now } }).lean<AuthTokenRecord>();
}

export async function countRecentTokens(userId: Types.ObjectId, purpose: AuthTokenRecord["purpose"], since: Date): Promise<number> {
  return AuthToken.countDocuments({ userId, purpose, createdAt: { $gte: since } });
}
