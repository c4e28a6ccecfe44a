import type { PipelineStage } from "mongoose";
import { firstDayOfMonth, monthOf, type CalendarDate } from "~/domain/calendar";
import { pageWindow, runningBalances, type Movement } from "~/domain/ledger";
import { Entry } from "~models/entry";
import { PeriodBalance } from "~models/period-balance";
import { accountCondition } from "./read.server";
import { cents, type Cents } from "~/domain/money";
import { toCents } from "./records.server";

export interface MovementRow {
  entryId: string;
  number: string;
  date: string;
  description: string;
  account: string;
  lineDescription: string;
  debit: Cents;
  credit: Cents;
  /** debit − credit after this movement, from the opening balance of the range. */
  balance: Cents;
}

export interface AccountMovements {
  account: string;
  from: CalendarDate;
  to: CalendarDate;
  /** debit − credit before `from`. */
  openingBalance: Cents;
  totalDebit: Cents;
  totalCredit: Cents;
  closingBalance: Cents;
  count: number;
  page: number;
  pageSize: number;
  pageCount: number;
  rows: MovementRow[];
}

const ZERO: Movement = { debit: cents(0n), credit: cents(0n) };

function sums(row: { debit?: unknown; credit?: unknown; count?: number } | undefined): Movement & { count: number } {
  return { debit: toCents(row?.debit), credit: toCents(row?.credit), count: row?.count ?? 0 };
}

/** The posted lines of the account (a parent: of its descendants) whose entry date meets `date`. */
function linesPipeline(organizationId: string, account: string, date: Record<string, string>): PipelineStage[] {
  const condition = accountCondition(account);
  return [
    { $match: { organizationId, status: "contabilizado", date, "lines.account": condition } },
    { $unwind: { path: "$lines", includeArrayIndex: "lineIndex" } },
    { $match: { "lines.account": condition } },
  ];
}

const SUM_STAGE: PipelineStage = { $group: { _id: null, debit: { $sum: "$lines.debit" }, credit: { $sum: "$lines.credit" }, count: { $sum: 1 } } };
const BOOK_ORDER: PipelineStage = { $sort: { date: 1, number: 1, lineIndex: 1 } };

/**
 * One account's movements in a range: opening balance (the period balances of whole months before
 * `from`, plus the lines of `from`'s month before it), every posted line with its running balance,
 * and the closing balance. A page's running balance starts from the sum of the lines before it, taken
 * by one aggregate, so page 40 reads none of pages 1–39's rows.
 */
export async function accountMovements(
  organizationId: string,
  query: { account: string; from: CalendarDate; to: CalendarDate; page?: number; pageSize?: number },
): Promise<AccountMovements> {
  const { account, from, to } = query;
  const monthStart = firstDayOfMonth(monthOf(from));
  const [openingPeriods, openingDays, inRange] = await Promise.all([
    PeriodBalance.aggregate([
      { $match: { organizationId, account: accountCondition(account), period: { $lt: monthOf(from) } } },
      { $group: { _id: null, debit: { $sum: "$debit" }, credit: { $sum: "$credit" } } },
    ]),
    monthStart < from ? Entry.aggregate([...linesPipeline(organizationId, account, { $gte: monthStart, $lt: from }), SUM_STAGE]) : Promise.resolve([]),
    Entry.aggregate([...linesPipeline(organizationId, account, { $gte: from, $lte: to }), SUM_STAGE]),
  ]);
  const [periods, days, range] = [sums(openingPeriods[0]), sums(openingDays[0]), sums(inRange[0])];
  const openingBalance = cents(periods.debit - periods.credit + days.debit - days.credit);
  const window = pageWindow(query.page ?? 1, query.pageSize ?? 50, range.count);

  const rangeLines = linesPipeline(organizationId, account, { $gte: from, $lte: to });
  const [beforeRows, pageRows] = await Promise.all([
    window.offset > 0 ? Entry.aggregate([...rangeLines, BOOK_ORDER, { $limit: window.offset }, SUM_STAGE]) : Promise.resolve([]),
    Entry.aggregate([
      ...rangeLines,
      BOOK_ORDER,
      { $skip: window.offset },
      { $limit: window.pageSize },
      { $project: { _id: 1, number: 1, date: 1, description: 1, lines: 1 } },
    ]),
  ]);
  const rows = pageRows.map((row) => ({
    entryId: String(row._id),
    number: row.number as string,
    date: row.date as string,
    description: row.description as string,
    account: row.lines.account as string,
    lineDescription: (row.lines.description as string) ?? "",
    debit: toCents(row.lines.debit),
    credit: toCents(row.lines.credit),
  }));
  return {
    account,
    from,
    to,
    openingBalance,
    totalDebit: range.debit,
    totalCredit: range.credit,
    closingBalance: cents(openingBalance + range.debit - range.credit),
    count: range.count,
    page: window.page,
    pageSize: window.pageSize,
    pageCount: window.pageCount,
    rows: runningBalances(openingBalance, beforeRows[0] ? sums(beforeRows[0]) : ZERO, rows),
  };
}
