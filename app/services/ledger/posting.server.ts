import type { ClientSession, Types } from "mongoose";
import { balanceChanges, mergeChanges, signedDollars, type EntryLine } from "~/domain/ledger";
import { applyBalanceChanges } from "~models/period-balance";
import { bankMarksOfEntry, deletePostedLines, insertPostedLines, type PostedLineRecord } from "~models/posted-line";
import { balancesChanged } from "./balances-revision.server";

/** What posting needs of an entry: its day, text and checked lines. */
export interface PostingEntry {
  _id: Types.ObjectId;
  number: string;
  date: string;
  description: string;
  lines: readonly EntryLine[];
}

export function postedLineRecords(organizationId: string, entry: PostingEntry): PostedLineRecord[] {
  return entry.lines.map((line, index) => {
    const dollars = signedDollars(line);
    return {
      organizationId,
      account: line.account,
      date: entry.date,
      number: entry.number,
      line: index,
      entryId: entry._id,
      description: entry.description,
      lineDescription: line.description ?? "",
      debit: line.debit,
      credit: line.credit,
      ...(dollars !== 0n ? { dollars } : {}),
      ...(dollars !== 0n && line.rate !== undefined ? { rate: line.rate } : {}),
    };
  });
}

/**
 * What posting entries does besides the entry itself, inside the caller's transaction: the period
 * balances (one $inc per account and month over all of them) and the posted-line copies the movement
 * list reads, and the new balances revision.
 */
export async function bookPostings(
  organizationId: string,
  entries: readonly PostingEntry[],
  session: ClientSession,
): Promise<void> {
  await applyBalanceChanges(
    organizationId,
    mergeChanges(...entries.map((entry) => balanceChanges(entry.date, entry.lines, 1))),
    session,
  );
  if (entries.length > 0)
    await balancesChanged(
      organizationId,
      entries.map((entry) => entry.date),
      session,
    );
  await insertPostedLines(
    entries.flatMap((entry) => postedLineRecords(organizationId, entry)),
    session,
  );
}

/** The audited edit: the old lines leave the balances and the movement list, the new ones enter. */
export async function rebookPosting(
  organizationId: string,
  before: PostingEntry,
  after: PostingEntry,
  session: ClientSession,
): Promise<void> {
  await applyBalanceChanges(
    organizationId,
    mergeChanges(balanceChanges(before.date, before.lines, -1), balanceChanges(after.date, after.lines, 1)),
    session,
  );
  await balancesChanged(organizationId, [before.date, after.date], session);
  // A bank match names lines by entry and position: an edit keeps their marks (decision 314).
  const marks = await bankMarksOfEntry(organizationId, before._id, session);
  await deletePostedLines(organizationId, before._id, session);
  await insertPostedLines(
    postedLineRecords(organizationId, after).map((record) =>
      marks.has(record.line) ? { ...record, bankReconciledAt: marks.get(record.line)! } : record,
    ),
    session,
  );
}
