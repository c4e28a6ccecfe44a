import mongoose, { Schema, type ClientSession, type Types } from "mongoose";

/**
 * One document per line of a POSTED entry, in book order per account: what the movement list pages
 * through by index instead of unwinding the entries (docs/decisions/090). A copy kept by the ledger
 * service only, in the same transaction as the entry and its period balances; drafts have none.
 */
export interface PostedLineRecord {
  organizationId: string;
  account: string;
  /** The entry's Costa Rica calendar day, `YYYY-MM-DD`. */
  date: string;
  /** The entry's number (`2026-000154`): book order within a day. */
  number: string;
  /** The line's position in its entry (0-based). */
  line: number;
  entryId: Types.ObjectId;
  description: string;
  lineDescription: string;
  debit: bigint;
  credit: bigint;
  /** The line's dollars in Amount units, signed like its colones (debit positive); absent: none. */
  dollars?: bigint;
  /** The rate of those dollars, five decimals. */
  rate?: bigint;
}

const postedLineSchema = new Schema<PostedLineRecord>(
  {
    organizationId: { type: String, required: true },
    account: { type: String, required: true },
    date: { type: String, required: true },
    number: { type: String, required: true },
    line: { type: Number, required: true },
    entryId: { type: Schema.Types.ObjectId, required: true },
    description: { type: String, default: "" },
    lineDescription: { type: String, default: "" },
    debit: { type: BigInt, required: true },
    credit: { type: BigInt, required: true },
    dollars: BigInt,
    rate: BigInt,
  },
  { collection: "posted_lines", versionKey: false },
);

// Book order per account: (date, number, line) after the account, so a page is an index range.
postedLineSchema.index({ organizationId: 1, account: 1, date: 1, number: 1, line: 1 });
postedLineSchema.index({ organizationId: 1, entryId: 1 });

export const PostedLine =
  (mongoose.models.PostedLine as mongoose.Model<PostedLineRecord> | undefined) ??
  mongoose.model<PostedLineRecord>("PostedLine", postedLineSchema);

/** Adds the lines of posted entries inside the caller's transaction. */
export async function insertPostedLines(lines: readonly PostedLineRecord[], session: ClientSession): Promise<void> {
  if (lines.length === 0) return;
  await PostedLine.collection.insertMany(lines as PostedLineRecord[], { session, ordered: true });
}

/** Removes an entry's posted lines (an audited edit replaces them) inside the caller's transaction. */
export async function deletePostedLines(
  organizationId: string,
  entryId: Types.ObjectId,
  session: ClientSession,
): Promise<void> {
  await PostedLine.collection.deleteMany({ organizationId, entryId }, { session });
}
