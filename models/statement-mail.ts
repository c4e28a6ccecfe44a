import mongoose, { Schema, Types } from "mongoose";

/**
 * Every «Enviar por correo» of a statement of account, sent or failed: who sent which period of
 * which counterparty to which address, and when (docs/spec/open-items.md §4).
 */
export interface StatementMailRecord {
  _id: Types.ObjectId;
  organizationId: string;
  side: "receivable" | "payable";
  partyId: Types.ObjectId;
  to: string;
  from: string;
  until: string;
  fileName: string;
  outcome: "enviado" | "fallido";
  error?: string;
  sentBy: string;
  sentAt: Date;
}

const statementMailSchema = new Schema<StatementMailRecord>(
  {
    organizationId: { type: String, required: true },
    side: { type: String, required: true, enum: ["receivable", "payable"] },
    partyId: { type: Schema.Types.ObjectId, required: true },
    to: { type: String, required: true },
    from: { type: String, required: true },
    until: { type: String, required: true },
    fileName: { type: String, required: true },
    outcome: { type: String, required: true, enum: ["enviado", "fallido"] },
    error: String,
    sentBy: { type: String, required: true },
    sentAt: { type: Date, required: true },
  },
  { collection: "statement_mails", versionKey: false },
);

statementMailSchema.index({ organizationId: 1, partyId: 1, sentAt: -1 });

export const StatementMail =
  (mongoose.models.StatementMail as mongoose.Model<StatementMailRecord> | undefined) ??
  mongoose.model<StatementMailRecord>("StatementMail", statementMailSchema);

export async function recordStatementMail(record: Omit<StatementMailRecord, "_id">): Promise<void> {
  await StatementMail.create({ _id: new Types.ObjectId(), ...record });
}

/** The latest sends of a counterparty's statement, newest first. */
export function latestStatementMails(
  organizationId: string,
  partyId: Types.ObjectId,
  limit: number,
): Promise<StatementMailRecord[]> {
  return StatementMail.find({ organizationId, partyId })
    .sort({ sentAt: -1 })
    .limit(limit)
    .lean<StatementMailRecord[]>();
}
