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
  /**
   * A line of a bank account's ledger account matched with its statement: the day the match became
   * complete. Written by the ledger for the bank in the match's transaction, kept across an edit.
   */
  bankReconciledAt?: string;
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
    bankReconciledAt: String,
  },
  { collection: "posted_lines", versionKey: false },
);

// Book order per account: (date, number, line) after the account, so a page is an index range.
postedLineSchema.index({ organizationId: 1, account: 1, date: 1, number: 1, line: 1 });
postedLineSchema.index({ organizationId: 1, entryId: 1 });
// The conciliación's book lines still open at a date: not matched (null) or matched after it, by day.
postedLineSchema.index({ organizationId: 1, account: 1, bankReconciledAt: 1, date: 1 });

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

/** The bank marks of an entry's lines (position → day), read before an edit replaces them. */
export async function bankMarksOfEntry(
  organizationId: string,
  entryId: Types.ObjectId,
  session: ClientSession,
): Promise<Map<number, string>> {
  const rows = await PostedLine.find(
    { organizationId, entryId, bankReconciledAt: { $type: "string" } },
    { line: 1, bankReconciledAt: 1, _id: 0 },
    { session },
  ).lean<Array<Pick<PostedLineRecord, "line" | "bankReconciledAt">>>();
  return new Map(rows.map((row) => [row.line, row.bankReconciledAt!]));
}

/**
 * Sets (a day) or removes (null) the bank mark of posted lines named by entry and position, one update
 * per day and position, inside the caller's transaction.
 */
export async function setBankMarks(
  organizationId: string,
  account: string,
  marks: ReadonlyArray<{ entryId: Types.ObjectId; line: number; day: string | null }>,
  session: ClientSession,
): Promise<void> {
  const groups = new Map<string, { line: number; day: string | null; entryIds: Types.ObjectId[] }>();
  for (const mark of marks) {
    const key = `${mark.day ?? ""}|${mark.line}`;
    const group = groups.get(key) ?? { line: mark.line, day: mark.day, entryIds: [] };
    group.entryIds.push(mark.entryId);
    groups.set(key, group);
  }
  if (groups.size === 0) return;
  await PostedLine.bulkWrite(
    [...groups.values()].map((group) => ({
      updateMany: {
        filter: { organizationId, account, line: group.line, entryId: { $in: group.entryIds } },
        update: group.day === null ? { $unset: { bankReconciledAt: 1 } } : { $set: { bankReconciledAt: group.day } },
      },
    })),
    { session, ordered: true },
  );
}

/** Ids per update: each update stays a lookup of its documents by `_id`. */
const IDS_PER_UPDATE = 1_000;

/**
 * Marks posted lines named by their own ids with a day, only those of this account not marked yet, one
 * update per day (and thousand ids), inside the caller's transaction. Returns how many it marked: fewer
 * than named when a line is gone (an edit replaced it), belongs elsewhere, or another match took it.
 */
export async function setBankMarksByIds(
  organizationId: string,
  account: string,
  days: ReadonlyArray<{ day: string; ids: readonly Types.ObjectId[] }>,
  session: ClientSession,
): Promise<number> {
  const updates = days.flatMap(({ day, ids }) =>
    Array.from({ length: Math.ceil(ids.length / IDS_PER_UPDATE) }, (_, chunk) => ({
      updateMany: {
        filter: {
          _id: { $in: ids.slice(chunk * IDS_PER_UPDATE, (chunk + 1) * IDS_PER_UPDATE) },
          organizationId,
          account,
          bankReconciledAt: null,
        },
        update: { $set: { bankReconciledAt: day } },
      },
    })),
  );
  if (updates.length === 0) return 0;
  const result = await PostedLine.bulkWrite(updates, { session, ordered: true });
  return result.modifiedCount;
}
