import { buildCatalog, flattenCatalog, isSelectable } from "../app/domain/catalog";
import { addDays, type CalendarDate } from "../app/domain/calendar";
import type { EntryInput } from "../app/domain/ledger";
import type { Random } from "../scripts/hacienda-samples/src/random";

/** The bank account every other generated entry moves (the movement-list benchmark pages through it). */
export const BUSY_ACCOUNT = "10-01-01-03-01";

/** Every leaf of the standard catalog but the busy account. */
export const GENERATED_LEAVES = flattenCatalog(buildCatalog({}))
  .filter((node) => isSelectable(node) && node.key !== BUSY_ACCOUNT)
  .map((node) => node.key);

/**
 * Entry i of `count` spread evenly over `year`: three lines (≈300 000 for 100 000 entries) on random
 * leaves of the standard catalog; every other one debits the busy bank account.
 */
export function generatedEntry(i: number, count: number, year: number, random: Random): EntryInput {
  const date = addDays(`${year}-01-01` as CalendarDate, Math.floor((i / count) * 365));
  const pick = () => GENERATED_LEAVES[Math.floor(random.next() * GENERATED_LEAVES.length)];
  const a = BigInt(1 + Math.floor(random.next() * 5_000_000)) * 1000n;
  const b = BigInt(1 + Math.floor(random.next() * 5_000_000)) * 1000n;
  const first = i % 2 === 0 ? BUSY_ACCOUNT : pick();
  return {
    date,
    description: `Movimiento ${i + 1}`,
    lines: [
      { account: first, debit: a + b, description: "cargo" },
      { account: pick(), credit: a },
      { account: pick(), credit: b },
    ],
  };
}
