import { formatCalendarDate, todayInCostaRica, type CalendarDate } from "~/domain/calendar";
import { centsToAmount, formatMoney, formatMoneyInput, type Cents } from "~/domain/money";
import {
  AGING_BUCKETS,
  ITEM_STATE_LABELS,
  STATEMENT_LINE_LABELS,
  bucketOf,
  readAgingQuery,
  readStatementQuery,
  type AgingPageView,
  type PartyPageView,
  type Side,
} from "~/domain/open-items";
import { formatReportAmount } from "~/domain/reports";
import { formatRate } from "~/domain/exchange-rates";
import { getDefaultAccounts } from "~/services/default-accounts/default-accounts.server";
import { AGING_PAGE_SIZE, agingView } from "./aging.server";
import { partyView, type PartyView } from "./reads.server";
import { statementMailLog } from "./statement-mail-log.server";

const money = (value: bigint) => formatReportAmount(value);

/** /receivables and /payables as the page shows them (texts, no bigints). */
export async function agingPage(
  organizationId: string,
  side: Side,
  search: URLSearchParams,
  now = new Date(),
): Promise<AgingPageView> {
  const today = todayInCostaRica(now);
  const query = readAgingQuery(search, today);
  const view = await agingView(organizationId, side, query.at, query.page);
  const { agreement } = view;
  return {
    at: query.at,
    atText: formatCalendarDate(query.at),
    messages: query.messages,
    page: view.page,
    pageCount: view.pageCount,
    partyCount: view.partyCount,
    pageSize: AGING_PAGE_SIZE,
    rows: view.parties.map((party) => ({
      partyId: party.partyId,
      nombre: party.nombre,
      cedula: party.cedula,
      buckets: AGING_BUCKETS.map((bucket) => money(party.aging[bucket])),
      total: money(party.aging.total),
      openCount: party.openCount,
    })),
    totals: { buckets: AGING_BUCKETS.map((bucket) => money(view.totals[bucket])), total: money(view.totals.total) },
    agreement: {
      controlAccount: agreement.controlAccount,
      control: money(agreement.control),
      items: money(agreement.items),
      agrees: agreement.difference === 0n,
      difference: money(agreement.difference),
      unbooked: agreement.unbooked === 0n ? null : money(agreement.unbooked),
      unbookedCount: agreement.unbookedCount,
      rejected: agreement.rejected === 0n ? null : money(agreement.rejected),
      rejectedCount: agreement.rejectedCount,
      other: agreement.other === 0n ? null : money(agreement.other),
      opening: agreement.opening === 0n ? null : money(agreement.opening),
      openingCount: agreement.openingCount,
    },
  };
}

function inputAmount(value: Cents): string {
  return formatMoneyInput(centsToAmount(value));
}

function pageOf(view: PartyView, at: CalendarDate) {
  return {
    party: {
      id: String(view.party._id),
      nombre: view.party.nombre,
      cedula: view.party.cedula,
      correo: view.party.correo ?? null,
      paymentTermDays: view.party.paymentTermDays ?? null,
      salesAccount: view.party.salesAccount ?? null,
      purchaseAccount: view.party.purchaseAccount ?? null,
      notes: view.party.notes ?? null,
    },
    from: view.from,
    to: view.to,
    periodText: `del ${formatCalendarDate(view.from)} al ${formatCalendarDate(view.to)}`,
    statement: {
      opening: money(view.statement.opening),
      closing: money(view.statement.closing),
      truncated: view.statement.truncated,
      lines: view.statement.lines.map((line) => ({
        date: formatCalendarDate(line.date),
        kind: STATEMENT_LINE_LABELS[line.kind],
        description: line.description,
        charge: line.charge === 0n ? "" : money(line.charge),
        payment: line.payment === 0n ? "" : money(line.payment),
        balance: money(line.balance),
      })),
    },
    items: view.items.map((item) => ({
      id: item.id,
      label: item.label,
      fecha: formatCalendarDate(item.fecha as CalendarDate),
      dueDate: formatCalendarDate(item.dueDate as CalendarDate),
      overdue: item.balance > 0n && bucketOf(item.dueDate as CalendarDate, at) !== "current",
      currency: item.currency,
      amount: money(item.amount),
      balance: money(item.balance),
      dollars: item.dollarsOpen === undefined ? null : formatMoney(item.dollarsOpen, "USD"),
      // A document in dollars is applied in dollars (decision 299).
      balanceInput:
        item.balance <= 0n
          ? null
          : item.dollarsOpen === undefined
            ? inputAmount(item.balance)
            : item.dollarsOpen > 0n
              ? formatMoneyInput(item.dollarsOpen)
              : null,
      state: ITEM_STATE_LABELS[item.state],
      settledAtIssue: item.settledAtIssue,
      movements: item.movements.map((movement) => ({
        date: formatCalendarDate(movement.date as CalendarDate),
        what: movement.reversal
          ? "Reversión"
          : movement.kind === "nota"
            ? "Nota de crédito"
            : movement.kind === "cobro"
              ? "Cobro"
              : "Pago",
        amount: money(-movement.delta),
      })),
    })),
    reps: view.reps.map((rep) => ({
      clave: rep.clave,
      label: `REP ${rep.consecutivo}`,
      date: formatCalendarDate(rep.date),
      isoDate: rep.date,
      amount: money(rep.amount),
      applications: rep.applications.map((application) => ({
        itemId: application.itemId,
        label: application.label,
        amount: money(application.amount),
        amountInput: inputAmount(application.amount),
      })),
    })),
    settlements: view.settlements.map((settlement) => ({
      id: settlement.id,
      date: formatCalendarDate(settlement.date as CalendarDate),
      isoDate: settlement.date,
      applied: money(settlement.applied),
      received: settlement.received === undefined ? null : money(settlement.received),
      entryNumber: settlement.entryNumber ?? null,
      reversedOn: settlement.reversedOn ? formatCalendarDate(settlement.reversedOn as CalendarDate) : null,
      reversalEntryNumber: settlement.reversalEntryNumber ?? null,
      reference: settlement.reference ?? null,
      dollars:
        settlement.dollars === undefined || settlement.rate === undefined
          ? null
          : `${formatMoney(settlement.dollars, "USD")} a ${formatRate(settlement.rate)}`,
    })),
  };
}

/** /receivables/:partyId and /payables/:partyId; null when the organization has no such counterparty on that side. */
export async function partyPage(
  organizationId: string,
  side: Side,
  partyId: string,
  search: URLSearchParams,
  now = new Date(),
): Promise<PartyPageView | null> {
  const today = todayInCostaRica(now);
  const query = readStatementQuery(search, today);
  const view = await partyView(organizationId, side, partyId, query.from, query.to);
  if (!view) return null;
  const [accounts, mails] = await Promise.all([
    getDefaultAccounts(organizationId),
    statementMailLog(organizationId, partyId),
  ]);
  return {
    ...pageOf(view, query.to),
    messages: query.messages,
    today,
    defaultMoneyAccount: accounts.cash ?? null,
    mails,
  };
}

/** The statement a file export needs, or null when the counterparty is not found. */
export async function statementForExport(organizationId: string, side: Side, partyId: string, search: URLSearchParams) {
  const query = readStatementQuery(search, todayInCostaRica(new Date()));
  return partyView(organizationId, side, partyId, query.from, query.to);
}
