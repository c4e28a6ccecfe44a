/**
 * What an invoice the organization issues is made of, before and after numbering. The form, the
 * totals, the XML writer, the signer and the sending queue all speak these types.
 * Money is an exact `Amount` (see ../money); quantities and percentages keep their decimal text, as in
 * the parsed receipts (../hacienda/types).
 */
import type { Amount } from "../money";
import type { Identificacion, LineaDetalle, Resumen, Telefono, Ubicacion } from "../hacienda/types";

/** The documents the app issues: factura, tiquete, nota de crédito, nota de débito (v4.4). */
export type InvoiceKind = "FE" | "TE" | "NC" | "ND";

export const INVOICE_KINDS: readonly InvoiceKind[] = ["FE", "TE", "NC", "ND"];

/** The issuing organization as the XML's Emisor and the numbering need it (its issuer settings). */
export interface IssuerProfile {
  nombre: string;
  nombreComercial?: string;
  identificacion: Identificacion;
  /** The main economic activity, 6 digits (CodigoActividadEmisor). */
  codigoActividad: string;
  ubicacion: Ubicacion;
  telefono?: Telefono;
  correo: string;
  /** Casa matriz / sucursal, 3 digits. */
  sucursal: string;
  /** Punto de venta, 5 digits. */
  terminal: string;
}

export interface InvoiceReceptor {
  nombre: string;
  /** Optional only on a tiquete (TE). */
  identificacion?: Identificacion;
  nombreComercial?: string;
  correo?: string;
}

export interface InvoiceDiscount {
  monto: Amount;
  /** CodigoDescuento (v4.4, 01–07, 99). */
  codigo: string;
  /** NaturalezaDescuento, required by Hacienda when the code is 99. */
  naturaleza?: string;
}

export interface InvoiceExemption {
  /** TipoDocumentoEX1 (01–11, 99). */
  tipoDocumento: string;
  numeroDocumento: string;
  /** NombreInstitucion code (01–12, 99). */
  nombreInstitucion: string;
  /** ISO 8601 date-time with offset. */
  fechaEmision: string;
  /** Percentage points of the rate that are exonerated, e.g. "13" or "4". */
  tarifaExonerada: string;
  articulo?: string;
  inciso?: string;
}

export interface InvoiceLineInput {
  /** CABYS code, 13 digits. */
  cabys: string;
  /** Decimal text, up to 3 decimals. */
  cantidad: string;
  /** Hacienda unit code (Unid, Sp, h, kg, …); service units make the line a service. */
  unidadMedida: string;
  detalle: string;
  precioUnitario: Amount;
  descuento?: InvoiceDiscount;
  /** CodigoTarifaIVA 01–11; the rate is derived from it. */
  codigoTarifaIVA: string;
  exoneracion?: InvoiceExemption;
  /**
   * A sale outside IVA (no sujeta, art. 9 LIVA). No rate code says so, so it is marked here; only
   * with a 0 % code other than "10" (exenta). Counts in ResumenFactura's no sujeto totals.
   */
  noSujeto?: boolean;
}

/** InformacionReferencia of an NC/ND (or a replacing document). */
export interface InvoiceReference {
  /** TipoDocIR, e.g. "01" factura electrónica. */
  tipoDocumento: string;
  /** The clave of the referenced document. */
  numero: string;
  /** Its issue date-time, ISO 8601 with offset. */
  fechaEmision: string;
  /** CodigoReferencia (v4.4), e.g. "01" anula, "02" corrige texto, "06" devolución; v4.3's "03" corrige monto is gone. */
  codigo: string;
  razon: string;
}

/** Everything the admin enters; numbering and dates are added at issue. */
export interface InvoiceDraft {
  kind: InvoiceKind;
  receptor?: InvoiceReceptor;
  /** CondicionVenta code ("01" contado, "02" crédito, …). */
  condicionVenta: string;
  /** What the condition is when condicionVenta is "99" (CondicionVentaOtros, 5–100 characters). */
  condicionVentaOtros?: string;
  /** Days, when the sale is on credit. */
  plazoCredito?: number;
  /** MedioPago codes ("01" efectivo, "02" tarjeta, "04" transferencia, …). */
  mediosPago: string[];
  /**
   * The amount paid with each entry of `mediosPago`, same order and currency as the invoice; Hacienda
   * requires them (TotalMedioPago) when there is more than one. With a single method it is the total.
   */
  montosMedioPago?: Amount[];
  /** What the method is when a medio de pago is "99" (MedioPagoOtros, 3–100 characters). */
  medioPagoOtros?: string;
  /** ISO 4217 code; "CRC" unless the invoice is in another currency. */
  moneda: string;
  /** Colones per unit of `moneda`; 1 for CRC. */
  tipoCambio: Amount;
  lines: InvoiceLineInput[];
  /** Required for NC and ND. */
  reference?: InvoiceReference;
  /** Free text printed in Otros/OtroTexto. */
  notas?: string;
}

/** Lines and ResumenFactura computed with the v4.4 rules, in the parsed receipts' own shapes. */
export interface ComputedInvoice {
  lines: LineaDetalle[];
  resumen: Resumen;
}

/** Assigned once, atomically, when the document is issued. */
export interface InvoiceNumbering {
  /** 50 digits. */
  clave: string;
  /** 20 digits. */
  consecutivo: string;
  /** ISO 8601 with the Costa Rica offset, e.g. 2026-11-23T10:15:00-06:00. */
  fechaEmision: string;
}

/** Where an issued document stands with Hacienda and its delivery (shown on the invoice and in `/`). */
export type SubmissionStatus = "borrador" | "firmado" | "enviado" | "aceptado" | "rechazado" | "error";
