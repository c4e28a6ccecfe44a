import mongoose, { Schema, type ClientSession, type Types } from "mongoose";

/**
 * Accounting entries (asientos, docs/design/books.md §2). Amounts are whole céntimos stored as 64-bit integers
 * (mongoose BigInt → BSON Long): exact, and Hacienda's largest amount fits. Only the ledger service
 * (app/services/ledger) writes here.
 */
export interface EntryLineRecord {
  account: string;
  description: string;
  debit: bigint;
  credit: bigint;
  receiptId?: string;
  currency?: string;
  foreignAmount?: bigint;
  /** Colones per unit of `currency`, five decimals (decision 282). */
  rate?: bigint;
  taxCode?: string;
  taxRate?: string;
}

export interface EntryHistoryRecord {
  at: Date;
  by: string;
  action: "creado" | "modificado" | "contabilizado" | "editado" | "revertido";
  before?: unknown;
  after?: unknown;
}

export interface EntryRecord {
  _id: Types.ObjectId;
  organizationId: string;
  /** `2026-000154`, only once posted. */
  number?: string;
  fiscalYear: number;
  /** A Costa Rica calendar day, `YYYY-MM-DD`. */
  date: string;
  description: string;
  reference: string;
  lines: EntryLineRecord[];
  totalDebit: bigint;
  source: { kind: string; id?: string };
  status: "borrador" | "contabilizado";
  reversalOf?: Types.ObjectId;
  reversedBy?: Types.ObjectId;
  /**
   * The closed bank reconciliations (bank account id and month) whose lines this entry's lines matched:
   * while any stands, the entry can be neither edited nor reversed.
   */
  bankLocks?: string[];
  createdBy: string;
  createdAt: Date;
  updatedBy: string;
  updatedAt: Date;
  postedAt?: Date;
  history: EntryHistoryRecord[];
  /** The one-time token of the form that created it: a second submit of that form finds this entry. */
  submissionToken?: string;
}

const lineSchema = new Schema<EntryLineRecord>(
  {
    account: { type: String, required: true },
    description: { type: String, default: "" },
    debit: { type: BigInt, required: true },
    credit: { type: BigInt, required: true },
    receiptId: String,
    currency: String,
    foreignAmount: BigInt,
    rate: BigInt,
    taxCode: String,
    taxRate: String,
  },
  { _id: false },
);

const historySchema = new Schema<EntryHistoryRecord>(
  {
    at: { type: Date, required: true },
    by: { type: String, required: true },
    action: { type: String, required: true },
    before: Schema.Types.Mixed,
    after: Schema.Types.Mixed,
  },
  { _id: false },
);

const entrySchema = new Schema<EntryRecord>(
  {
    organizationId: { type: String, required: true },
    number: String,
    fiscalYear: { type: Number, required: true },
    date: { type: String, required: true, match: /^\d{4}-\d{2}-\d{2}$/ },
    description: { type: String, required: true },
    reference: { type: String, default: "" },
    lines: { type: [lineSchema], default: [] },
    totalDebit: { type: BigInt, required: true },
    source: {
      kind: {
        type: String,
        required: true,
        enum: [
          "manual",
          "comprobante",
          "plantilla",
          "regla",
          "factura",
          "cierre",
          "reversion",
          "iva",
          "renta",
          "cobro",
          "pago",
          "diferencial",
          "banco",
        ],
      },
      id: String,
    },
    status: { type: String, required: true, enum: ["borrador", "contabilizado"] },
    reversalOf: { type: Schema.Types.ObjectId },
    reversedBy: { type: Schema.Types.ObjectId },
    bankLocks: { type: [String], default: undefined },
    createdBy: { type: String, required: true },
    createdAt: { type: Date, required: true },
    updatedBy: { type: String, required: true },
    updatedAt: { type: Date, required: true },
    postedAt: Date,
    history: { type: [historySchema], default: [] },
    submissionToken: String,
  },
  { collection: "entries", versionKey: false, minimize: false },
);

// Posted numbers are unique per organization and fiscal year; drafts carry none.
entrySchema.index(
  { organizationId: 1, fiscalYear: 1, number: 1 },
  { unique: true, partialFilterExpression: { number: { $type: "string" } } },
);
entrySchema.index({ organizationId: 1, status: 1, date: 1, number: 1 });
// One entry per form submission (decision 198): a double submit cannot insert a second one.
entrySchema.index(
  { organizationId: 1, submissionToken: 1 },
  { unique: true, partialFilterExpression: { submissionToken: { $type: "string" } } },
);
entrySchema.index({ organizationId: 1, "lines.account": 1, date: 1 });
entrySchema.index({ organizationId: 1, "source.kind": 1, "source.id": 1 });
// The reversals since a day (bank reconciliation cancels an entry against its reversal): by source and date.
entrySchema.index({ organizationId: 1, "source.kind": 1, date: 1 });

export const Entry =
  (mongoose.models.Entry as mongoose.Model<EntryRecord> | undefined) ??
  mongoose.model<EntryRecord>("Entry", entrySchema);

/** The organization's entry created by the form submission `token`, if any. */
export async function findEntryBySubmission(
  organizationId: string,
  token: string,
  session?: ClientSession,
): Promise<EntryRecord | null> {
  return Entry.findOne({ organizationId, submissionToken: token }, null, { session }).lean<EntryRecord>();
}

/** The organization's entries created by these form submissions, by token. */
export async function entriesBySubmission(
  organizationId: string,
  tokens: readonly string[],
  session?: ClientSession,
): Promise<Map<string, EntryRecord>> {
  if (tokens.length === 0) return new Map();
  const entries = await Entry.find({ organizationId, submissionToken: { $in: tokens } }, null, {
    session,
  }).lean<EntryRecord[]>();
  return new Map(entries.map((entry) => [entry.submissionToken!, entry]));
}

export function isEntryId(id: string): boolean {
  return /^[0-9a-f]{24}$/i.test(id);
}

/** The organization's entry, or null for an unknown id or another organization's entry. */
export async function findEntry(
  organizationId: string,
  id: string,
  session?: ClientSession,
): Promise<EntryRecord | null> {
  if (!isEntryId(id)) return null;
  return Entry.findOne({ _id: id, organizationId }, null, { session }).lean<EntryRecord>();
}

export async function insertEntry(
  record: Omit<EntryRecord, "_id"> & { _id?: Types.ObjectId },
  session: ClientSession,
): Promise<EntryRecord> {
  const [created] = await Entry.create([record], { session });
  return created.toObject() as EntryRecord;
}

/**
 * Several new entries at once (a batch of posts), inside the caller's transaction. The ledger service
 * builds every field itself, so they go to the collection as they are (no per-document casting).
 */
export async function insertEntries(records: EntryRecord[], session: ClientSession): Promise<void> {
  if (records.length > 0) await Entry.collection.insertMany(records, { session, ordered: true });
}

/** Replaces the stored fields of the entry; false when it is gone. */
export async function saveEntry(
  organizationId: string,
  id: Types.ObjectId,
  set: Partial<EntryRecord>,
  push: EntryHistoryRecord | null,
  session: ClientSession,
): Promise<boolean> {
  const update: Record<string, unknown> = { $set: set };
  if (push) update.$push = { history: push };
  const result = await Entry.updateOne({ _id: id, organizationId }, update, { session });
  return result.matchedCount === 1;
}

export async function deleteDraftEntry(
  organizationId: string,
  id: Types.ObjectId,
  session: ClientSession,
): Promise<boolean> {
  const result = await Entry.deleteOne({ _id: id, organizationId, status: "borrador" }, { session });
  return result.deletedCount === 1;
}

/** Adds a closed bank reconciliation's lock to these entries. */
export async function addEntryBankLock(
  organizationId: string,
  ids: readonly Types.ObjectId[],
  lock: string,
  session: ClientSession,
): Promise<void> {
  if (ids.length > 0)
    await Entry.updateMany({ organizationId, _id: { $in: ids } }, { $addToSet: { bankLocks: lock } }, { session });
}

/** Takes a reopened bank reconciliation's lock off every entry that has it. */
export async function removeEntryBankLock(organizationId: string, lock: string, session: ClientSession): Promise<void> {
  await Entry.updateMany({ organizationId, bankLocks: lock }, { $pull: { bankLocks: lock } }, { session });
}
