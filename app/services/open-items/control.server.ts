import { monthOf, type CalendarDate } from "~/domain/calendar";
import { cents, type Cents } from "~/domain/money";
import type { Side } from "~/domain/open-items";
import { dailyPostedSums, openingBalanceSums } from "~/services/ledger/ledger.server";

/**
 * The control account's balance at the end of `at`, on the side's natural sign (clientes debit,
 * proveedores credit): the months before from the period balances, the days of `at`'s month from
 * its posted entries.
 */
export async function controlBalanceAt(
  organizationId: string,
  side: Side,
  account: string,
  at: CalendarDate,
): Promise<Cents> {
  const month = monthOf(at);
  const [opening, days] = await Promise.all([
    openingBalanceSums(organizationId, month),
    dailyPostedSums(organizationId, [month]),
  ]);
  let debitMinusCredit = 0n;
  for (const row of opening) if (row.account === account) debitMinusCredit += row.debit - row.credit;
  for (const row of days) if (row.account === account && row.period <= at) debitMinusCredit += row.debit - row.credit;
  return cents(side === "receivable" ? debitMinusCredit : -debitMinusCredit);
}
