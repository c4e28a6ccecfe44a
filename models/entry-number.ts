import mongoose, { Schema, type ClientSession } from "mongoose";

/**
 * The last entry number handed out per (organization, fiscal year). It is incremented inside the
 * posting transaction: an aborted post gives its number back, so posted numbers have no gaps, and two
 * processes posting at once conflict on this document instead of sharing a number.
 */
interface EntryCounterRecord {
  _id: string;
  organizationId: string;
  fiscalYear: number;
  value: number;
}

const entryCounterSchema = new Schema<EntryCounterRecord>(
  {
    _id: { type: String, required: true },
    organizationId: { type: String, required: true },
    fiscalYear: { type: Number, required: true },
    value: { type: Number, required: true, default: 0 },
  },
  { collection: "entry_counters", versionKey: false },
);

export const EntryCounter =
  (mongoose.models.EntryCounter as mongoose.Model<EntryCounterRecord> | undefined) ??
  mongoose.model<EntryCounterRecord>("EntryCounter", entryCounterSchema);

const counterId = (organizationId: string, fiscalYear: number) => `${organizationId}|${fiscalYear}`;
const DUPLICATE_KEY = 11000;

/**
 * Creates the counter at 0 when missing, outside any transaction: two transactions inserting the same
 * new counter would collide on its key, which a transaction cannot retry.
 */
export async function ensureEntryCounter(organizationId: string, fiscalYear: number): Promise<void> {
  try {
    await EntryCounter.updateOne(
      { _id: counterId(organizationId, fiscalYear) },
      { $setOnInsert: { organizationId, fiscalYear, value: 0 } },
      { upsert: true },
    );
  } catch (error) {
    if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
  }
}

/** The next number's sequence (1, 2, 3 …), inside the caller's transaction. */
export async function takeEntryNumber(organizationId: string, fiscalYear: number, session: ClientSession): Promise<number> {
  const record = await EntryCounter.findOneAndUpdate(
    { _id: counterId(organizationId, fiscalYear) },
    { $inc: { value: 1 } },
    { returnDocument: "after", session },
  ).lean<EntryCounterRecord>();
  if (!record) throw new Error(`entry counter ${counterId(organizationId, fiscalYear)} missing: call ensureEntryCounter first`);
  return Number(record.value);
}

export async function lastEntryNumber(organizationId: string, fiscalYear: number): Promise<number> {
  const record = await EntryCounter.findById(counterId(organizationId, fiscalYear)).lean<EntryCounterRecord>();
  return record ? Number(record.value) : 0;
}
