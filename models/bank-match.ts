import mongoose, { Schema, type ClientSession, type Types } from "mongoose";

/**
 * An accepted reconciliation: bank lines of one account tied to posted lines of its mapped ledger account
 * (entry and line position), with equal totals. Written in the same transaction that marks the bank
 * lines «conciliado»; undoing deletes it and puts them back to «pendiente».
 */
export interface BankMatchRecord {
  _id: Types.ObjectId;
  organizationId: string;
  bankAccountId: Types.ObjectId;
  bankLineIds: Types.ObjectId[];
  postedLines: Array<{ entryId: Types.ObjectId; line: number }>;
  /** The matched total, signed as the bank sees it. */
  amount: bigint;
  /**
   * A match against open items registered their cobro / pago from the bank line: that settlement, whose
   * entry's bank line is `postedLines`. Undoing the match undoes the payment.
   */
  settlementId?: Types.ObjectId;
  /** A bank rule booked the line: its entry (whose bank line is `postedLines`) and the rule. */
  ruleEntryId?: Types.ObjectId;
  ruleId?: Types.ObjectId;
  /** The day the match became complete: the latest day of its bank and posted lines. */
  reconciledAt?: string;
  acceptedBy: string;
  acceptedAt: Date;
}

const bankMatchSchema = new Schema<BankMatchRecord>(
  {
    organizationId: { type: String, required: true },
    bankAccountId: { type: Schema.Types.ObjectId, required: true },
    bankLineIds: { type: [Schema.Types.ObjectId], required: true },
    postedLines: { type: [{ _id: false, entryId: Schema.Types.ObjectId, line: Number }], required: true },
    amount: { type: BigInt, required: true },
    settlementId: Schema.Types.ObjectId,
    ruleEntryId: Schema.Types.ObjectId,
    ruleId: Schema.Types.ObjectId,
    reconciledAt: String,
    acceptedBy: { type: String, required: true },
    acceptedAt: { type: Date, required: true },
  },
  { collection: "bank_matches", versionKey: false },
);

// By account; `reconciledAt` after it so the matches stored before days were kept are an index range.
bankMatchSchema.index({ organizationId: 1, bankAccountId: 1, reconciledAt: 1 });
bankMatchSchema.index({ bankLineIds: 1 });
bankMatchSchema.index({ organizationId: 1, settlementId: 1 });

export const BankMatch =
  (mongoose.models.BankMatch as mongoose.Model<BankMatchRecord> | undefined) ??
  mongoose.model<BankMatchRecord>("BankMatch", bankMatchSchema);

export async function insertBankMatch(
  record: Omit<BankMatchRecord, "_id">,
  session: ClientSession,
): Promise<Types.ObjectId> {
  const [created] = await BankMatch.create([record], { session });
  return created._id;
}

/** Several matches at once (a bulk acceptance), inside the caller's transaction. */
export async function insertBankMatches(
  records: ReadonlyArray<Omit<BankMatchRecord, "_id">>,
  session: ClientSession,
): Promise<void> {
  // Built field by field by the service: stored as they are, without per-document casting.
  if (records.length > 0)
    await BankMatch.collection.insertMany(
      records.map((record) => ({ _id: new mongoose.Types.ObjectId(), ...record })),
      { session, ordered: true },
    );
}

/** What every match of the account ties: its bank lines and posted lines (the rest is not read). */
export function matchesOfAccount(organizationId: string, bankAccountId: Types.ObjectId, session?: ClientSession) {
  return BankMatch.find({ organizationId, bankAccountId }, { _id: 0, bankLineIds: 1, postedLines: 1 }, { session })
    .lean<Array<Pick<BankMatchRecord, "bankLineIds" | "postedLines">>>()
    .exec();
}

export function matchOfLine(organizationId: string, bankLineId: Types.ObjectId, session?: ClientSession) {
  return BankMatch.findOne({ organizationId, bankLineIds: bankLineId }, null, { session })
    .lean<BankMatchRecord>()
    .exec();
}

export async function deleteBankMatch(id: Types.ObjectId, session: ClientSession): Promise<boolean> {
  const result = await BankMatch.deleteOne({ _id: id }, { session });
  return result.deletedCount === 1;
}

/** Whether a bank line is reconciled by this cobro / pago (then it is undone from the bank page only). */
export async function settlementIsReconciled(organizationId: string, settlementId: Types.ObjectId): Promise<boolean> {
  return (await BankMatch.exists({ organizationId, settlementId })) !== null;
}

/** The matches of any of these bank lines. */
export function matchesOfLines(organizationId: string, bankLineIds: readonly Types.ObjectId[], session: ClientSession) {
  return BankMatch.find({ organizationId, bankLineIds: { $in: bankLineIds } }, null, { session })
    .lean<BankMatchRecord[]>()
    .exec();
}

/**
 * The matches stored before matches kept their day (and marked their posted lines): the posted lines
 * they name are not marked, so matching still leaves them out by this list.
 */
export function unmarkedMatchesOfAccount(organizationId: string, bankAccountId: Types.ObjectId) {
  return BankMatch.find({ organizationId, bankAccountId, reconciledAt: null }, { bankLineIds: 1, postedLines: 1 })
    .lean<Array<Pick<BankMatchRecord, "_id" | "bankLineIds" | "postedLines">>>()
    .exec();
}

/** Stores the day a match stored without one is complete, inside the caller's transaction. */
export async function setMatchDay(id: Types.ObjectId, day: string, session: ClientSession): Promise<void> {
  await BankMatch.updateOne({ _id: id, reconciledAt: null }, { $set: { reconciledAt: day } }, { session });
}
