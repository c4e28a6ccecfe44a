import mongoose, { Schema, type ClientSession } from "mongoose";

/**
 * Σ debit, Σ credit and the count of posted lines per (organization, leaf account, month): what
 * reports read for totals (docs/design/books.md §3). Amounts are whole céntimos as 64-bit integers; only the
 * ledger service writes here, in the same transaction as the entry.
 */
export interface PeriodBalanceRecord {
  organizationId: string;
  account: string;
  /** `YYYY-MM` */
  period: string;
  debit: bigint;
  credit: bigint;
  lineCount: number;
  /** Σ of the lines' dollars in Amount units (five decimals), debit positive (decision 282). */
  dollars?: bigint;
}

const periodBalanceSchema = new Schema<PeriodBalanceRecord>(
  {
    organizationId: { type: String, required: true },
    account: { type: String, required: true },
    period: { type: String, required: true, match: /^\d{4}-\d{2}$/ },
    debit: { type: BigInt, required: true, default: 0n },
    credit: { type: BigInt, required: true, default: 0n },
    lineCount: { type: Number, required: true, default: 0 },
    dollars: { type: BigInt },
  },
  { collection: "period_balances", versionKey: false },
);

periodBalanceSchema.index({ organizationId: 1, account: 1, period: 1 }, { unique: true });
periodBalanceSchema.index({ organizationId: 1, period: 1 });

export const PeriodBalance =
  (mongoose.models.PeriodBalance as mongoose.Model<PeriodBalanceRecord> | undefined) ??
  mongoose.model<PeriodBalanceRecord>("PeriodBalance", periodBalanceSchema);

export interface BalanceChange {
  account: string;
  period: string;
  debit: bigint;
  credit: bigint;
  lineCount: number;
  dollars?: bigint;
}

/** Adds the changes to the stored balances (creating missing rows) inside the caller's transaction. */
export async function applyBalanceChanges(
  organizationId: string,
  changes: readonly BalanceChange[],
  session: ClientSession,
): Promise<void> {
  if (changes.length === 0) return;
  await PeriodBalance.collection.bulkWrite(
    changes.map((change) => ({
      updateOne: {
        filter: { organizationId, account: change.account, period: change.period },
        update: {
          $inc: {
            debit: BigInt(change.debit),
            credit: BigInt(change.credit),
            lineCount: change.lineCount,
            ...(change.dollars ? { dollars: BigInt(change.dollars) } : {}),
          },
        },
        upsert: true,
      },
    })),
    { session, ordered: true },
  );
}

/** The stored rows of an organization (all of them, or those of the given accounts' code prefix). */
export function periodBalancesCursor(organizationId: string, filter: Record<string, unknown> = {}) {
  return PeriodBalance.find(
    { organizationId, ...filter },
    { _id: 0, account: 1, period: 1, debit: 1, credit: 1, lineCount: 1, dollars: 1 },
  )
    .lean<PeriodBalanceRecord[]>()
    .cursor();
}
