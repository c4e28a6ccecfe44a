/** The filtered month of receipts as CSV and XLSX downloads, written from the shared receipt columns. */
import ExcelJS from "exceljs";
import { iterateReceipts, sumReceipts } from "~models/receipt";
import { monthLabel } from "~/domain/calendar";
import { centsToAmount, formatAmount, type Amount } from "~/domain/money";
import type { ReceiptCentimos } from "~/domain/receipts/centimos";
import { NOT_COUNTED_LABEL } from "~/domain/receipts/effect";
import {
  columnText,
  EXPORT_COLUMN_IDS,
  RECEIPT_COLUMNS,
  type ReceiptColumn,
  type ReceiptColumnId,
  type ReceiptRowSource,
} from "~/domain/receipts/columns";
import { countLabel } from "~/domain/text";
import type { OrganizationSummary } from "~/utils/account.server";
import { listFilter, type MonthQuery } from "./receipts.server";

const COLUMNS: ReceiptColumn[] = EXPORT_COLUMN_IDS.map((id) => RECEIPT_COLUMNS[id]);

// A text cell starting with one of these runs as a formula in spreadsheet programs.
const FORMULA_START = /^[=+\-@\t\r]/;

function csvQuoted(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A text cell, defused when a spreadsheet would read it as a formula. */
export function csvText(value: string): string {
  return csvQuoted(FORMULA_START.test(value) ? `'${value}` : value);
}

/** A number cell: the plain decimal ("-372477.50"), which spreadsheets read as a number, not a formula. */
export function csvNumber(amount: Amount, decimals: number): string {
  return formatAmount(amount, decimals);
}

/** A cell as every CSV export writes it: ISO dates (2025-10-31), plain decimals with a dot, defused text. */
export function csvCell(column: ReceiptColumn, receipt: ReceiptRowSource): string {
  if (column.type === "amount") return csvNumber(column.value(receipt), column.decimals);
  if (column.type === "date") return column.value(receipt);
  return csvText(columnText(column, receipt));
}

/** A spreadsheet number from an exact amount's decimal text: the only place an amount becomes a float. */
function xlsxNumber(amount: Amount, decimals: number): number {
  return Number(formatAmount(amount, decimals));
}

/** Amounts become numbers and days become dates (UTC midnight, which spreadsheets read as that day). */
function xlsxCell(column: ReceiptColumn, receipt: ReceiptRowSource): string | number | Date {
  if (column.type === "amount") return xlsxNumber(column.value(receipt), column.decimals);
  if (column.type === "date") return new Date(`${column.value(receipt)}T00:00:00Z`);
  return column.value(receipt);
}

/** "A", "B", … "Z", "AA": the sheet's name of a 1-based column. */
export function columnLetter(index: number): string {
  let letters = "";
  for (let rest = index; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

export function exportFileName(
  organization: OrganizationSummary,
  query: MonthQuery,
  extension: "csv" | "xlsx",
): string {
  return `comprobantes-${query.tab}-${organization.cedula}-${query.month}.${extension}`;
}

/** RFC 4180 CSV (comma separated, CRLF), amounts as plain decimals; the byte-order mark lets spreadsheet programs read the accents. */
export async function receiptsCsv(organization: OrganizationSummary, query: MonthQuery): Promise<string> {
  const lines = [COLUMNS.map((column) => csvText(column.header)).join(",")];
  for await (const receipt of iterateReceipts(listFilter(organization.id, query))) {
    lines.push(COLUMNS.map((column) => csvCell(column, receipt)).join(","));
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

const MONEY_FORMAT = "#,##0.00;-#,##0.00";
const RATE_FORMAT = "#,##0.00###";
const DATE_FORMAT = "dd/mm/yyyy";

/** An XLSX workbook with a title, one row per receipt and the month's totals in colones. */
export async function receiptsXlsx(organization: OrganizationSummary, query: MonthQuery): Promise<ArrayBuffer> {
  const filter = listFilter(organization.id, query);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Contabilidad CR";
  const sheet = workbook.addWorksheet("Comprobantes", { views: [{ state: "frozen", ySplit: 4 }] });
  sheet.addRow([`${organization.name} (${organization.cedula})`]).font = { bold: true, size: 13 };
  sheet.addRow([`Comprobantes ${query.tab} de ${monthLabel(query.month)}${query.q ? ` · búsqueda «${query.q}»` : ""}`]);
  sheet.addRow([]);
  const header = sheet.addRow(COLUMNS.map((column) => column.header));
  header.font = { bold: true };

  const firstRow = header.number + 1;
  for await (const receipt of iterateReceipts(filter)) {
    sheet.addRow(COLUMNS.map((column) => xlsxCell(column, receipt)));
  }
  const lastRow = sheet.rowCount;
  const totals = await sumReceipts(filter);
  // The totals row adds the rows that count ("en los totales" is not "no cuenta"; credit notes are
  // already negative), with the value cached for readers that do not recalculate.
  const countsColumn = columnLetter(EXPORT_COLUMN_IDS.indexOf("enLosTotales") + 1);
  const countsRange = `${countsColumn}${firstRow}:${countsColumn}${lastRow}`;
  const sumOf = (id: ReceiptColumnId, pick: keyof ReceiptCentimos) => {
    const letter = columnLetter(EXPORT_COLUMN_IDS.indexOf(id) + 1);
    const result = xlsxNumber(centsToAmount(totals[pick]), 2);
    return lastRow < firstRow
      ? result
      : { formula: `SUMIF(${countsRange},"<>${NOT_COUNTED_LABEL}",${letter}${firstRow}:${letter}${lastRow})`, result };
  };
  const totalCells: Partial<Record<ReceiptColumnId, ExcelJS.CellValue>> = {
    fecha: "Totales",
    tipo: countLabel(totals.counted, "comprobante", "comprobantes"),
    subtotalColones: sumOf("subtotalColones", "subtotal"),
    ivaColones: sumOf("ivaColones", "iva"),
    otrosCargosColones: sumOf("otrosCargosColones", "otrosCargos"),
    ivaDevueltoColones: sumOf("ivaDevueltoColones", "ivaDevuelto"),
    totalColones: sumOf("totalColones", "total"),
  };
  const totalRow = sheet.addRow(EXPORT_COLUMN_IDS.map((id) => totalCells[id] ?? ""));
  totalRow.font = { bold: true };
  COLUMNS.forEach((column, index) => {
    const sheetColumn = sheet.getColumn(index + 1);
    sheetColumn.width = column.width;
    if (column.type === "amount") sheetColumn.numFmt = column.decimals === 2 ? MONEY_FORMAT : RATE_FORMAT;
    if (column.type === "date") sheetColumn.numFmt = DATE_FORMAT;
  });
  const buffer = (await workbook.xlsx.writeBuffer()) as unknown as Uint8Array;
  return Uint8Array.from(buffer).buffer;
}
