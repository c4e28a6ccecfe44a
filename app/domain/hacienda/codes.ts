/** Hacienda's document kinds, root elements, namespaces and type codes (costa-rica.md §1.1). */

export type HaciendaVersion = "4.3" | "4.4";
export const HACIENDA_VERSIONS: readonly HaciendaVersion[] = ["4.3", "4.4"];

export type ReceiptKind = "FE" | "ND" | "NC" | "TE" | "FEC" | "FEE" | "REP";
export type DocumentKind = ReceiptKind | "MH";

export const RECEIPT_KINDS: readonly ReceiptKind[] = ["FE", "ND", "NC", "TE", "FEC", "FEE", "REP"];

interface KindInfo {
  rootElement: string;
  namespaceName: string;
  /** Two-digit code used inside the Clave and NumeroConsecutivo; none for MensajeHacienda. */
  typeCode?: string;
  label: string;
  versions: readonly HaciendaVersion[];
}

export const KIND_INFO: Record<DocumentKind, KindInfo> = {
  FE: { rootElement: "FacturaElectronica", namespaceName: "facturaElectronica", typeCode: "01", label: "Factura electrónica", versions: HACIENDA_VERSIONS },
  ND: { rootElement: "NotaDebitoElectronica", namespaceName: "notaDebitoElectronica", typeCode: "02", label: "Nota de débito electrónica", versions: HACIENDA_VERSIONS },
  NC: { rootElement: "NotaCreditoElectronica", namespaceName: "notaCreditoElectronica", typeCode: "03", label: "Nota de crédito electrónica", versions: HACIENDA_VERSIONS },
  TE: { rootElement: "TiqueteElectronico", namespaceName: "tiqueteElectronico", typeCode: "04", label: "Tiquete electrónico", versions: HACIENDA_VERSIONS },
  FEC: { rootElement: "FacturaElectronicaCompra", namespaceName: "facturaElectronicaCompra", typeCode: "08", label: "Factura electrónica de compra", versions: HACIENDA_VERSIONS },
  FEE: { rootElement: "FacturaElectronicaExportacion", namespaceName: "facturaElectronicaExportacion", typeCode: "09", label: "Factura electrónica de exportación", versions: HACIENDA_VERSIONS },
  REP: { rootElement: "ReciboElectronicoPago", namespaceName: "reciboElectronicoPago", typeCode: "10", label: "Recibo electrónico de pago", versions: ["4.4"] },
  MH: { rootElement: "MensajeHacienda", namespaceName: "mensajeHacienda", label: "Mensaje de Hacienda", versions: HACIENDA_VERSIONS },
};

export const KIND_BY_ROOT: ReadonlyMap<string, DocumentKind> = new Map(
  (Object.keys(KIND_INFO) as DocumentKind[]).map((kind) => [KIND_INFO[kind].rootElement, kind]),
);

/** Type codes of the receptor's own messages (MensajeReceptor), by Mensaje value. */
export const MENSAJE_RECEPTOR_TYPE_CODES = { 1: "05", 2: "06", 3: "07" } as const;

const NAMESPACE_BASE = "https://cdn.comprobanteselectronicos.go.cr/xml-schemas";

export function namespaceFor(rootNamespaceName: string, version: HaciendaVersion): string {
  return `${NAMESPACE_BASE}/v${version}/${rootNamespaceName}`;
}

export function kindNamespace(kind: DocumentKind, version: HaciendaVersion): string {
  return namespaceFor(KIND_INFO[kind].namespaceName, version);
}

/** Recognises `…/xml-schemas/v4.3/facturaElectronica` and the like. */
export function parseHaciendaNamespace(namespace: string): { version: string; name: string } | null {
  const match = /^https?:\/\/cdn\.comprobanteselectronicos\.go\.cr\/xml-schemas\/v(\d+\.\d+)\/([A-Za-z]+)\/?$/.exec(namespace.trim());
  return match ? { version: match[1], name: match[2] } : null;
}

export function kindByTypeCode(typeCode: string): ReceiptKind | undefined {
  return RECEIPT_KINDS.find((kind) => KIND_INFO[kind].typeCode === typeCode);
}

export const XMLDSIG_NAMESPACE = "http://www.w3.org/2000/09/xmldsig#";

/** IVA rate (percent) of each CodigoTarifa / CodigoTarifaIVA (costa-rica.md §1.7). */
export const IVA_RATE_BY_CODE: Readonly<Record<string, string>> = {
  "01": "0",
  "02": "1",
  "03": "2",
  "04": "4",
  "05": "0",
  "06": "4",
  "07": "8",
  "08": "13",
  "09": "0.5",
  "10": "0",
  "11": "0",
};

/** Impuesto/Codigo values that are IVA (general, special calculation, used goods). */
export const IVA_TAX_CODES: ReadonlySet<string> = new Set(["01", "07", "08"]);

/** Taxes that are added to SubTotal to form BaseImponible (XSD annotation of BaseImponible). */
export const BASE_IMPONIBLE_TAX_CODES: ReadonlySet<string> = new Set(["02", "04", "05", "12"]);

/** Units of measure that denote services (costa-rica.md §1.13). */
export const SERVICE_UNITS: ReadonlySet<string> = new Set(["Al", "Alc", "Cm", "I", "Os", "Sp", "Spe", "St"]);

export type MensajeEstado = "aceptado" | "parcial" | "rechazado";

export const ESTADO_BY_MENSAJE: Readonly<Record<string, MensajeEstado>> = {
  "1": "aceptado",
  "2": "parcial",
  "3": "rechazado",
};
