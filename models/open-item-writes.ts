import type { ClientSession } from "mongoose";
import {
  dueDateMove,
  keptBalanceChanges,
  keptBalancesOf,
  type ItemBalanceChange,
} from "../app/domain/open-items/kept-balances";
import { OPENING_KIND } from "../app/domain/open-items/opening-import";
import { moveKeptBalances, replaceKeptBalances } from "./open-balance";
import { OpenItem, storedBigInt, type OpenItemRecord } from "./open-item";

/**
 * Every change of an open item's balance, due date or existence, each with the kept balances per
 * counterparty and due date in the same transaction
 * (docs/decisions/270-open-balances-kept-per-counterparty-and-due-date.md). Nothing else writes
 * those fields.
 */
export type ItemForMove = Pick<OpenItemRecord, "_id" | "side" | "partyId" | "dueDate" | "kind" | "balance">;

function keptOf(item: Pick<OpenItemRecord, "side" | "partyId" | "dueDate" | "kind">) {
  return { side: item.side, partyId: String(item.partyId), dueDate: item.dueDate, opening: item.kind === OPENING_KIND };
}

/**
 * Moves several balances at once, each only if it is still what the plan read; false when any was
 * not (the caller aborts its transaction, which takes the kept balances back with it). A USD item's
 * open dollars are set with its colones when the move names them.
 */
export async function moveItemBalances(
  organizationId: string,
  moves: readonly { item: ItemForMove; delta: bigint; foreignBalance?: bigint }[],
  session: ClientSession,
): Promise<boolean> {
  if (moves.length === 0) return true;
  const result = await OpenItem.bulkWrite(
    moves.map(({ item, delta, foreignBalance }) => ({
      updateOne: {
        filter: { organizationId, _id: item._id, balance: item.balance },
        update: { $inc: { balance: delta }, ...(foreignBalance === undefined ? {} : { $set: { foreignBalance } }) },
      },
    })),
    { session, ordered: false },
  );
  if (result.modifiedCount !== moves.length) return false;
  await moveKeptBalances(
    organizationId,
    keptBalanceChanges(
      moves.map(({ item, delta }) => ({ item: keptOf(item), before: item.balance, after: item.balance + delta })),
    ),
    session,
  );
  return true;
}

/** Inserts items inside the caller's transaction; a duplicate key aborts it with the rest. */
export async function insertItems(
  records: readonly Omit<OpenItemRecord, "_id">[],
  session: ClientSession,
): Promise<void> {
  if (records.length === 0) return;
  await OpenItem.insertMany(records, { session, ordered: true });
  const byOrganization = new Map<string, ItemBalanceChange[]>();
  for (const record of records) {
    const changes = byOrganization.get(record.organizationId) ?? [];
    changes.push({ item: keptOf(record), before: 0n, after: record.balance });
    byOrganization.set(record.organizationId, changes);
  }
  for (const [organizationId, changes] of byOrganization)
    await moveKeptBalances(organizationId, keptBalanceChanges(changes), session);
}

/** New due dates for items whose documents name no term (their counterparty's term changed). */
export async function changeDueDates(
  organizationId: string,
  changes: readonly { item: ItemForMove; dueDate: string }[],
  session: ClientSession,
): Promise<void> {
  if (changes.length === 0) return;
  await OpenItem.bulkWrite(
    changes.map(({ item, dueDate }) => ({
      updateOne: { filter: { organizationId, _id: item._id }, update: { $set: { dueDate } } },
    })),
    { session },
  );
  await moveKeptBalances(
    organizationId,
    keptBalanceChanges(
      changes.flatMap(({ item, dueDate }) => dueDateMove({ ...keptOf(item), balance: item.balance }, dueDate)),
    ),
    session,
  );
}

/**
 * Deletes items (and takes their balances out of the kept ones) inside the caller's transaction;
 * false when any was already gone or its balance changed since it was read.
 */
export async function deleteItems(
  organizationId: string,
  items: readonly ItemForMove[],
  session: ClientSession,
): Promise<boolean> {
  if (items.length === 0) return true;
  const result = await OpenItem.bulkWrite(
    items.map((item) => ({ deleteOne: { filter: { organizationId, _id: item._id, balance: item.balance } } })),
    { session, ordered: false },
  );
  if (result.deletedCount !== items.length) return false;
  await moveKeptBalances(
    organizationId,
    keptBalanceChanges(items.map((item) => ({ item: keptOf(item), before: item.balance, after: 0n }))),
    session,
  );
  return true;
}

/** The kept balances recomputed from the organization's items, replacing whatever was kept. */
export async function rebuildKeptBalances(organizationId: string, session: ClientSession): Promise<number> {
  const items = await OpenItem.find(
    { organizationId, balance: { $ne: 0n } },
    { side: 1, partyId: 1, dueDate: 1, kind: 1, balance: 1 },
    { session },
  ).lean<Array<Pick<OpenItemRecord, "side" | "partyId" | "dueDate" | "kind" | "balance">>>();
  await replaceKeptBalances(
    organizationId,
    keptBalancesOf(items.map((item) => ({ ...keptOf(item), balance: storedBigInt(item.balance) }))),
    session,
  );
  return items.length;
}
