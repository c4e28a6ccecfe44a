/**
 * The open documents in dollars at a month's end, per control account (decision 300): each document's
 * open dollars and colones at the last day (replayed from its settlements), revalued at the closing
 * rate, and what earlier months' revaluations left standing on the control account.
 */
import { addDays, firstDayOfMonth, lastDayOfMonth, type CalendarDate, type MonthKey } from "~/domain/calendar";
import {
  dollarsAtDay,
  dollarsFromColones,
  revalueItems,
  type ControlRevaluation,
  type DollarItemAtMonthEnd,
} from "~/domain/exchange-rates";
import { cents, type Amount, type Cents } from "~/domain/money";
import { bookRateOf, dollarsOpenOf, type Side } from "~/domain/open-items";
import { getDefaultAccounts } from "~/services/default-accounts/default-accounts.server";
import { sourceTotalsBetween } from "~/services/ledger/ledger.server";
import { balancesAt } from "~/services/open-items/reads.server";
import { itemLabel } from "~/services/open-items/payments.server";
import { listCounterparties } from "~models/counterparty";

/** Before any month the app books: where the standing revaluations are summed from. */
const BEGINNING = "1900-01-01";

async function sideItems(
  organizationId: string,
  side: Side,
  control: string,
  last: CalendarDate,
): Promise<DollarItemAtMonthEnd[]> {
  const { settlements, balances } = await balancesAt(organizationId, side, last);
  const linesOf = new Map<string, { foreignDelta?: bigint; date: string; reversedOn?: string }[]>();
  for (const settlement of settlements)
    for (const line of settlement.lines) {
      const id = String(line.itemId);
      linesOf.set(id, [
        ...(linesOf.get(id) ?? []),
        {
          date: settlement.date,
          ...(line.foreignDelta === undefined ? {} : { foreignDelta: line.foreignDelta }),
          ...(settlement.reversedOn ? { reversedOn: settlement.reversedOn } : {}),
        },
      ]);
    }
  const open = balances.filter(
    ({ item, balance }) => item.currency === "USD" && item.fecha <= last && balance !== 0n && !item.settledAtIssue,
  );
  if (open.length === 0) return [];
  const partyIds = [...new Map(open.map(({ item }) => [String(item.partyId), item.partyId])).values()];
  const names = new Map(
    (await listCounterparties(organizationId, partyIds)).map((party) => [String(party._id), party.nombre]),
  );
  // A payable is a credit of proveedores: signed debit positive like the account.
  const sign = side === "receivable" ? 1n : -1n;
  return open.map(({ item, balance }) => {
    const dollars: Amount =
      dollarsAtDay(dollarsOpenOf(item), linesOf.get(String(item._id)) ?? [], last) ??
      dollarsFromColones(balance, bookRateOf(item));
    return {
      itemId: String(item._id),
      partyName: names.get(String(item.partyId)) ?? "",
      label: itemLabel(item),
      control,
      dollars: dollars * sign,
      colones: cents(balance * sign),
    };
  });
}

export async function openItemsRevaluation(
  organizationId: string,
  month: MonthKey,
  rateOf: (account: string) => Amount,
): Promise<ControlRevaluation[]> {
  const last = lastDayOfMonth(month);
  const accounts = await getDefaultAccounts(organizationId);
  const [receivables, payables, standing] = await Promise.all([
    sideItems(organizationId, "receivable", accounts.receivable, last),
    sideItems(organizationId, "payable", accounts.payable, last),
    sourceTotalsBetween(organizationId, { kind: "diferencial" }, BEGINNING, addDays(firstDayOfMonth(month), -1)),
  ]);
  const prior = new Map<string, Cents>();
  for (const account of [accounts.receivable, accounts.payable]) {
    const total = standing.get(account);
    if (total && total.debit !== total.credit) prior.set(account, cents(total.debit - total.credit));
  }
  return revalueItems([...receivables, ...payables], rateOf, prior);
}
