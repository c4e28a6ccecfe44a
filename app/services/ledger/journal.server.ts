import { flattenCatalog } from "~/domain/catalog";
import { writeJournal, type JournalEntry } from "~/domain/ledger";
import { Entry, type EntryRecord } from "~models/entry";
import { loadLedgerContext } from "./context.server";
import { linesOf } from "./records.server";

/**
 * The organization's posted entries of a range as a plain-text journal (docs/design/books.md §7), streamed: the
 * catalog's accounts first, then the entries in book order, read in bounded batches.
 */
export async function exportJournal(
  organizationId: string,
  range: { from?: string; to?: string } = {},
): Promise<AsyncGenerator<string> | null> {
  const context = await loadLedgerContext(organizationId);
  if (!context) return null;
  async function* entries(): AsyncGenerator<JournalEntry> {
    for await (const record of postedInBookOrder(organizationId, range)) {
      yield { date: record.date, number: record.number!, description: record.description, lines: linesOf(record) };
    }
  }
  const accounts = flattenCatalog(context.tree).map((node) => ({ code: node.key, label: node.label }));
  return writeJournal(accounts, entries());
}

const PROJECTION = {
  number: 1,
  date: 1,
  description: 1,
  "lines.account": 1,
  "lines.description": 1,
  "lines.debit": 1,
  "lines.credit": 1,
  "lines.currency": 1,
  "lines.foreignAmount": 1,
  "lines.rate": 1,
};

/**
 * Posted entries by (date, number), read in bounded batches resumed after the last one seen (keyset),
 * never as one open result: a database materializes a sorted result when a cursor opens, so one query
 * for the whole range would hold memory in proportion to the year. Each batch is an index range read
 * of at most batchSize entries — the rest of the last day first, then the following days.
 */
export async function* postedInBookOrder(
  organizationId: string,
  range: { from?: string; to?: string },
  batchSize = 2_000,
): AsyncGenerator<EntryRecord> {
  const base = { organizationId, status: "contabilizado" };
  const upTo = range.to ? { $lte: range.to } : {};
  const read = (filter: Record<string, unknown>, sort: Record<string, 1>) =>
    Entry.collection.find<EntryRecord>(filter, { projection: PROJECTION }).sort(sort).limit(batchSize).toArray();

  const dates = { ...(range.from ? { $gte: range.from } : {}), ...upTo };
  // An empty `{ date: {} }` would match no entry: without a range the filter leaves the date out.
  let batch = await read(
    { ...base, ...(Object.keys(dates).length > 0 ? { date: dates } : {}) },
    { date: 1, number: 1 },
  );
  while (batch.length > 0) {
    yield* batch;
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1];
    let sameDay = await read({ ...base, date: last.date, number: { $gt: last.number } }, { number: 1 });
    while (sameDay.length > 0) {
      yield* sameDay;
      if (sameDay.length < batchSize) break;
      const lastOfDay = sameDay[sameDay.length - 1];
      sameDay = await read({ ...base, date: last.date, number: { $gt: lastOfDay.number } }, { number: 1 });
    }
    batch = await read({ ...base, date: { $gt: last.date, ...upTo } }, { date: 1, number: 1 });
  }
}
