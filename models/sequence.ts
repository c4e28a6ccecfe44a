import mongoose, { Schema, type ClientSession } from "mongoose";
import { isDuplicateKeyError } from "./mongo-errors";

/**
 * Per-organization counters (e.g. the MensajeReceptor consecutives 05/06/07). The increment happens
 * inside the database in one findOneAndUpdate, so app processes sharing the database never hand out
 * the same number twice.
 */
const sequenceSchema = new Schema(
  {
    _id: { type: String, required: true },
    organizationId: { type: String, required: true },
    name: { type: String, required: true },
    value: { type: Number, required: true, default: 0 },
  },
  { collection: "sequences", versionKey: false },
);

interface SequenceRecord {
  _id: string;
  organizationId: string;
  name: string;
  value: number;
}

export const Sequence =
  (mongoose.models.Sequence as mongoose.Model<SequenceRecord> | undefined) ??
  mongoose.model<SequenceRecord>("Sequence", sequenceSchema);

function sequenceId(organizationId: string, name: string): string {
  return `${organizationId}|${name}`;
}

/** The next value (1, 2, 3 …) of the organization's named counter. */
export async function nextSequenceValue(
  organizationId: string,
  name: string,
  session?: ClientSession,
): Promise<number> {
  const _id = sequenceId(organizationId, name);
  // Two first-ever upserts racing on real MongoDB can collide on _id; the loser simply retries.
  for (let attempt = 0; ; attempt++) {
    try {
      const record = await Sequence.findOneAndUpdate(
        { _id },
        { $inc: { value: 1 }, $setOnInsert: { organizationId, name } },
        { upsert: true, returnDocument: "after", session },
      ).lean<SequenceRecord>();
      return Number(record!.value);
    } catch (error) {
      if (!isDuplicateKeyError(error) || attempt >= 3) throw error;
    }
  }
}

/** The last value handed out, 0 when none was. */
export async function currentSequenceValue(
  organizationId: string,
  name: string,
  session?: ClientSession,
): Promise<number> {
  const record = await Sequence.findById(sequenceId(organizationId, name), null, { session }).lean<SequenceRecord>();
  return record ? Number(record.value) : 0;
}

/**
 * Raises the counter so the next value handed out is `last + 1`; never lowers it (one atomic `$max`,
 * so a number taken meanwhile by another process is never handed out again). Returns the stored
 * value afterwards: `last` when it was raised (or already equal), higher when the counter was ahead.
 */
export async function raiseSequenceValue(
  organizationId: string,
  name: string,
  last: number,
  session?: ClientSession,
): Promise<number> {
  const _id = sequenceId(organizationId, name);
  for (let attempt = 0; ; attempt++) {
    try {
      const record = await Sequence.findOneAndUpdate(
        { _id },
        { $max: { value: last }, $setOnInsert: { organizationId, name } },
        { upsert: true, returnDocument: "after", session },
      ).lean<SequenceRecord>();
      return Number(record!.value);
    } catch (error) {
      if (!isDuplicateKeyError(error) || attempt >= 3) throw error;
    }
  }
}
