import type { ClientSession } from "mongoose";
import { ORGANIZATION_NOT_FOUND, validateEntry, type EntryInput, type EntrySource } from "~/domain/ledger";
import { cents, type Cents } from "~/domain/money";
import { Entry, type EntryRecord } from "~models/entry";
import { loadPostingContext } from "./context.server";
import { linesOf } from "./records.server";
import { LedgerRefusal, inTransaction } from "./transaction.server";
import { insertPosted, type Actor } from "./write.server";

/**
 * Entries that stand for one thing (a month's IVA settlement, a receipt's booking): at most one of them
 * stands at a time, and a reversal frees the place for a new one.
 */

/** The posted, not reversed entry of that source, if any. */
export function standingEntryOf(
  organizationId: string,
  source: Required<EntrySource>,
  session?: ClientSession,
): Promise<EntryRecord | null> {
  return Entry.findOne(
    {
      organizationId,
      status: "contabilizado",
      "source.kind": source.kind,
      "source.id": source.id,
      reversedBy: { $exists: false },
    },
    null,
    { session },
  ).lean<EntryRecord>();
}

export type PostOnceOutcome =
  | { ok: true; entry: EntryRecord }
  | { ok: false; standing?: EntryRecord; refusals: { field?: string; line?: number; message: string }[] };

/**
 * Posts the entry unless one of the same source already stands, in one transaction. Two concurrent
 * calls both take the year's entry counter, so they conflict and the one that runs again sees the
 * other's entry: never two standing entries for one source.
 */
export async function postOnce(
  organizationId: string,
  input: EntryInput,
  actor: Actor,
  source: Required<EntrySource>,
  alreadyMessage: string,
  /** The feature's own state (a declaration), written in the same transaction as the entry. */
  withState?: (entry: EntryRecord, session: ClientSession) => Promise<void>,
): Promise<PostOnceOutcome> {
  try {
    return await inTransaction(async (session) => {
      const standing = await standingEntryOf(organizationId, source, session);
      if (standing) return { ok: false as const, standing, refusals: [{ message: alreadyMessage }] };
      const context = await loadPostingContext(organizationId, session);
      if (!context)
        throw new LedgerRefusal({ ok: false, refusals: [{ message: ORGANIZATION_NOT_FOUND, kind: "not-found" }] });
      const checked = validateEntry(input, context);
      if (!checked.ok) throw new LedgerRefusal({ ok: false, refusals: checked.refusals });
      const entry = await insertPosted(organizationId, checked.entry, source, actor, session);
      if (withState) await withState(entry, session);
      return { ok: true as const, entry };
    });
  } catch (error) {
    if (error instanceof LedgerRefusal) return { ok: false, refusals: error.outcome.refusals };
    throw error;
  }
}

/**
 * Σ debit and Σ credit per account of the posted entries of that source (any id when none is given)
 * dated between `from` and `to` (days, inclusive), and of their reversals dated there: what to take
 * out of a period's balances to see them as they were before those entries.
 */
export async function sourceTotalsBetween(
  organizationId: string,
  source: EntrySource,
  from: string,
  to: string,
): Promise<Map<string, { debit: Cents; credit: Cents }>> {
  const ofSource = { "source.kind": source.kind, ...(source.id === undefined ? {} : { "source.id": source.id }) };
  const originals = await Entry.find({ organizationId, status: "contabilizado", ...ofSource }, { _id: 1 }).lean<
    Array<{ _id: unknown }>
  >();
  const reversalSources = originals.map((entry) => String(entry._id));
  const entries = await Entry.find({
    organizationId,
    status: "contabilizado",
    date: { $gte: from, $lte: to },
    $or: [ofSource, { "source.kind": "reversion", "source.id": { $in: reversalSources } }],
  }).lean<EntryRecord[]>();
  const totals = new Map<string, { debit: Cents; credit: Cents }>();
  for (const entry of entries) {
    for (const line of linesOf(entry)) {
      const total = totals.get(line.account) ?? { debit: cents(0n), credit: cents(0n) };
      totals.set(line.account, { debit: cents(total.debit + line.debit), credit: cents(total.credit + line.credit) });
    }
  }
  return totals;
}
