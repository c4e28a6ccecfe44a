import mongoose, { Schema, Types, type ClientSession } from "mongoose";
import { storedBigInt } from "./open-item";

/**
 * What changed open items' balances: a credit note applied to its document, or a cobro / pago
 * registered by a person (with its ledger entry). Never deleted: undoing a payment reverses its entry
 * and records the date here. See docs/spec/open-items.md §3.
 */
export type SettlementKind = "nota" | "cobro" | "pago";

export interface SettlementLineRecord {
  itemId: Types.ObjectId;
  /** Added to the item's balance (signed céntimos): a payment of 100 is −100. */
  delta: bigint;
  /** A USD item's dollars it settled, added to its open dollars (Amount units, signed like `delta`). */
  foreignDelta?: bigint;
}

export interface SettlementRecord {
  _id: Types.ObjectId;
  organizationId: string;
  side: "receivable" | "payable";
  kind: SettlementKind;
  partyId: Types.ObjectId;
  date: string;
  lines: SettlementLineRecord[];
  /** Cobro / pago: the money that moved, its account, and what went to the difference account. */
  received?: bigint;
  moneyAccount?: string;
  differenceAccount?: string;
  difference?: bigint;
  /** A cobro / pago in dollars: the dollars moved (Amount units), the day's rate, the realised difference in céntimos (money − items). */
  currency?: "USD";
  dollars?: bigint;
  rate?: bigint;
  exchangeDifference?: bigint;
  reference?: string;
  /** The clave of the recibo electrónico de pago (REP) the cobro / pago was registered from. */
  repKey?: string;
  entryId?: Types.ObjectId;
  entryNumber?: string;
  reversedOn?: string;
  reversalEntryId?: Types.ObjectId;
  reversalEntryNumber?: string;
  createdBy: string;
  createdAt: Date;
}

const settlementSchema = new Schema<SettlementRecord>(
  {
    organizationId: { type: String, required: true },
    side: { type: String, required: true, enum: ["receivable", "payable"] },
    kind: { type: String, required: true, enum: ["nota", "cobro", "pago"] },
    partyId: { type: Schema.Types.ObjectId, required: true },
    date: { type: String, required: true },
    lines: {
      type: [
        {
          _id: false,
          itemId: { type: Schema.Types.ObjectId, required: true },
          delta: { type: BigInt, required: true },
          foreignDelta: BigInt,
        },
      ],
      required: true,
    },
    received: BigInt,
    moneyAccount: String,
    differenceAccount: String,
    difference: BigInt,
    currency: { type: String, enum: ["USD"] },
    dollars: BigInt,
    rate: BigInt,
    exchangeDifference: BigInt,
    reference: String,
    repKey: String,
    entryId: Schema.Types.ObjectId,
    entryNumber: String,
    reversedOn: String,
    reversalEntryId: Schema.Types.ObjectId,
    reversalEntryNumber: String,
    createdBy: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: "settlements", versionKey: false },
);

settlementSchema.index({ organizationId: 1, side: 1, partyId: 1, date: 1 });
// The aging at a past date replays only what happened after it.
settlementSchema.index({ organizationId: 1, side: 1, date: 1 });
// Not partial: the embedded database's planner uses plain indexes only (a partial one left the
// undone-after-a-date read scanning every settlement of the side).
settlementSchema.index({ organizationId: 1, side: 1, reversedOn: 1 });

export const Settlement =
  (mongoose.models.Settlement as mongoose.Model<SettlementRecord> | undefined) ??
  mongoose.model<SettlementRecord>("Settlement", settlementSchema);

function normalized(record: SettlementRecord): SettlementRecord {
  return {
    ...record,
    lines: record.lines.map((line) => ({
      itemId: line.itemId,
      delta: storedBigInt(line.delta),
      ...(line.foreignDelta === undefined || line.foreignDelta === null
        ? {}
        : { foreignDelta: storedBigInt(line.foreignDelta) }),
    })),
    ...(record.received === undefined ? {} : { received: storedBigInt(record.received) }),
    ...(record.difference === undefined ? {} : { difference: storedBigInt(record.difference) }),
    ...(record.dollars === undefined ? {} : { dollars: storedBigInt(record.dollars) }),
    ...(record.rate === undefined ? {} : { rate: storedBigInt(record.rate) }),
    ...(record.exchangeDifference === undefined ? {} : { exchangeDifference: storedBigInt(record.exchangeDifference) }),
  };
}

export async function findSettlements(filter: {
  organizationId: string;
  side?: "receivable" | "payable";
  partyId?: Types.ObjectId;
}): Promise<SettlementRecord[]> {
  const rows = await Settlement.find(filter).sort({ date: 1, createdAt: 1 }).lean<SettlementRecord[]>();
  return rows.map(normalized);
}

/** The side's settlements dated after `at`, or undone after it: what changed balances since then. */
export async function findSettlementsAfter(
  organizationId: string,
  side: "receivable" | "payable",
  at: string,
): Promise<SettlementRecord[]> {
  const [dated, undone] = await Promise.all([
    Settlement.find({ organizationId, side, date: { $gt: at } }).lean<SettlementRecord[]>(),
    Settlement.find({ organizationId, side, reversedOn: { $type: "string", $gt: at } }).lean<SettlementRecord[]>(),
  ]);
  const seen = new Set(dated.map((row) => String(row._id)));
  return [...dated, ...undone.filter((row) => !seen.has(String(row._id)))].map(normalized);
}

export async function findSettlement(organizationId: string, id: string, session?: ClientSession) {
  if (!Types.ObjectId.isValid(id) || String(new Types.ObjectId(id)) !== id) return null;
  const row = await Settlement.findOne({ organizationId, _id: new Types.ObjectId(id) }, null, {
    session,
  }).lean<SettlementRecord>();
  return row ? normalized(row) : null;
}

export async function insertSettlement(record: SettlementRecord, session: ClientSession): Promise<void> {
  await Settlement.create([record], { session });
}

/** Whether any settlement (undone or not) names the item: then its history must stay. */
export async function itemHasSettlements(
  organizationId: string,
  item: { _id: Types.ObjectId; side: "receivable" | "payable"; partyId: Types.ObjectId },
  session?: ClientSession,
): Promise<boolean> {
  const found = await Settlement.exists({
    organizationId,
    side: item.side,
    partyId: item.partyId,
    "lines.itemId": item._id,
  }).session(session ?? null);
  return found !== null;
}

/** Which of these REP claves a cobro / pago not undone was registered from. */
export async function usedRepKeys(organizationId: string, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await Settlement.find(
    { organizationId, repKey: { $in: keys }, reversedOn: { $exists: false } },
    { repKey: 1, _id: 0 },
  ).lean<Array<{ repKey: string }>>();
  return new Set(rows.map((row) => row.repKey));
}

/** Marks a cobro / pago undone; false when it already was (a second «Deshacer» changes nothing). */
export async function markSettlementReversed(
  organizationId: string,
  id: Types.ObjectId,
  reversal: { date: string; entryId: Types.ObjectId; entryNumber?: string },
  session: ClientSession,
): Promise<boolean> {
  const result = await Settlement.updateOne(
    { organizationId, _id: id, reversedOn: { $exists: false } },
    {
      $set: {
        reversedOn: reversal.date,
        reversalEntryId: reversal.entryId,
        ...(reversal.entryNumber ? { reversalEntryNumber: reversal.entryNumber } : {}),
      },
    },
    { session },
  );
  return result.modifiedCount === 1;
}
