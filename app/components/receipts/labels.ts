/** Spanish names of Hacienda's codes, for screens and exports (costa-rica.md §1). */

export const KIND_SHORT_LABELS: Record<string, string> = {
  FE: "Factura",
  ND: "Nota de débito",
  NC: "Nota de crédito",
  TE: "Tiquete",
  FEC: "Factura de compra",
  FEE: "Factura de exportación",
  REP: "Recibo de pago",
};

export const ID_TYPE_LABELS: Record<string, string> = {
  "01": "Cédula física",
  "02": "Cédula jurídica",
  "03": "DIMEX",
  "04": "NITE",
  "05": "Extranjero no domiciliado",
  "06": "No contribuyente",
};

export const CONDICION_VENTA_LABELS: Record<string, string> = {
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

export const MEDIO_PAGO_LABELS: Record<string, string> = {
  "01": "Efectivo",
  "02": "Tarjeta",
  "03": "Cheque",
  "04": "Transferencia o depósito bancario",
  "05": "Recaudado por terceros",
  "06": "SINPE Móvil",
  "07": "Plataforma digital",
  "99": "Otros",
};

export const TAX_LABELS: Record<string, string> = {
  "01": "IVA",
  "02": "Selectivo de consumo",
  "03": "Único a los combustibles",
  "04": "Específico de bebidas alcohólicas",
  "05": "Específico de bebidas envasadas sin alcohol y jabones",
  "06": "Productos de tabaco",
  "07": "IVA (cálculo especial)",
  "08": "IVA régimen de bienes usados",
  "12": "Específico al cemento",
  "99": "Otros",
};

export const IVA_RATE_LABELS: Record<string, string> = {
  "01": "Tarifa 0 %",
  "02": "Tarifa reducida 1 %",
  "03": "Tarifa reducida 2 %",
  "04": "Tarifa reducida 4 %",
  "05": "Transitorio 0 %",
  "06": "Transitorio 4 %",
  "07": "Transitoria 8 %",
  "08": "Tarifa general 13 %",
  "09": "Tarifa reducida 0,5 %",
  "10": "Tarifa exenta",
  "11": "Tarifa 0 % sin derecho a crédito",
};

export const OTRO_CARGO_LABELS: Record<string, string> = {
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

export const REFERENCE_DOC_LABELS: Record<string, string> = {
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

export const REFERENCE_CODE_LABELS: Record<string, string> = {
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

export const HACIENDA_STATUS_LABELS: Record<string, string> = {
  aceptado: "Aceptado",
  parcial: "Aceptado parcialmente",
  rechazado: "Rechazado",
  pendiente: "Sin respuesta",
};

export const DIRECTION_LABELS = { issued: "Emitido", received: "Recibido" } as const;

/** Tiquetes and recibos are masculine; facturas and notas feminine ("Factura recibida", "Tiquete emitido"). */
const MASCULINE_KINDS = new Set(["TE", "REP"]);

export function directionAdjective(kind: string, direction: "issued" | "received"): string {
  const stem = direction === "issued" ? "emitid" : "recibid";
  return `${stem}${MASCULINE_KINDS.has(kind) ? "o" : "a"}`;
}

/** "01 Contado" style: the label when known, else the bare code. */
export function labelOf(labels: Record<string, string>, code: string | undefined): string {
  if (!code) return "";
  return labels[code] ? `${labels[code]} (${code})` : code;
}
