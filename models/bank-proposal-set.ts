import mongoose, { Schema, type ClientSession, type Types } from "mongoose";

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
  /** The proposals packed by `packProposals`: a set of thousands stays one small binary value. */
  proposals: Uint8Array;
  storedAt: Date;
}

const bankProposalSetSchema = new Schema<BankProposalSetRecord>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    organizationId: { type: String, required: true },
    token: { type: String, required: true },
    proposals: { type: Buffer, required: true },
    storedAt: { type: Date, required: true },
  },
  { collection: "bank_proposal_sets", versionKey: false },
);

const ID_BYTES = 12;
const DAY_BYTES = 10;

/**
 * The proposals as bytes: per proposal its counts of bank and posted lines (two bytes each), each bank
 * line's id and day, each posted line's id, entry id and position (two bytes), the total (eight bytes,
 * signed) and the day it completes. Days are `YYYY-MM-DD`, ten ASCII bytes.
 */
export function packProposals(proposals: readonly StoredBookProposal[]): Buffer {
  let size = 0;
  for (const proposal of proposals)
    size +=
      4 +
      proposal.bankLineIds.length * (ID_BYTES + DAY_BYTES) +
      proposal.postedLines.length * (2 * ID_BYTES + 2) +
      8 +
      DAY_BYTES;
  const bytes = Buffer.alloc(size);
  let at = 0;
  const id = (value: Types.ObjectId) => {
    bytes.set(value.id, at);
    at += ID_BYTES;
  };
  const day = (value: string) => {
    if (value.length !== DAY_BYTES) throw new RangeError(`Día inesperado en una propuesta: ${value}`);
    at += bytes.write(value, at, DAY_BYTES, "latin1");
  };
  for (const proposal of proposals) {
    at = bytes.writeUInt16BE(proposal.bankLineIds.length, at);
    at = bytes.writeUInt16BE(proposal.postedLines.length, at);
    proposal.bankLineIds.forEach((bankLineId, index) => {
      id(bankLineId);
      day(proposal.bankDays[index]);
    });
    for (const line of proposal.postedLines) {
      id(line.postedLineId);
      id(line.entryId);
      at = bytes.writeUInt16BE(line.line, at);
    }
    at = bytes.writeBigInt64BE(proposal.amount, at);
    day(proposal.reconciledAt);
  }
  return bytes;
}

/** The proposals `packProposals` wrote. */
export function unpackProposals(bytes: Uint8Array): StoredBookProposal[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const proposals: StoredBookProposal[] = [];
  let at = 0;
  const id = () => {
    const value = new mongoose.Types.ObjectId(Uint8Array.prototype.slice.call(buffer, at, at + ID_BYTES));
    at += ID_BYTES;
    return value;
  };
  const day = () => {
    const value = buffer.toString("latin1", at, at + DAY_BYTES);
    at += DAY_BYTES;
    return value;
  };
  while (at < buffer.length) {
    const bankCount = buffer.readUInt16BE(at);
    const postedCount = buffer.readUInt16BE(at + 2);
    at += 4;
    const bankLineIds: Types.ObjectId[] = [];
    const bankDays: string[] = [];
    for (let index = 0; index < bankCount; index++) {
      bankLineIds.push(id());
      bankDays.push(day());
    }
    const postedLines: StoredBookProposal["postedLines"] = [];
    for (let index = 0; index < postedCount; index++) {
      const postedLineId = id();
      const entryId = id();
      postedLines.push({ entryId, line: buffer.readUInt16BE(at), postedLineId });
      at += 2;
    }
    const amount = buffer.readBigInt64BE(at);
    at += 8;
    proposals.push({ bankLineIds, bankDays, postedLines, amount, reconciledAt: day() });
  }
  return proposals;
}

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
    .lean<{ proposals: Uint8Array | { buffer: Uint8Array } }>()
    .exec();
  if (!row) return null;
  return unpackProposals(row.proposals instanceof Uint8Array ? row.proposals : row.proposals.buffer);
}

/** Removes the account's stored set inside the caller's transaction (once accepted). */
export async function deleteProposalSet(
  organizationId: string,
  bankAccountId: Types.ObjectId,
  session: ClientSession,
): Promise<void> {
  await BankProposalSet.deleteOne({ _id: bankAccountId, organizationId }, { session });
}
