/**
 * The opening-balance import of customers and suppliers (docs/spec/open-items.md §6): a CSV with one
 * open document per line, read and checked here, whole, before anything is written.
 */
import { readDateInput, type CalendarDate } from "../calendar";
import { cents, type Cents } from "../money";
import { readCentsInput } from "../money/input";

export const MAX_OPENING_FILE_BYTES = 1024 * 1024;
export const MAX_OPENING_LINES = 5_000;
export const MAX_OPENING_DOCUMENT_LENGTH = 50;
export const MAX_OPENING_NAME_LENGTH = 160;
/** ₡999 999 999 999,99: more than any one document of a client of the firm. */
export const MAX_OPENING_AMOUNT = cents(99_999_999_999_999n);
/** How many line errors a refusal lists; the count says how many more there are. */
export const SHOWN_OPENING_ERRORS = 20;
/** The kind of an imported opening balance (saldo inicial), shown before its document number. */
export const OPENING_KIND = "SI";

export const OPENING_COLUMNS = ["cedula", "documento", "fecha", "vencimiento", "monto"] as const;

export const OPENING_MESSAGES = {
  empty: "El archivo está vacío: la primera línea lleva los títulos cédula, documento, fecha, vencimiento, monto.",
  header:
    "La primera línea debe traer los títulos cédula, documento, fecha, vencimiento, monto (y, si quiere, nombre), en ese orden.",
  tooLarge: `El archivo supera ${MAX_OPENING_FILE_BYTES / 1024 / 1024} MB.`,
  tooManyLines: `El archivo trae más de ${MAX_OPENING_LINES} documentos: divídalo en varios.`,
  noLines: "El archivo no trae ningún documento después de los títulos.",
  encoding: "El archivo no está en UTF-8: guárdelo como «CSV UTF-8».",
  quotes: "tiene comillas sin cerrar",
  columns: (count: number) => `trae ${count} ${count === 1 ? "columna" : "columnas"} y se esperan 5 o 6`,
  cedula: "la cédula debe tener de 9 a 12 dígitos, sin guiones",
  document: `el documento es obligatorio y admite como máximo ${MAX_OPENING_DOCUMENT_LENGTH} caracteres`,
  name: `el nombre admite como máximo ${MAX_OPENING_NAME_LENGTH} caracteres`,
  dueBeforeDate: "el vencimiento es anterior a la fecha",
  amountPositive: "el monto debe ser mayor que cero",
  amountTooLarge: "el monto supera ₡999 999 999 999,99",
  duplicate: (line: number) => `el documento se repite (ya está en la línea ${line})`,
  unknownParty: "la cédula no corresponde a ningún cliente o proveedor conocido: agregue la columna nombre",
  alreadyImported: "este documento ya tiene un saldo inicial importado",
} as const;

export interface OpeningRow {
  /** The line of the file (the titles are line 1). */
  line: number;
  cedula: string;
  nombre?: string;
  documento: string;
  fecha: CalendarDate;
  dueDate: CalendarDate;
  amount: Cents;
}

/**
 * `rows` are the lines without errors; `errors` those of the file (one, without a line, when the file
 * as a whole is refused) or of its lines, in line order. The file is good when `errors` is empty.
 */
export interface OpeningReading {
  rows: OpeningRow[];
  errors: string[];
}

/** «Línea 4, monto: el monto debe ser mayor que cero.» */
export function lineError(line: number, field: string | null, message: string): string {
  const text = message.replace(/\.$/, "");
  return `Línea ${line}${field ? `, ${field}` : ""}: ${text.charAt(0).toLowerCase()}${text.slice(1)}.`;
}

function folded(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase();
}

/** RFC 4180 records (quotes doubled, CRLF or LF); null when a quote is left open. */
function records(text: string, separator: string): Array<{ line: number; cells: string[] }> | { openAt: number } {
  const rows: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell.length === 0) quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      cells.push(cell);
      rows.push({ line: rowLine, cells });
      cells = [];
      cell = "";
      line++;
      rowLine = line;
    } else cell += char;
  }
  if (quoted) return { openAt: rowLine };
  if (cell.length > 0 || cells.length > 0) {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
  }
  return rows.filter((row) => row.cells.some((value) => value.trim() !== ""));
}

function readRow(cells: string[], line: number, today: CalendarDate, errors: string[]): OpeningRow | null {
  const before = errors.length;
  const [rawCedula, rawDocument, rawDate, rawDue, rawAmount, rawName] = cells.map((value) => value.trim());
  const cedula = rawCedula.replace(/[\s-]/g, "");
  if (!/^\d{9,12}$/.test(cedula)) errors.push(lineError(line, "cédula", OPENING_MESSAGES.cedula));
  if (!rawDocument || rawDocument.length > MAX_OPENING_DOCUMENT_LENGTH)
    errors.push(lineError(line, "documento", OPENING_MESSAGES.document));
  const fecha = readDateInput(rawDate, today);
  if (!fecha.ok) errors.push(lineError(line, "fecha", fecha.message));
  const due = readDateInput(rawDue, today);
  if (!due.ok) errors.push(lineError(line, "vencimiento", due.message));
  if (fecha.ok && due.ok && due.date < fecha.date)
    errors.push(lineError(line, "vencimiento", OPENING_MESSAGES.dueBeforeDate));
  const amount = readCentsInput(rawAmount);
  if (!amount.ok) errors.push(lineError(line, "monto", amount.message));
  else if (amount.cents <= 0n) errors.push(lineError(line, "monto", OPENING_MESSAGES.amountPositive));
  else if (amount.cents > MAX_OPENING_AMOUNT) errors.push(lineError(line, "monto", OPENING_MESSAGES.amountTooLarge));
  if (rawName !== undefined && rawName.length > MAX_OPENING_NAME_LENGTH)
    errors.push(lineError(line, "nombre", OPENING_MESSAGES.name));
  if (errors.length > before || !fecha.ok || !due.ok || !amount.ok) return null;
  return {
    line,
    cedula,
    ...(rawName ? { nombre: rawName } : {}),
    documento: rawDocument,
    fecha: fecha.date,
    dueDate: due.date,
    amount: amount.cents,
  };
}

/**
 * Reads the whole file: titles `cédula, documento, fecha, vencimiento, monto[, nombre]` (comma or
 * semicolon separated, accents and case ignored), then one document per line. Every line is
 * checked; any error refuses the file with every error found, each naming its line and field.
 */
export function readOpeningCsv(bytes: Uint8Array, today: CalendarDate): OpeningReading {
  const refused = (message: string): OpeningReading => ({ rows: [], errors: [message] });
  if (bytes.byteLength > MAX_OPENING_FILE_BYTES) return refused(OPENING_MESSAGES.tooLarge);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refused(OPENING_MESSAGES.encoding);
  }
  text = text.replace(/^\uFEFF/, "");
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  if (firstLine.trim() === "") return refused(OPENING_MESSAGES.empty);
  const separator = firstLine.includes(";") ? ";" : ",";
  const parsed = records(text, separator);
  if (!Array.isArray(parsed)) return refused(lineError(parsed.openAt, null, OPENING_MESSAGES.quotes));
  const [header, ...lines] = parsed;
  const titles = header.cells.map(folded);
  const expected = titles.length === 6 ? [...OPENING_COLUMNS, "nombre"] : OPENING_COLUMNS;
  if (titles.length !== expected.length || titles.some((title, index) => title !== expected[index]))
    return refused(OPENING_MESSAGES.header);
  if (lines.length === 0) return refused(OPENING_MESSAGES.noLines);
  if (lines.length > MAX_OPENING_LINES) return refused(OPENING_MESSAGES.tooManyLines);

  const errors: string[] = [];
  const rows: OpeningRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of lines) {
    if (cells.length !== 5 && cells.length !== 6) {
      errors.push(lineError(line, null, OPENING_MESSAGES.columns(cells.length)));
      continue;
    }
    const row = readRow(cells, line, today, errors);
    const key = `${cells[0].replace(/[\s-]/g, "")}\u0000${cells[1].trim()}`;
    const first = seen.get(key);
    if (first !== undefined) errors.push(lineError(line, "documento", OPENING_MESSAGES.duplicate(first)));
    else seen.set(key, line);
    if (row && first === undefined) rows.push(row);
  }
  return { rows, errors };
}

/** The errors a page lists: the first ones, and how many more there are. */
export function shownOpeningErrors(errors: readonly string[]): string[] {
  if (errors.length <= SHOWN_OPENING_ERRORS) return [...errors];
  const more = errors.length - SHOWN_OPENING_ERRORS;
  return [
    ...errors.slice(0, SHOWN_OPENING_ERRORS),
    `Y ${more} ${more === 1 ? "error más" : "errores más"} en otras líneas.`,
  ];
}
