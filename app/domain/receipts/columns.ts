/**
 * The columns of a receipt in the month list and in its CSV and XLSX exports, defined once and
 * typed: a text column gives text, an amount column an exact Amount (signed by the receipt's
 * effect), so each writer decides how to show it (es-CR money on screen, numbers in the files).
 */
import { calendarDateOf, formatCalendarDate, type CalendarDate } from "../calendar";
import { KIND_INFO, type ReceiptKind } from "../hacienda/codes";
import { MENSAJE_RECEPTOR_LABELS } from "../hacienda/mensaje-receptor";
import { centsToAmount, type Amount } from "../money";
import { signedCentimos, type ReceiptCentimos, type ReceiptSummaryAmounts } from "./centimos";
import { effectLabel, signedByEffect, type ReceiptEffect } from "./effect";
import { HACIENDA_STATUS_LABELS, type HaciendaStatus } from "./labels";

/** What a row needs of a stored receipt. */
export interface ReceiptRowSource {
  fechaEmision: Date;
  kind: string;
  consecutivo: string;
  clave: string;
  counterpart: { nombre: string; numero?: string };
  moneda: string;
  tipoCambio: Amount;
  totals: ReceiptSummaryAmounts;
  colones: ReceiptSummaryAmounts;
  effect: ReceiptEffect;
  hacienda?: { estado: Exclude<HaciendaStatus, "pendiente"> };
  receptorMessage?: { mensaje: 1 | 2 | 3 };
}

interface ColumnBase {
  /** The header of the exported files. */
  header: string;
  /** Width in the XLSX sheet, in characters. */
  width: number;
}

export interface TextColumn extends ColumnBase {
  type: "text";
  value: (receipt: ReceiptRowSource) => string;
}

export interface AmountColumn extends ColumnBase {
  type: "amount";
  /** Decimals the files write: 2 for money, 5 for an exchange rate. */
  decimals: 2 | 5;
  value: (receipt: ReceiptRowSource) => Amount;
}

/** A day (Costa Rica time): dd/mm/aaaa on screen, ISO (2025-10-31) in the CSV, a date cell in the XLSX. */
export interface DateColumn extends ColumnBase {
  type: "date";
  value: (receipt: ReceiptRowSource) => CalendarDate;
}

export type ReceiptColumn = TextColumn | AmountColumn | DateColumn;

/** The text a column shows for a receipt (amounts as plain decimals, days as dd/mm/aaaa). */
export function columnText(column: TextColumn | DateColumn, receipt: ReceiptRowSource): string {
  return column.type === "date" ? formatCalendarDate(column.value(receipt)) : column.value(receipt);
}

const text = (header: string, width: number, value: TextColumn["value"]): TextColumn => ({
  type: "text",
  header,
  width,
  value,
});
const date = (header: string, width: number, value: DateColumn["value"]): DateColumn => ({
  type: "date",
  header,
  width,
  value,
});
const amount = (header: string, width: number, value: AmountColumn["value"], decimals: 2 | 5 = 2): AmountColumn => ({
  type: "amount",
  header,
  width,
  decimals,
  value,
});

export function haciendaStatusOf(receipt: Pick<ReceiptRowSource, "hacienda">): HaciendaStatus {
  return receipt.hacienda?.estado ?? "pendiente";
}

export function kindShortLabel(kind: string): string {
  return KIND_INFO[kind as ReceiptKind]?.shortLabel ?? kind;
}

const signed = (pick: (receipt: ReceiptRowSource) => Amount) => (receipt: ReceiptRowSource) =>
  signedByEffect(pick(receipt), receipt.effect);
/** Colones columns read the receipt's céntimos (decision 105), so rows, totals and files agree to the céntimo. */
const colones = (pick: keyof ReceiptCentimos) => (receipt: ReceiptRowSource) =>
  centsToAmount(signedCentimos(receipt)[pick]);

/** Every column, in the order the files write them. */
export const RECEIPT_COLUMNS = {
  fecha: date("fecha", 12, (receipt) => calendarDateOf(receipt.fechaEmision)),
  tipo: text("tipo", 22, (receipt) => kindShortLabel(receipt.kind)),
  consecutivo: text("consecutivo", 22, (receipt) => receipt.consecutivo),
  clave: text("clave", 54, (receipt) => receipt.clave),
  contraparte: text("contraparte", 36, (receipt) => receipt.counterpart.nombre),
  identificacion: text("identificación", 16, (receipt) => receipt.counterpart.numero ?? ""),
  moneda: text("moneda", 8, (receipt) => receipt.moneda),
  tipoCambio: amount("tipo de cambio", 12, (receipt) => receipt.tipoCambio, 5),
  subtotal: amount(
    "subtotal",
    16,
    signed((receipt) => receipt.totals.totalVentaNeta),
  ),
  iva: amount(
    "IVA",
    14,
    signed((receipt) => receipt.totals.totalImpuesto),
  ),
  otrosCargos: amount(
    "otros cargos",
    14,
    signed((receipt) => receipt.totals.totalOtrosCargos ?? 0n),
  ),
  ivaDevuelto: amount(
    "IVA devuelto",
    14,
    signed((receipt) => receipt.totals.totalIVADevuelto ?? 0n),
  ),
  total: amount(
    "total",
    16,
    signed((receipt) => receipt.totals.totalComprobante),
  ),
  subtotalColones: amount("subtotal ₡", 16, colones("subtotal")),
  ivaColones: amount("IVA ₡", 14, colones("iva")),
  otrosCargosColones: amount("otros cargos ₡", 14, colones("otrosCargos")),
  ivaDevueltoColones: amount("IVA devuelto ₡", 14, colones("ivaDevuelto")),
  totalColones: amount("total ₡", 16, colones("total")),
  estadoHacienda: text("estado Hacienda", 20, (receipt) => HACIENDA_STATUS_LABELS[haciendaStatusOf(receipt)]),
  respuesta: text("respuesta del receptor", 22, (receipt) =>
    receipt.receptorMessage ? MENSAJE_RECEPTOR_LABELS[receipt.receptorMessage.mensaje] : "",
  ),
  enLosTotales: text("en los totales", 14, (receipt) =>
    effectLabel({ effect: receipt.effect, haciendaEstado: receipt.hacienda?.estado }),
  ),
} satisfies Record<string, ReceiptColumn>;

export type ReceiptColumnId = keyof typeof RECEIPT_COLUMNS;

export const EXPORT_COLUMN_IDS = Object.keys(RECEIPT_COLUMNS) as ReceiptColumnId[];

/** The list's headers on screen, for the columns the page shows. */
export const SCREEN_HEADERS = {
  fecha: "Fecha",
  tipo: "Tipo",
  consecutivo: "Consecutivo",
  contraparte: "Contraparte",
  moneda: "Moneda",
  subtotalColones: "Subtotal (₡)",
  ivaColones: "IVA (₡)",
  otrosCargosColones: "Otros cargos (₡)",
  totalColones: "Total (₡)",
  estadoHacienda: "Estado Hacienda",
  respuesta: "Respuesta",
} satisfies Partial<Record<ReceiptColumnId, string>>;
