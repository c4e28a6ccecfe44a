import mongoose, { Schema, type ClientSession } from "mongoose";
import { isDuplicateKeyError } from "./mongo-errors";

/**
 * The income-tax tables, one document per fiscal year and kind (`_id` "2026/persona-juridica").
 * Limits and credits are whole céntimos as 64-bit integers; rates exact decimal text. Every change
 * is appended to `history` (who, when, what before and after): the tables decide what clients owe.
 */
export interface BracketRecord {
  from: bigint;
  to: bigint | null;
  rate: string;
}

export interface BracketChange {
  at: Date;
  by: string;
  action: "seed" | "create" | "update" | "copy";
  /** The table before and after the change, as JSON text (céntimos as strings); empty when none. */
  before: string;
  after: string;
}

export interface IncomeBracketRecord {
  _id: string;
  year: number;
  kind: string;
  brackets: BracketRecord[];
  grossIncomeThreshold: bigint | null;
  childCredit: bigint | null;
  spouseCredit: bigint | null;
  decree: string;
  source: string;
  unconfirmed: boolean;
  /** Bumped on every write, so two editors at once cannot overwrite each other. */
  revision: number;
  history: BracketChange[];
  updatedAt?: Date;
}

const incomeBracketSchema = new Schema<IncomeBracketRecord>(
  {
    _id: { type: String, required: true },
    year: { type: Number, required: true },
    kind: { type: String, required: true },
    brackets: {
      type: [{ _id: false, from: { type: BigInt, required: true }, to: { type: BigInt, default: null }, rate: String }],
      default: [],
    },
    grossIncomeThreshold: { type: BigInt, default: null },
    childCredit: { type: BigInt, default: null },
    spouseCredit: { type: BigInt, default: null },
    decree: { type: String, default: "" },
    source: { type: String, default: "" },
    unconfirmed: { type: Boolean, default: false },
    revision: { type: Number, default: 0 },
    history: {
      type: [{ _id: false, at: Date, by: String, action: String, before: String, after: String }],
      default: [],
    },
  },
  { collection: "income_brackets", versionKey: false, timestamps: true },
);

incomeBracketSchema.index({ year: 1, kind: 1 }, { unique: true });

export const IncomeBracket =
  (mongoose.models.IncomeBracket as mongoose.Model<IncomeBracketRecord> | undefined) ??
  mongoose.model<IncomeBracketRecord>("IncomeBracket", incomeBracketSchema);

export type BracketFields = Omit<IncomeBracketRecord, "_id" | "revision" | "history" | "updatedAt">;

export function bracketTableId(year: number, kind: string): string {
  return `${year}/${kind}`;
}

export async function listIncomeBrackets(filter: { year?: number } = {}, session?: ClientSession) {
  const query = filter.year === undefined ? {} : { year: filter.year };
  return IncomeBracket.find(query, null, { session }).sort({ year: -1, kind: 1 }).lean<IncomeBracketRecord[]>();
}

export async function findIncomeBracket(year: number, kind: string, session?: ClientSession) {
  return IncomeBracket.findById(bracketTableId(year, kind), null, { session }).lean<IncomeBracketRecord>();
}

/** Inserts a table that does not exist yet; false when the year already has one of that kind. */
export async function insertIncomeBracket(
  fields: BracketFields,
  change: BracketChange,
  session?: ClientSession,
): Promise<boolean> {
  try {
    await IncomeBracket.create(
      [{ _id: bracketTableId(fields.year, fields.kind), ...fields, revision: 1, history: [change] }],
      { session },
    );
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/** Replaces a table's figures if nobody wrote it since `revision` was read; false otherwise. */
export async function replaceIncomeBracket(
  fields: BracketFields,
  revision: number,
  change: BracketChange,
  session?: ClientSession,
): Promise<boolean> {
  const result = await IncomeBracket.updateOne(
    { _id: bracketTableId(fields.year, fields.kind), revision },
    { $set: fields, $inc: { revision: 1 }, $push: { history: change } },
    { session, runValidators: true },
  );
  return result.modifiedCount === 1;
}
