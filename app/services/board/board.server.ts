import { calendarDateOf, shiftMonth, type MonthKey } from "~/domain/calendar";
import {
  countNegativeCashOrBank,
  countUnclassifiedAccounts,
  emptyCheckCounts,
  unclassifiedBalance,
  type AccountBalance,
} from "~/domain/board/checks";
import { ivaDueDate, receptorAnswerDeadline } from "~/domain/board/deadlines";
import type { BoardRow } from "~/domain/board/row";
import { toCedula } from "~/domain/organization-id";
import type { BoardMonthFigures } from "~models/board-month-summary";
import { boardMonths } from "./month-summaries.server";
import { partialPaymentsFor } from "./partial-payments.server";

/**
 * The practice board: each client's month from its kept summary (decision 265) — the figures of its
 * receipts, bookings, sending queue and the previous month's IVA declaration, and the balances of 70
 * and of cash and banks (decision 303) — and the next pago parcial from the income-tax schedule's
 * memory (decision 264), each read for all the organizations at once.
 */

export interface BoardOrganization {
  id: string;
  name: string;
  responsible?: { id: string; email: string } | null;
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
  const [months, partialPayments] = await Promise.all([
    boardMonths(ids, month),
    partialPaymentsFor(ids, Number(month.slice(0, 4)), now),
  ]);
  const rows = new Map(organizations.map((organization) => [organization.id, emptyRow(organization, month)]));
  const at = (id: string) => rows.get(id);
  for (const [org, kept] of months) {
    const row = at(org);
    if (!row) continue;
    applyMonthFigures(row, kept.figures);
    applyBalances(row, kept.balances);
    row.iva.state = kept.iva.state;
    row.iva.amount = kept.iva.amount;
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
