/**
 * The invoice form (/admin/invoice, /admin/invoice/:invoiceID): one zod schema for the page and the
 * action (all text, so «Agregar línea», «Quitar» and «Recalcular» echo the form as posted), and the pure
 * reading of the posted values into an InvoiceDraft with a Spanish message per field or line.
 * Line rows left blank are skipped, so the form can carry spare rows without JavaScript.
 */
import { z } from "zod";
import {
  CONDICION_VENTA_LABELS,
  ID_TYPE_LABELS,
  IVA_RATE_CODES,
  MEDIO_PAGO_LABELS,
  REFERENCE_CODE_LABELS,
} from "../hacienda/codes";
import { readDateInput } from "../calendar";
import { AMOUNT_ONE, formatMoneyInput, formatQuantity, parseDecimal, readMoneyInput, type Amount } from "../money";
import { refusal, type Refusal } from "../refusal";
import { condicionVentaAllowed } from "./condicion-venta";
import { INVOICE_KINDS, type InvoiceDraft, type InvoiceKind, type InvoiceLineInput } from "./types";

export const MAX_INVOICE_LINES = 1000;
/** Rows a new form starts with. */
export const NEW_INVOICE_ROWS = 1;

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  FE: "Factura electrónica",
  TE: "Tiquete electrónico",
  NC: "Nota de crédito electrónica",
  ND: "Nota de débito electrónica",
};

/** Units of measure people use most (the XSD lists 101); services first. */
export const COMMON_UNITS: Readonly<Record<string, string>> = {
  Unid: "Unidad",
  Sp: "Servicios profesionales",
  Spe: "Servicios personales",
  St: "Servicios técnicos",
  Os: "Otro tipo de servicio",
  Al: "Alquiler habitacional",
  Alc: "Alquiler comercial",
  Cm: "Comisiones",
  I: "Intereses",
  h: "Hora",
  Kg: "Kilogramo",
  L: "Litro",
  "m²": "Metro cuadrado",
  Gal: "Galón",
  kWh: "Kilovatio hora",
  Otros: "Otros",
};

/** Every UnidadMedida the v4.4 schema accepts. */
export const UNITS_44: ReadonlySet<string> = new Set([
  "1",
  "´",
  "´´",
  "°C",
  "1/m",
  "A",
  "A/m",
  "A/m²",
  "Acv",
  "Al",
  "Alc",
  "B",
  "Bq",
  "C",
  "C/kg",
  "C/m²",
  "C/m³",
  "Cc",
  "Cd",
  "cd/m²",
  "Cm",
  "cm",
  "Cu",
  "D",
  "eV",
  "F",
  "F/m",
  "Fa",
  "G",
  "Gal",
  "Gy",
  "Gy/s",
  "h",
  "H",
  "H/m",
  "Hz",
  "I",
  "J",
  "J/(kg·K)",
  "J/(mol·K)",
  "J/K",
  "J/kg",
  "J/m³",
  "J/mol",
  "K",
  "Kat",
  "kat/m³",
  "Kg",
  "kg/m³",
  "Km",
  "Kw",
  "kWh",
  "L",
  "Lm",
  "Ln",
  "Lx",
  "M",
  "m/s",
  "m/s²",
  "m²",
  "m³",
  "Min",
  "mL",
  "Mm",
  "Mol",
  "mol/m³",
  "N",
  "N/m",
  "N·m",
  "Np",
  "º",
  "Os",
  "Otros",
  "Oz",
  "Pa",
  "Pa·s",
  "Qq",
  "Rad",
  "rad/s",
  "rad/s²",
  "S",
  "s",
  "Sp",
  "Spe",
  "Sr",
  "St",
  "Sv",
  "t",
  "T",
  "U",
  "Ua",
  "Unid",
  "V",
  "V/m",
  "W",
  "W/(m·K)",
  "W/(m²·sr)",
  "W/m²",
  "W/sr",
  "Wb",
  "Ω",
]);

/** CodigoDescuento v4.4. */
export const DISCOUNT_CODE_LABELS: Readonly<Record<string, string>> = {
  "01": "Descuento por regalía",
  "02": "Descuento por regalía IVA cobrado al cliente",
  "03": "Descuento por bonificación",
  "04": "Descuento por volumen",
  "05": "Descuento por temporada (estacional)",
  "06": "Descuento promocional",
  "07": "Descuento comercial",
  "08": "Descuento por frecuencia",
  "09": "Descuento sostenido",
  "99": "Otros descuentos",
};

/** TipoDocumentoEX1 v4.4. */
export const EXEMPTION_DOC_LABELS: Readonly<Record<string, string>> = {
  "01": "Compras autorizadas por la DGT",
  "02": "Ventas exentas a diplomáticos",
  "03": "Autorizado por ley especial",
  "04": "Exenciones DGH, autorización local genérica",
  "05": "Exenciones DGH, transitorio V",
  "06": "Servicios turísticos inscritos ante el ICT",
  "07": "Transitorio XVII (reciclaje)",
  "08": "Exoneración a zona franca",
  "09": "Servicios complementarios para la exportación",
  "10": "Órgano de las corporaciones municipales",
  "11": "Exenciones DGH, autorización de impuesto local concreta",
  "99": "Otros",
};

/** NombreInstitucion v4.4. */
export const EXEMPTION_INSTITUTION_LABELS: Readonly<Record<string, string>> = {
  "01": "Ministerio de Hacienda",
  "02": "Ministerio de Relaciones Exteriores y Culto",
  "03": "Ministerio de Agricultura y Ganadería",
  "04": "Ministerio de Economía, Industria y Comercio",
  "05": "Cruz Roja Costarricense",
  "06": "Benemérito Cuerpo de Bomberos",
  "07": "Asociación Obras del Espíritu Santo",
  "08": "FECRUNAPA",
  "09": "EARTH",
  "10": "INCAE",
  "11": "Junta de Protección Social",
  "12": "ARESEP",
  "99": "Otros",
};

/** The reference codes the v4.4 schema accepts (03 «corrige monto» is gone in 4.4). */
export const REFERENCE_CODES_44: readonly string[] = Object.keys(REFERENCE_CODE_LABELS)
  .filter((code) => code !== "03")
  .sort();

export const INVOICE_FORM_MESSAGES = {
  kind: "Elija el tipo de documento: FE, TE, NC o ND.",
  receptorRequired: "Una factura electrónica necesita el receptor con su identificación.",
  receptorName: "Escriba el nombre del receptor (hasta 100 caracteres).",
  receptorIdType: "Elija el tipo de identificación del receptor.",
  receptorIdNumber: {
    "01": "La cédula física tiene 9 dígitos, sin guiones ni cero inicial.",
    "02": "La cédula jurídica tiene 10 dígitos, sin guiones.",
    "03": "El DIMEX tiene 11 o 12 dígitos.",
    "04": "El NITE tiene 10 dígitos.",
    "05": "La identificación de extranjero tiene de 1 a 20 caracteres.",
    "06": "La identificación tiene de 1 a 20 caracteres.",
  } as Record<string, string>,
  receptorIdMissing: "Escriba el número de identificación del receptor.",
  receptorEmail: "Escriba un correo electrónico válido.",
  condicionVenta: "Elija la condición de venta.",
  condicionVentaKind: (code: string, kind: string) =>
    `La condición de venta ${code} no la acepta el esquema 4.4 de ${INVOICE_KIND_LABELS[kind as InvoiceKind] ?? kind}: elija otra.`,
  plazo: "Escriba el plazo del crédito en días (1 a 99 999).",
  medioPago: "Elija al menos un medio de pago válido.",
  medioPagoOtros: "Describa el medio de pago «Otros» (entre 3 y 100 caracteres).",
  montoMedioPago: (label: string) =>
    `Con más de un medio de pago, escriba cuánto se paga con «${label}» (un monto de cero o más).`,
  moneda: "La moneda es un código de tres letras (CRC, USD, EUR).",
  tipoCambio: "Escriba el tipo de cambio en colones por unidad de la moneda, mayor que cero.",
  notas: "Las notas admiten como máximo 500 caracteres.",
  noLines: "Agregue al menos una línea.",
  tooManyLines: `Un comprobante admite como máximo ${MAX_INVOICE_LINES} líneas.`,
  cabys: "El código CABYS tiene 13 dígitos.",
  cantidad: "Escriba una cantidad mayor que cero, con hasta 3 decimales.",
  unidad: "Elija la unidad de medida.",
  detalle: "Escriba el detalle (de 3 a 200 caracteres).",
  precio: "Escriba el precio unitario, por ejemplo 1234,56.",
  descuento: "Escriba el descuento como un monto, por ejemplo 100,00.",
  descuentoExcede: "El descuento no puede superar el monto de la línea (cantidad × precio).",
  descuentoCodigo: "Elija el código del descuento.",
  descuentoNaturaleza: "Con el código 99 describa la naturaleza del descuento (3 a 80 caracteres).",
  tarifa: "Elija el código de tarifa del IVA.",
  exoTipo: "Elija el tipo de documento de la exoneración.",
  exoNumero: "Escriba el número del documento de exoneración (3 a 40 caracteres).",
  exoInstitucion: "Elija la institución que emitió la exoneración.",
  exoFecha: "Escriba la fecha de la exoneración como dd/mm/aaaa.",
  exoTarifa: "Escriba los puntos de tarifa exonerados: entre 0 y la tarifa de la línea.",
  referenceRequired:
    "Una nota de crédito o de débito debe referirse a un documento: elija uno emitido o escriba su clave.",
  referenceClave: "La clave tiene 50 dígitos.",
  referenceFecha: "Escriba la fecha de emisión del documento de referencia como dd/mm/aaaa.",
  referenceCodigo: "Elija el código de referencia.",
  referenceRazon: "Escriba la razón de la referencia (hasta 180 caracteres).",
} as const;

const text = z.string().trim().optional();

const lineRow = z
  .object({
    cabys: text,
    cantidad: text,
    unidadMedida: text,
    detalle: text,
    precioUnitario: text,
    descuento: text,
    codigoDescuento: text,
    naturalezaDescuento: text,
    codigoTarifaIVA: text,
    exoTipo: text,
    exoNumero: text,
    exoInstitucion: text,
    exoFecha: text,
    exoTarifa: text,
  })
  .optional()
  .transform((row) => row ?? {});

/** Every field as text: judging happens in `readInvoiceForm`, so the page gets one message per field. */
export const invoiceFormSchema = z.object({
  intent: text,
  kind: text,
  receptorTipo: text,
  receptorNumero: text,
  receptorNombre: text,
  receptorNombreComercial: text,
  receptorCorreo: text,
  referenceReceiptId: text,
  referenceClave: text,
  referenceFecha: text,
  referenceCodigo: text,
  referenceRazon: text,
  condicionVenta: text,
  plazoCredito: text,
  mediosPago: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
  medioPagoOtros: text,
  montosMedioPago: z.record(z.string(), text).optional(),
  moneda: text,
  tipoCambio: text,
  notas: text,
  lines: z
    .array(lineRow)
    .optional()
    .transform((rows) => rows ?? []),
});

export type InvoiceFormValues = z.output<typeof invoiceFormSchema>;

/** The line rows the invoice form accepts before parsing (decision 197): the most lines, a spare row, one more. */
export const INVOICE_FORM_MAX_ROWS = MAX_INVOICE_LINES + NEW_INVOICE_ROWS + 1;
export type InvoiceLineValues = InvoiceFormValues["lines"][number];

const LINE_FIELDS = [
  "cabys",
  "cantidad",
  "unidadMedida",
  "detalle",
  "precioUnitario",
  "descuento",
  "codigoDescuento",
  "naturalezaDescuento",
  "exoTipo",
  "exoNumero",
  "exoInstitucion",
  "exoFecha",
  "exoTarifa",
] as const;

function blankLine(row: InvoiceLineValues): boolean {
  return LINE_FIELDS.every((field) => !row[field]);
}

const ID_PATTERNS: Record<string, RegExp> = {
  "01": /^[1-9]\d{8}$/,
  "02": /^\d{10}$/,
  "03": /^\d{11,12}$/,
  "04": /^\d{10}$/,
  "05": /^[A-Za-z0-9-]{1,20}$/,
  "06": /^[A-Za-z0-9-]{1,20}$/,
};

/** The identification as Hacienda wants it: digits only for the national types (dashes and spaces dropped). */
export function normalizeIdNumber(tipo: string, numero: string): string {
  return tipo === "05" || tipo === "06" ? numero.trim() : numero.replace(/[\s-]/g, "");
}

export function validIdNumber(tipo: string, numero: string): boolean {
  return ID_PATTERNS[tipo]?.test(numero) ?? false;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/;

/** A calendar date as Costa Rica's midnight (the XML needs a date-time with offset). */
function dateTimeOf(value: string): string | null {
  if (DATE_TIME.test(value)) return value;
  // The date field's dd/mm/aaaa, or AAAA-MM-DD as drafts keep it.
  const read = readDateInput(value);
  return read.ok ? `${read.date}T00:00:00-06:00` : null;
}

/** Text like "2", "1,5" or "0.25" → "1.500"-style decimal text with at most 3 decimals, > 0. */
export function readQuantity(value: string): string | null {
  const normal = value.trim().replace(",", ".");
  const match = /^(\d{1,13})(?:\.(\d{1,3}))?$/.exec(normal);
  if (!match) return null;
  const [, integer, fraction = ""] = match;
  if (/^0+$/.test(integer) && /^0*$/.test(fraction)) return null;
  return fraction ? `${BigInt(integer)}.${fraction}` : String(BigInt(integer));
}

/** Percentage points like "13", "4" or "0,5" → "13", "4", "0.5", within [0, max]. */
function readPoints(value: string, max: string): string | null {
  const normal = value.trim().replace(",", ".");
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(normal)) return null;
  const points = parseDecimal(normal, 2);
  const limit = parseDecimal(max, 2);
  return points !== null && limit !== null && points <= limit ? normal : null;
}

function readMoney(value: string | undefined): Amount | null {
  if (!value) return null;
  const result = readMoneyInput(value, 5);
  return result.ok ? result.amount : null;
}

function times(price: Amount, quantity: string): Amount {
  const [integer, fraction = ""] = quantity.split(".");
  const scaled = BigInt(integer + fraction.padEnd(3, "0"));
  return (price * scaled) / 1000n;
}

export type InvoiceFormReading =
  { ok: true; draft: InvoiceDraft; referenceReceiptId?: string } | { ok: false; refusals: Refusal[] };

/** How the route and the service name a line's field in refusals (lines count from 1). */
function lineRefusal(message: string, field: string, line: number): Refusal {
  return refusal(message, field, line);
}

function readLine(row: InvoiceLineValues, line: number, refusals: Refusal[]): InvoiceLineInput | null {
  const m = INVOICE_FORM_MESSAGES;
  const before = refusals.length;
  const cabys = (row.cabys ?? "").replace(/\s/g, "");
  if (!/^\d{13}$/.test(cabys)) refusals.push(lineRefusal(m.cabys, "cabys", line));
  const cantidad = readQuantity(row.cantidad ?? "");
  if (!cantidad) refusals.push(lineRefusal(m.cantidad, "cantidad", line));
  const unidadMedida = row.unidadMedida ?? "";
  if (!UNITS_44.has(unidadMedida)) refusals.push(lineRefusal(m.unidad, "unidadMedida", line));
  const detalle = row.detalle ?? "";
  if (detalle.length < 3 || detalle.length > 200) refusals.push(lineRefusal(m.detalle, "detalle", line));
  const precioUnitario = readMoney(row.precioUnitario);
  if (precioUnitario === null) refusals.push(lineRefusal(m.precio, "precioUnitario", line));
  const codigoTarifaIVA = row.codigoTarifaIVA ?? "";
  const rate = IVA_RATE_CODES[codigoTarifaIVA]?.rate;
  if (!rate) refusals.push(lineRefusal(m.tarifa, "codigoTarifaIVA", line));

  let descuento: InvoiceLineInput["descuento"];
  if (row.descuento) {
    const monto = readMoney(row.descuento);
    if (monto === null) refusals.push(lineRefusal(m.descuento, "descuento", line));
    else if (monto > 0n) {
      const codigo = row.codigoDescuento ?? "";
      if (!DISCOUNT_CODE_LABELS[codigo]) refusals.push(lineRefusal(m.descuentoCodigo, "codigoDescuento", line));
      const naturaleza = row.naturalezaDescuento ?? "";
      if (codigo === "99" && (naturaleza.length < 3 || naturaleza.length > 80))
        refusals.push(lineRefusal(m.descuentoNaturaleza, "naturalezaDescuento", line));
      if (cantidad && precioUnitario !== null && monto > times(precioUnitario, cantidad))
        refusals.push(lineRefusal(m.descuentoExcede, "descuento", line));
      descuento = { monto, codigo, ...(codigo === "99" ? { naturaleza } : {}) };
    }
  }

  let exoneracion: InvoiceLineInput["exoneracion"];
  if (row.exoTipo || row.exoNumero || row.exoInstitucion || row.exoFecha || row.exoTarifa) {
    const tipoDocumento = row.exoTipo ?? "";
    if (!EXEMPTION_DOC_LABELS[tipoDocumento]) refusals.push(lineRefusal(m.exoTipo, "exoTipo", line));
    const numeroDocumento = row.exoNumero ?? "";
    if (numeroDocumento.length < 3 || numeroDocumento.length > 40)
      refusals.push(lineRefusal(m.exoNumero, "exoNumero", line));
    const nombreInstitucion = row.exoInstitucion ?? "";
    if (!EXEMPTION_INSTITUTION_LABELS[nombreInstitucion])
      refusals.push(lineRefusal(m.exoInstitucion, "exoInstitucion", line));
    const fechaEmision = dateTimeOf(row.exoFecha ?? "");
    if (!fechaEmision) refusals.push(lineRefusal(m.exoFecha, "exoFecha", line));
    const tarifaExonerada = readPoints(row.exoTarifa ?? "", rate ?? "0");
    if (tarifaExonerada === null || parseDecimal(tarifaExonerada, 2) === 0n)
      refusals.push(lineRefusal(m.exoTarifa, "exoTarifa", line));
    exoneracion = {
      tipoDocumento,
      numeroDocumento,
      nombreInstitucion,
      fechaEmision: fechaEmision ?? "",
      tarifaExonerada: tarifaExonerada ?? "",
    };
  }

  if (refusals.length > before) return null;
  return {
    cabys,
    cantidad: cantidad!,
    unidadMedida,
    detalle,
    precioUnitario: precioUnitario!,
    codigoTarifaIVA,
    ...(descuento ? { descuento } : {}),
    ...(exoneracion ? { exoneracion } : {}),
  };
}

/** The posted form → an InvoiceDraft, or every problem found (field, line and Spanish message). */
/** The form's line rows (blank ones skipped), each judged; problems go to `refusals`. */
function readLines(rowsPosted: InvoiceFormValues["lines"], refusals: Refusal[]): Array<InvoiceLineInput | null> {
  const m = INVOICE_FORM_MESSAGES;
  const rows = rowsPosted.map((row, index) => ({ row, line: index + 1 })).filter(({ row }) => !blankLine(row));
  if (rows.length === 0) refusals.push(refusal(m.noLines, "lines"));
  if (rows.length > MAX_INVOICE_LINES) refusals.push(refusal(m.tooManyLines, "lines"));
  return rows.map(({ row, line }) => readLine(row, line, refusals));
}

/** Only the lines, as the totals need them: null when any line (or the set of lines) has a problem. */
export function readInvoiceLines(rowsPosted: InvoiceFormValues["lines"]): InvoiceLineInput[] | null {
  const refusals: Refusal[] = [];
  const lines = readLines(rowsPosted, refusals);
  return refusals.length > 0 ? null : (lines as InvoiceLineInput[]);
}

export function readInvoiceForm(values: InvoiceFormValues): InvoiceFormReading {
  const m = INVOICE_FORM_MESSAGES;
  const refusals: Refusal[] = [];
  const kind = (values.kind ?? "") as InvoiceKind;
  if (!INVOICE_KINDS.includes(kind)) refusals.push(refusal(m.kind, "kind"));

  // Receptor: required with identification on a factura; optional on the others (a tiquete's buyer).
  let receptor: InvoiceDraft["receptor"];
  const nombre = values.receptorNombre ?? "";
  const tipo = values.receptorTipo ?? "";
  const numero = normalizeIdNumber(tipo, values.receptorNumero ?? "");
  const correo = values.receptorCorreo ?? "";
  const anyReceptor = !!(nombre || values.receptorNumero || correo);
  if (kind === "FE" || anyReceptor) {
    const before = refusals.length;
    if (kind === "FE" && !anyReceptor) refusals.push(refusal(m.receptorRequired, "receptorNombre"));
    else if (!nombre || nombre.length > 100) refusals.push(refusal(m.receptorName, "receptorNombre"));
    const needsId = kind === "FE" || !!values.receptorNumero;
    if (needsId) {
      if (!ID_TYPE_LABELS[tipo]) refusals.push(refusal(m.receptorIdType, "receptorTipo"));
      else if (!numero) refusals.push(refusal(m.receptorIdMissing, "receptorNumero"));
      else if (!validIdNumber(tipo, numero)) refusals.push(refusal(m.receptorIdNumber[tipo], "receptorNumero"));
    }
    if (correo && (!EMAIL.test(correo) || correo.length > 160))
      refusals.push(refusal(m.receptorEmail, "receptorCorreo"));
    if (refusals.length === before && anyReceptor) {
      receptor = {
        nombre,
        ...(needsId ? { identificacion: { tipo, numero } } : {}),
        ...(values.receptorNombreComercial ? { nombreComercial: values.receptorNombreComercial } : {}),
        ...(correo ? { correo } : {}),
      };
    }
  }

  const condicionVenta = values.condicionVenta ?? "";
  if (!CONDICION_VENTA_LABELS[condicionVenta]) refusals.push(refusal(m.condicionVenta, "condicionVenta"));
  else if (INVOICE_KINDS.includes(kind) && !condicionVentaAllowed(kind, condicionVenta))
    refusals.push(refusal(m.condicionVentaKind(condicionVenta, kind), "condicionVenta"));
  let plazoCredito: number | undefined;
  if (condicionVenta === "02" || values.plazoCredito) {
    const plazo = values.plazoCredito ?? "";
    if (!/^\d{1,5}$/.test(plazo) || Number(plazo) < 1) refusals.push(refusal(m.plazo, "plazoCredito"));
    else plazoCredito = Number(plazo);
  }
  const mediosPago = [...new Set(values.mediosPago.map((medio) => medio.trim()).filter(Boolean))];
  if (mediosPago.length === 0 || mediosPago.length > 4 || mediosPago.some((medio) => !MEDIO_PAGO_LABELS[medio]))
    refusals.push(refusal(m.medioPago, "mediosPago"));
  const medioPagoOtros = mediosPago.includes("99") ? (values.medioPagoOtros ?? "").trim() : "";
  if (mediosPago.includes("99") && (medioPagoOtros.length < 3 || medioPagoOtros.length > 100))
    refusals.push(refusal(m.medioPagoOtros, "medioPagoOtros"));
  // One method is paid the whole total; with several, each says its part (they must add up to the total).
  let montosMedioPago: Amount[] | undefined;
  if (mediosPago.length > 1) {
    const amounts = mediosPago.map((medio) => {
      const amount = readMoney(values.montosMedioPago?.[medio]);
      if (amount === null || amount < 0n)
        refusals.push(refusal(m.montoMedioPago(MEDIO_PAGO_LABELS[medio] ?? medio), `montosMedioPago.${medio}`));
      return amount;
    });
    if (amounts.every((amount): amount is Amount => amount !== null && amount >= 0n)) montosMedioPago = amounts;
  }

  const moneda = (values.moneda || "CRC").toUpperCase();
  if (!/^[A-Z]{3}$/.test(moneda)) refusals.push(refusal(m.moneda, "moneda"));
  let tipoCambio: Amount = AMOUNT_ONE;
  if (moneda !== "CRC") {
    const rate = readMoney(values.tipoCambio);
    if (rate === null || rate <= 0n) refusals.push(refusal(m.tipoCambio, "tipoCambio"));
    else tipoCambio = rate;
  }
  const notas = values.notas ?? "";
  if (notas.length > 500) refusals.push(refusal(m.notas, "notas"));

  let reference: InvoiceDraft["reference"];
  const referenceReceiptId = values.referenceReceiptId || undefined;
  if (kind === "NC" || kind === "ND") {
    const clave = (values.referenceClave ?? "").replace(/\s/g, "");
    const before = refusals.length;
    if (!clave) refusals.push(refusal(m.referenceRequired, "referenceClave"));
    else if (!/^\d{50}$/.test(clave)) refusals.push(refusal(m.referenceClave, "referenceClave"));
    const fechaEmision = dateTimeOf(values.referenceFecha ?? "");
    if (clave && !fechaEmision) refusals.push(refusal(m.referenceFecha, "referenceFecha"));
    const codigo = values.referenceCodigo ?? "";
    if (!REFERENCE_CODES_44.includes(codigo)) refusals.push(refusal(m.referenceCodigo, "referenceCodigo"));
    const razon = values.referenceRazon ?? "";
    if (!razon || razon.length > 180) refusals.push(refusal(m.referenceRazon, "referenceRazon"));
    if (refusals.length === before)
      reference = { tipoDocumento: referenceDocType(clave), numero: clave, fechaEmision: fechaEmision!, codigo, razon };
  }

  const lines = readLines(values.lines, refusals);

  if (refusals.length > 0) return { ok: false, refusals };
  return {
    ok: true,
    draft: {
      kind,
      ...(receptor ? { receptor } : {}),
      condicionVenta,
      ...(plazoCredito !== undefined ? { plazoCredito } : {}),
      mediosPago,
      ...(medioPagoOtros ? { medioPagoOtros } : {}),
      ...(montosMedioPago ? { montosMedioPago } : {}),
      moneda,
      tipoCambio,
      lines: lines as InvoiceLineInput[],
      ...(reference ? { reference } : {}),
      ...(notas ? { notas } : {}),
    },
    ...(referenceReceiptId ? { referenceReceiptId } : {}),
  };
}

/** TipoDocIR from the referenced clave's consecutivo (its document type, positions 30–31). */
export function referenceDocType(clave: string): string {
  const tipo = clave.slice(29, 31);
  return ["01", "02", "03", "04"].includes(tipo) ? tipo : "99";
}

/** The form's values for a stored draft (what the edit page shows). */
export function formValuesOf(draft: InvoiceDraft, referenceReceiptId?: string): Record<string, unknown> {
  return {
    kind: draft.kind,
    receptorTipo: draft.receptor?.identificacion?.tipo ?? "",
    receptorNumero: draft.receptor?.identificacion?.numero ?? "",
    receptorNombre: draft.receptor?.nombre ?? "",
    receptorNombreComercial: draft.receptor?.nombreComercial ?? "",
    receptorCorreo: draft.receptor?.correo ?? "",
    referenceReceiptId: referenceReceiptId ?? "",
    referenceClave: draft.reference?.numero ?? "",
    referenceFecha: draft.reference?.fechaEmision.slice(0, 10) ?? "",
    referenceCodigo: draft.reference?.codigo ?? "",
    referenceRazon: draft.reference?.razon ?? "",
    condicionVenta: draft.condicionVenta,
    plazoCredito: draft.plazoCredito === undefined ? "" : String(draft.plazoCredito),
    mediosPago: draft.mediosPago,
    medioPagoOtros: draft.medioPagoOtros ?? "",
    montosMedioPago: Object.fromEntries(
      draft.mediosPago.map((medio, index) => [
        medio,
        draft.montosMedioPago?.[index] === undefined ? "" : trimMoney(draft.montosMedioPago[index]),
      ]),
    ),
    moneda: draft.moneda,
    tipoCambio: draft.moneda === "CRC" ? "" : formatMoneyInput(draft.tipoCambio, 5).replace(/,?0+$/, ""),
    notas: draft.notas ?? "",
    lines: draft.lines.map((line) => ({
      cabys: line.cabys,
      cantidad: formatQuantity(line.cantidad),
      unidadMedida: line.unidadMedida,
      detalle: line.detalle,
      precioUnitario: trimMoney(line.precioUnitario),
      descuento: line.descuento ? trimMoney(line.descuento.monto) : "",
      codigoDescuento: line.descuento?.codigo ?? "",
      naturalezaDescuento: line.descuento?.naturaleza ?? "",
      codigoTarifaIVA: line.codigoTarifaIVA,
      exoTipo: line.exoneracion?.tipoDocumento ?? "",
      exoNumero: line.exoneracion?.numeroDocumento ?? "",
      exoInstitucion: line.exoneracion?.nombreInstitucion ?? "",
      exoFecha: line.exoneracion?.fechaEmision.slice(0, 10) ?? "",
      exoTarifa: line.exoneracion?.tarifaExonerada ?? "",
    })),
  };
}

/** "1234,5" keeps the decimals that matter, at least the céntimos. */
function trimMoney(amount: Amount): string {
  const full = formatMoneyInput(amount, 5);
  const [integer, fraction] = full.split(",");
  const kept = fraction.replace(/0+$/, "").padEnd(2, "0");
  return `${integer},${kept}`;
}

/** A new form: a factura at contado, cash, in colones, with one empty line at 13 %. */
export function newInvoiceDefaults(): Record<string, unknown> {
  return {
    kind: "FE",
    condicionVenta: "01",
    mediosPago: ["01"],
    moneda: "CRC",
    lines: Array.from({ length: NEW_INVOICE_ROWS }, () => ({ unidadMedida: "Unid", codigoTarifaIVA: "08" })),
  };
}
