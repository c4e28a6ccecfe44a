import { firstDayOfMonth, lastDayOfMonth } from "~/domain/calendar";
import { cents } from "~/domain/money";
import {
  OPENING_PERIOD,
  monthsNeedingDays,
  type BalanceRow,
  type DateRange,
  type ReportBalances,
} from "~/domain/reports";
import { Entry } from "~models/entry";
import { PeriodBalance } from "~models/period-balance";
import { toBigInt } from "../ledger/records.server";

interface Summed {
  _id: { account: string; period: string };
  debit: unknown;
  credit: unknown;
}

/**
 * The balances the reports of these ranges need, read from the period balances in one aggregate:
 * every month before the earliest range folded into one opening row per account, the months in
 * between one row each. Only a month that a range boundary cuts (a from/to inside a month) is read
 * from that month's posted lines, per day.
 */
export async function readReportBalances(
  organizationId: string,
  ranges: readonly DateRange[],
): Promise<ReportBalances> {
  const since = ranges.map((range) => range.from.slice(0, 7)).sort()[0];
  const until = ranges
    .map((range) => range.to.slice(0, 7))
    .sort()
    .at(-1)!;
  const byDay = monthsNeedingDays(ranges);
  const period: Record<string, unknown> = { $lte: until };
  if (byDay.length > 0) period.$nin = byDay;
  const monthly = PeriodBalance.aggregate<Summed>([
    { $match: { organizationId, period } },
    {
      $group: {
        _id: { account: "$account", period: { $cond: [{ $lt: ["$period", since] }, OPENING_PERIOD, "$period"] } },
        debit: { $sum: "$debit" },
        credit: { $sum: "$credit" },
      },
    },
  ]);
  const daily =
    byDay.length === 0
      ? Promise.resolve([] as Summed[])
      : Entry.aggregate<Summed>([
          {
            $match: {
              organizationId,
              status: "contabilizado",
              $or: byDay.map((month) => ({ date: { $gte: firstDayOfMonth(month), $lte: lastDayOfMonth(month) } })),
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
  const rows: BalanceRow[] = [];
  for (const row of [...(await monthly), ...(await daily)]) {
    const debit = toBigInt(row.debit);
    const credit = toBigInt(row.credit);
    if (debit === 0n && credit === 0n) continue;
    rows.push({ account: row._id.account, period: row._id.period, debit: cents(debit), credit: cents(credit) });
  }
  return { since, rows };
}
