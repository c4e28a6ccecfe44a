/**
 * The columns of the entries list and of the movement list, defined once and typed, for the page and
 * for the CSV and XLSX downloads: a text column gives text, a date column a CalendarDate, an amount
 * column exact céntimos. Each writer decides only how to show them (dd/mm/aaaa and ₡1 234,56 on
 * screen; ISO dates and plain decimals in CSV; real dates and numbers in XLSX).
 */
import { formatCalendarDate, type CalendarDate } from "../calendar";
import { displayStatus, sourceLabel, STATUS_LABELS } from "./labels";
import { colones, plainDecimal } from "./money";

interface ColumnBase {
  /** The page's and the files' header. */
  header: string;
  /** Width in the XLSX sheet, in characters. */
  width: number;
}

export interface TextColumn<Row> extends ColumnBase {
  type: "text";
  value: (row: Row) => string;
}

export interface DateColumn<Row> extends ColumnBase {
  type: "date";
  value: (row: Row) => CalendarDate;
}

export interface AmountColumn<Row> extends ColumnBase {
  type: "amount";
  value: (row: Row) => bigint;
}

export type Column<Row> = TextColumn<Row> | DateColumn<Row> | AmountColumn<Row>;

const text = <Row>(header: string, width: number, value: (row: Row) => string): TextColumn<Row> => ({
  type: "text",
  header,
  width,
  value,
});
const date = <Row>(header: string, width: number, value: (row: Row) => CalendarDate): DateColumn<Row> => ({
  type: "date",
  header,
  width,
  value,
});
const amount = <Row>(header: string, width: number, value: (row: Row) => bigint): AmountColumn<Row> => ({
  type: "amount",
  header,
  width,
  value,
});

/** What a row of the entries list needs of an entry. */
export interface EntryRowSource {
  date: string;
  number?: string;
  description: string;
  reference: string;
  source: { kind: string };
  status: "borrador" | "contabilizado";
  reversedBy?: unknown;
  lines: ReadonlyArray<{ debit: bigint; credit: bigint }>;
}

export function entryDebit(entry: Pick<EntryRowSource, "lines">): bigint {
  return entry.lines.reduce((sum, line) => sum + line.debit, 0n);
}

export function entryCredit(entry: Pick<EntryRowSource, "lines">): bigint {
  return entry.lines.reduce((sum, line) => sum + line.credit, 0n);
}

export const ENTRY_COLUMNS = {
  fecha: date<EntryRowSource>("Fecha", 12, (entry) => entry.date as CalendarDate),
  numero: text<EntryRowSource>("Número", 14, (entry) => entry.number ?? ""),
  descripcion: text<EntryRowSource>("Descripción", 48, (entry) => entry.description),
  referencia: text<EntryRowSource>("Referencia", 20, (entry) => entry.reference),
  origen: text<EntryRowSource>("Origen", 14, (entry) => sourceLabel(entry.source.kind)),
  estado: text<EntryRowSource>("Estado", 14, (entry) => STATUS_LABELS[displayStatus(entry)]),
  debitos: amount<EntryRowSource>("Débitos", 18, entryDebit),
  creditos: amount<EntryRowSource>("Créditos", 18, entryCredit),
} satisfies Record<string, Column<EntryRowSource>>;

export type EntryColumnId = keyof typeof ENTRY_COLUMNS;
export const ENTRY_COLUMN_IDS = Object.keys(ENTRY_COLUMNS) as EntryColumnId[];

/** What a row of the movement list needs: the line, its entry, and the balance after it. */
export interface MovementRowSource {
  date: string;
  number: string;
  description: string;
  account: string;
  lineDescription: string;
  debit: bigint;
  credit: bigint;
  balance: bigint;
}

export const MOVEMENT_COLUMNS = {
  fecha: date<MovementRowSource>("Fecha", 12, (row) => row.date as CalendarDate),
  numero: text<MovementRowSource>("Número", 14, (row) => row.number),
  cuenta: text<MovementRowSource>("Cuenta", 16, (row) => row.account),
  descripcion: text<MovementRowSource>("Descripción", 44, (row) => row.description),
  detalle: text<MovementRowSource>("Detalle de la línea", 32, (row) => row.lineDescription),
  debito: amount<MovementRowSource>("Débito", 18, (row) => row.debit),
  credito: amount<MovementRowSource>("Crédito", 18, (row) => row.credit),
  saldo: amount<MovementRowSource>("Saldo", 18, (row) => row.balance),
} satisfies Record<string, Column<MovementRowSource>>;

export type MovementColumnId = keyof typeof MOVEMENT_COLUMNS;
export const MOVEMENT_COLUMN_IDS = Object.keys(MOVEMENT_COLUMNS) as MovementColumnId[];

/** A cell as the page shows it. */
export function screenCell<Row>(column: Column<Row>, row: Row): string {
  switch (column.type) {
    case "text":
      return column.value(row);
    case "date":
      return formatCalendarDate(column.value(row));
    case "amount":
      return colones(column.value(row));
  }
}

// A text cell starting with one of these runs as a formula in spreadsheet programs.
const FORMULA_START = /^[=+\-@\t\r]/;

/** RFC 4180 quoting, and a leading ' on text a spreadsheet would run as a formula. */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A cell as the CSV writes it: ISO dates (2025-10-31) and plain decimals with a dot (-1234.50). */
export function csvCell<Row>(column: Column<Row>, row: Row): string {
  switch (column.type) {
    case "text":
      return csvText(column.value(row));
    case "date":
      return column.value(row);
    case "amount":
      return plainDecimal(column.value(row));
  }
}

export function csvHeader<Row>(columns: ReadonlyArray<Column<Row>>): string {
  return columns.map((column) => csvText(column.header)).join(",");
}

export function csvLine<Row>(columns: ReadonlyArray<Column<Row>>, row: Row): string {
  return columns.map((column) => csvCell(column, row)).join(",");
}

/**
 * A cell as the XLSX sheet holds it: a date as that calendar day's UTC midnight (spreadsheets have no
 * time zone, so the day shows as written), an amount as a number made from its exact decimal text.
 */
export function xlsxCell<Row>(column: Column<Row>, row: Row): string | number | Date {
  switch (column.type) {
    case "text":
      return column.value(row);
    case "date":
      return new Date(`${column.value(row)}T00:00:00Z`);
    case "amount":
      return Number(plainDecimal(column.value(row)));
  }
}
