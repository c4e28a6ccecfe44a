/** What the receipt screens show, shaped by the receipt services and read by the components. */
import type { HaciendaStatus } from "./labels";

export interface MonthRow {
  id: string;
  fecha: string;
  kind: string;
  kindLabel: string;
  kindTitle: string;
  consecutivo: string;
  contraparte: string;
  contraparteId: string | null;
  moneda: string;
  tipoCambio: string | null;
  subtotal: string;
  iva: string;
  /** Otros cargos in colones: subtotal + IVA + otros cargos (− IVA devuelto) = total. */
  otrosCargos: string;
  /** IVA devuelto in colones, only when the document returns IVA. */
  ivaDevuelto: string | null;
  total: string;
  /** Total in the document's currency, when it is not colones. */
  totalOriginal: string | null;
  /** 1 counts, -1 subtracts (credit notes), 0 does not count (payment receipts). */
  effect: number;
  /** Whether the row is in the totals (not a payment receipt, not rejected by Hacienda). */
  counts: boolean;
  haciendaStatus: HaciendaStatus;
  haciendaLabel: string;
  /** The receptor's answer: recorded, "Pendiente", or "—" when the receipt takes none. */
  answerLabel: string;
  warnings: number;
  /** How it arrived («Subido», «Por correo», «Emitido aquí»); null for receipts stored before this was recorded. */
  arrivalLabel?: string | null;
}

export interface MonthTotals {
  counted: number;
  subtotal: string;
  iva: string;
  otrosCargos: string;
  /** Only when some receipt of the filter returns IVA. */
  ivaDevuelto: string | null;
  total: string;
}

export interface LineView {
  numero: number;
  cabys: string;
  detalle: string;
  cantidad: string;
  unidad: string;
  precioUnitario: string;
  montoTotal: string;
  descuento: string;
  subTotal: string;
  impuestos: string[];
  impuestoNeto: string;
  total: string;
}

export interface AnswerView {
  recorded: {
    mensaje: string;
    condicion: string | null;
    ivaAcreditable: string | null;
    gastoAplicable: string | null;
    detalle: string | null;
    consecutivo: string;
    fecha: string;
  } | null;
  /** Why this receipt takes no answer, or null when it does. */
  notAnswerable: string | null;
  /** Whether this user may record the answer (admins of the organization). */
  canAnswer: boolean;
  defaults: { ivaAcreditable: string; gastoAplicable: string };
  totalImpuesto: string;
  totalFactura: string;
}

/** A row of a receipt's taxes by rate (the colones column only for a foreign currency). */
export interface TaxRowView {
  impuesto: string;
  tarifa: string;
  monto: string;
  montoColones: string | null;
}

export interface OtherChargeView {
  tipo: string;
  detalle: string;
  tercero: string;
  porcentaje: string;
  monto: string;
}

export interface TotalRowView {
  label: string;
  value: string;
  colones: string | null;
  strong?: boolean;
}

/** A document the receipt refers to; `receiptId` when that document is stored too. */
export interface ReferenceView {
  tipo: string;
  numero: string;
  fecha: string;
  codigo: string;
  razon: string;
  receiptId: string | null;
}
