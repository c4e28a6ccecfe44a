import mongoose, { Schema, type ClientSession, type Types } from "mongoose";
import { isDuplicateKeyError } from "./mongo-errors";

/**
 * A bank account of one organization: the bank, its number and/or IBAN, the currency, the leaf account of
 * the organization's catalog it is booked in, the usual statement format and, for the generic CSV, the
 * column mapping. `accountKey` (the IBAN, else the compact number) is unique per organization.
 * See docs/domain/bank-statements.md.
 */
export interface BankAccountMapping {
  separator: string;
  encoding: string;
  skipLines: number;
  dateColumn: number;
  dateStyle: string;
  decimalMark: string;
  descriptionColumn: number;
  referenceColumn?: number;
  balanceColumn?: number;
  amountColumn?: number;
  debitColumn?: number;
  creditColumn?: number;
}

export interface BankAccountRecord {
  _id: Types.ObjectId;
  organizationId: string;
  bank: string;
  number?: string;
  iban?: string;
  accountKey: string;
  currency: "CRC" | "USD";
  ledgerAccount: string;
  format: string;
  mapping?: BankAccountMapping;
  /** Who last changed the mapping, and when. */
  mappingUpdatedBy?: string;
  mappingUpdatedAt?: Date;
  /**
   * Raised by every import and every month close in their transactions: two of them at once write this
   * one document, so the later one conflicts, runs again and sees what the other stored.
   */
  linesRevision?: number;
  createdBy: string;
  createdAt: Date;
}

const mappingSchema = new Schema<BankAccountMapping>(
  {
    separator: String,
    encoding: String,
    skipLines: Number,
    dateColumn: Number,
    dateStyle: String,
    decimalMark: String,
    descriptionColumn: Number,
    referenceColumn: Number,
    balanceColumn: Number,
    amountColumn: Number,
    debitColumn: Number,
    creditColumn: Number,
  },
  { _id: false },
);

const bankAccountSchema = new Schema<BankAccountRecord>(
  {
    organizationId: { type: String, required: true },
    bank: { type: String, required: true },
    number: String,
    iban: String,
    accountKey: { type: String, required: true },
    currency: { type: String, required: true, enum: ["CRC", "USD"] },
    ledgerAccount: { type: String, required: true },
    format: { type: String, required: true },
    mapping: mappingSchema,
    mappingUpdatedBy: String,
    mappingUpdatedAt: Date,
    linesRevision: Number,
    createdBy: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: "bank_accounts", versionKey: false },
);

bankAccountSchema.index({ organizationId: 1, accountKey: 1 }, { unique: true });

export const BankAccount =
  (mongoose.models.BankAccount as mongoose.Model<BankAccountRecord> | undefined) ??
  mongoose.model<BankAccountRecord>("BankAccount", bankAccountSchema);

export function listBankAccounts(organizationId: string): Promise<BankAccountRecord[]> {
  return BankAccount.find({ organizationId }).sort({ createdAt: 1 }).lean<BankAccountRecord[]>().exec();
}

export function findBankAccount(
  organizationId: string,
  id: string,
  session?: ClientSession,
): Promise<BankAccountRecord | null> {
  if (!mongoose.isValidObjectId(id)) return Promise.resolve(null);
  return BankAccount.findOne({ organizationId, _id: id }, null, { session }).lean<BankAccountRecord>().exec();
}

/** The new account, or null when the organization already has one with that IBAN or number. */
export async function insertBankAccount(record: Omit<BankAccountRecord, "_id">): Promise<BankAccountRecord | null> {
  try {
    const [created] = await BankAccount.create([record]);
    return created.toObject() as BankAccountRecord;
  } catch (error) {
    if (isDuplicateKeyError(error)) return null;
    throw error;
  }
}

/** Replaces the account's generic-CSV mapping; false when the account is not the organization's. */
export async function saveBankAccountMapping(
  organizationId: string,
  id: Types.ObjectId,
  mapping: Record<string, unknown>,
  by: string,
): Promise<boolean> {
  const result = await BankAccount.updateOne(
    { organizationId, _id: id },
    { $set: { mapping, mappingUpdatedBy: by, mappingUpdatedAt: new Date() } },
  );
  return result.matchedCount === 1;
}

/** Raises the account's lines revision inside the caller's transaction (see `linesRevision`). */
export async function touchBankAccountLines(
  organizationId: string,
  id: Types.ObjectId,
  session: ClientSession,
): Promise<void> {
  await BankAccount.updateOne({ organizationId, _id: id }, { $inc: { linesRevision: 1 } }, { session });
}
