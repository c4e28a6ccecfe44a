import mongoose, { Schema, type ClientSession, type Types } from "mongoose";

/**
 * A month of a bank account marked reconciled (and perhaps reopened since): the figures it was closed
 * with and who closed and reopened it, when. One per bank account and month; never deleted.
 */
export interface BankMonthEvent {
  action: "conciliado" | "reabierto";
  by: string;
  at: Date;
}

export interface BankMonthRecord {
  _id: Types.ObjectId;
  organizationId: string;
  bankAccountId: Types.ObjectId;
  month: string;
  closed: boolean;
  /** The conciliación at the month's last day when it was last closed (céntimos of the account's currency). */
  bankBalance: bigint;
  bookBalance: bigint;
  history: BankMonthEvent[];
}

const bankMonthSchema = new Schema<BankMonthRecord>(
  {
    organizationId: { type: String, required: true },
    bankAccountId: { type: Schema.Types.ObjectId, required: true },
    month: { type: String, required: true, match: /^\d{4}-\d{2}$/ },
    closed: { type: Boolean, required: true },
    bankBalance: { type: BigInt, required: true },
    bookBalance: { type: BigInt, required: true },
    history: {
      type: [
        {
          _id: false,
          action: { type: String, enum: ["conciliado", "reabierto"], required: true },
          by: { type: String, required: true },
          at: { type: Date, required: true },
        },
      ],
      default: [],
    },
  },
  { collection: "bank_months", versionKey: false },
);

bankMonthSchema.index({ bankAccountId: 1, month: 1 }, { unique: true });

export const BankMonth =
  (mongoose.models.BankMonth as mongoose.Model<BankMonthRecord> | undefined) ??
  mongoose.model<BankMonthRecord>("BankMonth", bankMonthSchema);

/** The account's months as marked, newest first. */
export function bankMonthsOf(organizationId: string, bankAccountId: Types.ObjectId, session?: ClientSession) {
  return BankMonth.find({ organizationId, bankAccountId }, null, { session })
    .sort({ month: -1 })
    .lean<BankMonthRecord[]>()
    .exec();
}

/** Marks the month closed; false when it already was (another request closed it meanwhile). */
export async function closeBankMonth(
  record: Pick<BankMonthRecord, "organizationId" | "bankAccountId" | "month" | "bankBalance" | "bookBalance">,
  event: BankMonthEvent,
  session: ClientSession,
): Promise<boolean> {
  const filter = { organizationId: record.organizationId, bankAccountId: record.bankAccountId, month: record.month };
  const existing = await BankMonth.findOne(filter, { closed: 1 }, { session }).lean<BankMonthRecord>();
  if (existing?.closed) return false;
  if (existing)
    await BankMonth.updateOne(
      { _id: existing._id, closed: false },
      {
        $set: { closed: true, bankBalance: record.bankBalance, bookBalance: record.bookBalance },
        $push: { history: event },
      },
      { session },
    );
  else await BankMonth.create([{ ...record, closed: true, history: [event] }], { session });
  return true;
}

/** Reopens a closed month; false when it was not closed. */
export async function reopenBankMonth(
  organizationId: string,
  bankAccountId: Types.ObjectId,
  month: string,
  event: BankMonthEvent,
  session: ClientSession,
): Promise<boolean> {
  const result = await BankMonth.updateOne(
    { organizationId, bankAccountId, month, closed: true },
    { $set: { closed: false }, $push: { history: event } },
    { session },
  );
  return result.modifiedCount === 1;
}
