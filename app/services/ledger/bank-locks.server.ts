/**
 * The locks a closed bank reconciliation puts on the entries it matched (docs/spec/bank.md §7): the
 * ledger refuses to edit or reverse an entry while any lock stands. Written in the caller's transaction,
 * with the reconciliation's own state.
 */
import type { ClientSession, Types } from "mongoose";
import { addEntryBankLock, removeEntryBankLock } from "~models/entry";

export function lockEntriesForBank(
  organizationId: string,
  entryIds: readonly Types.ObjectId[],
  lock: string,
  session: ClientSession,
): Promise<void> {
  return addEntryBankLock(organizationId, entryIds, lock, session);
}

export function unlockEntriesForBank(organizationId: string, lock: string, session: ClientSession): Promise<void> {
  return removeEntryBankLock(organizationId, lock, session);
}
