import { Types, type ClientSession } from "mongoose";
import {
  fiscalYearOf,
  formatEntryNumber,
  ORGANIZATION_NOT_FOUND,
  validateEntry,
  type EntryInput,
  type ValidEntry,
} from "~/domain/ledger";
import type { Refusal } from "~/domain/refusal";
import { insertEntries, type EntryRecord } from "~models/entry";
import { takeEntryNumbers } from "~models/entry-number";
import { findReceiptBookings, insertReceiptBookings, type ReceiptBookingRecord } from "~models/receipt-booking";
import { loadPostingContext } from "./context.server";
import { bookPostings, type PostingEntry } from "./posting.server";
import { inTransaction } from "./transaction.server";
import { draftRecord, postedRecord, type Actor } from "./write.server";

/** One receipt's entry, as its booking plan proposes it. */
export interface ReceiptEntryRequest {
  receiptId: string;
  input: EntryInput;
  /** Post it (true) or leave a borrador. */
  post: boolean;
  rule?: { id: string; version: number } | null;
  unclassified: boolean;
}

export type ReceiptEntryOutcome =
  | { kind: "booked"; entryId: string; status: "borrador" | "contabilizado"; number?: string }
  | { kind: "already"; entryId: string }
  | { kind: "refused"; refusals: Refusal[] };

/**
 * Books receipts: each one's entry (posted or borrador) and its receipt link, all in one transaction.
 * A receipt that already has a link keeps it and gets no second entry; two runs at once both write the
 * same unique link, so one of them conflicts, runs again and finds the other's link. A refused entry
 * concerns its receipt only.
 */
export async function bookReceiptEntries(
  organizationId: string,
  requests: readonly ReceiptEntryRequest[],
  actor: Actor,
): Promise<ReceiptEntryOutcome[]> {
  if (requests.length === 0) return [];
  return inTransaction((session) => bookReceiptEntriesIn(session, organizationId, requests, actor));
}

/**
 * bookReceiptEntries inside the caller's transaction, for a writer whose receipt is stored in that
 * same transaction (issuing an invoice): everything commits or aborts together.
 */
export async function bookReceiptEntriesIn(
  session: ClientSession,
  organizationId: string,
  requests: readonly ReceiptEntryRequest[],
  actor: Actor,
): Promise<ReceiptEntryOutcome[]> {
  if (requests.length === 0) return [];
  const context = await loadPostingContext(organizationId, session);
  if (!context)
    return requests.map(() => ({ kind: "refused" as const, refusals: [{ message: ORGANIZATION_NOT_FOUND }] }));
  const linked = new Map<string, string>();
  for (const link of await findReceiptBookings(
    organizationId,
    requests.map((request) => request.receiptId),
    session,
  ))
    linked.set(String(link.receiptId), String(link.entryId));

  const now = actor.now ?? new Date();
  const outcomes: ReceiptEntryOutcome[] = [];
  const accepted: Array<{ index: number; entry: ValidEntry; _id: Types.ObjectId }> = [];
  requests.forEach((request, index) => {
    const standing = linked.get(request.receiptId);
    if (standing) {
      outcomes[index] = { kind: "already", entryId: standing };
      return;
    }
    const check = validateEntry(request.input, context, { draft: !request.post });
    if (!check.ok) {
      outcomes[index] = { kind: "refused", refusals: check.refusals };
      return;
    }
    const _id = new Types.ObjectId();
    linked.set(request.receiptId, String(_id));
    accepted.push({ index, entry: check.entry, _id });
  });

  const numbers = new Map<number, string>();
  const byYear = new Map<number, number[]>();
  for (const { index, entry } of accepted) {
    if (!requests[index].post) continue;
    const year = fiscalYearOf(entry.date);
    byYear.set(year, [...(byYear.get(year) ?? []), index]);
  }
  for (const [year, indexes] of byYear) {
    let sequence = await takeEntryNumbers(organizationId, year, indexes.length, session);
    for (const index of indexes) numbers.set(index, formatEntryNumber(year, sequence++));
  }

  const entries: EntryRecord[] = [];
  const postings: PostingEntry[] = [];
  const links: ReceiptBookingRecord[] = [];
  for (const { index, entry, _id } of accepted) {
    const request = requests[index];
    const source = { kind: "comprobante" as const, id: request.receiptId };
    const number = numbers.get(index);
    if (number === undefined) {
      entries.push({ _id, ...draftRecord(organizationId, entry, source, actor) });
      outcomes[index] = { kind: "booked", entryId: String(_id), status: "borrador" };
    } else {
      entries.push({ _id, ...postedRecord(organizationId, number, entry, source, actor) });
      postings.push({ _id, number, date: entry.date, description: entry.description, lines: entry.lines });
      outcomes[index] = { kind: "booked", entryId: String(_id), status: "contabilizado", number };
    }
    links.push({
      _id: new Types.ObjectId(),
      organizationId,
      receiptId: new Types.ObjectId(request.receiptId),
      entryId: _id,
      ...(request.rule ? { ruleId: request.rule.id, ruleVersion: request.rule.version } : {}),
      unclassified: request.unclassified,
      bookedBy: actor.by,
      bookedAt: now,
    });
  }
  await insertEntries(entries, session);
  await bookPostings(organizationId, postings, session);
  await insertReceiptBookings(links, session);
  return outcomes;
}
