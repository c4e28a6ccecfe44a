import mongoose, { Schema, type ClientSession, type Types } from "mongoose";
import { storedBigInt } from "./open-item";

/**
 * One statement file imported into a bank account: who, when, which period and balances it stated, how
 * many of its lines were new (the others were already there from an earlier or overlapping file).
 */
export interface BankStatementRecord {
  _id: Types.ObjectId;
  organizationId: string;
  bankAccountId: Types.ObjectId;
  fileName: string;
  format: string;
  /** First and last day of its lines, YYYY-MM-DD. */
  from: string;
  to: string;
  opening?: bigint;
  closing?: bigint;
  lineCount: number;
  newCount: number;
  /**
   * Σ of the lines this import stored, per day: lines are never deleted, so the account's bank movement
   * over any days is the sum of its imports' day totals (absent on imports stored before they were kept).
   */
  dayTotals?: Array<{ date: string; amount: bigint }>;
  importedBy: string;
  importedAt: Date;
}

const bankStatementSchema = new Schema<BankStatementRecord>(
  {
    organizationId: { type: String, required: true },
    bankAccountId: { type: Schema.Types.ObjectId, required: true },
    fileName: { type: String, required: true },
    format: { type: String, required: true },
    from: { type: String, required: true },
    to: { type: String, required: true },
    opening: BigInt,
    closing: BigInt,
    lineCount: { type: Number, required: true },
    newCount: { type: Number, required: true },
    dayTotals: { type: [{ _id: false, date: String, amount: BigInt }], default: undefined },
    importedBy: { type: String, required: true },
    importedAt: { type: Date, required: true },
  },
  { collection: "bank_statements", versionKey: false },
);

bankStatementSchema.index({ organizationId: 1, bankAccountId: 1, importedAt: -1 });

export const BankStatement =
  (mongoose.models.BankStatement as mongoose.Model<BankStatementRecord> | undefined) ??
  mongoose.model<BankStatementRecord>("BankStatement", bankStatementSchema);

export async function insertBankStatement(
  record: Omit<BankStatementRecord, "_id">,
  session: ClientSession,
): Promise<Types.ObjectId> {
  const [created] = await BankStatement.create([record], { session });
  return created._id;
}

/** The latest imports of an account, newest first. */
export function latestBankStatements(organizationId: string, bankAccountId: Types.ObjectId, limit: number) {
  return BankStatement.find({ organizationId, bankAccountId })
    .sort({ importedAt: -1 })
    .limit(limit)
    .lean<BankStatementRecord[]>()
    .exec();
}

/** The import whose stated opening balance starts earliest: where the account's reconciliation starts. */
export function earliestStatedOpening(organizationId: string, bankAccountId: Types.ObjectId, session?: ClientSession) {
  return BankStatement.findOne({ organizationId, bankAccountId, opening: { $exists: true } }, null, { session })
    .sort({ from: 1, importedAt: 1 })
    .lean<BankStatementRecord>()
    .exec();
}

/**
 * Σ of the account's lines between two days (inclusive) from its imports' day totals, or null when an
 * import has none (stored before they were kept): then the lines must be summed.
 */
export async function bankMovementFromImports(
  organizationId: string,
  bankAccountId: Types.ObjectId,
  from: string,
  to: string,
  session?: ClientSession,
): Promise<bigint | null> {
  const imports = await BankStatement.find({ organizationId, bankAccountId }, { dayTotals: 1, _id: 0 }, { session })
    .lean<Array<Pick<BankStatementRecord, "dayTotals">>>()
    .exec();
  let total = 0n;
  for (const { dayTotals } of imports) {
    if (!dayTotals) return null;
    for (const day of dayTotals) if (day.date >= from && day.date <= to) total += storedBigInt(day.amount);
  }
  return total;
}
