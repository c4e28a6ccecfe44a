import { flattenCatalog } from "~/domain/catalog";
import { writeJournal, type JournalEntry } from "~/domain/ledger";
import { Entry, type EntryRecord } from "~models/entry";
import { loadLedgerContext } from "./context.server";
import { linesOf } from "./records.server";

/**
 * The organization's posted entries of a range as a plain-text journal (ledger.md §7), streamed: the
 * catalog's accounts first, then the entries in book order from a cursor.
 */
export async function exportJournal(
  organizationId: string,
  range: { from?: string; to?: string } = {},
): Promise<AsyncGenerator<string> | null> {
  const context = await loadLedgerContext(organizationId);
  if (!context) return null;
  const filter: Record<string, unknown> = { organizationId, status: "contabilizado" };
  if (range.from || range.to)
    filter.date = { ...(range.from ? { $gte: range.from } : {}), ...(range.to ? { $lte: range.to } : {}) };
  // The driver's own cursor in large batches: a year of entries streams without per-document hydration.
  const cursor = Entry.collection
    .find<EntryRecord>(filter, {
      projection: {
        number: 1,
        date: 1,
        description: 1,
        "lines.account": 1,
        "lines.description": 1,
        "lines.debit": 1,
        "lines.credit": 1,
      },
    })
    .sort({ date: 1, number: 1 })
    .batchSize(2_000);
  async function* entries(): AsyncGenerator<JournalEntry> {
    for await (const record of cursor as AsyncIterable<EntryRecord>) {
      yield { date: record.date, number: record.number!, description: record.description, lines: linesOf(record) };
    }
  }
  const accounts = flattenCatalog(context.tree).map((node) => ({ code: node.key, label: node.label }));
  return writeJournal(accounts, entries());
}
