import mongoose, { Schema, Types, type ClientSession } from "mongoose";
import type { KeptBalanceChanges } from "../app/domain/open-items/kept-balances";
import { storedBigInt, type OpenItemSide } from "./open-item";

/**
 * The open items' balances kept per counterparty and per due date, moved in the same transaction as
 * every item balance (models/open-item.ts is their only writer besides a rebuild). The aging at a
 * date reads these rows and replays only what changed after the date
 * (docs/decisions/270-open-balances-kept-per-counterparty-and-due-date.md).
 */
export interface PartyOpenBalanceRecord {
  _id: Types.ObjectId;
  organizationId: string;
  side: OpenItemSide;
  partyId: Types.ObjectId;
  /** Σ of its items' balances (signed céntimos). */
  balance: bigint;
  /** How many of its items owe something (balance not zero). */
  count: number;
}

export interface DueOpenBalanceRecord {
  _id: Types.ObjectId;
  organizationId: string;
  side: OpenItemSide;
  dueDate: string;
  balance: bigint;
  count: number;
  /** The part of it that is imported opening balances (kind «SI»). */
  openingBalance: bigint;
  openingCount: number;
}

const partySchema = new Schema<PartyOpenBalanceRecord>(
  {
    organizationId: { type: String, required: true },
    side: { type: String, required: true, enum: ["receivable", "payable"] },
    partyId: { type: Schema.Types.ObjectId, required: true },
    balance: { type: BigInt, required: true, default: 0n },
    count: { type: Number, required: true, default: 0 },
  },
  { collection: "open_balances_by_party", versionKey: false },
);
partySchema.index({ organizationId: 1, side: 1, partyId: 1 }, { unique: true });
// The aging's page at today: the largest balances first, read a page at a time.
partySchema.index({ organizationId: 1, side: 1, balance: -1, partyId: 1 });

const dueSchema = new Schema<DueOpenBalanceRecord>(
  {
    organizationId: { type: String, required: true },
    side: { type: String, required: true, enum: ["receivable", "payable"] },
    dueDate: { type: String, required: true },
    balance: { type: BigInt, required: true, default: 0n },
    count: { type: Number, required: true, default: 0 },
    openingBalance: { type: BigInt, required: true, default: 0n },
    openingCount: { type: Number, required: true, default: 0 },
  },
  { collection: "open_balances_by_due_date", versionKey: false },
);
dueSchema.index({ organizationId: 1, side: 1, dueDate: 1 }, { unique: true });

export const PartyOpenBalance =
  (mongoose.models.PartyOpenBalance as mongoose.Model<PartyOpenBalanceRecord> | undefined) ??
  mongoose.model<PartyOpenBalanceRecord>("PartyOpenBalance", partySchema);

export const DueOpenBalance =
  (mongoose.models.DueOpenBalance as mongoose.Model<DueOpenBalanceRecord> | undefined) ??
  mongoose.model<DueOpenBalanceRecord>("DueOpenBalance", dueSchema);

/** Adds the changes to the kept rows (creating them), inside the caller's transaction. */
export async function moveKeptBalances(
  organizationId: string,
  changes: KeptBalanceChanges,
  session: ClientSession,
): Promise<void> {
  if (changes.parties.length > 0)
    await PartyOpenBalance.bulkWrite(
      changes.parties.map((row) => ({
        updateOne: {
          filter: { organizationId, side: row.side, partyId: new Types.ObjectId(row.partyId) },
          update: { $inc: { balance: row.balance, count: row.count } },
          upsert: true,
        },
      })),
      { session, ordered: true },
    );
  if (changes.dueDates.length > 0)
    await DueOpenBalance.bulkWrite(
      changes.dueDates.map((row) => ({
        updateOne: {
          filter: { organizationId, side: row.side, dueDate: row.dueDate },
          update: {
            $inc: {
              balance: row.balance,
              count: row.count,
              openingBalance: row.openingBalance,
              openingCount: row.openingCount,
            },
          },
          upsert: true,
        },
      })),
      { session, ordered: true },
    );
}

/** Replaces every kept row of the organization (a rebuild from its items). */
export async function replaceKeptBalances(
  organizationId: string,
  rows: KeptBalanceChanges,
  session: ClientSession,
): Promise<void> {
  await PartyOpenBalance.deleteMany({ organizationId }, { session });
  await DueOpenBalance.deleteMany({ organizationId }, { session });
  await moveKeptBalances(organizationId, rows, session);
}

export interface PartyBalanceRow {
  partyId: Types.ObjectId;
  balance: bigint;
  count: number;
}

export interface DueBalanceRow {
  dueDate: string;
  balance: bigint;
  count: number;
  openingBalance: bigint;
  openingCount: number;
}

const partyRow = (row: PartyBalanceRow): PartyBalanceRow => ({
  partyId: row.partyId,
  balance: storedBigInt(row.balance),
  count: row.count,
});

/** The side's due-date rows that still hold something. */
export async function dueBalanceRows(organizationId: string, side: OpenItemSide): Promise<DueBalanceRow[]> {
  const rows = await DueOpenBalance.find(
    { organizationId, side },
    { _id: 0, dueDate: 1, balance: 1, count: 1, openingBalance: 1, openingCount: 1 },
  ).lean<DueBalanceRow[]>();
  return rows
    .filter((row) => row.count !== 0)
    .map((row) => ({
      ...row,
      balance: storedBigInt(row.balance),
      openingBalance: storedBigInt(row.openingBalance),
    }));
}

/** How many counterparties of the side have an item that owes something. */
export function countOwingParties(organizationId: string, side: OpenItemSide): Promise<number> {
  return PartyOpenBalance.countDocuments({ organizationId, side, count: { $gt: 0 } });
}

/** One page of the counterparties that owe something, largest balance first. */
export async function owingPartiesPage(
  organizationId: string,
  side: OpenItemSide,
  skip: number,
  limit: number,
): Promise<PartyBalanceRow[]> {
  const rows = await PartyOpenBalance.find(
    { organizationId, side, count: { $gt: 0 } },
    { _id: 0, partyId: 1, balance: 1, count: 1 },
  )
    .sort({ balance: -1, partyId: 1 })
    .skip(skip)
    .limit(limit)
    .lean<PartyBalanceRow[]>();
  return rows.map(partyRow);
}

/** Every counterparty row of the side (for a past date, whose order the rows of today do not give). */
export async function allPartyRows(organizationId: string, side: OpenItemSide): Promise<PartyBalanceRow[]> {
  const rows = await PartyOpenBalance.find({ organizationId, side }, { _id: 0, partyId: 1, balance: 1, count: 1 }).lean<
    PartyBalanceRow[]
  >();
  return rows.map(partyRow);
}

/** Whether the organization has kept rows at all (none: they have to be built from its items). */
export async function hasKeptBalances(organizationId: string): Promise<boolean> {
  return (await PartyOpenBalance.exists({ organizationId })) !== null;
}

export async function allKeptRows(organizationId: string) {
  const [parties, dueDates] = await Promise.all([
    PartyOpenBalance.find({ organizationId }).lean<PartyOpenBalanceRecord[]>(),
    DueOpenBalance.find({ organizationId }).lean<DueOpenBalanceRecord[]>(),
  ]);
  return { parties, dueDates };
}
