import { firstDayOfMonth, lastDayOfMonth, monthOf, type CalendarDate } from "~/domain/calendar";
import { cents, type Amount, type Cents } from "~/domain/money";
import { OPENING_PERIOD, type BalanceRow } from "~/domain/reports";
import { Entry } from "~models/entry";
import { PeriodBalance } from "~models/period-balance";
import { PostedLine } from "~models/posted-line";
import { toBigInt } from "./records.server";

/**
 * The ledger's read API for the reports: sums of posted amounts per account, read from the period
 * balances (or, for a month a range cuts, from that month's posted entries per day). The reports
 * read the books only through these, never through the ledger's models (decision 216).
 */

interface Summed {
  _id: { account: string; period: string };
  debit: unknown;
  credit: unknown;
}

function balanceRows(summed: readonly Summed[]): BalanceRow[] {
  const rows: BalanceRow[] = [];
  for (const row of summed) {
    const debit = toBigInt(row.debit);
    const credit = toBigInt(row.credit);
    if (debit === 0n && credit === 0n) continue;
    rows.push({ account: row._id.account, period: row._id.period, debit: cents(debit), credit: cents(credit) });
  }
  return rows;
}

/** Every month before `since` (`YYYY-MM`) folded into one opening row per account. */
export async function openingBalanceSums(organizationId: string, since: string): Promise<BalanceRow[]> {
  const summed = await PeriodBalance.aggregate<Summed>([
    { $match: { organizationId, period: { $lt: since } } },
    {
      $group: {
        _id: { account: "$account", period: OPENING_PERIOD },
        debit: { $sum: "$debit" },
        credit: { $sum: "$credit" },
      },
    },
  ]);
  return balanceRows(summed);
}

/** One row per account and month from `since` to `until` (`YYYY-MM`, inclusive), but the months `except`. */
export async function monthlyBalanceSums(
  organizationId: string,
  since: string,
  until: string,
  except: readonly string[],
): Promise<BalanceRow[]> {
  const period: Record<string, unknown> = { $gte: since, $lte: until };
  if (except.length > 0) period.$nin = except;
  const summed = await PeriodBalance.aggregate<Summed>([
    { $match: { organizationId, period } },
    {
      $group: {
        _id: { account: "$account", period: "$period" },
        debit: { $sum: "$debit" },
        credit: { $sum: "$credit" },
      },
    },
  ]);
  return balanceRows(summed);
}

/** One row per account and day of the given months (`YYYY-MM`), from the posted entries' lines. */
export async function dailyPostedSums(organizationId: string, months: readonly string[]): Promise<BalanceRow[]> {
  if (months.length === 0) return [];
  const summed = await Entry.aggregate<Summed>([
    {
      $match: {
        organizationId,
        status: "contabilizado",
        $or: months.map((month) => ({ date: { $gte: firstDayOfMonth(month), $lte: lastDayOfMonth(month) } })),
      },
    },
    { $unwind: "$lines" },
    {
      $group: {
        _id: { account: "$lines.account", period: "$date" },
        debit: { $sum: "$lines.debit" },
        credit: { $sum: "$lines.credit" },
      },
    },
  ]);
  return balanceRows(summed);
}

/** An account's balance at the end of a day: colones (debit − credit) and dollars (debit positive). */
export interface AccountBalance {
  colones: Cents;
  dollars: Amount;
}

/**
 * The balances of the given leaf accounts at the end of `date` (decision 282): the period balances of
 * the months before its month, plus that month's posted lines up to the day (one month at most).
 */
export async function accountBalancesAt(
  organizationId: string,
  accounts: readonly string[],
  date: CalendarDate,
): Promise<Map<string, AccountBalance>> {
  const balances = new Map<string, AccountBalance>(
    accounts.map((account) => [account, { colones: cents(0n), dollars: 0n }]),
  );
  if (accounts.length === 0) return balances;
  const month = monthOf(date);
  const group = {
    $group: {
      _id: "$account",
      debit: { $sum: "$debit" },
      credit: { $sum: "$credit" },
      dollars: { $sum: "$dollars" },
    },
  };
  const [earlier, days] = await Promise.all([
    PeriodBalance.aggregate<SummedAccount>([
      { $match: { organizationId, account: { $in: [...accounts] }, period: { $lt: month } } },
      group,
    ]),
    PostedLine.aggregate<SummedAccount>([
      {
        $match: { organizationId, account: { $in: [...accounts] }, date: { $gte: firstDayOfMonth(month), $lte: date } },
      },
      group,
    ]),
  ]);
  for (const row of [...earlier, ...days]) {
    const balance = balances.get(row._id)!;
    balance.colones = cents(balance.colones + toBigInt(row.debit) - toBigInt(row.credit));
    balance.dollars += toBigInt(row.dollars);
  }
  return balances;
}

interface SummedAccount {
  _id: string;
  debit: unknown;
  credit: unknown;
  dollars: unknown;
}
