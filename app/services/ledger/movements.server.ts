import { addDays, firstDayOfMonth, lastDayOfMonth, monthOf, shiftMonth, type CalendarDate } from "~/domain/calendar";
import { accountCodePrefix, pageWindow, runningBalances, type Movement } from "~/domain/ledger";
import { cents, type Cents } from "~/domain/money";
import { PeriodBalance } from "~models/period-balance";
import { PostedLine, type PostedLineRecord } from "~models/posted-line";
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

type Sums = Movement & { count: number };
const NONE: Sums = { debit: cents(0n), credit: cents(0n), count: 0 };

function plus(a: Sums, b: Sums): Sums {
  return { debit: cents(a.debit + b.debit), credit: cents(a.credit + b.credit), count: a.count + b.count };
}

function sums(row: { debit?: unknown; credit?: unknown; count?: unknown } | undefined): Sums {
  return row ? { debit: toCents(row.debit), credit: toCents(row.credit), count: Number(row.count ?? 0) } : NONE;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The leaf accounts a query stands for, as an index-friendly condition: the code itself, or (a parent)
 * the leaves under it that have balances — read from the period balances, a few rows per account.
 */
async function accountsCondition(organizationId: string, account: string): Promise<string | { $in: string[] }> {
  const prefix = accountCodePrefix(account);
  if (prefix === account) return account;
  const leaves: string[] = await PeriodBalance.distinct("account", { organizationId, account: { $regex: `^${escapeRegex(prefix)}` } });
  return { $in: leaves.sort() };
}

/**
 * Σ debit, Σ credit and count of the posted lines dated `from`…`to` (inclusive): whole months from
 * the period balances, the cut months at either end from the posted lines. Reads at most two months
 * of lines, wherever the range lies.
 */
async function sumBetween(organizationId: string, accounts: string | { $in: string[] }, from: CalendarDate, to: CalendarDate): Promise<Sums> {
  if (from > to) return NONE;
  const lines = (a: CalendarDate, b: CalendarDate) =>
    PostedLine.aggregate([
      { $match: { organizationId, account: accounts, date: { $gte: a, $lte: b } } },
      { $group: { _id: null, debit: { $sum: "$debit" }, credit: { $sum: "$credit" }, count: { $sum: 1 } } },
    ]).then((rows) => sums(rows[0]));
  const months = (a: string, b: string) =>
    a > b
      ? Promise.resolve(NONE)
      : PeriodBalance.aggregate([
          { $match: { organizationId, account: accounts, period: { $gte: a, $lte: b } } },
          { $group: { _id: null, debit: { $sum: "$debit" }, credit: { $sum: "$credit" }, count: { $sum: "$lineCount" } } },
        ]).then((rows) => sums(rows[0]));
  const [firstMonth, lastMonth] = [monthOf(from), monthOf(to)];
  const headWhole = from === firstDayOfMonth(firstMonth);
  const tailWhole = to === lastDayOfMonth(lastMonth);
  if (firstMonth === lastMonth) return headWhole && tailWhole ? months(firstMonth, lastMonth) : lines(from, to);
  const parts = await Promise.all([
    headWhole ? Promise.resolve(NONE) : lines(from, lastDayOfMonth(firstMonth)),
    months(headWhole ? firstMonth : shiftMonth(firstMonth, 1), tailWhole ? lastMonth : shiftMonth(lastMonth, -1)),
    tailWhole ? Promise.resolve(NONE) : lines(firstDayOfMonth(lastMonth), to),
  ]);
  return parts.reduce(plus, NONE);
}

/** Σ of the posted lines before `from` (the opening balance): the months before it and its month's first days. */
async function sumBefore(organizationId: string, accounts: string | { $in: string[] }, from: CalendarDate): Promise<Sums> {
  const month = monthOf(from);
  const [earlier, days] = await Promise.all([
    PeriodBalance.aggregate([
      { $match: { organizationId, account: accounts, period: { $lt: month } } },
      { $group: { _id: null, debit: { $sum: "$debit" }, credit: { $sum: "$credit" }, count: { $sum: "$lineCount" } } },
    ]).then((rows) => sums(rows[0])),
    from > firstDayOfMonth(month) ? sumBetween(organizationId, accounts, firstDayOfMonth(month), addDays(from, -1)) : Promise.resolve(NONE),
  ]);
  return plus(earlier, days);
}

const BOOK_ORDER = { date: 1, number: 1, line: 1, account: 1 } as const;

/**
 * One account's movements in a range: opening balance, every posted line with its running balance,
 * and the closing balance (docs/decisions/090). A page is an index range of the posted lines in book
 * order; its running balance starts from the lines before its first row, summed from the period
 * balances and at most two months of lines — so page 40 costs what page 1 does.
 */
export async function accountMovements(
  organizationId: string,
  query: { account: string; from: CalendarDate; to: CalendarDate; page?: number; pageSize?: number },
): Promise<AccountMovements> {
  const { account, from, to } = query;
  const accounts = await accountsCondition(organizationId, account);
  const [opening, range] = await Promise.all([sumBefore(organizationId, accounts, from), sumBetween(organizationId, accounts, from, to)]);
  const openingBalance = cents(opening.debit - opening.credit);
  const window = pageWindow(query.page ?? 1, query.pageSize ?? 50, range.count);

  const page = await PostedLine.find({ organizationId, account: accounts, date: { $gte: from, $lte: to } })
    .sort(BOOK_ORDER)
    .skip(window.offset)
    .limit(window.pageSize)
    .lean<PostedLineRecord[]>();
  let beforePage: Sums = NONE;
  if (window.offset > 0 && page.length > 0) {
    // The lines before the page's first row: whole days before its date, then that day's earlier lines.
    const first = page[0];
    const firstDate = first.date as CalendarDate;
    const [days, sameDay] = await Promise.all([
      firstDate > from ? sumBetween(organizationId, accounts, from, addDays(firstDate, -1)) : Promise.resolve(NONE),
      PostedLine.find({ organizationId, account: accounts, date: firstDate }, { number: 1, line: 1, account: 1, debit: 1, credit: 1 }).lean<PostedLineRecord[]>(),
    ]);
    const earlier = sameDay.filter(
      (row) => row.number < first.number || (row.number === first.number && (row.line < first.line || (row.line === first.line && row.account < first.account))),
    );
    beforePage = earlier.reduce((total, row) => plus(total, { debit: toCents(row.debit), credit: toCents(row.credit), count: 1 }), days);
  }
  const rows = page.map((row) => ({
    entryId: String(row.entryId),
    number: row.number,
    date: row.date,
    description: row.description,
    account: row.account,
    lineDescription: row.lineDescription ?? "",
    debit: toCents(row.debit),
    credit: toCents(row.credit),
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
    rows: runningBalances(openingBalance, beforePage, rows),
  };
}
