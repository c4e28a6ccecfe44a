/** The filtered month of receipts as CSV and XLSX downloads. */
import ExcelJS from "exceljs";
import { iterateReceipts, sumReceipts, type ReceiptSummary } from "~models/receipt";
import { HACIENDA_STATUS_LABELS, KIND_SHORT_LABELS } from "~/components/receipts/labels";
import { formatDate, monthLabel } from "~/components/receipts/month";
import { MENSAJE_RECEPTOR_LABELS } from "~/domain/hacienda";
import { formatAmount } from "~/domain/money";
import type { OrganizationSummary } from "~/utils/account.server";
import { listFilter, type MonthQuery } from "./receipts.server";

const HEADER = [
  "fecha",
  "tipo",
  "consecutivo",
  "clave",
  "contraparte",
  "identificación",
  "moneda",
  "tipo de cambio",
  "subtotal",
  "IVA",
  "total",
  "subtotal ₡",
  "IVA ₡",
  "total ₡",
  "estado Hacienda",
  "respuesta del receptor",
  "en los totales",
];

const EFFECT_LABELS: Record<number, string> = { 1: "suma", [-1]: "resta", 0: "no cuenta" };

// A cell starting with one of these runs as a formula in spreadsheet programs.
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function money(amount: bigint, effect: number): string {
  return formatAmount(effect < 0 ? -amount : amount, 2);
}

function exportRow(receipt: ReceiptSummary): { texts: string[]; amounts: string[]; tail: string[] } {
  const effect = receipt.effect;
  const status = receipt.hacienda?.estado ?? "pendiente";
  return {
    texts: [
      formatDate(receipt.fechaEmision),
      KIND_SHORT_LABELS[receipt.kind] ?? receipt.kind,
      receipt.consecutivo,
      receipt.clave,
      receipt.counterpart.nombre,
      receipt.counterpart.numero ?? "",
      receipt.moneda,
      formatAmount(receipt.tipoCambio),
    ],
    amounts: [
      money(receipt.totals.totalVentaNeta, effect),
      money(receipt.totals.totalImpuesto, effect),
      money(receipt.totals.totalComprobante, effect),
      money(receipt.colones.totalVentaNeta, effect),
      money(receipt.colones.totalImpuesto, effect),
      money(receipt.colones.totalComprobante, effect),
    ],
    tail: [
      HACIENDA_STATUS_LABELS[status],
      receipt.receptorMessage ? MENSAJE_RECEPTOR_LABELS[receipt.receptorMessage.mensaje] : "",
      status === "rechazado" ? "no cuenta" : EFFECT_LABELS[effect],
    ],
  };
}

export function exportFileName(organization: OrganizationSummary, query: MonthQuery, extension: "csv" | "xlsx"): string {
  return `comprobantes-${query.tab}-${organization.cedula}-${query.month}.${extension}`;
}

/** RFC 4180 CSV (comma separated, CRLF), amounts as plain decimals; the byte-order mark lets spreadsheet programs read the accents. */
export async function receiptsCsv(organization: OrganizationSummary, query: MonthQuery): Promise<string> {
  const lines = [HEADER.map(csvField).join(",")];
  for await (const receipt of iterateReceipts(listFilter(organization.id, query))) {
    const { texts, amounts, tail } = exportRow(receipt);
    lines.push([...texts, ...amounts, ...tail].map(csvField).join(","));
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

const AMOUNT_FORMAT = "#,##0.00;-#,##0.00";

/** An XLSX workbook with a title, one row per receipt and the month's totals in colones. */
export async function receiptsXlsx(organization: OrganizationSummary, query: MonthQuery): Promise<ArrayBuffer> {
  const filter = listFilter(organization.id, query);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Contabilidad CR";
  const sheet = workbook.addWorksheet("Comprobantes", { views: [{ state: "frozen", ySplit: 4 }] });
  sheet.addRow([`${organization.name} (${organization.cedula})`]).font = { bold: true, size: 13 };
  sheet.addRow([
    `Comprobantes ${query.tab} de ${monthLabel(query.month)}${query.q ? ` · búsqueda «${query.q}»` : ""}`,
  ]);
  sheet.addRow([]);
  const header = sheet.addRow(HEADER);
  header.font = { bold: true };

  // Amounts become spreadsheet numbers only here, at the edge, from their exact two-decimal text.
  for await (const receipt of iterateReceipts(filter)) {
    const { texts, amounts, tail } = exportRow(receipt);
    sheet.addRow([...texts.slice(0, 7), Number(texts[7]), ...amounts.map(Number), ...tail]);
  }
  const totals = await sumReceipts(filter);
  const totalRow = sheet.addRow([
    "Totales",
    `${totals.counted} comprobantes`,
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    Number(formatAmount(totals.subtotal, 2)),
    Number(formatAmount(totals.iva, 2)),
    Number(formatAmount(totals.total, 2)),
  ]);
  totalRow.font = { bold: true };
  for (const column of [9, 10, 11, 12, 13, 14]) sheet.getColumn(column).numFmt = AMOUNT_FORMAT;
  sheet.getColumn(8).numFmt = "#,##0.00###";
  const widths = [12, 22, 22, 54, 36, 16, 8, 12, 16, 14, 16, 16, 14, 16, 20, 22, 14];
  widths.forEach((width, index) => (sheet.getColumn(index + 1).width = width));
  const buffer = (await workbook.xlsx.writeBuffer()) as unknown as Uint8Array;
  return Uint8Array.from(buffer).buffer;
}
