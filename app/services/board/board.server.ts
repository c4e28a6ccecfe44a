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
import {
  buildClients,
  buildFailure,
  buildInBackground,
  buildUnderLease,
  CLIENTS_PER_BUILD,
  type BuiltClient,
} from "./board-builds.server";
import { keptBoardMonths } from "./month-summaries.server";
import { boardPartialPayment, keptPartialPaymentInputs } from "./partial-payments.server";

/**
 * The practice board: each client's month from its kept summary (decision 265) — the figures of its
 * receipts, bookings, sending queue and the previous month's IVA declaration, and the balances of 70
 * and of cash and banks (decision 303) — and the next pago parcial from the income-tax schedule's
 * kept inputs (decisions 310 and 312), each read for all the organizations at once. What is not kept
 * is built within a budget and in the background (decision 311).
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
    calculation: "done",
  };
}

/**
 * How much building a request may do before it answers: at most `clients` clients and, once `ms` have
 * passed, no further batch (the first batch always); the rest are built in the background and shown as «Calculando…»
 * (decision 311). Without a budget the board builds every client before answering.
 */
export interface BoardBudget {
  clients?: number;
  ms?: number;
}

/** The page's: about a second of building, then the accountant sees the board and it refreshes. */
export const BOARD_PAGE_BUDGET: BoardBudget = { ms: 1_000 };

/** An export waits longer for the clients it builds; any left are exported as not calculated. */
export const BOARD_EXPORT_BUDGET: BoardBudget = { ms: 10_000 };

function applyBuilt(row: BoardRow, built: BuiltClient): void {
  applyMonthFigures(row, built.month.figures);
  applyBalances(row, built.month.balances);
  row.iva.state = built.month.iva.state;
  row.iva.amount = built.month.iva.amount;
  row.partialPayment = built.partialPayment;
}

/** One row per organization, in the order given (the route sorts by attention). */
export async function loadBoard(
  organizations: readonly BoardOrganization[],
  month: MonthKey,
  now: Date = new Date(),
  budget: BoardBudget = {},
): Promise<BoardRow[]> {
  const started = performance.now();
  const ids = organizations.map((organization) => organization.id);
  if (ids.length === 0) return [];
  const year = Number(month.slice(0, 4));
  const [months, payments] = await Promise.all([keptBoardMonths(ids, month), keptPartialPaymentInputs(ids, year)]);
  const built = new Map<string, BuiltClient>();
  for (const id of ids) {
    const kept = months.get(id);
    const inputs = payments.known.get(id);
    if (kept && inputs) built.set(id, { month: kept, partialPayment: boardPartialPayment(year, inputs, now) });
  }
  const missing = ids.filter((id) => !built.has(id));
  if (budget.clients === undefined && budget.ms === undefined) {
    for (const [id, client] of await buildClients(missing, month, now)) built.set(id, client);
    return organizations.map((organization) => {
      const row = emptyRow(organization, month);
      applyBuilt(row, built.get(organization.id)!);
      return row;
    });
  }
  // A client whose build failed a moment ago waits for its retry instead of failing every request.
  const waiting = new Set(missing.filter((id) => buildFailure(id, month)?.retryable === false));
  const buildable = missing.filter((id) => !waiting.has(id));
  const inline = buildable.slice(0, budget.clients ?? buildable.length);
  // One client first, then batches that double up to the grouped reads' size: a client at a real
  // practice's size takes about a second alone, while small ones cost little more in a batch.
  for (let next = 0, size = 1; next < inline.length; next += size, size = Math.min(size * 2, CLIENTS_PER_BUILD)) {
    // The first batch always: every request moves the board forward, however slow its reads were.
    if (next > 0 && budget.ms !== undefined && performance.now() - started >= budget.ms) break;
    await buildUnderLease(inline.slice(next, next + size), month, now).then(
      (clients) => clients.forEach((client, id) => built.set(id, client)),
      // The background builds them one by one and records which one fails.
      () => undefined,
    );
  }
  buildInBackground(
    buildable.filter((id) => !built.has(id)),
    month,
  );

  return organizations.map((organization) => {
    const row = emptyRow(organization, month);
    const client = built.get(organization.id);
    if (client) applyBuilt(row, client);
    else row.calculation = waiting.has(organization.id) ? "failed" : "pending";
    return row;
  });
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
