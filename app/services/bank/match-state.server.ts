/**
 * What accepting or undoing a match writes besides the match, inside its transaction: the month lock
 * checked there (a close cannot slip in between), the bank lines' state and `reconciledAt`, and the
 * posted lines' bank mark — so the conciliación at a date reads only the lines still open at it.
 */
import type { ClientSession, Types } from "mongoose";
import { lockedMonthOf, MONTH_CLOSE_MESSAGES } from "~/domain/bank/month-close";
import type { CalendarDate } from "~/domain/calendar";
import { refused, type Refused } from "~/domain/refusal";
import { markPostedLinesForBank, markUnmatchedPostedLinesForBank } from "~/services/ledger/ledger.server";
import { touchBankAccountLines, type BankAccountRecord } from "~models/bank-account";
import { bankMonthsOf } from "~models/bank-month";
import { bankLineDays, moveBankLines, reconcileBankLines } from "~models/bank-statement-line";

/** Thrown inside a transaction to abort it: a line is in a month marked conciliado. */
export class LockedMonth extends Error {
  constructor(readonly refusal: Refused) {
    super(refusal.refusals[0].message);
  }
}

/** Thrown inside a transaction to abort it: a line was changed by another request meanwhile. */
export class LinesChanged extends Error {}

/** The latest of these days: when a match with lines on them is complete. */
export function completedOn(days: readonly string[]): CalendarDate {
  return days.reduce((latest, day) => (day > latest ? day : latest), days[0]) as CalendarDate;
}

/**
 * Throws `LockedMonth` when any of these lines (by id, or by day when the caller knows them) is in a
 * month marked conciliado, read inside the transaction. It raises the account's lines revision like a
 * close does, so a close committing meanwhile conflicts with this transaction and one of them runs again.
 */
export async function refuseLockedMonths(
  account: BankAccountRecord,
  lines: { ids: readonly Types.ObjectId[] } | { days: readonly string[] },
  session: ClientSession,
): Promise<void> {
  await touchBankAccountLines(account.organizationId, account._id, session);
  const months = await bankMonthsOf(account.organizationId, account._id, session);
  const closed = new Set(months.filter((month) => month.closed).map((month) => month.month));
  if (closed.size === 0) return;
  const days =
    "days" in lines ? lines.days : await bankLineDays(account.organizationId, account._id, lines.ids, session);
  const month = lockedMonthOf(days, closed);
  if (month) throw new LockedMonth(refused({ message: MONTH_CLOSE_MESSAGES.locked(month), kind: "conflict" }));
}

export interface CompletedMatch {
  bankLineIds: readonly Types.ObjectId[];
  /**
   * By entry and position; with the line's own id when matching read it, so marking it also checks it
   * is still that line, unmarked.
   */
  postedLines: ReadonlyArray<{ entryId: Types.ObjectId; line: number; postedLineId?: Types.ObjectId }>;
  reconciledAt: CalendarDate;
}

/**
 * Moves the matches' pending lines to «conciliado» and marks their posted lines; throws `LinesChanged`
 * when a bank line is no longer pending or a posted line read by matching was edited or matched since.
 */
export async function markMatched(
  account: BankAccountRecord,
  matches: readonly CompletedMatch[],
  session: ClientSession,
): Promise<void> {
  const byDay = new Map<string, Types.ObjectId[]>();
  for (const match of matches)
    byDay.set(match.reconciledAt, [...(byDay.get(match.reconciledAt) ?? []), ...match.bankLineIds]);
  const moved = await reconcileBankLines(
    { organizationId: account.organizationId, bankAccountId: account._id },
    [...byDay].map(([reconciledAt, ids]) => ({ reconciledAt, ids })),
    session,
  );
  if (!moved) throw new LinesChanged();
  const read = matches.flatMap((match) =>
    match.postedLines.flatMap((line) =>
      line.postedLineId ? [{ postedLineId: line.postedLineId, day: match.reconciledAt }] : [],
    ),
  );
  if (
    read.length > 0 &&
    !(await markUnmatchedPostedLinesForBank(account.organizationId, account.ledgerAccount, read, session))
  )
    throw new LinesChanged();
  // Lines of an entry the same transaction has just posted (a cobro / pago) are named by position.
  const named = matches.flatMap((match) =>
    match.postedLines.flatMap((line) =>
      line.postedLineId ? [] : [{ entryId: line.entryId, line: line.line, day: match.reconciledAt }],
    ),
  );
  if (named.length > 0) await markPostedLinesForBank(account.organizationId, account.ledgerAccount, named, session);
}

/** Puts an undone match's lines back to «pendiente» and clears its posted lines' mark; throws `LinesChanged`. */
export async function unmarkMatched(
  account: BankAccountRecord,
  match: Pick<CompletedMatch, "bankLineIds" | "postedLines">,
  session: ClientSession,
): Promise<void> {
  const filter = { organizationId: account.organizationId, bankAccountId: account._id, ids: match.bankLineIds };
  if (!(await moveBankLines(filter, "conciliado", "pendiente", session))) throw new LinesChanged();
  await markPostedLinesForBank(
    account.organizationId,
    account.ledgerAccount,
    match.postedLines.map((line) => ({ ...line, day: null })),
    session,
  );
}
