import mongoose, { Schema, type ClientSession, type Types } from "mongoose";
import { storedBigInt } from "./open-item";

/**
 * The proposals against posted lines the account page last showed, one document per bank account:
 * what «Aceptar las propuestas contra asientos» accepts when its form names the same `token`, without
 * proposing again (decision 315). Every process of the server reads the same one. Replaced whenever the
 * page shows a different set; a set the form does not name is never accepted.
 */
export interface StoredBookProposal {
  bankLineIds: Types.ObjectId[];
  /** The bank lines' days, in the order of `bankLineIds` (a month marked conciliado refuses them). */
  bankDays: string[];
  /** Each posted line by entry and position, and its own id as matching read it. */
  postedLines: Array<{ entryId: Types.ObjectId; line: number; postedLineId: Types.ObjectId }>;
  /** The bank lines' total, signed as the bank sees it. */
  amount: bigint;
  /** The day the match is complete: the latest day of its bank and posted lines. */
  reconciledAt: string;
}

export interface BankProposalSetRecord {
  /** The bank account's id. */
  _id: Types.ObjectId;
  organizationId: string;
  /** A digest of the proposals: the page's form sends it back. */
  token: string;
  proposals: StoredBookProposal[];
  storedAt: Date;
}

const bankProposalSetSchema = new Schema<BankProposalSetRecord>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    organizationId: { type: String, required: true },
    token: { type: String, required: true },
    proposals: { type: Schema.Types.Mixed, required: true },
    storedAt: { type: Date, required: true },
  },
  { collection: "bank_proposal_sets", versionKey: false },
);

export const BankProposalSet =
  (mongoose.models.BankProposalSet as mongoose.Model<BankProposalSetRecord> | undefined) ??
  mongoose.model<BankProposalSetRecord>("BankProposalSet", bankProposalSetSchema);

/** The token of the account's stored set, or null when it has none. */
export async function storedProposalToken(
  organizationId: string,
  bankAccountId: Types.ObjectId,
): Promise<string | null> {
  const row = await BankProposalSet.findOne({ _id: bankAccountId, organizationId }, { token: 1 }).lean<{
    token: string;
  }>();
  return row?.token ?? null;
}

/** Replaces the account's stored set. */
export async function storeProposalSet(record: BankProposalSetRecord): Promise<void> {
  // Built by the service field by field: stored as it is, without per-document casting.
  await BankProposalSet.collection.replaceOne({ _id: record._id }, record, { upsert: true });
}

/** The account's stored set when its token is this one; null otherwise. */
export async function proposalSetWithToken(
  organizationId: string,
  bankAccountId: Types.ObjectId,
  token: string,
  session?: ClientSession,
): Promise<StoredBookProposal[] | null> {
  const row = await BankProposalSet.findOne(
    { _id: bankAccountId, organizationId, token },
    { proposals: 1 },
    { session },
  )
    .lean<Pick<BankProposalSetRecord, "proposals">>()
    .exec();
  return row ? row.proposals.map((proposal) => ({ ...proposal, amount: storedBigInt(proposal.amount) })) : null;
}

/** Removes the account's stored set inside the caller's transaction (once accepted). */
export async function deleteProposalSet(
  organizationId: string,
  bankAccountId: Types.ObjectId,
  session: ClientSession,
): Promise<void> {
  await BankProposalSet.deleteOne({ _id: bankAccountId, organizationId }, { session });
}
