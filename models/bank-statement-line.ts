import mongoose, { Schema, type ClientSession, type Types } from "mongoose";
import { storedBigInt } from "./open-item";

/**
 * One movement of a bank account as its statement states it: day, signed céntimos (positive = money in),
 * the bank's text, reference and balance, and its reconciliation state. `fingerprint` is unique per bank
 * account, so a file uploaded twice or two overlapping periods never store a movement twice.
 */
export const BANK_LINE_STATES = ["pendiente", "conciliado", "excluido"] as const;
export type BankLineState = (typeof BANK_LINE_STATES)[number];

export interface BankStatementLineRecord {
  _id: Types.ObjectId;
  organizationId: string;
  bankAccountId: Types.ObjectId;
  statementId: Types.ObjectId;
  fingerprint: string;
  /** The line of the file it was read from. */
  line: number;
  date: string;
  amount: bigint;
  description: string;
  reference: string;
  bankId?: string;
  balance?: bigint;
  state: BankLineState;
  /**
   * While «conciliado»: the day its match became complete (the latest day of its bank and posted lines),
   * written with the match and removed on undo, so the conciliación at a date reads only what is open.
   */
  reconciledAt?: string;
}

const bankStatementLineSchema = new Schema<BankStatementLineRecord>(
  {
    organizationId: { type: String, required: true },
    bankAccountId: { type: Schema.Types.ObjectId, required: true },
    statementId: { type: Schema.Types.ObjectId, required: true },
    fingerprint: { type: String, required: true },
    line: { type: Number, required: true },
    date: { type: String, required: true },
    amount: { type: BigInt, required: true },
    description: { type: String, default: "" },
    reference: { type: String, default: "" },
    bankId: String,
    balance: BigInt,
    state: { type: String, required: true, enum: BANK_LINE_STATES, default: "pendiente" },
    reconciledAt: String,
  },
  { collection: "bank_statement_lines", versionKey: false },
);

bankStatementLineSchema.index({ bankAccountId: 1, fingerprint: 1 }, { unique: true });
bankStatementLineSchema.index({ organizationId: 1, bankAccountId: 1, date: 1, line: 1 });
// The conciliación's open lines: not reconciled (null) or reconciled after its date, by day.
bankStatementLineSchema.index({ organizationId: 1, bankAccountId: 1, reconciledAt: 1, date: 1 });

export const BankStatementLine =
  (mongoose.models.BankStatementLine as mongoose.Model<BankStatementLineRecord> | undefined) ??
  mongoose.model<BankStatementLineRecord>("BankStatementLine", bankStatementLineSchema);

function normalized(record: BankStatementLineRecord): BankStatementLineRecord {
  return {
    ...record,
    amount: storedBigInt(record.amount),
    ...(record.balance === undefined || record.balance === null ? {} : { balance: storedBigInt(record.balance) }),
  };
}

/** Which of these fingerprints the account already has. */
export async function knownFingerprints(
  bankAccountId: Types.ObjectId,
  fingerprints: readonly string[],
  session: ClientSession,
): Promise<Set<string>> {
  const known = new Set<string>();
  // A bounded list per read, so each read is a lookup in the unique index rather than a scan.
  for (let start = 0; start < fingerprints.length; start += FINGERPRINTS_PER_READ) {
    const rows = await BankStatementLine.find(
      { bankAccountId, fingerprint: { $in: fingerprints.slice(start, start + FINGERPRINTS_PER_READ) } },
      { fingerprint: 1, _id: 0 },
      { session },
    ).lean<Array<{ fingerprint: string }>>();
    for (const row of rows) known.add(row.fingerprint);
  }
  return known;
}

const FINGERPRINTS_PER_READ = 1_000;

export async function insertBankStatementLines(
  records: readonly Omit<BankStatementLineRecord, "_id">[],
  session: ClientSession,
): Promise<void> {
  // The service builds every field itself; 10 000 lines go as they are, without per-document casting.
  if (records.length > 0)
    await BankStatementLine.collection.insertMany(
      records.map((record) => ({ _id: new mongoose.Types.ObjectId(), ...record })),
      { session, ordered: true },
    );
}

export async function findBankStatementLines(
  filter: { organizationId: string; bankAccountId: Types.ObjectId; state?: BankLineState },
  page: { skip: number; limit: number },
): Promise<BankStatementLineRecord[]> {
  const rows = await BankStatementLine.find(filter)
    .sort({ date: 1, line: 1, _id: 1 })
    .skip(page.skip)
    .limit(page.limit)
    .lean<BankStatementLineRecord[]>();
  return rows.map(normalized);
}

/** How many lines of the account are in each state. */
export async function countBankLinesByState(
  organizationId: string,
  bankAccountId: Types.ObjectId,
): Promise<Record<BankLineState, number>> {
  const rows = await BankStatementLine.aggregate<{ _id: BankLineState; count: number }>([
    { $match: { organizationId, bankAccountId } },
    { $group: { _id: "$state", count: { $sum: 1 } } },
  ]);
  const counts = { pendiente: 0, conciliado: 0, excluido: 0 };
  for (const row of rows) counts[row._id] = row.count;
  return counts;
}

/**
 * Moves the given lines of an account from one state to another; true only when every one of them was in
 * `from` (the caller aborts its transaction otherwise: another request changed them). Lines leaving
 * «conciliado» lose their `reconciledAt`.
 */
export async function moveBankLines(
  filter: { organizationId: string; bankAccountId: Types.ObjectId; ids: readonly Types.ObjectId[] },
  from: BankLineState,
  to: Exclude<BankLineState, "conciliado">,
  session: ClientSession,
): Promise<boolean> {
  const result = await BankStatementLine.updateMany(
    {
      organizationId: filter.organizationId,
      bankAccountId: filter.bankAccountId,
      _id: { $in: filter.ids },
      state: from,
    },
    from === "conciliado" ? { $set: { state: to }, $unset: { reconciledAt: 1 } } : { $set: { state: to } },
    { session },
  );
  return result.modifiedCount === filter.ids.length;
}

/**
 * Moves pending lines to «conciliado» with the day each match became complete, one update per day; true
 * only when every line was pending.
 */
export async function reconcileBankLines(
  filter: { organizationId: string; bankAccountId: Types.ObjectId },
  days: ReadonlyArray<{ reconciledAt: string; ids: readonly Types.ObjectId[] }>,
  session: ClientSession,
): Promise<boolean> {
  const wanted = days.reduce((count, day) => count + day.ids.length, 0);
  if (wanted === 0) return true;
  const result = await BankStatementLine.bulkWrite(
    days.map((day) => ({
      updateMany: {
        filter: { ...filter, _id: { $in: [...day.ids] }, state: "pendiente" as const },
        update: { $set: { state: "conciliado" as const, reconciledAt: day.reconciledAt } },
      },
    })),
    { session, ordered: true },
  );
  return result.modifiedCount === wanted;
}

export type BankLineToMatch = Omit<BankStatementLineRecord, "fingerprint" | "statementId">;

/**
 * The account's lines in one state, oldest first, at most `limit` (without their fingerprint and import).
 * Lines not reconciled have no `reconciledAt`, so the index on it reads only them, however many the
 * account has reconciled.
 */
export async function bankLinesInState(
  organizationId: string,
  bankAccountId: Types.ObjectId,
  state: BankLineState,
  limit: number,
): Promise<BankLineToMatch[]> {
  const rows = await BankStatementLine.find(
    { organizationId, bankAccountId, ...(state === "conciliado" ? {} : { reconciledAt: null }), state },
    { fingerprint: 0, statementId: 0 },
  )
    .sort({ date: 1, line: 1, _id: 1 })
    .limit(limit)
    .lean<BankLineToMatch[]>();
  return rows.map((row) => normalized(row as BankStatementLineRecord));
}

type ReportLine = Pick<
  BankStatementLineRecord,
  "_id" | "date" | "amount" | "state" | "description" | "reference" | "reconciledAt"
>;
const REPORT_FIELDS = { date: 1, amount: 1, state: 1, description: 1, reference: 1, reconciledAt: 1 } as const;

/** Every line of the account up to a day, for the conciliación recomputed from scratch. */
export async function bankLinesUpTo(
  organizationId: string,
  bankAccountId: Types.ObjectId,
  date: string,
  limit: number,
  session?: ClientSession,
): Promise<ReportLine[]> {
  const rows = await BankStatementLine.find({ organizationId, bankAccountId, date: { $lte: date } }, REPORT_FIELDS, {
    session,
  })
    .sort({ date: 1 })
    .limit(limit)
    .lean<ReportLine[]>();
  return rows.map((row) => ({ ...row, amount: storedBigInt(row.amount) }));
}

/**
 * The lines between two days still open at the second: not reconciled, or reconciled after it — two
 * index ranges of `{ organizationId, bankAccountId, reconciledAt, date }`.
 */
export async function bankLinesOpenAt(
  organizationId: string,
  bankAccountId: Types.ObjectId,
  from: string,
  date: string,
  limit: number,
  session?: ClientSession,
): Promise<ReportLine[]> {
  const read = (reconciledAt: null | { $gt: string }) =>
    BankStatementLine.find(
      { organizationId, bankAccountId, reconciledAt, date: { $gte: from, $lte: date } },
      REPORT_FIELDS,
      { session },
    )
      .limit(limit)
      .lean<ReportLine[]>()
      .exec();
  const open = await read(null);
  const later = await read({ $gt: date });
  return [...open, ...later]
    .map((row) => ({ ...row, amount: storedBigInt(row.amount) }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Σ of the account's lines between two days (inclusive), summed by the database. */
export async function bankMovementBetween(
  organizationId: string,
  bankAccountId: Types.ObjectId,
  from: string,
  to: string,
  session?: ClientSession,
): Promise<bigint> {
  const [row] = await BankStatementLine.aggregate<{ amount: unknown }>([
    { $match: { organizationId, bankAccountId, date: { $gte: from, $lte: to } } },
    { $group: { _id: null, amount: { $sum: "$amount" } } },
  ]).session(session ?? null);
  return row ? storedBigInt(row.amount as bigint) : 0n;
}

/** The day of the account's earliest line, or null when it has none. */
export async function firstBankLineDay(
  organizationId: string,
  bankAccountId: Types.ObjectId,
  session?: ClientSession,
): Promise<string | null> {
  const first = await BankStatementLine.findOne({ organizationId, bankAccountId }, { date: 1, _id: 0 }, { session })
    .sort({ date: 1, line: 1 })
    .lean<{ date: string }>();
  return first?.date ?? null;
}

/** The days of these lines of the account. */
export async function bankLineDays(
  organizationId: string,
  bankAccountId: Types.ObjectId,
  ids: readonly Types.ObjectId[],
  session?: ClientSession,
): Promise<string[]> {
  const rows = await BankStatementLine.find(
    { organizationId, bankAccountId, _id: { $in: ids } },
    { date: 1, _id: 0 },
    { session },
  ).lean<Array<{ date: string }>>();
  return rows.map((row) => row.date);
}

/** The ids of the account's lines dated between two days (inclusive). */
export async function bankLineIdsBetween(
  organizationId: string,
  bankAccountId: Types.ObjectId,
  from: string,
  to: string,
  session: ClientSession,
): Promise<Types.ObjectId[]> {
  const rows = await BankStatementLine.find(
    { organizationId, bankAccountId, date: { $gte: from, $lte: to } },
    { _id: 1 },
    { session },
  ).lean<Array<{ _id: Types.ObjectId }>>();
  return rows.map((row) => row._id);
}

/** Stores the day reconciled lines' match is complete, inside the caller's transaction. */
export async function setReconciledDay(
  filter: { organizationId: string; bankAccountId: Types.ObjectId; ids: readonly Types.ObjectId[] },
  day: string,
  session: ClientSession,
): Promise<void> {
  await BankStatementLine.updateMany(
    {
      organizationId: filter.organizationId,
      bankAccountId: filter.bankAccountId,
      _id: { $in: filter.ids },
      state: "conciliado",
    },
    { $set: { reconciledAt: day } },
    { session },
  );
}
