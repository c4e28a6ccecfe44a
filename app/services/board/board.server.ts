import { calendarDateOf, shiftMonth, type MonthKey } from "~/domain/calendar";
import {
  CASH_AND_BANK_PREFIX,
  countNegativeCashOrBank,
  countUnclassifiedAccounts,
  emptyCheckCounts,
  UNCLASSIFIED_PREFIX,
  unclassifiedBalance,
  type AccountBalance,
} from "~/domain/board/checks";
import { ivaDueDate, receptorAnswerDeadline } from "~/domain/board/deadlines";
import type { BoardRow } from "~/domain/board/row";
import { toCedula } from "~/domain/organization-id";
import type { BoardMonthFigures } from "~models/board-month-summary";
import { balancesUnder } from "~/services/ledger/board-reads.server";
import { ivaStatusesOf } from "./iva-status.server";
import { boardMonthFigures } from "./month-summaries.server";
import { partialPaymentsFor } from "./partial-payments.server";

/**
 * The practice board: the figures of each client's month that come from its receipts, bookings and
 * sending queue from the kept month summaries (decision 265); the balances of 70 and of cash and banks
 * from the period balances, the previous month's IVA from its declaration and the next pago parcial
 * from the income-tax schedule, each read for all the organizations at once (decision 220).
 */

export interface BoardOrganization {
  id: string;
  name: string;
  responsible?: { id: string; email: string } | null;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  }
  return map;
}

export function emptyRow(organization: BoardOrganization, month: MonthKey): BoardRow {
  const ivaMonth = shiftMonth(month, -1);
  return {
    organizationId: organization.id,
    cedula: toCedula(organization.id),
    name: organization.name,
    responsible: organization.responsible ?? null,
    received: 0,
    issued: 0,
    notBooked: 0,
    pendingAnswers: 0,
    nearestAnswerDeadline: null,
    iva: { month: ivaMonth, state: "sin-declarar", amount: null, dueDate: ivaDueDate(ivaMonth) },
    unclassified: "0",
    rejected: 0,
    stuck: 0,
    lastImportAt: null,
    partialPayment: { kind: "none", year: Number(month.slice(0, 4)) },
    checks: emptyCheckCounts(),
  };
}

/** One row per organization, in the order given (the route sorts by attention). */
export async function loadBoard(
  organizations: readonly BoardOrganization[],
  month: MonthKey,
  now: Date = new Date(),
): Promise<BoardRow[]> {
  const ids = organizations.map((organization) => organization.id);
  if (ids.length === 0) return [];
  const ivaMonth = shiftMonth(month, -1);
  const [figures, balances, iva, partialPayments] = await Promise.all([
    boardMonthFigures(ids, month),
    balancesUnder(ids, month, [UNCLASSIFIED_PREFIX, CASH_AND_BANK_PREFIX]),
    ivaStatusesOf(ids, ivaMonth),
    partialPaymentsFor(ids, Number(month.slice(0, 4)), now),
  ]);
  const rows = new Map(organizations.map((organization) => [organization.id, emptyRow(organization, month)]));
  const at = (id: string) => rows.get(id);
  for (const [org, summary] of figures) {
    const row = at(org);
    if (row) applyMonthFigures(row, summary);
  }
  for (const [org, list] of groupBy(balances, (balance) => balance.organizationId)) {
    const row = at(org);
    if (!row) continue;
    applyBalances(row, list);
  }
  for (const [org, status] of iva) {
    const row = at(org);
    if (!row) continue;
    row.iva.state = status.state;
    row.iva.amount = status.amount === null ? null : String(status.amount);
  }
  for (const [org, payment] of partialPayments) {
    const row = at(org);
    if (row) row.partialPayment = payment;
  }
  return [...rows.values()];
}

export function applyMonthFigures(row: BoardRow, figures: BoardMonthFigures): void {
  row.received = figures.received;
  row.issued = figures.issued;
  row.notBooked = figures.received + figures.issued - figures.booked;
  row.pendingAnswers = figures.pendingAnswers;
  row.nearestAnswerDeadline = figures.earliestPending
    ? receptorAnswerDeadline(calendarDateOf(new Date(figures.earliestPending)))
    : null;
  row.checks.arithmetic = figures.warned;
  row.checks.duplicates = figures.duplicates;
  row.checks.invalidSupplierId = figures.invalidSupplierIds;
  row.rejected = figures.rejected;
  row.stuck = figures.stuck;
  row.lastImportAt = figures.lastImportAt ? new Date(figures.lastImportAt).toISOString() : null;
}

export function applyBalances(row: BoardRow, balances: readonly AccountBalance[]): void {
  row.unclassified = String(unclassifiedBalance(balances));
  row.checks.unclassified = countUnclassifiedAccounts(balances);
  row.checks.negativeCash = countNegativeCashOrBank(balances);
}
