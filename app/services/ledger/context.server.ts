import type { ClientSession } from "mongoose";
import { buildCatalog, indexCatalog, type CatalogNode, type CatalogOverrides } from "~/domain/catalog";
import { parseCalendarDate, todayInCostaRica, type CalendarDate } from "~/domain/calendar";
import type { LedgerContext } from "~/domain/ledger";
import { Entry, type EntryRecord } from "~models/entry";
import { Organization, lockDayOf, type OrganizationDocument } from "~models/organization";

export interface OrganizationLedgerContext extends LedgerContext {
  tree: CatalogNode[];
}

// Building the merged tree for every post would cost more than the post; it only changes with the
// overrides (keyed by their text: seeds write overrides without bumping the catalog revision).
const catalogs = new Map<string, { key: string; tree: CatalogNode[]; accounts: Map<string, CatalogNode> }>();
const CACHED_ORGANIZATIONS = 200;

function asOverrides(stored: unknown): CatalogOverrides {
  return stored !== null && typeof stored === "object" && !Array.isArray(stored) ? (stored as CatalogOverrides) : {};
}

/** The stored lock date (a `YYYY-MM-DD` day; a UTC-midnight Date in older documents) as a CalendarDate. */
export function lockDateOf(stored: Date | string | null | undefined): CalendarDate | null {
  return parseCalendarDate(lockDayOf(stored));
}

/**
 * The years closed by a posted, not reversed closing entry, read in the caller's transaction: a post
 * racing a close conflicts with it on the year's entry counter, so it never sees a stale answer.
 */
async function closedYearsOf(organizationId: string, session?: ClientSession): Promise<Set<number>> {
  const closings = await Entry.find(
    { organizationId, status: "contabilizado", "source.kind": "cierre", reversedBy: null },
    { source: 1 },
    { session },
  ).lean<EntryRecord[]>();
  return new Set(closings.map((entry) => Number(entry.source.id)));
}

/**
 * The organization's merged catalog and lock date, read in the caller's transaction; null when unknown.
 * `now` is the clock of the accepted window of dates.
 */
export async function loadLedgerContext(
  organizationId: string,
  session?: ClientSession,
  now: Date = new Date(),
): Promise<OrganizationLedgerContext | null> {
  const organization = await Organization.findById(
    organizationId,
    { catalog: 1, lockDate: 1 },
    { session },
  ).lean<OrganizationDocument>();
  if (!organization) return null;
  const overrides = asOverrides(organization.catalog);
  const key = JSON.stringify(overrides);
  let cached = catalogs.get(organizationId);
  if (!cached || cached.key !== key) {
    const tree = buildCatalog(overrides);
    cached = { key, tree, accounts: indexCatalog(tree) };
    if (catalogs.size >= CACHED_ORGANIZATIONS) catalogs.delete(catalogs.keys().next().value!);
    catalogs.set(organizationId, cached);
  }
  return {
    tree: cached.tree,
    accounts: cached.accounts,
    lockDate: lockDateOf(organization.lockDate),
    today: todayInCostaRica(now),
  };
}

/** `loadLedgerContext` plus the closed years: what every write of the books checks (decision 196). */
export async function loadPostingContext(
  organizationId: string,
  session: ClientSession,
  now: Date = new Date(),
): Promise<OrganizationLedgerContext | null> {
  const context = await loadLedgerContext(organizationId, session, now);
  if (!context) return null;
  return { ...context, closedYears: await closedYearsOf(organizationId, session) };
}
