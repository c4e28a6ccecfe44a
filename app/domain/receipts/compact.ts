/**
 * The compact parsed form of a receipt: what booking, the reception rules, «Simular» and the IVA
 * return read of its XML (lines with CABYS, detail, unit, amounts and taxes; other charges; references;
 * activity codes; totals), stored next to the XML at import so none of them parses the XML again.
 * Amounts stay exact `Amount`s (stored as int64, like the rest of the receipt). Absent XML elements are
 * absent keys, never `undefined`, so the stored form reads back equal to the one built here.
 */
import type {
  ColonesTotals,
  ElectronicReceipt,
  Exoneracion,
  Impuesto,
  InformacionReferencia,
  LineaDetalle,
  OtroCargo,
  Party,
  ReceiptKind,
  Resumen,
} from "../hacienda/types";
import type { Amount } from "../money";

/**
 * Which builder made a stored compact form. Raise it whenever `compactReceiptOf` changes what it
 * keeps: receipts stored with an older version are rebuilt from their XML when next read.
 */
export const PARSED_VERSION = 1;

export interface CompactTax extends Pick<Impuesto, "codigo" | "codigoTarifa" | "tarifa" | "monto"> {
  exoneracion?: Pick<Exoneracion, "monto" | "tipoDocumento" | "numeroDocumento">;
}

export interface CompactLine extends Pick<
  LineaDetalle,
  "numero" | "cabys" | "detalle" | "unidadMedida" | "montoTotal" | "subTotal" | "baseImponible" | "montoTotalLinea"
> {
  impuestos: CompactTax[];
}

export interface CompactParty extends Pick<Party, "nombre" | "nombreComercial" | "identificacionExtranjero"> {
  identificacion?: { tipo: string; numero: string };
}

export type CompactOtherCharge = Pick<OtroCargo, "tipoDocumento" | "detalle" | "monto">;
export type CompactReference = Pick<InformacionReferencia, "tipoDocumento" | "numero" | "codigo">;
export type CompactResumen = Pick<
  Resumen,
  | "totalVenta"
  | "totalDescuentos"
  | "totalVentaNeta"
  | "totalImpuesto"
  | "totalOtrosCargos"
  | "totalIVADevuelto"
  | "totalComprobante"
>;

/**
 * What booking, rules and the IVA return read of a receipt. A parsed `ElectronicReceipt` is one too,
 * so the same functions take either.
 */
export interface ReceiptFacts {
  kind: ReceiptKind;
  consecutivo: string;
  /** ISO 8601 with offset, as parsed. */
  fechaEmision: string;
  codigoActividad?: string;
  codigoActividadReceptor?: string;
  emisor: CompactParty;
  receptor?: CompactParty;
  condicionVenta?: string;
  moneda: string;
  tipoCambio: Amount;
  lines: CompactLine[];
  otrosCargos: CompactOtherCharge[];
  resumen: CompactResumen;
  informacionReferencia: CompactReference[];
  colones: Pick<ColonesTotals, "tipoCambio" | "totalComprobante">;
}

export interface CompactReceipt extends ReceiptFacts {
  parsedVersion: number;
}

/** Copies the listed keys that are present (not undefined). */
function present<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const result = {} as Pick<T, K>;
  for (const key of keys) if (source[key] !== undefined) result[key] = source[key];
  return result;
}

function compactParty(party: Party): CompactParty {
  return {
    ...present(party, ["nombre", "nombreComercial", "identificacionExtranjero"] as const),
    ...(party.identificacion
      ? { identificacion: { tipo: party.identificacion.tipo, numero: party.identificacion.numero } }
      : {}),
  };
}

function compactTax(tax: Impuesto): CompactTax {
  return {
    ...present(tax, ["codigo", "codigoTarifa", "tarifa", "monto"] as const),
    ...(tax.exoneracion
      ? { exoneracion: present(tax.exoneracion, ["monto", "tipoDocumento", "numeroDocumento"] as const) }
      : {}),
  };
}

function compactLine(line: LineaDetalle): CompactLine {
  return {
    ...present(line, [
      "numero",
      "cabys",
      "detalle",
      "unidadMedida",
      "montoTotal",
      "subTotal",
      "baseImponible",
      "montoTotalLinea",
    ] as const),
    impuestos: line.impuestos.map(compactTax),
  };
}

/** The compact form of a parsed receipt (pure; the importer stores it with the record). */
export function compactReceiptOf(document: ElectronicReceipt): CompactReceipt {
  return {
    parsedVersion: PARSED_VERSION,
    ...present(document, [
      "kind",
      "consecutivo",
      "fechaEmision",
      "codigoActividad",
      "codigoActividadReceptor",
      "condicionVenta",
      "moneda",
      "tipoCambio",
    ] as const),
    emisor: compactParty(document.emisor),
    ...(document.receptor ? { receptor: compactParty(document.receptor) } : {}),
    lines: document.lines.map(compactLine),
    otrosCargos: document.otrosCargos.map((charge) => present(charge, ["tipoDocumento", "detalle", "monto"] as const)),
    resumen: present(document.resumen, [
      "totalVenta",
      "totalDescuentos",
      "totalVentaNeta",
      "totalImpuesto",
      "totalOtrosCargos",
      "totalIVADevuelto",
      "totalComprobante",
    ] as const),
    informacionReferencia: document.informacionReferencia.map((reference) =>
      present(reference, ["tipoDocumento", "numero", "codigo"] as const),
    ),
    colones: { tipoCambio: document.colones.tipoCambio, totalComprobante: document.colones.totalComprobante },
  };
}

/** Whether a stored compact form was built by the current builder (else it is rebuilt from the XML). */
export function isCurrentCompact(stored: { parsedVersion?: unknown } | null | undefined): stored is CompactReceipt {
  return !!stored && stored.parsedVersion === PARSED_VERSION;
}
