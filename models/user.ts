import mongoose, { Schema, Types, type InferSchemaType } from "mongoose";

const totpFactorSchema = new Schema(
  {
    encryptedSecret: { type: String, required: true },
    lastAcceptedStep: { type: Number, default: -1 },
  },
  { timestamps: { createdAt: true, updatedAt: false } },
);

const userSchema = new Schema(
  {
    email: { type: String, required: true, trim: true, lowercase: true, maxlength: 254 },
    passwordHash: { type: String },
    isRoot: { type: Boolean, default: false },
    isSuperAdmin: { type: Boolean, default: false },
    isAdmin: { type: Boolean, default: false },
    orgs: { type: Map, of: { type: String, enum: ["admin", "client"] }, default: () => new Map() },
    totpFactors: { type: [totpFactorSchema], default: [] },
    // A secret shown during enrollment, bound to the sign-in session that showed it.
    pendingTotp: { type: new Schema({ sessionId: String, encryptedSecret: String }, { _id: false }) },
    recoveryCodeHashes: { type: [String], default: [] },
    selectedOrganizationId: { type: String },
    passwordChangedAt: { type: Date },
  },
  { timestamps: true, collection: "users" },
);

userSchema.index({ email: 1 }, { unique: true });

export type UserDocument = InferSchemaType<typeof userSchema> & { _id: Types.ObjectId };

export const User =
  (mongoose.models.User as mongoose.Model<UserDocument> | undefined) ??
  mongoose.model<UserDocument>("User", userSchema);

export interface UserSeed {
  email: string;
  passwordHash: string;
  isRoot?: boolean;
  isSuperAdmin?: boolean;
  isAdmin?: boolean;
  orgs?: Record<string, "admin" | "client">;
}

/** Creates the user when the e-mail is new; an existing user (and its password) is left as it is. */
export async function ensureUser(seed: UserSeed): Promise<boolean> {
  const { email, ...fields } = seed;
  const result = await User.updateOne(
    { email: email.toLowerCase() },
    {
      $setOnInsert: {
        email: email.toLowerCase(),
        isRoot: false,
        isSuperAdmin: false,
        isAdmin: false,
        orgs: {},
        ...fields,
      },
    },
    { upsert: true },
  );
  return result.upsertedCount > 0;
}

export async function findUserByEmail(email: string) {
  return User.findOne({ email: email.trim().toLowerCase() }).lean<UserDocument>();
}

export async function findUserById(id: Types.ObjectId | string) {
  if (!Types.ObjectId.isValid(id)) return null;
  return User.findById(id).lean<UserDocument>();
}

export async function setPendingTotp(
  userId: Types.ObjectId,
  sessionId: string,
  encryptedSecret: string,
): Promise<void> {
  await User.updateOne({ _id: userId }, { $set: { pendingTotp: { sessionId, encryptedSecret } } });
}

/**
 * Turns the session's pending secret into the user's factor, recording the step that confirmed it.
 * Only succeeds while the user still has no factor, so two tabs cannot enroll twice.
 */
export async function enrollPendingTotp(
  userId: Types.ObjectId,
  sessionId: string,
  acceptedStep: number,
  recoveryCodeHashes: string[],
): Promise<Types.ObjectId | null> {
  const user = await User.findOne({ _id: userId, "pendingTotp.sessionId": sessionId }).lean<UserDocument>();
  const encryptedSecret = user?.pendingTotp?.encryptedSecret;
  if (!encryptedSecret) return null;
  const factorId = new Types.ObjectId();
  const result = await User.updateOne(
    { _id: userId, "pendingTotp.sessionId": sessionId, "totpFactors.0": { $exists: false } },
    {
      $push: { totpFactors: { _id: factorId, encryptedSecret, lastAcceptedStep: acceptedStep, createdAt: new Date() } },
      $set: { recoveryCodeHashes },
      $unset: { pendingTotp: 1 },
    },
  );
  return result.modifiedCount === 1 ? factorId : null;
}

/** Records the accepted time step unless an equal or later one was already used (replay refused). */
export async function acceptTotpStep(userId: Types.ObjectId, factorId: Types.ObjectId, step: number): Promise<boolean> {
  const result = await User.updateOne(
    { _id: userId, totpFactors: { $elemMatch: { _id: factorId, lastAcceptedStep: { $lt: step } } } },
    { $set: { "totpFactors.$.lastAcceptedStep": step } },
  );
  return result.modifiedCount === 1;
}

export async function consumeRecoveryCode(userId: Types.ObjectId, codeHash: string): Promise<boolean> {
  const result = await User.updateOne(
    { _id: userId, recoveryCodeHashes: codeHash },
    { $pull: { recoveryCodeHashes: codeHash } },
  );
  return result.modifiedCount === 1;
}

export async function setPasswordHash(userId: Types.ObjectId, passwordHash: string): Promise<void> {
  await User.updateOne({ _id: userId }, { $set: { passwordHash, passwordChangedAt: new Date() } });
}

export async function setSelectedOrganization(userId: Types.ObjectId, organizationId: string): Promise<void> {
  await User.updateOne({ _id: userId }, { $set: { selectedOrganizationId: organizationId } });
}

export type OrganizationRole = "admin" | "client";

export interface Member {
  id: string;
  email: string;
  role: OrganizationRole;
  /** Invited and has not set a password yet. */
  pending: boolean;
}

const roleField = (organizationId: string) => `orgs.${organizationId}`;

/** Users with a role in the organization, by e-mail. */
export async function listMembers(organizationId: string): Promise<Member[]> {
  const users = await User.find(
    { [roleField(organizationId)]: { $exists: true } },
    { email: 1, orgs: 1, passwordHash: 1 },
  )
    .sort({ email: 1 })
    .lean<UserDocument[]>();
  return users.map((user) => {
    const orgs = (user.orgs instanceof Map ? Object.fromEntries(user.orgs) : (user.orgs ?? {})) as Record<
      string,
      OrganizationRole
    >;
    return { id: String(user._id), email: user.email, role: orgs[organizationId], pending: !user.passwordHash };
  });
}

// An organization role of "admin" only counts for a user flagged admin (roles.ts), so granting it sets the flag.
const adminFlagFor = (role: OrganizationRole) => (role === "admin" ? { isAdmin: true } : {});

/**
 * The admin flag (claim `a`) holds exactly while the user is admin of at least one organization:
 * after any role change it is recomputed from the memberships, so revoking the last admin role also
 * takes away the admin screens and the right to create organizations.
 */
async function recomputeAdminFlag(userId: Types.ObjectId | string): Promise<void> {
  const user = await User.findById(userId, { orgs: 1, isAdmin: 1 }).lean<UserDocument>();
  if (!user) return;
  const roles = user.orgs instanceof Map ? [...user.orgs.values()] : Object.values(user.orgs ?? {});
  const isAdmin = roles.includes("admin");
  if (!!user.isAdmin !== isAdmin) await User.updateOne({ _id: userId }, { $set: { isAdmin } });
}

/**
 * Gives the user with this e-mail the role in the organization, creating the user (without a
 * password: the invitation sets it) when the e-mail is new.
 */
export async function grantAccess(
  email: string,
  organizationId: string,
  role: OrganizationRole,
): Promise<{ userId: Types.ObjectId; created: boolean; hasPassword: boolean }> {
  const normalized = email.trim().toLowerCase();
  const result = await User.updateOne(
    { email: normalized },
    {
      $set: { [roleField(organizationId)]: role, ...adminFlagFor(role) },
      $setOnInsert: {
        email: normalized,
        isRoot: false,
        isSuperAdmin: false,
        ...(role === "admin" ? {} : { isAdmin: false }),
      },
    },
    { upsert: true },
  );
  const user = await User.findOne({ email: normalized }, { _id: 1, passwordHash: 1 }).lean<UserDocument>();
  await recomputeAdminFlag(user!._id);
  return { userId: user!._id, created: result.upsertedCount > 0, hasPassword: !!user!.passwordHash };
}

/** Changes the role of a user who already has access; false when the user has none. */
export async function changeRole(userId: string, organizationId: string, role: OrganizationRole): Promise<boolean> {
  if (!Types.ObjectId.isValid(userId)) return false;
  const result = await User.updateOne(
    { _id: userId, [roleField(organizationId)]: { $exists: true } },
    { $set: { [roleField(organizationId)]: role, ...adminFlagFor(role) } },
  );
  if (result.matchedCount === 1) await recomputeAdminFlag(userId);
  return result.matchedCount === 1;
}

/** Removes the user's role in the organization; false when the user had none. */
export async function revokeAccess(userId: string, organizationId: string): Promise<boolean> {
  if (!Types.ObjectId.isValid(userId)) return false;
  const result = await User.updateOne(
    { _id: userId, [roleField(organizationId)]: { $exists: true } },
    { $unset: { [roleField(organizationId)]: 1 } },
  );
  if (result.matchedCount === 1) await recomputeAdminFlag(userId);
  return result.matchedCount === 1;
}

/** The e-mails of the given users (unknown ids are left out). */
export async function emailsOf(ids: readonly string[]): Promise<Map<string, string>> {
  const valid = ids.filter((id) => /^[0-9a-f]{24}$/.test(id));
  if (valid.length === 0) return new Map();
  const users = await User.find({ _id: { $in: valid } }, { email: 1 }).lean<Array<{ _id: unknown; email: string }>>();
  return new Map(users.map((user) => [String(user._id), user.email]));
}
