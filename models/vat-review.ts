import mongoose, { Schema, type ClientSession } from "mongoose";
import { bumpBoardRevision } from "./board-month-summary";

/**
 * The accountant's decision on a receipt whose arithmetic does not add up: include it in the IVA
 * return (from its lines) or exclude it. Every change is kept: who, when, from and to.
 */
export type VatReviewDecision = "include" | "exclude";

export interface VatReviewRecord {
  organizationId: string;
  receiptId: string;
  decision: VatReviewDecision;
  history: { at: Date; by: string; from: VatReviewDecision | null; to: VatReviewDecision }[];
}

const vatReviewSchema = new Schema<VatReviewRecord>(
  {
    organizationId: { type: String, required: true },
    receiptId: { type: String, required: true },
    decision: { type: String, required: true, enum: ["include", "exclude"] },
    history: { type: [{ _id: false, at: Date, by: String, from: String, to: String }], default: [] },
  },
  { collection: "vat_reviews", versionKey: false },
);

vatReviewSchema.index({ organizationId: 1, receiptId: 1 }, { unique: true });

export const VatReview =
  (mongoose.models.VatReview as mongoose.Model<VatReviewRecord> | undefined) ??
  mongoose.model<VatReviewRecord>("VatReview", vatReviewSchema);

export async function findReviews(
  organizationId: string,
  receiptIds: string[],
): Promise<Map<string, VatReviewDecision>> {
  if (receiptIds.length === 0) return new Map();
  const found = await VatReview.find(
    { organizationId, receiptId: { $in: receiptIds } },
    { receiptId: 1, decision: 1 },
  ).lean<Array<{ receiptId: string; decision: VatReviewDecision }>>();
  return new Map(found.map((row) => [row.receiptId, row.decision]));
}

export async function saveReview(
  organizationId: string,
  receiptId: string,
  decision: VatReviewDecision,
  by: string,
  session?: ClientSession,
) {
  const current = await VatReview.findOne({ organizationId, receiptId }, { decision: 1 })
    .session(session ?? null)
    .lean<{ decision: VatReviewDecision }>();
  await VatReview.updateOne(
    { organizationId, receiptId },
    { $set: { decision }, $push: { history: { at: new Date(), by, from: current?.decision ?? null, to: decision } } },
    { upsert: true, session },
  );
  // Including or excluding a document changes its month's IVA return, which the board keeps (decision 303).
  await bumpBoardRevision([organizationId], session, "all");
}
