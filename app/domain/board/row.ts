import { compareDates, type CalendarDate, type MonthKey } from "../calendar";
import { searchDigits, searchText } from "../text";
import type { CheckCounts } from "./checks";
import { deadlineState, type DeadlineState } from "./deadlines";
import { partialPaymentDeadline, type BoardPartialPayment } from "./partial-payments";

/**
 * One client's line on the board for a month. Amounts are céntimos as decimal strings (JSON carries
 * no bigint); dates are Costa Rica calendar days.
 */

/**
 * The previous month's IVA as the IVA page states it: no standing declaration, declared, or declared
 * and out of date (the return changed since: it needs «Rectificar»).
 */
export type IvaState = "sin-declarar" | "declarado" | "desactualizado";

export const IVA_STATE_LABELS: Record<IvaState, string> = {
  "sin-declarar": "Sin declarar",
  declarado: "Declarado",
  desactualizado: "Declaración desactualizada",
};

export interface BoardIva {
  month: MonthKey;
  state: IvaState;
  /** Declared: positive to pay, negative saldo a favor; null while not declared. */
  amount: string | null;
  dueDate: CalendarDate;
}

export interface BoardRow {
  organizationId: string;
  cedula: string;
  name: string;
  /** Who keeps the client's books: the user's id and e-mail, or null. */
  responsible: { id: string; email: string } | null;
  received: number;
  issued: number;
  notBooked: number;
  pendingAnswers: number;
  nearestAnswerDeadline: CalendarDate | null;
  iva: BoardIva;
  /** Σ debit − Σ credit of 70 Por clasificar at the month's end, céntimos. */
  unclassified: string;
  rejected: number;
  stuck: number;
  lastImportAt: string | null;
  /** The income-tax pagos parciales of the month's year: the next cuota pending. */
  partialPayment: BoardPartialPayment;
  checks: CheckCounts;
  /**
   * Whether the figures are there: "pending" while the client's month is being built in the
   * background, "failed" when its build failed (tried again later); the row then shows none.
   */
  calculation: "done" | "pending" | "failed";
}

export type AttentionLevel = "overdue" | "soon" | "pending" | "clear" | "calculating" | "failed";

export const ATTENTION_LABELS: Record<AttentionLevel, string> = {
  overdue: "Vencido",
  soon: "Vence pronto",
  pending: "Con pendientes",
  clear: "Al día",
  calculating: "Calculando…",
  failed: "Sin calcular",
};

const RANK: Record<AttentionLevel, number> = { overdue: 0, soon: 1, pending: 2, clear: 3, calculating: 4, failed: 4 };

const IVA_DONE: ReadonlySet<IvaState> = new Set(["declarado"]);

function worst(states: DeadlineState[]): DeadlineState | null {
  if (states.includes("overdue")) return "overdue";
  if (states.includes("soon")) return "soon";
  return states.length > 0 ? "later" : null;
}

/** Anything the accountant still has to do for the client in the month. */
export function hasPending(row: BoardRow): boolean {
  // Not known yet: kept under «solo con pendientes» rather than hidden as if clear.
  if (row.calculation !== "done") return true;
  const checks = Object.values(row.checks).some((count) => count > 0);
  return (
    row.notBooked > 0 ||
    row.pendingAnswers > 0 ||
    !IVA_DONE.has(row.iva.state) ||
    BigInt(row.unclassified) !== 0n ||
    row.rejected > 0 ||
    row.stuck > 0 ||
    (row.partialPayment.kind === "cuota" && row.partialPayment.state === "vencida") ||
    checks
  );
}

/** Overdue when a deadline passed, due soon when one is near, else pending or clear. */
export function attentionOf(row: BoardRow, today: CalendarDate): AttentionLevel {
  if (row.calculation === "pending") return "calculating";
  if (row.calculation === "failed") return "failed";
  const states: DeadlineState[] = [];
  if (row.pendingAnswers > 0 && row.nearestAnswerDeadline) states.push(deadlineState(row.nearestAnswerDeadline, today));
  if (!IVA_DONE.has(row.iva.state)) states.push(deadlineState(row.iva.dueDate, today));
  const cuota = partialPaymentDeadline(row.partialPayment);
  if (cuota) states.push(deadlineState(cuota, today));
  const state = worst(states);
  if (state === "overdue") return "overdue";
  if (state === "soon") return "soon";
  return hasPending(row) ? "pending" : "clear";
}

function earliestDeadline(row: BoardRow): CalendarDate | null {
  const dates: CalendarDate[] = [];
  if (row.pendingAnswers > 0 && row.nearestAnswerDeadline) dates.push(row.nearestAnswerDeadline);
  if (!IVA_DONE.has(row.iva.state)) dates.push(row.iva.dueDate);
  const cuota = partialPaymentDeadline(row.partialPayment);
  if (cuota) dates.push(cuota);
  return dates.sort(compareDates)[0] ?? null;
}

/**
 * «Requiere atención»: overdue first, then due soon, then pending, then clear, then the clients still
 * being calculated; earliest deadline, then name.
 */
export function sortByAttention(rows: readonly BoardRow[], today: CalendarDate): BoardRow[] {
  const keyed = rows.map((row) => ({ row, rank: RANK[attentionOf(row, today)], deadline: earliestDeadline(row) }));
  keyed.sort((a, b) => {
    if (a.rank !== b.rank) return a.rank - b.rank;
    if (a.deadline && b.deadline && a.deadline !== b.deadline) return compareDates(a.deadline, b.deadline);
    if (a.deadline && !b.deadline) return -1;
    if (!a.deadline && b.deadline) return 1;
    return a.row.name.localeCompare(b.row.name, "es");
  });
  return keyed.map(({ row }) => row);
}

export const BOARD_SEARCH_MAX = 100;

/** By name (accents and case ignored) or by cédula (digits only, anywhere in it). */
export function matchesSearch(row: Pick<BoardRow, "name" | "cedula">, query: string): boolean {
  const text = searchText(query.slice(0, BOARD_SEARCH_MAX));
  if (text === "") return true;
  const digits = searchDigits(query.slice(0, BOARD_SEARCH_MAX));
  if (digits !== "") return row.cedula.includes(digits);
  return searchText(row.name).includes(text);
}
