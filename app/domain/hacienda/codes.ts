/**
 * Hacienda's codes and their Spanish names, one table per code list (docs/domain/hacienda-xml.md §2, §6): document
 * kinds, root elements, namespaces, type codes, taxes, IVA rates, identification types, payment and
 * sale conditions, other charges and references. Screens, exports and the parser read these.
 */

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
  /** The name in lists and exports ("Factura", "Nota de crédito"). */
  shortLabel: string;
  versions: readonly HaciendaVersion[];
}

export const KIND_INFO: Record<DocumentKind, KindInfo> = {
  FE: {
    rootElement: "FacturaElectronica",
    namespaceName: "facturaElectronica",
    typeCode: "01",
    label: "Factura electrónica",
    shortLabel: "Factura",
    versions: HACIENDA_VERSIONS,
  },
  ND: {
    rootElement: "NotaDebitoElectronica",
    namespaceName: "notaDebitoElectronica",
    typeCode: "02",
    label: "Nota de débito electrónica",
    shortLabel: "Nota de débito",
    versions: HACIENDA_VERSIONS,
  },
  NC: {
    rootElement: "NotaCreditoElectronica",
    namespaceName: "notaCreditoElectronica",
    typeCode: "03",
    label: "Nota de crédito electrónica",
    shortLabel: "Nota de crédito",
    versions: HACIENDA_VERSIONS,
  },
  TE: {
    rootElement: "TiqueteElectronico",
    namespaceName: "tiqueteElectronico",
    typeCode: "04",
    label: "Tiquete electrónico",
    shortLabel: "Tiquete",
    versions: HACIENDA_VERSIONS,
  },
  FEC: {
    rootElement: "FacturaElectronicaCompra",
    namespaceName: "facturaElectronicaCompra",
    typeCode: "08",
    label: "Factura electrónica de compra",
    shortLabel: "Factura de compra",
    versions: HACIENDA_VERSIONS,
  },
  FEE: {
    rootElement: "FacturaElectronicaExportacion",
    namespaceName: "facturaElectronicaExportacion",
    typeCode: "09",
    label: "Factura electrónica de exportación",
    shortLabel: "Factura de exportación",
    versions: HACIENDA_VERSIONS,
  },
  REP: {
    rootElement: "ReciboElectronicoPago",
    namespaceName: "reciboElectronicoPago",
    typeCode: "10",
    label: "Recibo electrónico de pago",
    shortLabel: "Recibo de pago",
    versions: ["4.4"],
  },
  MH: {
    rootElement: "MensajeHacienda",
    namespaceName: "mensajeHacienda",
    label: "Mensaje de Hacienda",
    shortLabel: "Mensaje de Hacienda",
    versions: HACIENDA_VERSIONS,
  },
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
  const match = /^https?:\/\/cdn\.comprobanteselectronicos\.go\.cr\/xml-schemas\/v(\d+\.\d+)\/([A-Za-z]+)\/?$/.exec(
    namespace.trim(),
  );
  return match ? { version: match[1], name: match[2] } : null;
}

export function kindByTypeCode(typeCode: string): ReceiptKind | undefined {
  return RECEIPT_KINDS.find((kind) => KIND_INFO[kind].typeCode === typeCode);
}

export const XMLDSIG_NAMESPACE = "http://www.w3.org/2000/09/xmldsig#";

/** CodigoTarifa / CodigoTarifaIVA: the IVA rate (percent) and its name (docs/domain/hacienda-xml.md §6.3). */
export const IVA_RATE_CODES: Readonly<Record<string, { rate: string; label: string }>> = {
  "01": { rate: "0", label: "Tarifa 0 %" },
  "02": { rate: "1", label: "Tarifa reducida 1 %" },
  "03": { rate: "2", label: "Tarifa reducida 2 %" },
  "04": { rate: "4", label: "Tarifa reducida 4 %" },
  "05": { rate: "0", label: "Transitorio 0 %" },
  "06": { rate: "4", label: "Transitorio 4 %" },
  "07": { rate: "8", label: "Transitoria 8 %" },
  "08": { rate: "13", label: "Tarifa general 13 %" },
  "09": { rate: "0.5", label: "Tarifa reducida 0,5 %" },
  "10": { rate: "0", label: "Tarifa exenta" },
  "11": { rate: "0", label: "Tarifa 0 % sin derecho a crédito" },
};

function column<T, K extends keyof T>(table: Readonly<Record<string, T>>, key: K): Readonly<Record<string, T[K]>> {
  return Object.fromEntries(Object.entries(table).map(([code, entry]) => [code, entry[key]]));
}

export const IVA_RATE_BY_CODE: Readonly<Record<string, string>> = column(IVA_RATE_CODES, "rate");
export const IVA_RATE_LABELS: Readonly<Record<string, string>> = column(IVA_RATE_CODES, "label");

/**
 * Impuesto/Codigo: the tax's name, whether it is IVA (general, special calculation, used goods), and
 * whether it is added to SubTotal to form BaseImponible (XSD annotation of BaseImponible).
 */
export const TAX_CODES: Readonly<Record<string, { label: string; iva?: true; inBaseImponible?: true }>> = {
  "01": { label: "IVA", iva: true },
  "02": { label: "Selectivo de consumo", inBaseImponible: true },
  "03": { label: "Único a los combustibles" },
  "04": { label: "Específico de bebidas alcohólicas", inBaseImponible: true },
  "05": { label: "Específico de bebidas envasadas sin alcohol y jabones", inBaseImponible: true },
  "06": { label: "Productos de tabaco" },
  "07": { label: "IVA (cálculo especial)", iva: true },
  "08": { label: "IVA régimen de bienes usados", iva: true },
  "12": { label: "Específico al cemento", inBaseImponible: true },
  "99": { label: "Otros" },
};

export const TAX_LABELS: Readonly<Record<string, string>> = column(TAX_CODES, "label");
export const IVA_TAX_CODES: ReadonlySet<string> = new Set(Object.keys(TAX_CODES).filter((code) => TAX_CODES[code].iva));
export const BASE_IMPONIBLE_TAX_CODES: ReadonlySet<string> = new Set(
  Object.keys(TAX_CODES).filter((code) => TAX_CODES[code].inBaseImponible),
);

/** Units of measure that denote services (docs/domain/hacienda-xml.md §6.8). */
export const SERVICE_UNITS: ReadonlySet<string> = new Set(["Al", "Alc", "Cm", "I", "Os", "Sp", "Spe", "St"]);

export type MensajeEstado = "aceptado" | "parcial" | "rechazado";

export const ESTADO_BY_MENSAJE: Readonly<Record<string, MensajeEstado>> = {
  "1": "aceptado",
  "2": "parcial",
  "3": "rechazado",
};

/** Identificacion/Tipo. */
export const ID_TYPE_LABELS: Readonly<Record<string, string>> = {
  "01": "Cédula física",
  "02": "Cédula jurídica",
  "03": "DIMEX",
  "04": "NITE",
  "05": "Extranjero no domiciliado",
  "06": "No contribuyente",
};

/** CondicionVenta. */
export const CONDICION_VENTA_LABELS: Readonly<Record<string, string>> = {
  "01": "Contado",
  "02": "Crédito",
  "03": "Consignación",
  "04": "Apartado",
  "05": "Arrendamiento con opción de compra",
  "06": "Arrendamiento en función financiera",
  "07": "Cobro a favor de un tercero",
  "08": "Servicios prestados al Estado a crédito",
  "09": "Pago del servicio prestado al Estado",
  "10": "Venta a crédito en IVA hasta 90 días (art. 27 LIVA)",
  "11": "Pago de venta a crédito en IVA hasta 90 días",
  "12": "Venta de mercancía no nacionalizada",
  "13": "Venta de bienes usados no contribuyente",
  "14": "Arrendamiento operativo",
  "15": "Arrendamiento financiero",
  "99": "Otros",
};

/** MedioPago / TipoMedioPago. */
export const MEDIO_PAGO_LABELS: Readonly<Record<string, string>> = {
  "01": "Efectivo",
  "02": "Tarjeta",
  "03": "Cheque",
  "04": "Transferencia o depósito bancario",
  "05": "Recaudado por terceros",
  "06": "SINPE Móvil",
  "07": "Plataforma digital",
  "99": "Otros",
};

/** OtrosCargos/TipoDocumento (TipoDocumentoOC in 4.4). */
export const OTRO_CARGO_LABELS: Readonly<Record<string, string>> = {
  "01": "Contribución parafiscal",
  "02": "Timbre de la Cruz Roja",
  "03": "Timbre de Bomberos",
  "04": "Cobro de un tercero",
  "05": "Costos de exportación",
  "06": "Impuesto de servicio 10 %",
  "07": "Timbre de colegios profesionales",
  "08": "Depósitos de garantía",
  "09": "Multas o penalizaciones",
  "10": "Intereses moratorios",
  "99": "Otros",
};

/** InformacionReferencia/TipoDoc (TipoDocIR in 4.4). */
export const REFERENCE_DOC_LABELS: Readonly<Record<string, string>> = {
  "01": "Factura electrónica",
  "02": "Nota de débito electrónica",
  "03": "Nota de crédito electrónica",
  "04": "Tiquete electrónico",
  "05": "Nota de despacho",
  "06": "Contrato",
  "07": "Procedimiento",
  "08": "Comprobante emitido en contingencia",
  "09": "Devolución de mercadería",
  "10": "Comprobante rechazado por Hacienda",
  "11": "Sustituye factura rechazada por el receptor",
  "12": "Sustituye factura de exportación",
  "13": "Facturación de mes vencido",
  "14": "Comprobante aportado por contribuyente de régimen especial",
  "15": "Sustituye factura electrónica de compra",
  "16": "Comprobante de proveedor no domiciliado",
  "17": "Nota de crédito a factura de compra",
  "18": "Nota de débito a factura de compra",
  "99": "Otros",
};

/** InformacionReferencia/Codigo. */
export const REFERENCE_CODE_LABELS: Readonly<Record<string, string>> = {
  "01": "Anula documento de referencia",
  "02": "Corrige texto",
  "03": "Corrige monto",
  "04": "Referencia a otro documento",
  "05": "Sustituye comprobante provisional por contingencia",
  "06": "Devolución de mercancía",
  "07": "Sustituye comprobante electrónico",
  "08": "Factura endosada",
  "09": "Nota de crédito financiera",
  "10": "Nota de débito financiera",
  "11": "Proveedor no domiciliado",
  "12": "Crédito por exoneración posterior a la facturación",
  "99": "Otros",
};

/** "Contado (01)": the name when the code is known, else the bare code. */
export function labelOf(labels: Readonly<Record<string, string>>, code: string | undefined): string {
  if (!code) return "";
  return labels[code] ? `${labels[code]} (${code})` : code;
}
