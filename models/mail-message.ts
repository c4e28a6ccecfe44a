import mongoose, { Schema, type Types } from "mongoose";

/**
 * What the mail reader did with each message («Correo recibido»): one entry per message and
 * organization (a firm mailbox's message may carry documents of several clients; what fits none of
 * the owner's organizations is logged without one, «sin cliente»). `MailProcessed` remembers the
 * messages a mailbox has finished, written only after their documents were committed
 * (docs/decisions/222-mail-message-processed-after-commit.md).
 */
export type AttachmentOutcome = "importado" | "duplicado" | "no-es-del-cliente" | "invalido";

export interface AttachmentLog {
  name: string;
  outcome: AttachmentOutcome;
  reason: string;
  receiptId?: string;
}

export interface MailLogRecord {
  _id: Types.ObjectId;
  mailboxId: Types.ObjectId;
  /** Null for a firm mailbox's documents that belong to none of the owner's organizations. */
  organizationId?: string | null;
  ownerUserId: string;
  messageKey: string;
  from: string;
  subject: string;
  date: Date | null;
  /** A reason for the message as a whole (too large, unreadable, no attachments). */
  note?: string;
  attachments: AttachmentLog[];
  readAt: Date;
  expiresAt: Date;
}

const mailLogSchema = new Schema<MailLogRecord>(
  {
    mailboxId: { type: Schema.Types.ObjectId, required: true },
    organizationId: String,
    ownerUserId: { type: String, required: true },
    messageKey: { type: String, required: true },
    from: { type: String, default: "" },
    subject: { type: String, default: "" },
    date: { type: Date, default: null },
    note: String,
    attachments: {
      type: [{ _id: false, name: String, outcome: String, reason: String, receiptId: String }],
      default: [],
    },
    readAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: "mailLog", versionKey: false },
);

mailLogSchema.index({ mailboxId: 1, messageKey: 1, organizationId: 1 }, { unique: true });
mailLogSchema.index({ organizationId: 1, readAt: -1 });
mailLogSchema.index({ ownerUserId: 1, organizationId: 1, readAt: -1 });
mailLogSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export const MailLog =
  (mongoose.models.MailLog as mongoose.Model<MailLogRecord> | undefined) ??
  mongoose.model<MailLogRecord>("MailLog", mailLogSchema);

interface MailProcessedRecord {
  _id: Types.ObjectId;
  mailboxId: Types.ObjectId;
  messageKey: string;
  processedAt: Date;
  expiresAt: Date;
}

const mailProcessedSchema = new Schema<MailProcessedRecord>(
  {
    mailboxId: { type: Schema.Types.ObjectId, required: true },
    messageKey: { type: String, required: true },
    processedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: "mailProcessed", versionKey: false },
);

mailProcessedSchema.index({ mailboxId: 1, messageKey: 1 }, { unique: true });
mailProcessedSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export const MailProcessed =
  (mongoose.models.MailProcessed as mongoose.Model<MailProcessedRecord> | undefined) ??
  mongoose.model<MailProcessedRecord>("MailProcessed", mailProcessedSchema);

const KEEP_LOG_MS = 180 * 24 * 60 * 60 * 1000;

export async function processedKeys(mailboxId: Types.ObjectId, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const found = await MailProcessed.find({ mailboxId, messageKey: { $in: keys } }, { messageKey: 1 }).lean<
    Array<Pick<MailProcessedRecord, "messageKey">>
  >();
  return new Set(found.map((entry) => entry.messageKey));
}

/**
 * Records a message as done, with its log entries. The entries go first (one per message and
 * organization, so writing them again changes nothing), the mark last: a crash in between leaves the
 * message to be read again.
 */
export async function recordProcessedMessage(
  mailboxId: Types.ObjectId,
  messageKey: string,
  entries: Array<Omit<MailLogRecord, "_id" | "mailboxId" | "messageKey" | "readAt" | "expiresAt">>,
): Promise<void> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + KEEP_LOG_MS);
  for (const { organizationId, ...entry } of entries) {
    await MailLog.updateOne(
      { mailboxId, messageKey, organizationId: organizationId ?? null },
      { $setOnInsert: { ...entry, readAt: now, expiresAt } },
      { upsert: true },
    );
  }
  await MailProcessed.updateOne(
    { mailboxId, messageKey },
    { $setOnInsert: { processedAt: now, expiresAt } },
    { upsert: true },
  );
}

/** The organization's log, newest first, and the owner's «sin cliente» entries when asked. */
export async function listMailLog(
  filter: { organizationId: string; unassignedOf?: string },
  limit = 50,
): Promise<MailLogRecord[]> {
  const or: Array<Record<string, unknown>> = [{ organizationId: filter.organizationId }];
  if (filter.unassignedOf) or.push({ ownerUserId: filter.unassignedOf, organizationId: null });
  return MailLog.find({ $or: or }).sort({ readAt: -1, _id: -1 }).limit(limit).lean<MailLogRecord[]>();
}
