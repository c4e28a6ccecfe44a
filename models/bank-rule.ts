import mongoose, { Schema, type Types } from "mongoose";
import { storedBigInt } from "./open-item";

/**
 * A bank rule of an organization (for all its bank accounts, or one of them): conditions on a statement
 * line's text, size and sign, and the account it is booked to. See app/domain/bank/rules.ts.
 */
export interface BankRuleRecord {
  _id: Types.ObjectId;
  organizationId: string;
  bankAccountId: Types.ObjectId | null;
  name: string;
  contains: string;
  minAmount: bigint | null;
  maxAmount: bigint | null;
  sign: "any" | "in" | "out";
  account: string;
  description: string;
  createdBy: string;
  createdAt: Date;
  updatedBy?: string;
  updatedAt?: Date;
}

const bankRuleSchema = new Schema<BankRuleRecord>(
  {
    organizationId: { type: String, required: true },
    bankAccountId: { type: Schema.Types.ObjectId, default: null },
    name: { type: String, required: true },
    contains: { type: String, default: "" },
    minAmount: { type: BigInt, default: null },
    maxAmount: { type: BigInt, default: null },
    sign: { type: String, required: true, enum: ["any", "in", "out"] },
    account: { type: String, required: true },
    description: { type: String, default: "" },
    createdBy: { type: String, required: true },
    createdAt: { type: Date, required: true },
    updatedBy: String,
    updatedAt: Date,
  },
  { collection: "bank_rules", versionKey: false },
);

bankRuleSchema.index({ organizationId: 1, bankAccountId: 1 });

export const BankRule =
  (mongoose.models.BankRule as mongoose.Model<BankRuleRecord> | undefined) ??
  mongoose.model<BankRuleRecord>("BankRule", bankRuleSchema);

export type BankRuleFields = Omit<BankRuleRecord, "_id" | "organizationId" | "createdBy" | "createdAt">;

function normalized(record: BankRuleRecord): BankRuleRecord {
  const bound = (value: unknown) => (value === null || value === undefined ? null : storedBigInt(value));
  return { ...record, minAmount: bound(record.minAmount), maxAmount: bound(record.maxAmount) };
}

/** The rules that apply to a bank account: its own and the organization's. */
export async function rulesOfBankAccount(organizationId: string, bankAccountId: Types.ObjectId) {
  const rows = await BankRule.find({ organizationId, bankAccountId: { $in: [bankAccountId, null] } })
    .sort({ name: 1, _id: 1 })
    .lean<BankRuleRecord[]>();
  return rows.map(normalized);
}

export function countBankRules(organizationId: string): Promise<number> {
  return BankRule.countDocuments({ organizationId }).exec();
}

export async function insertBankRule(record: Omit<BankRuleRecord, "_id">): Promise<Types.ObjectId> {
  const created = await BankRule.create(record);
  return created._id;
}

/** Changes a rule seen from one bank account (its own or the organization's); false when there is none. */
export async function updateBankRule(
  organizationId: string,
  bankAccountId: Types.ObjectId,
  id: Types.ObjectId,
  fields: Omit<BankRuleFields, "updatedBy" | "updatedAt"> & { updatedBy: string; updatedAt: Date },
): Promise<boolean> {
  const result = await BankRule.updateOne(
    { _id: id, organizationId, bankAccountId: { $in: [bankAccountId, null] } },
    { $set: fields },
  );
  return result.matchedCount === 1;
}

export async function deleteBankRule(
  organizationId: string,
  bankAccountId: Types.ObjectId,
  id: Types.ObjectId,
): Promise<boolean> {
  const result = await BankRule.deleteOne({ _id: id, organizationId, bankAccountId: { $in: [bankAccountId, null] } });
  return result.deletedCount === 1;
}
