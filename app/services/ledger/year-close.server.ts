import type { ClientSession } from "mongoose";
import type { CalendarDate } from "~/domain/calendar";
import { CLOSE_MESSAGES, UNCLASSIFIED_GROUP, closingEntry, yearEnd, type YearFigures } from "~/domain/closing";
import { ORGANIZATION_NOT_FOUND, validateEntry } from "~/domain/ledger";
import { cents, type Cents } from "~/domain/money";
import { Entry, type EntryRecord } from "~models/entry";
import { Organization, lockDayOf, setLockDate, type OrganizationDocument } from "~models/organization";
import { PeriodBalance } from "~models/period-balance";
import { loadPostingContext, type OrganizationLedgerContext } from "./context.server";
import { linesOf, toBigInt } from "./records.server";
import { LedgerRefusal, inTransaction } from "./transaction.server";
import { insertPosted, reverseWithin, type Actor, type LedgerOutcome } from "./write.server";

/**
 * Cierre del período and its audited reopen (docs/design/books.md §1, §4): the closing entry and the lock date
 * move together, in one transaction. A year is closed while its closing entry (source `cierre`, id the
 * year) is posted and not reversed.
 */

const refuse = (message: string): never => {
  throw new LedgerRefusal({ ok: false, refusals: [{ message }] });
};

async function asOutcome<T>(work: () => Promise<T>): Promise<LedgerOutcome<T>> {
  try {
    return { ok: true, entry: await work() };
  } catch (error) {
    if (error instanceof LedgerRefusal) return error.outcome;
    throw error;
  }
}

async function contextOf(organizationId: string, session: ClientSession): Promise<OrganizationLedgerContext> {
  const context = await loadPostingContext(organizationId, session);
  if (!context)
    throw new LedgerRefusal({ ok: false, refusals: [{ message: ORGANIZATION_NOT_FOUND, kind: "not-found" }] });
  return context;
}

/** The posted, not reversed closing entry of `year`, if the year is closed. */
export async function closingEntryOf(
  organizationId: string,
  year: number,
  session?: ClientSession,
): Promise<EntryRecord | null> {
  return Entry.findOne(
    {
      organizationId,
      status: "contabilizado",
      "source.kind": "cierre",
      "source.id": String(year),
      reversedBy: null,
    },
    null,
    { session },
  ).lean<EntryRecord>();
}

export interface ClosedYear {
  year: number;
  entryId: string;
  number: string;
  date: CalendarDate;
}

/** Every closed year of the organization, newest first. */
export async function closedYears(organizationId: string): Promise<ClosedYear[]> {
  const entries = await Entry.find(
    { organizationId, status: "contabilizado", "source.kind": "cierre", reversedBy: null },
    { number: 1, date: 1, source: 1 },
  )
    .sort({ date: -1 })
    .lean<EntryRecord[]>();
  return entries.map((entry) => ({
    year: Number(entry.source.id),
    entryId: String(entry._id),
    number: entry.number ?? "",
    date: entry.date as CalendarDate,
  }));
}

interface Summed {
  _id: { account: string; before: boolean };
  debit: unknown;
  credit: unknown;
}

/** The year's figures of 40–70 per leaf account, the 40–60 balance before it and 70's balance at its end. */
async function yearFigures(organizationId: string, year: number, session: ClientSession) {
  const first = `${year}-01`;
  const rows = await PeriodBalance.aggregate<Summed>([
    { $match: { organizationId, period: { $lte: `${year}-12` }, account: { $regex: /^[4-7]0-/ } } },
    {
      $group: {
        _id: { account: "$account", before: { $lt: ["$period", first] } },
        debit: { $sum: "$debit" },
        credit: { $sum: "$credit" },
      },
    },
  ]).session(session);
  const figures: YearFigures[] = [];
  let priorResults = 0n;
  let unclassified = 0n;
  for (const row of rows) {
    const debit = toBigInt(row.debit);
    const credit = toBigInt(row.credit);
    const group = row._id.account.slice(0, 2);
    if (group === UNCLASSIFIED_GROUP) unclassified += debit - credit;
    else if (row._id.before) priorResults += debit - credit;
    else figures.push({ account: row._id.account, debit: cents(debit), credit: cents(credit) });
  }
  return { figures, priorResults: cents(priorResults), unclassified: cents(unclassified) };
}

/**
 * Closes `year`: posts the closing entry on 31 December (40–60 to `retainedEarnings`) and moves the
 * lock date to that day, so nothing more is posted in the year. Closing a closed year is refused, also
 * when two closes race (both take the year's entry counter and write the organization: one retries and
 * finds the other's close).
 */
export function closeYear(
  organizationId: string,
  year: number,
  retainedEarnings: string,
  actor: Actor,
): Promise<LedgerOutcome<EntryRecord>> {
  const end = yearEnd(year);
  return asOutcome(() =>
    inTransaction(async (session) => {
      const context = await contextOf(organizationId, session);
      if (await closingEntryOf(organizationId, year, session)) refuse(CLOSE_MESSAGES.alreadyClosed(year));
      if (context.lockDate !== null && context.lockDate >= end)
        refuse(CLOSE_MESSAGES.lockAfterYearEnd(year, context.lockDate));
      const { figures, priorResults, unclassified } = await yearFigures(organizationId, year, session);
      const plan = closingEntry({ year, figures, priorResults, retainedEarnings }, unclassified);
      if (!plan.ok) return refuse(plan.message);
      const checked = validateEntry(plan.entry, context);
      if (!checked.ok) throw new LedgerRefusal({ ok: false, refusals: checked.refusals });
      const record = await insertPosted(
        organizationId,
        checked.entry,
        { kind: "cierre", id: String(year) },
        actor,
        session,
      );
      await setLockDate(
        organizationId,
        end,
        actor.by,
        session,
        `Cierre del período ${year} (asiento ${record.number})`,
      );
      return record;
    }),
  );
}

/** The lock date the close of `year` replaced ("" in the history is no lock date). */
async function lockDateBeforeClose(
  organizationId: string,
  end: CalendarDate,
  session: ClientSession,
): Promise<string | null> {
  const organization = await Organization.findById(
    organizationId,
    { lockDateHistory: 1 },
    { session },
  ).lean<OrganizationDocument>();
  const history = organization?.lockDateHistory ?? [];
  for (let index = history.length - 1; index >= 0; index--) {
    const change = history[index];
    // The close's own move: to the year's end from an earlier day (a later reopen of the next year
    // also lands on this day, but from after it).
    if (change.after === end && (change.before ?? "") < end) return lockDayOf(change.before ?? "") ?? null;
  }
  return null;
}

/**
 * The audited reopen of `year`: restores the lock date the close replaced and posts the reversal of the
 * closing entry on 31 December, with the reason in its description and in the lock date's history.
 * Refused while the next year is closed or when the lock date moved after the close.
 */
export function reopenYear(
  organizationId: string,
  year: number,
  reason: string,
  actor: Actor,
): Promise<LedgerOutcome<EntryRecord>> {
  const end = yearEnd(year);
  const why = reason.trim();
  return asOutcome(() =>
    inTransaction(async (session) => {
      const context = await contextOf(organizationId, session);
      const closing = await closingEntryOf(organizationId, year, session);
      if (!closing) return refuse(CLOSE_MESSAGES.notClosed(year));
      if (await closingEntryOf(organizationId, year + 1, session)) refuse(CLOSE_MESSAGES.nextYearClosed(year));
      if (context.lockDate !== end) refuse(CLOSE_MESSAGES.lockMoved(year, context.lockDate));
      const previous = await lockDateBeforeClose(organizationId, end, session);
      await setLockDate(organizationId, previous, actor.by, session, `Reapertura del período ${year}: ${why}`);
      return reverseWithin(
        organizationId,
        String(closing._id),
        { ...actor, date: end, description: `Reapertura del período ${year} (revierte ${closing.number}): ${why}` },
        session,
      );
    }),
  );
}

/** The lines of the closing entries (posted, not reversed) dated inside [from, to]. */
export async function closingLinesBetween(
  organizationId: string,
  from: string,
  to: string,
): Promise<Array<{ account: string; date: CalendarDate; debit: Cents; credit: Cents }>> {
  // A closing's source id is its year: naming the years lets the (organization, source) index find
  // the few closings instead of walking every entry of the range by date.
  const years: string[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) years.push(String(year));
  const entries = await Entry.find(
    {
      organizationId,
      status: "contabilizado",
      "source.kind": "cierre",
      "source.id": { $in: years },
      reversedBy: null,
      date: { $gte: from, $lte: to },
    },
    { date: 1, lines: 1 },
  ).lean<EntryRecord[]>();
  return entries.flatMap((entry) =>
    linesOf(entry).map((line) => ({
      account: line.account,
      date: entry.date as CalendarDate,
      debit: line.debit,
      credit: line.credit,
    })),
  );
}

/** The closed years among `years`. */
export async function closedAmong(organizationId: string, years: readonly number[]): Promise<Set<number>> {
  if (years.length === 0) return new Set();
  const entries = await Entry.find(
    {
      organizationId,
      status: "contabilizado",
      "source.kind": "cierre",
      "source.id": { $in: years.map(String) },
      reversedBy: null,
    },
    { source: 1 },
  ).lean<EntryRecord[]>();
  return new Set(entries.map((entry) => Number(entry.source.id)));
}
