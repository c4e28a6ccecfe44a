import type { ClientSession } from "mongoose";
import { bumpBalancesRevision, readBalancesRevision } from "~models/balances-revision";

/**
 * The organization's balances revision (decision 117): every transaction that writes period balances
 * changes it before it commits, so whatever a process computed from the balances under one revision
 * is valid exactly while the revision reads the same.
 */
export function balancesChanged(organizationId: string, session: ClientSession): Promise<void> {
  return bumpBalancesRevision(organizationId, session);
}

/** The current revision: read it BEFORE the balances it will label, so the label is never newer than the data. */
export function balancesRevisionOf(organizationId: string): Promise<string> {
  return readBalancesRevision(organizationId);
}
