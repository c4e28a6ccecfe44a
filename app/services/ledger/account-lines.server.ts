/**
 * The posted lines of one leaf account in a date range, for bank reconciliation: each with the entry it
 * belongs to, its position, and the signed amount as the bank sees it (a debit to a bank account is
 * money in). Bounded by the caller's range.
 */
import { PostedLine, type PostedLineRecord } from "~models/posted-line";
import type { CalendarDate } from "~/domain/calendar";
import { storedBigInt } from "~models/open-item";

export interface AccountLine {
  entryId: string;
  line: number;
  date: CalendarDate;
  number: string;
  description: string;
  amount: bigint;
}

/** At most this many lines are read at once (ten times the largest statement). */
export const MAX_ACCOUNT_LINES = 200_000;

export async function postedLinesOfAccount(
  organizationId: string,
  account: string,
  from: CalendarDate,
  to: CalendarDate,
): Promise<AccountLine[]> {
  const rows = await PostedLine.find(
    { organizationId, account, date: { $gte: from, $lte: to } },
    { entryId: 1, line: 1, date: 1, number: 1, description: 1, lineDescription: 1, debit: 1, credit: 1, _id: 0 },
  )
    .sort({ date: 1, number: 1, line: 1 })
    .limit(MAX_ACCOUNT_LINES)
    .lean<PostedLineRecord[]>();
  return rows.map((row) => ({
    entryId: String(row.entryId),
    line: row.line,
    date: row.date as CalendarDate,
    number: row.number,
    description: row.lineDescription || row.description,
    amount: storedBigInt(row.debit) - storedBigInt(row.credit),
  }));
}
