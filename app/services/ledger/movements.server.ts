import { addDays, firstDayOfMonth, lastDayOfMonth, monthOf, shiftMonth, type CalendarDate } from "~/domain/calendar";
import { accountCodePrefix, pageWindow, runningBalances, type Movement } from "~/domain/ledger";
import { cents, type Amount, type Cents } from "~/domain/money";
import { PeriodBalance } from "~models/period-balance";
import { PostedLine, type PostedLineRecord } from "~models/posted-line";
import { toBigInt, toCents } from "./records.server";

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
  /** The line's dollars, signed like its colones, and their rate (decision 282); absent: none. */
  dollars?: Amount;
  rate?: Amount;
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
  /** The same balances in dollars (Σ of the lines' dollars, debit positive). */
  openingDollars: Amount;
  closingDollars: Amount;
  count: number;
  page: number;
  pageSize: number;
  pageCount: number;
  rows: MovementRow[];
}

type Sums = Movement & { count: number; dollars: Amount };
const NONE: Sums = { debit: cents(0n), credit: cents(0n), count: 0, dollars: 0n };

function plus(a: Sums, b: Sums): Sums {
  return {
    debit: cents(a.debit + b.debit),
    credit: cents(a.credit + b.credit),
    count: a.count + b.count,
    dollars: a.dollars + b.dollars,
  };
}

function sums(row: { debit?: unknown; credit?: unknown; count?: unknown; dollars?: unknown } | undefined): Sums {
  return row
    ? {
        debit: toCents(row.debit),
        credit: toCents(row.credit),
        count: Number(row.count ?? 0),
        dollars: toBigInt(row.dollars),
      }
    : NONE;
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
  const leaves: string[] = await PeriodBalance.distinct("account", {
    organizationId,
    account: { $regex: `^${escapeRegex(prefix)}` },
  });
  return { $in: leaves.sort() };
}

type Accounts = string | { $in: string[] };

function sumLines(organizationId: string, accounts: Accounts, from: CalendarDate, to: CalendarDate): Promise<Sums> {
  return PostedLine.aggregate([
    { $match: { organizationId, account: accounts, date: { $gte: from, $lte: to } } },
    {
      $group: {
        _id: null,
        debit: { $sum: "$debit" },
        credit: { $sum: "$credit" },
        count: { $sum: 1 },
        dollars: { $sum: "$dollars" },
      },
    },
  ]).then((rows) => sums(rows[0]));
}

/** A stretch of the range whose sums are known: a whole month (period balances) or a cut one (lines). */
interface Segment extends Sums {
  from: CalendarDate;
  to: CalendarDate;
}

/**
 * The range `from`…`to` as month segments with their sums: whole months from the period balances, the
 * cut months at either end from the posted lines. Reads at most two months of lines, wherever the
 * range lies.
 */
async function segmentsOf(
  organizationId: string,
  accounts: Accounts,
  from: CalendarDate,
  to: CalendarDate,
): Promise<Segment[]> {
  if (from > to) return [];
  const [firstMonth, lastMonth] = [monthOf(from), monthOf(to)];
  const months: string[] = [];
  for (let month = firstMonth; month <= lastMonth; month = shiftMonth(month, 1)) months.push(month);
  const bounds = months.map((month) => {
    const start = month === firstMonth ? from : firstDayOfMonth(month);
    const end = month === lastMonth ? to : lastDayOfMonth(month);
    return { month, from: start, to: end, whole: start === firstDayOfMonth(month) && end === lastDayOfMonth(month) };
  });
  const whole = bounds.filter((bound) => bound.whole).map((bound) => bound.month);
  const [periods, ...cuts] = await Promise.all([
    whole.length === 0
      ? Promise.resolve([])
      : PeriodBalance.aggregate([
          { $match: { organizationId, account: accounts, period: { $gte: whole[0], $lte: whole[whole.length - 1] } } },
          {
            $group: {
              _id: "$period",
              debit: { $sum: "$debit" },
              credit: { $sum: "$credit" },
              count: { $sum: "$lineCount" },
              dollars: { $sum: "$dollars" },
            },
          },
        ]),
    ...bounds.filter((bound) => !bound.whole).map((bound) => sumLines(organizationId, accounts, bound.from, bound.to)),
  ]);
  const byPeriod = new Map(
    (periods as Array<{ _id: string; debit: unknown; credit: unknown; count: number; dollars?: unknown }>).map(
      (row) => [row._id, sums(row)],
    ),
  );
  let cut = 0;
  return bounds.map((bound) => ({
    from: bound.from,
    to: bound.to,
    ...(bound.whole ? (byPeriod.get(bound.month) ?? NONE) : (cuts[cut++] as Sums)),
  }));
}

/** Σ of the posted lines before `from` (the opening balance): the months before it and its month's first days. */
async function sumBefore(organizationId: string, accounts: Accounts, from: CalendarDate): Promise<Sums> {
  const month = monthOf(from);
  const [earlier, days] = await Promise.all([
    PeriodBalance.aggregate([
      { $match: { organizationId, account: accounts, period: { $lt: month } } },
      {
        $group: {
          _id: null,
          debit: { $sum: "$debit" },
          credit: { $sum: "$credit" },
          count: { $sum: "$lineCount" },
          dollars: { $sum: "$dollars" },
        },
      },
    ]).then((rows) => sums(rows[0])),
    from > firstDayOfMonth(month)
      ? sumLines(organizationId, accounts, firstDayOfMonth(month), addDays(from, -1))
      : Promise.resolve(NONE),
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
  const [opening, segments] = await Promise.all([
    sumBefore(organizationId, accounts, from),
    segmentsOf(organizationId, accounts, from, to),
  ]);
  const range = segments.reduce<Sums>(plus, NONE);
  const openingBalance = cents(opening.debit - opening.credit);
  const window = pageWindow(query.page ?? 1, query.pageSize ?? 50, range.count);

  // The month the page starts in, and what the range holds before that month.
  let before: Sums = NONE;
  let start: Segment | null = null;
  for (const segment of segments) {
    if (before.count + segment.count > window.offset) {
      start = segment;
      break;
    }
    before = plus(before, segment);
  }
  const within = window.offset - before.count;
  const filter = { organizationId, account: accounts, date: { $gte: start?.from ?? from, $lte: to } };
  const [page, earlierInMonth] = await Promise.all([
    start
      ? PostedLine.find(filter).sort(BOOK_ORDER).skip(within).limit(window.pageSize).lean<PostedLineRecord[]>()
      : Promise.resolve([]),
    // The month's lines before the page, in book order: bounded by one month whatever the page number.
    start && within > 0
      ? PostedLine.aggregate([
          { $match: { organizationId, account: accounts, date: { $gte: start.from, $lte: start.to } } },
          { $sort: BOOK_ORDER },
          { $limit: within },
          {
            $group: {
              _id: null,
              debit: { $sum: "$debit" },
              credit: { $sum: "$credit" },
              count: { $sum: 1 },
              dollars: { $sum: "$dollars" },
            },
          },
        ]).then((rows) => sums(rows[0]))
      : Promise.resolve(NONE),
  ]);
  const beforePage = plus(before, earlierInMonth);
  const rows = page.map((row) => ({
    entryId: String(row.entryId),
    number: row.number,
    date: row.date,
    description: row.description,
    account: row.account,
    lineDescription: row.lineDescription ?? "",
    debit: toCents(row.debit),
    credit: toCents(row.credit),
    ...(row.dollars ? { dollars: toBigInt(row.dollars) } : {}),
    ...(row.rate ? { rate: toBigInt(row.rate) } : {}),
  }));
  return {
    account,
    from,
    to,
    openingBalance,
    totalDebit: range.debit,
    totalCredit: range.credit,
    closingBalance: cents(openingBalance + range.debit - range.credit),
    openingDollars: opening.dollars,
    closingDollars: opening.dollars + range.dollars,
    count: range.count,
    page: window.page,
    pageSize: window.pageSize,
    pageCount: window.pageCount,
    rows: runningBalances(openingBalance, beforePage, rows),
  };
}
