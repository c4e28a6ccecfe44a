import ExcelJS from "exceljs";
import { calendarDateOf, formatDateTime, type MonthKey } from "~/domain/calendar";
import {
  IVA_RETURN_COLUMNS,
  IVA_SECTION_TITLES,
  formatIvaAmount,
  ivaReturnLines,
  ivaReturnNotes,
  ivaReturnTitle,
  type IvaContribution,
  type IvaReturn,
} from "~/domain/iva";
import { formatDecimal } from "~/domain/money";
import type { OrganizationSummary } from "~/utils/account.server";
import { printablePdf, type PrintableRow } from "../pdf/printable.server";

const MONEY_FORMAT = "#,##0.00;-#,##0.00";
const SECTIONS = ["debito", "credito", "resultado"] as const;
const DATE_FORMAT = "dd/mm/yyyy";

/**
 * The Costa Rica calendar day of an issue instant as a spreadsheet date (midnight UTC of that day, as
 * the other exports write dates): an FE of 31/10 at 19:45 in Costa Rica is 31/10, not UTC's 1/11.
 */
export function excelDateOf(fecha: string): Date {
  return new Date(`${calendarDateOf(new Date(fecha))}T00:00:00Z`);
}

/** Céntimos as a number of colones for a spreadsheet cell (exact to the céntimo at these magnitudes). */
function number(value: bigint | null): number | string {
  return value === null ? "" : Number(formatDecimal(value, 2));
}

export function vatFileName(organization: OrganizationSummary, month: MonthKey, extension: string): string {
  return `IVA ${month} ${organization.cedula}.${extension}`;
}

function figureLabels(ivaReturn: IvaReturn): Array<{ label: string; receipts: IvaContribution[] }> {
  return [
    ...ivaReturn.debit.map((row) => ({ label: `Débito · ${row.label}`, receipts: row.receipts })),
    ...ivaReturn.credit.map((row) => ({ label: `Crédito · ${row.label}`, receipts: row.receipts })),
  ];
}

/** The return (numbers as numbers), the receipts behind each figure, and those left out. */
export async function vatXlsx(
  organization: OrganizationSummary,
  month: MonthKey,
  ivaReturn: IvaReturn,
  now: Date = new Date(),
): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Contabilidad CR";
  const sheet = workbook.addWorksheet("Declaración");
  sheet.addRow([`${organization.name} (${organization.cedula})`]).font = { bold: true, size: 13 };
  sheet.addRow([ivaReturnTitle(month)]).font = { bold: true };
  sheet.addRow([`Generado el ${formatDateTime(now)}`]);
  const lines = ivaReturnLines(ivaReturn);
  for (const section of SECTIONS) {
    sheet.addRow([]);
    sheet.addRow([IVA_SECTION_TITLES[section]]).font = { bold: true };
    sheet.addRow([...IVA_RETURN_COLUMNS[section]]).font = { bold: true };
    for (const line of lines.filter((candidate) => candidate.section === section)) {
      const row = sheet.addRow([
        line.label,
        number(line.base),
        number(line.tax),
        number(line.other),
        number(line.amount),
      ]);
      if (line.bold) row.font = { bold: true };
    }
  }
  sheet.addRow([]);
  for (const note of ivaReturnNotes(ivaReturn)) sheet.addRow([note]);
  sheet.getColumn(1).width = 46;
  for (const column of [2, 3, 4, 5]) {
    sheet.getColumn(column).width = 18;
    sheet.getColumn(column).numFmt = MONEY_FORMAT;
  }

  const detail = workbook.addWorksheet("Comprobantes", { views: [{ state: "frozen", ySplit: 1 }] });
  detail.addRow([
    "Cifra",
    "Tipo",
    "Consecutivo",
    "Fecha",
    "Contraparte",
    "Moneda",
    "Base imponible",
    "IVA",
    "Exonerado",
    "Acreditable",
    "No acreditable",
    "Condición",
  ]).font = { bold: true };
  for (const { label, receipts } of figureLabels(ivaReturn))
    for (const receipt of receipts)
      detail.addRow([
        label,
        receipt.kind,
        receipt.consecutivo,
        excelDateOf(receipt.fecha),
        receipt.counterpart,
        receipt.moneda,
        number(receipt.base),
        number(receipt.tax),
        number(receipt.exonerated),
        number(receipt.creditable),
        number(receipt.nonCreditable),
        receipt.note,
      ]);
  detail.getColumn(4).numFmt = DATE_FORMAT;
  detail.getColumn(4).width = 12;
  for (const column of [7, 8, 9, 10, 11]) {
    detail.getColumn(column).width = 16;
    detail.getColumn(column).numFmt = MONEY_FORMAT;
  }
  detail.getColumn(1).width = 36;
  detail.getColumn(3).width = 22;
  detail.getColumn(5).width = 32;

  const excluded = workbook.addWorksheet("No incluidos");
  excluded.addRow(["Tipo", "Dirección", "Consecutivo", "Fecha", "Contraparte", "IVA", "Motivo"]).font = { bold: true };
  for (const receipt of ivaReturn.excluded)
    excluded.addRow([
      receipt.kind,
      receipt.direction === "issued" ? "Emitido" : "Recibido",
      receipt.consecutivo,
      excelDateOf(receipt.fecha),
      receipt.counterpart,
      number(receipt.tax),
      receipt.reason,
    ]);
  excluded.getColumn(4).numFmt = DATE_FORMAT;
  excluded.getColumn(6).numFmt = MONEY_FORMAT;
  excluded.getColumn(7).width = 60;
  const buffer = (await workbook.xlsx.writeBuffer()) as unknown as Uint8Array;
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}

/** The return as a printable PDF, with the shared statement writer. */
export async function vatPdf(
  organization: OrganizationSummary,
  month: MonthKey,
  ivaReturn: IvaReturn,
  now: Date = new Date(),
): Promise<Uint8Array<ArrayBuffer>> {
  const rows: PrintableRow[] = [];
  const lines = ivaReturnLines(ivaReturn);
  const show = (value: bigint | null) => (value === null ? "" : formatIvaAmount(value));
  for (const section of SECTIONS) {
    const [title, ...headers] = IVA_RETURN_COLUMNS[section];
    rows.push({
      cells: [`${IVA_SECTION_TITLES[section]} · ${title}`, ...headers],
      bold: true,
      ruleAbove: section !== "debito",
    });
    for (const line of lines.filter((candidate) => candidate.section === section))
      rows.push({
        cells: [line.label, show(line.base), show(line.tax), show(line.other), show(line.amount)],
        bold: line.bold,
        indent: line.bold ? 0 : 1,
        ruleAbove: line.bold,
      });
  }
  return printablePdf({
    title: ivaReturnTitle(month),
    organization,
    metaLines: ["Formulario 150 (D-104), por tarifa, a partir de los comprobantes electrónicos del mes"],
    columns: [
      { header: "Concepto", indentable: true },
      { header: "Base imponible", align: "right", width: 88 },
      { header: "IVA", align: "right", width: 80 },
      { header: "Exonerado / no acreditable", align: "right", width: 88 },
      { header: "Monto", align: "right", width: 88 },
    ],
    rows,
    notes: ivaReturnNotes(ivaReturn),
    signatures: ["Contador", "Representante legal"],
    generatedAt: now,
    layout: "landscape",
  });
}
