/**
 * The small readers every statement format shares: bytes → text in the bank's encoding, CSV rows with
 * their line numbers, day styles and amounts with either decimal mark, into céntimos.
 */
import { isRealDay, type CalendarDate } from "../calendar";
import { cents, parseDecimal, type Cents } from "../money";
import { MAX_STATEMENT_LINES, StatementRefusal } from "./statement";

export type TextEncoding = "utf-8" | "windows-1252";

/** A UTF-8 byte-order mark wins; otherwise the format's own encoding. */
export function decodeText(bytes: Uint8Array, encoding: TextEncoding): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder("utf-8").decode(bytes.subarray(3));
  return new TextDecoder(encoding).decode(bytes);
}

export interface CsvRow {
  line: number;
  cells: string[];
}

/**
 * RFC 4180 rows: quoted cells may hold the separator, doubled quotes and line breaks. Blank lines are kept
 * as rows with one empty cell so positional formats can see them. Refuses more than the line limit before
 * reading further.
 */
export function splitCsv(text: string, separator: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
    if (rows.length > MAX_STATEMENT_LINES)
      throw new StatementRefusal(
        `El archivo tiene más de ${MAX_STATEMENT_LINES.toLocaleString("es-CR")} líneas; divídalo por período.`,
      );
    cells = [];
    cell = "";
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line += 1;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === "") {
      cell = "";
      quoted = true;
    } else if (char === separator) {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else cell += char;
  }
  if (quoted) throw new StatementRefusal("hay unas comillas sin cerrar.", rowLine);
  if (cell !== "" || cells.length > 0) endRow();
  return rows;
}

export function isBlankRow(row: CsvRow): boolean {
  return row.cells.every((cell) => cell.trim() === "");
}

export const DATE_STYLES = ["dd/mm/yyyy", "yyyy-mm-dd", "ddmmyyyy", "yyyymmdd", "mm/dd/yyyy"] as const;
export type DateStyle = (typeof DATE_STYLES)[number];

const DATE_STYLE_LABELS: Record<DateStyle, string> = {
  "dd/mm/yyyy": "dd/mm/aaaa",
  "yyyy-mm-dd": "aaaa-mm-dd",
  ddmmyyyy: "ddmmaaaa",
  yyyymmdd: "aaaammdd",
  "mm/dd/yyyy": "mm/dd/aaaa",
};

function dayOf(year: number, month: number, day: number): CalendarDate | null {
  if (!isRealDay(year, month, day) || year < 1900 || year > 2999) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}` as CalendarDate;
}

/** The day a cell names in the given style (separators `/`, `-` or `.` for the styles that have them). */
export function parseStatementDate(text: string, style: DateStyle): CalendarDate | null {
  const value = text.trim();
  let match: RegExpExecArray | null;
  switch (style) {
    case "dd/mm/yyyy":
      match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
      return match ? dayOf(+match[3], +match[2], +match[1]) : null;
    case "mm/dd/yyyy":
      match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
      return match ? dayOf(+match[3], +match[1], +match[2]) : null;
    case "yyyy-mm-dd":
      match = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})(?:[T ].*)?$/.exec(value);
      return match ? dayOf(+match[1], +match[2], +match[3]) : null;
    case "ddmmyyyy":
      match = /^(\d{2})(\d{2})(\d{4})$/.exec(value);
      return match ? dayOf(+match[3], +match[2], +match[1]) : null;
    case "yyyymmdd":
      match = /^(\d{4})(\d{2})(\d{2})/.exec(value);
      return match ? dayOf(+match[1], +match[2], +match[3]) : null;
  }
}

export function requireDate(text: string, style: DateStyle, line: number): CalendarDate {
  const date = parseStatementDate(text, style);
  if (!date)
    throw new StatementRefusal(`la fecha «${text.trim()}» no es una fecha válida (${DATE_STYLE_LABELS[style]}).`, line);
  return date;
}

export type DecimalMark = "," | ".";

/**
 * An amount as banks print it, into céntimos: the other mark and spaces group thousands, a currency sign is
 * dropped, a leading or trailing minus or parentheses make it negative. Null for anything else and for
 * fractions of a céntimo.
 */
export function parseStatementAmount(text: string, decimalMark: DecimalMark): Cents | null {
  let value = text
    .trim()
    .replace(/^[₡$]|[₡$]$/gu, "")
    .replace(/\s|\u00a0|CRC|USD/g, "");
  if (value === "") return null;
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1);
  }
  if (value.endsWith("-")) {
    negative = !negative;
    value = value.slice(0, -1);
  } else if (value.startsWith("-")) {
    negative = !negative;
    value = value.slice(1);
  } else if (value.startsWith("+")) value = value.slice(1);
  const group = decimalMark === "," ? "." : ",";
  const [integerPart, ...fraction] = value.split(decimalMark);
  if (fraction.length > 1 || (fraction.length === 1 && !/^\d+$/.test(fraction[0]))) return null;
  const grouped = group === "." ? /^\d{1,3}(?:\.\d{3})+$/ : /^\d{1,3}(?:,\d{3})+$/;
  if (!/^\d+$/.test(integerPart) && !grouped.test(integerPart)) return null;
  const integer = integerPart.split(group).join("");
  const parsed = parseDecimal(fraction.length ? `${integer}.${fraction[0]}` : integer, 2);
  if (parsed === null) return null;
  return cents(negative ? -parsed : parsed);
}

/** An amount cell that must read; an empty cell is zero when `emptyIsZero`. */
export function requireAmount(
  text: string,
  decimalMark: DecimalMark,
  line: number,
  what: string,
  emptyIsZero = false,
): Cents {
  if (emptyIsZero && text.trim() === "") return cents(0n);
  const amount = parseStatementAmount(text, decimalMark);
  if (amount === null)
    throw new StatementRefusal(
      `el ${what} «${text.trim()}» no es un monto válido (decimales con «${decimalMark}»).`,
      line,
    );
  return amount;
}
