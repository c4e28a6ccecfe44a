/**
 * The posted lines of one leaf account in a date range, for bank reconciliation: each with the entry it
 * belongs to, its position, and the signed amount as the bank sees it (a debit to a bank account is
 * money in), in colones and in the dollars the line carries. Bounded by the caller's range.
 */
import type { ClientSession, Types } from "mongoose";
import { Entry, type EntryRecord } from "~models/entry";
import { PeriodBalance } from "~models/period-balance";
import { PostedLine, setBankMarks, setBankMarksByIds, type PostedLineRecord } from "~models/posted-line";
import { firstDayOfMonth, type CalendarDate } from "~/domain/calendar";
import { storedBigInt } from "~models/open-item";
import type { Amount } from "~/domain/money";
import { toBigInt } from "./records.server";

export interface AccountLine {
  entryId: string;
  line: number;
  date: CalendarDate;
  number: string;
  description: string;
  amount: bigint;
  /** The line's dollars in Amount units, signed like `amount`; 0 when it carries none (decision 282). */
  dollars: Amount;
  /** The day a bank match of the line became complete, when it has one. */
  bankReconciledAt?: CalendarDate;
}

/** At most this many lines are read at once (ten times the largest statement). */
export const MAX_ACCOUNT_LINES = 200_000;

const LINE_FIELDS = {
  entryId: 1,
  line: 1,
  date: 1,
  number: 1,
  description: 1,
  lineDescription: 1,
  debit: 1,
  credit: 1,
  dollars: 1,
  bankReconciledAt: 1,
  _id: 0,
} as const;

function accountLineOf(row: PostedLineRecord): AccountLine {
  return {
    entryId: String(row.entryId),
    line: row.line,
    date: row.date as CalendarDate,
    number: row.number,
    description: row.lineDescription || row.description,
    amount: storedBigInt(row.debit) - storedBigInt(row.credit),
    dollars: storedBigInt(row.dollars),
    ...(row.bankReconciledAt ? { bankReconciledAt: row.bankReconciledAt as CalendarDate } : {}),
  };
}

export async function postedLinesOfAccount(
  organizationId: string,
  account: string,
  from: CalendarDate,
  to: CalendarDate,
  session?: ClientSession,
): Promise<AccountLine[]> {
  const rows = await PostedLine.find({ organizationId, account, date: { $gte: from, $lte: to } }, LINE_FIELDS, {
    session,
  })
    .sort({ date: 1, number: 1, line: 1 })
    .limit(MAX_ACCOUNT_LINES)
    .lean<PostedLineRecord[]>();
  return rows.map(accountLineOf);
}

/** A line no bank match names yet, with its own id: what accepting a match against it marks. */
export interface UnmatchedLine extends AccountLine {
  postedLineId: Types.ObjectId;
}

/** The lines between two days no bank match names yet (what matching proposes from), in book order. */
export async function unmatchedPostedLines(
  organizationId: string,
  account: string,
  from: CalendarDate,
  to: CalendarDate,
): Promise<UnmatchedLine[]> {
  const rows = await PostedLine.find(
    { organizationId, account, bankReconciledAt: null, date: { $gte: from, $lte: to } },
    { ...LINE_FIELDS, _id: 1 },
  )
    .sort({ date: 1, number: 1, line: 1 })
    .limit(MAX_ACCOUNT_LINES)
    .lean<Array<PostedLineRecord & { _id: Types.ObjectId }>>();
  return rows.map((row) => ({ ...accountLineOf(row), postedLineId: row._id }));
}

/**
 * The lines between two days a bank match has not completed by the second: unmatched, or matched after
 * it — two index ranges of `{ organizationId, account, bankReconciledAt, date }`, in book order.
 */
export async function postedLinesOpenAt(
  organizationId: string,
  account: string,
  from: CalendarDate,
  date: CalendarDate,
  session?: ClientSession,
): Promise<AccountLine[]> {
  const read = (bankReconciledAt: null | { $gt: string }) =>
    PostedLine.find({ organizationId, account, bankReconciledAt, date: { $gte: from, $lte: date } }, LINE_FIELDS, {
      session,
    })
      .limit(MAX_ACCOUNT_LINES)
      .lean<PostedLineRecord[]>()
      .exec();
  const open = await read(null);
  const later = await read({ $gt: date });
  const order = (line: AccountLine) => `${line.date}|${line.number}|${String(line.line).padStart(4, "0")}`;
  return [...open, ...later]
    .map(accountLineOf)
    .map((line) => ({ line, key: order(line) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ line }) => line);
}

/**
 * Marks posted lines of a bank account's ledger account as matched from a day (or unmarks them with
 * null), inside the bank's transaction that stores or deletes the match.
 */
export function markPostedLinesForBank(
  organizationId: string,
  account: string,
  marks: ReadonlyArray<{ entryId: Types.ObjectId; line: number; day: CalendarDate | null }>,
  session: ClientSession,
): Promise<void> {
  return setBankMarks(organizationId, account, marks, session);
}

/**
 * Marks the posted lines named by their own ids (as matching read them) with the day their match is
 * complete, inside the bank's transaction; true only when every one of them is still a line of this
 * account with no mark. An audited edit replaces an entry's lines with new ones, so a line edited since
 * it was read is not found.
 */
export async function markUnmatchedPostedLinesForBank(
  organizationId: string,
  account: string,
  marks: ReadonlyArray<{ postedLineId: Types.ObjectId; day: CalendarDate }>,
  session: ClientSession,
): Promise<boolean> {
  const byDay = new Map<CalendarDate, Types.ObjectId[]>();
  for (const mark of marks) {
    const ids = byDay.get(mark.day);
    if (ids) ids.push(mark.postedLineId);
    else byDay.set(mark.day, [mark.postedLineId]);
  }
  const marked = await setBankMarksByIds(
    organizationId,
    account,
    [...byDay].map(([day, ids]) => ({ day, ids })),
    session,
  );
  return marked === marks.length;
}

/**
 * Σ debit − Σ credit of one account before `day`, in colones and in dollars (debit positive): the period
 * balances of the months before it, and the posted lines of its own month before it — at most one month
 * of lines, summed by the database however long the history.
 */
export async function accountBalanceBefore(
  organizationId: string,
  account: string,
  day: CalendarDate,
  session?: ClientSession,
): Promise<{ colones: bigint; dollars: Amount }> {
  const monthStart = firstDayOfMonth(day.slice(0, 7));
  // Inside a transaction one read at a time; otherwise both at once.
  const readMonths = () =>
    PeriodBalance.aggregate<{ debit: unknown; credit: unknown; dollars: unknown }>([
      { $match: { organizationId, account, period: { $lt: day.slice(0, 7) } } },
      { $group: { _id: null, debit: { $sum: "$debit" }, credit: { $sum: "$credit" }, dollars: { $sum: "$dollars" } } },
    ]).session(session ?? null);
  const readLines = () =>
    PostedLine.aggregate<{ debit: unknown; credit: unknown; dollars: unknown }>([
      { $match: { organizationId, account, date: { $gte: monthStart, $lt: day } } },
      { $group: { _id: null, debit: { $sum: "$debit" }, credit: { $sum: "$credit" }, dollars: { $sum: "$dollars" } } },
    ]).session(session ?? null);
  const [months, lines] = session
    ? [await readMonths(), await readLines()]
    : await Promise.all([readMonths(), readLines()]);
  const total = (rows: Array<{ debit: unknown; credit: unknown; dollars: unknown }>) => ({
    colones: rows[0] ? toBigInt(rows[0].debit) - toBigInt(rows[0].credit) : 0n,
    dollars: rows[0] ? toBigInt(rows[0].dollars) : 0n,
  });
  const before = total(months);
  const month = total(lines);
  return { colones: before.colones + month.colones, dollars: before.dollars + month.dollars };
}

/** The day of each of these posted lines (`entryId:line` → day), read by their entries' ids. */
export async function postedLineDates(
  organizationId: string,
  lines: ReadonlyArray<{ entryId: Types.ObjectId; line: number }>,
  session?: ClientSession,
): Promise<Map<string, CalendarDate>> {
  const dates = new Map<string, CalendarDate>();
  if (lines.length === 0) return dates;
  const wanted = new Set(lines.map((line) => `${String(line.entryId)}:${line.line}`));
  const entryIds = [...new Map(lines.map((line) => [String(line.entryId), line.entryId])).values()];
  // A bounded list of entries per read, so each read stays an index lookup by entry.
  for (let start = 0; start < entryIds.length; start += ENTRIES_PER_READ) {
    const rows = await PostedLine.find(
      { organizationId, entryId: { $in: entryIds.slice(start, start + ENTRIES_PER_READ) } },
      { entryId: 1, line: 1, date: 1, _id: 0 },
      { session },
    ).lean<PostedLineRecord[]>();
    for (const row of rows) {
      const key = `${String(row.entryId)}:${row.line}`;
      if (wanted.has(key)) dates.set(key, row.date as CalendarDate);
    }
  }
  return dates;
}

const ENTRIES_PER_READ = 1_000;

/**
 * The reversals dated on or after `from`. Every reversal is a posted entry of source «reversion» (the
 * ledger writes it only so), so the filter names that source and the date: the index
 * `{ organizationId, source.kind, date }` reads just the reversals, never the posted entries around them.
 */
export function reversalsSinceFilter(organizationId: string, from: CalendarDate) {
  return { organizationId, "source.kind": "reversion", date: { $gte: from }, reversalOf: { $exists: true } };
}

/**
 * The entries undone by a reversal dated on or after `from`, and those reversals, each with the day the
 * pair is complete (the later of the two): together they move nothing, so reconciliation neither
 * proposes them nor counts them in transit once both are dated. An entry dated on or after `from` can
 * only be reversed on or after it, so every such pair is found.
 */
export async function reversalPairsSince(
  organizationId: string,
  from: CalendarDate,
  session?: ClientSession,
): Promise<Map<string, CalendarDate>> {
  const reversals = await Entry.find(
    reversalsSinceFilter(organizationId, from),
    { _id: 1, reversalOf: 1, date: 1 },
    { session },
  ).lean<Array<Pick<EntryRecord, "_id" | "reversalOf" | "date">>>();
  if (reversals.length === 0) return new Map();
  const originals = await Entry.find(
    { organizationId, _id: { $in: reversals.flatMap((entry) => (entry.reversalOf ? [entry.reversalOf] : [])) } },
    { _id: 1, date: 1 },
    { session },
  ).lean<Array<Pick<EntryRecord, "_id" | "date">>>();
  const originalDate = new Map(originals.map((entry) => [String(entry._id), entry.date]));
  const pairs = new Map<string, CalendarDate>();
  for (const reversal of reversals) {
    const original = String(reversal.reversalOf);
    const before = originalDate.get(original) ?? reversal.date;
    const complete = (before > reversal.date ? before : reversal.date) as CalendarDate;
    pairs.set(original, complete);
    pairs.set(String(reversal._id), complete);
  }
  return pairs;
}
