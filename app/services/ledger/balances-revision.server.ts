import type { ClientSession } from "mongoose";
import {
  bumpBalancesRevision,
  readBalancesRevision,
  readYearRevisions,
  readYearRevisionsOf,
} from "~models/balances-revision";

/**
 * The organization's balances revision (decision 117): every transaction that writes period balances
 * changes it before it commits, so whatever a process computed from the balances under one revision
 * is valid exactly while the revision reads the same.
 */
export function balancesChanged(
  organizationId: string,
  dates: readonly string[],
  session: ClientSession,
): Promise<void> {
  return bumpBalancesRevision(
    organizationId,
    dates.map((date) => Number(date.slice(0, 4))),
    session,
  );
}

/**
 * The revision of each year's balances alone ("2025" → token): what was computed from some years (a
 * report's opening balances) holds while their tokens read the same, whatever is posted in other
 * years. Read BEFORE the balances they will label.
 */
export function yearRevisionsOf(organizationId: string): Promise<Record<string, string>> {
  return readYearRevisions(organizationId);
}

/** `yearRevisionsOf` for several organizations in one read (absent: never posted to). */
export function yearRevisionsOfMany(organizationIds: readonly string[]): Promise<Map<string, Record<string, string>>> {
  return readYearRevisionsOf(organizationIds);
}

/** The current revision: read it BEFORE the balances it will label, so the label is never newer than the data. */
export function balancesRevisionOf(organizationId: string): Promise<string> {
  return readBalancesRevision(organizationId);
}
