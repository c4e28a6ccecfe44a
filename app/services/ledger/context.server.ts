import type { ClientSession } from "mongoose";
import { buildCatalog, indexCatalog, type CatalogNode, type CatalogOverrides } from "~/domain/catalog";
import { parseCalendarDate, type CalendarDate } from "~/domain/calendar";
import type { LedgerContext } from "~/domain/ledger";
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

/** The organization's merged catalog and lock date, read in the caller's transaction; null when unknown. */
export async function loadLedgerContext(
  organizationId: string,
  session?: ClientSession,
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
  return { tree: cached.tree, accounts: cached.accounts, lockDate: lockDateOf(organization.lockDate) };
}
