import { withTransaction } from "~/utils/db.server";
import { hasKeptBalances } from "~models/open-balance";
import { organizationsWithItems } from "~models/open-item";
import { rebuildKeptBalances } from "~models/open-item-writes";

/**
 * At every start, before new items are made: the kept balances of organizations whose items were
 * made before balances were kept (docs/decisions/270-open-balances-kept-per-counterparty-and-due-date.md).
 * Returns how many organizations were built.
 */
export async function buildMissingKeptBalances(): Promise<number> {
  let built = 0;
  for (const organizationId of await organizationsWithItems()) {
    if (await hasKeptBalances(organizationId)) continue;
    await withTransaction((session) => rebuildKeptBalances(organizationId, session));
    built += 1;
  }
  return built;
}
