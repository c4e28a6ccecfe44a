import mongoose, { Schema } from "mongoose";
import { bumpBoardRevision } from "./board-month-summary";

/**
 * An organization's provisional IVA prorrata for one year (art. 34 RLIVA: computed from the previous
 * year's operations), in hundredths of a percent (7550 = 75,50 %). Every change is kept: who, when,
 * from and to.
 */
export interface VatProrrataRecord {
  organizationId: string;
  year: number;
  basisPoints: number;
  history: { at: Date; by: string; from: number | null; to: number }[];
}

const vatProrrataSchema = new Schema<VatProrrataRecord>(
  {
    organizationId: { type: String, required: true },
    year: { type: Number, required: true },
    basisPoints: { type: Number, required: true, min: 0, max: 10_000 },
    history: { type: [{ _id: false, at: Date, by: String, from: Number, to: Number }], default: [] },
  },
  { collection: "vat_prorratas", versionKey: false },
);

vatProrrataSchema.index({ organizationId: 1, year: 1 }, { unique: true });

export const VatProrrata =
  (mongoose.models.VatProrrata as mongoose.Model<VatProrrataRecord> | undefined) ??
  mongoose.model<VatProrrataRecord>("VatProrrata", vatProrrataSchema);

/** The stored prorratas of those years, by year. */
export async function findProrratas(organizationId: string, years: number[]): Promise<Map<number, number>> {
  const found = await VatProrrata.find({ organizationId, year: { $in: years } }, { year: 1, basisPoints: 1 }).lean<
    Array<{ year: number; basisPoints: number }>
  >();
  return new Map(found.map((row) => [row.year, row.basisPoints]));
}

export async function saveProrrata(organizationId: string, year: number, basisPoints: number, by: string) {
  const current = await VatProrrata.findOne({ organizationId, year }, { basisPoints: 1 }).lean<{
    basisPoints: number;
  }>();
  await VatProrrata.updateOne(
    { organizationId, year },
    {
      $set: { basisPoints },
      $push: { history: { at: new Date(), by, from: current?.basisPoints ?? null, to: basisPoints } },
    },
    { upsert: true },
  );
  // The prorrata changes the year's IVA returns, which the board keeps (decision 303).
  await bumpBoardRevision([organizationId], undefined, "all");
}
