import mongoose, { Schema, Types } from "mongoose";

/**
 * An IMAP mailbox the app reads receipts from: one of an organization, or the firm's shared one
 * (`scope: "firm"`), owned by an admin, whose documents go to the organizations that admin holds by
 * the receptor's cédula. The password is stored encrypted with the application key and never sent
 * back to a page. The mailbox is also its own job in the queue: `nextReadAt` says when it is due and
 * `lease` who reads it now (docs/decisions/221-mail-reading-lease.md).
 */
export type MailboxScope = "organization" | "firm";
export type AfterProcessing = "mark-read" | "move";

export interface MailboxLease {
  owner: string;
  until: Date;
}

export interface MailboxStatus {
  lastReadAt?: Date | null;
  /** The last read that ended without error. */
  lastSuccessAt?: Date | null;
  lastError?: string | null;
  /** Consecutive failed reads (for the backoff). */
  failures: number;
  /** While a read runs: messages found and done so far. */
  progress?: { total: number; done: number } | null;
  lastCounts?: { messages: number; imported: number; duplicates: number; refused: number } | null;
}

export interface MailboxRecord {
  _id: Types.ObjectId;
  scope: MailboxScope;
  /** The organization of an organization's mailbox; absent for the firm's. */
  organizationId?: string;
  /** Who configured it: the owner of a firm mailbox (its documents go to the organizations this user administers). */
  ownerUserId: string;
  label: string;
  host: string;
  port: number;
  tls: boolean;
  user: string;
  passwordEncrypted: string;
  folder: string;
  afterProcessing: AfterProcessing;
  moveTo?: string;
  intervalMinutes: number;
  enabled: boolean;
  nextReadAt: Date;
  lease: MailboxLease | null;
  status: MailboxStatus;
  createdAt: Date;
  updatedAt: Date;
}

const mailboxSchema = new Schema<MailboxRecord>(
  {
    scope: { type: String, enum: ["organization", "firm"], required: true },
    organizationId: String,
    ownerUserId: { type: String, required: true },
    label: { type: String, required: true, maxlength: 80 },
    host: { type: String, required: true, maxlength: 253 },
    port: { type: Number, required: true, min: 1, max: 65535 },
    tls: { type: Boolean, required: true },
    user: { type: String, required: true, maxlength: 254 },
    passwordEncrypted: { type: String, required: true },
    folder: { type: String, required: true, maxlength: 200 },
    afterProcessing: { type: String, enum: ["mark-read", "move"], required: true },
    moveTo: { type: String, maxlength: 200 },
    intervalMinutes: { type: Number, required: true, min: 5, max: 1440 },
    enabled: { type: Boolean, default: true },
    nextReadAt: { type: Date, required: true },
    lease: { type: new Schema<MailboxLease>({ owner: String, until: Date }, { _id: false }), default: null },
    status: { type: Schema.Types.Mixed, default: () => ({ failures: 0 }) },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: "mailboxes", versionKey: false, minimize: false },
);

mailboxSchema.index({ organizationId: 1 });
mailboxSchema.index({ ownerUserId: 1, scope: 1 });
mailboxSchema.index({ enabled: 1, nextReadAt: 1 });

export const Mailbox =
  (mongoose.models.Mailbox as mongoose.Model<MailboxRecord> | undefined) ??
  mongoose.model<MailboxRecord>("Mailbox", mailboxSchema);

/** At most this many mailboxes per organization (and firm mailboxes per admin). */
export const MAX_MAILBOXES = 5;

export type MailboxFields = Pick<
  MailboxRecord,
  "label" | "host" | "port" | "tls" | "user" | "folder" | "afterProcessing" | "moveTo" | "intervalMinutes" | "enabled"
>;

export async function createMailbox(
  owner: { scope: MailboxScope; organizationId?: string; ownerUserId: string },
  fields: MailboxFields,
  passwordEncrypted: string,
): Promise<string> {
  const now = new Date();
  const [created] = await Mailbox.create([
    {
      ...owner,
      ...fields,
      passwordEncrypted,
      nextReadAt: now,
      lease: null,
      status: { failures: 0 },
      createdAt: now,
      updatedAt: now,
    },
  ]);
  return String(created._id);
}

function idOf(id: string): Types.ObjectId | null {
  return /^[0-9a-f]{24}$/i.test(id) ? new Types.ObjectId(id) : null;
}

/** Whom a page may touch: the organization's mailboxes, and the firm mailboxes of the admin. */
export interface MailboxOwner {
  organizationId: string;
  userId: string;
}

function ownedBy(owner: MailboxOwner) {
  return {
    $or: [
      { scope: "organization" as const, organizationId: owner.organizationId },
      { scope: "firm" as const, ownerUserId: owner.userId },
    ],
  };
}

export async function listMailboxes(owner: MailboxOwner): Promise<MailboxRecord[]> {
  return Mailbox.find(ownedBy(owner)).sort({ scope: -1, createdAt: 1 }).lean<MailboxRecord[]>();
}

export async function countMailboxes(owner: { scope: MailboxScope; organizationId?: string; ownerUserId: string }) {
  return Mailbox.countDocuments(
    owner.scope === "firm"
      ? { scope: "firm", ownerUserId: owner.ownerUserId }
      : { scope: "organization" as const, organizationId: owner.organizationId },
  );
}

export async function findOwnedMailbox(owner: MailboxOwner, id: string): Promise<MailboxRecord | null> {
  const _id = idOf(id);
  if (!_id) return null;
  return Mailbox.findOne({ _id, ...ownedBy(owner) }).lean<MailboxRecord>();
}

export async function findMailbox(id: string): Promise<MailboxRecord | null> {
  const _id = idOf(id);
  return _id ? Mailbox.findById(_id).lean<MailboxRecord>() : null;
}

export async function updateMailbox(
  id: Types.ObjectId,
  fields: MailboxFields,
  passwordEncrypted: string | null,
): Promise<void> {
  await Mailbox.updateOne(
    { _id: id },
    {
      $set: {
        ...fields,
        ...(passwordEncrypted ? { passwordEncrypted } : {}),
        // A changed setting is tried at once, with a clean slate for the backoff.
        nextReadAt: new Date(),
        "status.failures": 0,
        "status.lastError": null,
        updatedAt: new Date(),
      },
      ...(fields.moveTo === undefined ? { $unset: { moveTo: "" } } : {}),
    },
  );
}

export async function deleteMailbox(id: Types.ObjectId): Promise<void> {
  await Mailbox.deleteOne({ _id: id });
}

/** «Revisar ahora»: due at once (a read under way is not disturbed). */
export async function requestRead(id: Types.ObjectId): Promise<void> {
  await Mailbox.updateOne({ _id: id }, { $set: { nextReadAt: new Date(), updatedAt: new Date() } });
}

const notLeased = (now: Date) => ({ $or: [{ lease: null }, { "lease.until": { $lte: now } }] });

/**
 * Takes a mailbox to read, in one atomic step, so two processes never read the same one at once:
 * the given one when it is not being read, else the next due enabled one.
 */
export async function claimMailbox(
  owner: string,
  now: Date,
  leaseMs: number,
  id?: Types.ObjectId,
): Promise<MailboxRecord | null> {
  return Mailbox.findOneAndUpdate(
    id ? { _id: id, ...notLeased(now) } : { enabled: true, nextReadAt: { $lte: now }, ...notLeased(now) },
    { $set: { lease: { owner, until: new Date(now.getTime() + leaseMs) } } },
    { sort: { nextReadAt: 1 }, returnDocument: "after" },
  ).lean<MailboxRecord>();
}

/** Extends the lease while reading; false when it was lost (another process took the mailbox). */
export async function renewLease(
  id: Types.ObjectId,
  owner: string,
  leaseMs: number,
  progress?: MailboxStatus["progress"],
) {
  const result = await Mailbox.updateOne(
    { _id: id, "lease.owner": owner },
    {
      $set: {
        "lease.until": new Date(Date.now() + leaseMs),
        ...(progress !== undefined ? { "status.progress": progress } : {}),
      },
    },
  );
  return result.matchedCount === 1;
}

/** Ends a read: its status, when to read next, and the lease let go. */
export async function releaseMailbox(
  id: Types.ObjectId,
  owner: string,
  status: Partial<MailboxStatus>,
  nextReadAt: Date,
): Promise<boolean> {
  const set: Record<string, unknown> = { lease: null, nextReadAt, "status.progress": null };
  for (const [key, value] of Object.entries(status)) set[`status.${key}`] = value;
  const result = await Mailbox.updateOne({ _id: id, "lease.owner": owner }, { $set: set });
  return result.matchedCount === 1;
}
