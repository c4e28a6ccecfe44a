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
/** The next number's sequence (1, 2, 3 …), inside the caller's transaction (the first one creates the counter). */
export async function takeEntryNumber(
  organizationId: string,
  fiscalYear: number,
  session: ClientSession,
): Promise<number> {
  const record = await EntryCounter.findOneAndUpdate(
    { _id: counterId(organizationId, fiscalYear) },
    { $inc: { value: 1 }, $setOnInsert: { organizationId, fiscalYear } },
    { upsert: true, returnDocument: "after", session },
  ).lean<EntryCounterRecord>();
  return Number(record!.value);
}

/** `count` consecutive sequences at once (a batch of posts); returns the first of them. */
export async function takeEntryNumbers(
  organizationId: string,
  fiscalYear: number,
  count: number,
  session: ClientSession,
): Promise<number> {
  const record = await EntryCounter.findOneAndUpdate(
    { _id: counterId(organizationId, fiscalYear) },
    { $inc: { value: count }, $setOnInsert: { organizationId, fiscalYear } },
    { upsert: true, returnDocument: "after", session },
  ).lean<EntryCounterRecord>();
  return Number(record!.value) - count + 1;
}

export async function lastEntryNumber(organizationId: string, fiscalYear: number): Promise<number> {
  const record = await EntryCounter.findById(counterId(organizationId, fiscalYear)).lean<EntryCounterRecord>();
  return record ? Number(record.value) : 0;
}
