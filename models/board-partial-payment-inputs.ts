import mongoose, { Schema } from "mongoose";

/**
 * Each client's pago-parcial inputs of a year as the board keeps them (decision 312), under the key of
 * what they were computed from (decisions 264 and 310): the revision tokens of the year and the three
 * before, the taxpayer kind, the catalog, the default accounts and the bracket tables. A record whose
 * key is not the current one is recomputed; a new process reads them instead of computing them.
 */

interface BoardPartialPaymentInputsRecord {
  /** "organizationId|year". */
  _id: string;
  organizationId: string;
  year: number;
  key: string;
  /** As `app/domain/board/kept-partial-payment-inputs.ts` writes and reads it. */
  inputs: unknown;
}

const schema = new Schema<BoardPartialPaymentInputsRecord>(
  {
    _id: { type: String, required: true },
    organizationId: { type: String, required: true },
    year: { type: Number, required: true },
    key: { type: String, required: true },
    inputs: { type: Schema.Types.Mixed, required: true },
  },
  { collection: "board_partial_payment_inputs", versionKey: false },
);

export const BoardPartialPaymentInputs =
  (mongoose.models.BoardPartialPaymentInputs as mongoose.Model<BoardPartialPaymentInputsRecord> | undefined) ??
  mongoose.model<BoardPartialPaymentInputsRecord>("BoardPartialPaymentInputs", schema);

const recordId = (organizationId: string, year: number) => `${organizationId}|${year}`;

/** The kept inputs of `year` of these organizations, with the key each was stored under. */
export async function readKeptPartialPaymentInputs(
  organizationIds: readonly string[],
  year: number,
): Promise<Map<string, { key: string; inputs: unknown }>> {
  if (organizationIds.length === 0) return new Map();
  const records = await BoardPartialPaymentInputs.collection
    .find<BoardPartialPaymentInputsRecord>({ _id: { $in: organizationIds.map((id) => recordId(id, year)) } } as never, {
      projection: { organizationId: 1, key: 1, inputs: 1 },
    })
    .toArray();
  return new Map(records.map((record) => [record.organizationId, { key: record.key, inputs: record.inputs }]));
}

/** Stores inputs in one round trip, each under the key read before computing it. */
export async function storeKeptPartialPaymentInputs(
  records: ReadonlyArray<{ organizationId: string; year: number; key: string; inputs: unknown }>,
): Promise<void> {
  if (records.length === 0) return;
  await BoardPartialPaymentInputs.collection.bulkWrite(
    records.map((record) => ({
      updateOne: {
        filter: { _id: recordId(record.organizationId, record.year) } as never,
        update: {
          $set: { organizationId: record.organizationId, year: record.year, key: record.key, inputs: record.inputs },
        },
        upsert: true,
      },
    })),
    { ordered: false },
  );
}

/** Forgets every kept input (the benchmark's board with nothing kept). */
export async function forgetKeptPartialPaymentInputs(): Promise<void> {
  await BoardPartialPaymentInputs.deleteMany({});
}
