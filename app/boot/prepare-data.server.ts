/**
 * What every start does to the data before serving, once per start in the primary process; each step
 * is idempotent, so a start after a crash simply does it again.
 * - The income-tax decree tables that ship with the app (2025, 2026) are created when missing; an
 *   edited table is never overwritten (decision 155, decision 191).
 * - Issued documents stored before consecutivos were unique get their number, the first stored
 *   keeping it and a later repeat keeping the holder's clave as a warning (decision 190).
 * - Consecutive counters kept by type only move into the series of the issuer's place.
 * - Receipts without their open items get them (stored before items were made on import, or an
 *   import that stopped in between; decision 258).
 */
import { seedDecreeTables } from "~/services/income-tax/brackets.server";
import { carryTypeCounters } from "~/services/issuer/consecutive.server";
import { buildMissingKeptBalances } from "~/services/open-items/kept-balances.server";
import { syncAllOpenItems } from "~/services/open-items/sync.server";
import { backfillIssuedConsecutivos } from "~models/receipt";

export async function prepareData({ log }: { log: (line: string) => void }): Promise<void> {
  const tables = await seedDecreeTables("sistema");
  if (tables > 0) log(`income-tax decree tables: ${tables} created`);
  const consecutivos = await backfillIssuedConsecutivos();
  if (consecutivos.held + consecutivos.repeated > 0)
    log(
      `issued consecutivos: ${consecutivos.held} numbered, ${consecutivos.repeated} repeated ones kept with a warning`,
    );
  const carried = await carryTypeCounters();
  if (carried > 0) log(`consecutive counters: ${carried} moved into their series`);
  const kept = await buildMissingKeptBalances();
  if (kept > 0) log(`open items: balances kept for ${kept} organization${kept === 1 ? "" : "s"}`);
  const items = await syncAllOpenItems();
  if (items > 0) log(`open items: ${items} made for receipts that had none`);
}
