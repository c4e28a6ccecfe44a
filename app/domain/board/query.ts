import {
  compareDates,
  currentMonth,
  formatCalendarDate,
  formatDateTime,
  monthLabel,
  parseMonth,
  shiftMonth,
  type CalendarDate,
  type MonthKey,
} from "../calendar";
import { cents, centsToAmount, formatColones } from "../money";
import { CHECK_KEYS, CHECK_LABELS } from "./checks";
import { partialPaymentLabel } from "./partial-payments";
import {
  ATTENTION_LABELS,
  attentionOf,
  BOARD_SEARCH_MAX,
  hasPending,
  IVA_STATE_LABELS,
  matchesSearch,
  sortByAttention,
  type AttentionLevel,
  type BoardRow,
} from "./row";

/** The first month the board shows: the first year of the holiday calendar (docs/domain/business-days.md §2). */
export const BOARD_FIRST_MONTH = "2025-01";

export interface BoardQuery {
  month: MonthKey;
  search: string;
  pendingOnly: boolean;
  /** A responsible's user id, NO_RESPONSIBLE for clients without one, or "" for everyone. */
  responsible: string;
}

/** The responsible filter's value for the clients nobody is responsible for. */
export const NO_RESPONSIBLE = "ninguno";

function readResponsible(value: string | null): string {
  if (value === NO_RESPONSIBLE) return NO_RESPONSIBLE;
  return value !== null && /^[0-9a-f]{24}$/.test(value) ? value : "";
}

/** The month is clamped to [January 2025, the current month]; the search is cut at 100 characters. */
export function readBoardQuery(params: URLSearchParams, now: Date): BoardQuery {
  const latest = currentMonth(now);
  const asked = parseMonth(params.get("month")) ?? latest;
  const month = asked < BOARD_FIRST_MONTH ? BOARD_FIRST_MONTH : asked > latest ? latest : asked;
  return {
    month,
    search: (params.get("q") ?? "").slice(0, BOARD_SEARCH_MAX).trim(),
    pendingOnly: params.get("pendientes") === "1",
    responsible: readResponsible(params.get("responsable")),
  };
}

export function boardMonthLinks(month: MonthKey, now: Date): { previous: MonthKey | null; next: MonthKey | null } {
  const latest = currentMonth(now);
  return {
    previous: month > BOARD_FIRST_MONTH ? shiftMonth(month, -1) : null,
    next: month < latest ? shiftMonth(month, 1) : null,
  };
}

export interface BoardView {
  rows: Array<BoardRow & { attention: AttentionLevel }>;
  total: number;
  /** Clients of the board (filtered or not) whose month is still being built, and those whose build failed. */
  calculating: number;
  failed: number;
  /** The responsibles of the clients on the board, by e-mail: the filter's choices. */
  responsibles: Array<{ id: string; email: string }>;
}

function matchesResponsible(row: BoardRow, responsible: string): boolean {
  if (responsible === "") return true;
  if (responsible === NO_RESPONSIBLE) return row.responsible === null;
  return row.responsible?.id === responsible;
}

/** Sorted by attention, then filtered by «solo con pendientes» and the search. */
export function boardView(rows: readonly BoardRow[], query: BoardQuery, today: CalendarDate): BoardView {
  const shown = sortByAttention(rows, today)
    .filter((row) => !query.pendingOnly || hasPending(row))
    .filter((row) => matchesSearch(row, query.search))
    .filter((row) => matchesResponsible(row, query.responsible))
    .map((row) => ({ ...row, attention: attentionOf(row, today) }));
  const responsibles = new Map<string, string>();
  for (const row of rows) if (row.responsible) responsibles.set(row.responsible.id, row.responsible.email);
  return {
    rows: shown,
    total: rows.length,
    calculating: rows.filter((row) => row.calculation === "pending").length,
    failed: rows.filter((row) => row.calculation === "failed").length,
    responsibles: [...responsibles]
      .map(([id, email]) => ({ id, email }))
      .sort((a, b) => a.email.localeCompare(b.email, "es")),
  };
}

export const colones = (centsText: string) => formatColones(centsToAmount(cents(BigInt(centsText))));

/** «₡1 000,00 a pagar», «₡500,00 a favor», «—». */
export function ivaAmountLabel(amount: string | null): string {
  if (amount === null) return "—";
  const value = BigInt(amount);
  if (value < 0n) return `${colones(String(-value))} a favor`;
  return `${colones(amount)} a pagar`;
}

export function deadlineLabel(date: CalendarDate | null, today: CalendarDate): string {
  if (!date) return "—";
  return compareDates(date, today) < 0
    ? `vencido el ${formatCalendarDate(date)}`
    : `vence el ${formatCalendarDate(date)}`;
}

export interface BoardExportColumn {
  header: string;
  /** Who the client is: exported also for a client whose figures are not calculated yet. */
  identity?: true;
  /** "number" cells are plain integers or decimals a spreadsheet reads as numbers. */
  type: "text" | "number";
  value(row: BoardRow & { attention: AttentionLevel }): string;
}

const centsDecimal = (text: string) => {
  const value = BigInt(text);
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
};

export const BOARD_EXPORT_COLUMNS: BoardExportColumn[] = [
  { header: "Cliente", type: "text", identity: true, value: (row) => row.name },
  { header: "Cédula", type: "text", identity: true, value: (row) => row.cedula },
  { header: "Responsable", type: "text", identity: true, value: (row) => row.responsible?.email ?? "" },
  { header: "Atención", type: "text", identity: true, value: (row) => ATTENTION_LABELS[row.attention] },
  { header: "Recibidos", type: "number", value: (row) => String(row.received) },
  { header: "Emitidos", type: "number", value: (row) => String(row.issued) },
  { header: "Sin contabilizar", type: "number", value: (row) => String(row.notBooked) },
  { header: "Respuestas pendientes", type: "number", value: (row) => String(row.pendingAnswers) },
  { header: "Próximo vencimiento de respuesta", type: "text", value: (row) => row.nearestAnswerDeadline ?? "" },
  { header: "Mes del IVA", type: "text", value: (row) => row.iva.month },
  { header: "Estado del IVA", type: "text", value: (row) => IVA_STATE_LABELS[row.iva.state] },
  {
    header: "IVA a pagar (negativo: a favor)",
    type: "number",
    value: (row) => (row.iva.amount === null ? "" : centsDecimal(row.iva.amount)),
  },
  { header: "Vencimiento del IVA", type: "text", value: (row) => row.iva.dueDate },
  { header: "Saldo en 70 Por clasificar", type: "number", value: (row) => centsDecimal(row.unclassified) },
  { header: "Rechazados por Hacienda", type: "number", value: (row) => String(row.rejected) },
  { header: "Envíos con error", type: "number", value: (row) => String(row.stuck) },
  { header: "Pagos parciales de renta", type: "text", value: (row) => partialPaymentLabel(row.partialPayment) },
  {
    header: "Vencimiento del pago parcial",
    type: "text",
    value: (row) => (row.partialPayment.kind === "cuota" ? row.partialPayment.due : ""),
  },
  {
    header: "Última importación",
    type: "text",
    value: (row) => (row.lastImportAt ? formatDateTime(row.lastImportAt) : ""),
  },
  ...CHECK_KEYS.map((key) => ({
    header: CHECK_LABELS[key],
    type: "number" as const,
    value: (row: BoardRow) => String(row.checks[key]),
  })),
];

/** What the row says in the Atención column of an export when its figures are not there. */
export const UNCALCULATED_EXPORT_NOTE = {
  pending: "Calculando: sin cifras todavía (exporte de nuevo en unos minutos)",
  failed: "No se pudo calcular: sin cifras",
} as const;

/**
 * A cell of the export. A client whose month is not calculated yet exports who it is and why its
 * figures are blank: never zeros that would read as «nothing pending».
 */
export function exportCell(column: BoardExportColumn, row: BoardRow & { attention: AttentionLevel }): string {
  if (row.calculation === "done") return column.value(row);
  if (column.header === "Atención") return UNCALCULATED_EXPORT_NOTE[row.calculation];
  return column.identity ? column.value(row) : "";
}

export function boardFileName(month: MonthKey, extension: "csv" | "xlsx"): string {
  return `resumen-de-clientes-${month}.${extension}`;
}

export function boardTitle(month: MonthKey): string {
  return `Resumen de clientes · ${monthLabel(month)}`;
}
