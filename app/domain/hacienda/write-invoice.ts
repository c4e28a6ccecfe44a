/**
 * The unsigned v4.4 XML of an invoice the organization issues (FE, TE, NC, ND), elements in the
 * order of the official schemas (all four share one structure). A signer appends ds:Signature as
 * the root's last child.
 */
import type { ComputedInvoice, InvoiceDraft, InvoiceKind, InvoiceNumbering, IssuerProfile } from "../invoicing/types";
import { formatAmount, type Amount } from "../money";
import { kindNamespace, KIND_INFO } from "./codes";
import { DISCOUNT_CODE_LABELS } from "./invoice-totals";
import type { Descuento, Identificacion, Impuesto, LineaDetalle, Resumen, Telefono, Ubicacion } from "./types";
import { leaf, node, renderXmlDocument, type XmlChild, type XmlElement } from "./xml-text";

const FE_CONDITIONS = ["01", "02", "03", "04", "05", "06", "07", "08", "10", "12", "13", "14", "15", "99"];

/** CondicionVenta codes each v4.4 schema accepts (the TE has no 12; NC and ND also take 09 and 11). */
export const CONDICIONES_VENTA_BY_KIND: Readonly<Record<InvoiceKind, readonly string[]>> = {
  FE: FE_CONDITIONS,
  TE: FE_CONDITIONS.filter((code) => code !== "12"),
  NC: [...FE_CONDITIONS, "09", "11"].sort(),
  ND: [...FE_CONDITIONS, "09", "11"].sort(),
};

/** InformacionReferencia/Codigo in v4.4: 03 "corrige monto" of v4.3 is gone (use 10 or 99). */
export const REFERENCE_CODES_V44: readonly string[] = [
  "01",
  "02",
  "04",
  "05",
  "06",
  "07",
  "08",
  "09",
  "10",
  "11",
  "12",
  "99",
];

/** OtroTexto holds at most 500 characters; longer notes continue in the next one. */
const OTRO_TEXTO_MAX = 500;

/** Credit sales whose PlazoCredito is written (crédito, servicios al Estado a crédito, crédito IVA 90 días). */
const CREDIT_CONDITIONS: ReadonlySet<string> = new Set(["02", "08", "10"]);

export function invoiceRootElement(kind: InvoiceKind): string {
  return KIND_INFO[kind].rootElement;
}

export function invoiceNamespace(kind: InvoiceKind): string {
  return kindNamespace(kind, "4.4");
}

const money = (amount: Amount) => formatAmount(amount);

/** XML 1.0 cannot carry C0 controls other than tab and line breaks, lone surrogates or U+FFFE/U+FFFF. */
function isXmlCharacter(character: string): boolean {
  const code = character.codePointAt(0)!;
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  if (code >= 0xd800 && code <= 0xdfff) return false;
  return code !== 0xfffe && code !== 0xffff;
}

/** Free text typed by people, without the characters an XML document cannot hold. */
const text = (value: string | undefined) => (value ? Array.from(value).filter(isXmlCharacter).join("") : undefined);

/** A summary total: written only when it is not zero (absent totals read as 0). */
const total = (name: string, amount: Amount) => (amount === 0n ? undefined : leaf(name, money(amount)));

function identificacion(id: Identificacion): XmlElement {
  return node("Identificacion", [leaf("Tipo", id.tipo), leaf("Numero", id.numero)]);
}

function ubicacion(place: Ubicacion): XmlElement {
  return node("Ubicacion", [
    leaf("Provincia", place.provincia),
    leaf("Canton", place.canton),
    leaf("Distrito", place.distrito),
    leaf("Barrio", text(place.barrio)),
    leaf("OtrasSenas", text(place.otrasSenas)),
  ]);
}

function telefono(phone: Telefono | undefined): XmlElement | undefined {
  if (!phone) return undefined;
  return node("Telefono", [leaf("CodigoPais", phone.codigoPais), leaf("NumTelefono", phone.numero)]);
}

function emisor(issuer: IssuerProfile): XmlElement {
  return node("Emisor", [
    leaf("Nombre", text(issuer.nombre)),
    identificacion(issuer.identificacion),
    leaf("NombreComercial", text(issuer.nombreComercial)),
    ubicacion(issuer.ubicacion),
    telefono(issuer.telefono),
    leaf("CorreoElectronico", issuer.correo),
  ]);
}

function receptor(draft: InvoiceDraft): XmlElement | undefined {
  const party = draft.receptor;
  if (!party) return undefined;
  return node("Receptor", [
    leaf("Nombre", text(party.nombre)),
    party.identificacion && identificacion(party.identificacion),
    leaf("NombreComercial", text(party.nombreComercial)),
    leaf("CorreoElectronico", party.correo || undefined),
  ]);
}

/**
 * Hacienda asks for the nature of every discount and a description of a "99" one: the text typed
 * describes both; without one, the code's name is the nature.
 */
function descuento(discount: Descuento): XmlElement {
  const naturaleza = text(discount.naturaleza)?.trim() || undefined;
  return node("Descuento", [
    leaf("MontoDescuento", money(discount.monto)),
    leaf("CodigoDescuento", discount.codigo),
    leaf("CodigoDescuentoOTRO", discount.codigo === "99" ? naturaleza : undefined),
    leaf("NaturalezaDescuento", naturaleza ?? (discount.codigo ? DISCOUNT_CODE_LABELS[discount.codigo] : undefined)),
  ]);
}

function impuesto(tax: Impuesto): XmlElement {
  const exoneracion = tax.exoneracion;
  return node("Impuesto", [
    leaf("Codigo", tax.codigo),
    leaf("CodigoTarifaIVA", tax.codigoTarifa),
    leaf("Tarifa", tax.tarifa),
    leaf("Monto", money(tax.monto)),
    exoneracion &&
      node("Exoneracion", [
        leaf("TipoDocumentoEX1", exoneracion.tipoDocumento),
        leaf("NumeroDocumento", text(exoneracion.numeroDocumento)),
        leaf("Articulo", exoneracion.articulo || undefined),
        leaf("Inciso", exoneracion.inciso || undefined),
        leaf("NombreInstitucion", exoneracion.nombreInstitucion),
        leaf("FechaEmisionEX", exoneracion.fechaEmision),
        leaf("TarifaExonerada", exoneracion.tarifaExonerada),
        leaf("MontoExoneracion", money(exoneracion.monto)),
      ]),
  ]);
}

function lineaDetalle(line: LineaDetalle): XmlElement {
  return node("LineaDetalle", [
    leaf("NumeroLinea", String(line.numero)),
    leaf("CodigoCABYS", line.cabys),
    leaf("Cantidad", line.cantidad),
    leaf("UnidadMedida", line.unidadMedida),
    leaf("Detalle", text(line.detalle)),
    leaf("PrecioUnitario", line.precioUnitario === undefined ? undefined : money(line.precioUnitario)),
    leaf("MontoTotal", money(line.montoTotal)),
    ...line.descuentos.map(descuento),
    leaf("SubTotal", money(line.subTotal)),
    leaf("BaseImponible", money(line.baseImponible ?? line.subTotal)),
    ...line.impuestos.map(impuesto),
    leaf("ImpuestoAsumidoEmisorFabrica", money(line.impuestoAsumidoEmisorFabrica ?? 0n)),
    leaf("ImpuestoNeto", money(line.impuestoNeto ?? 0n)),
    leaf("MontoTotalLinea", money(line.montoTotalLinea)),
  ]);
}

function resumenFactura(draft: InvoiceDraft, r: Resumen): XmlElement {
  return node("ResumenFactura", [
    node("CodigoTipoMoneda", [leaf("CodigoMoneda", draft.moneda), leaf("TipoCambio", money(draft.tipoCambio))]),
    total("TotalServGravados", r.totalServGravados),
    total("TotalServExentos", r.totalServExentos),
    total("TotalServExonerado", r.totalServExonerado),
    total("TotalServNoSujeto", r.totalServNoSujeto),
    total("TotalMercanciasGravadas", r.totalMercanciasGravadas),
    total("TotalMercanciasExentas", r.totalMercanciasExentas),
    total("TotalMercExonerada", r.totalMercExonerada),
    total("TotalMercNoSujeta", r.totalMercNoSujeta),
    total("TotalGravado", r.totalGravado),
    total("TotalExento", r.totalExento),
    total("TotalExonerado", r.totalExonerado),
    total("TotalNoSujeto", r.totalNoSujeto),
    leaf("TotalVenta", money(r.totalVenta)),
    total("TotalDescuentos", r.totalDescuentos),
    leaf("TotalVentaNeta", money(r.totalVentaNeta)),
    ...r.totalDesgloseImpuesto.map((item) =>
      node("TotalDesgloseImpuesto", [
        leaf("Codigo", item.codigo),
        leaf("CodigoTarifaIVA", item.codigoTarifa),
        leaf("TotalMontoImpuesto", money(item.monto)),
      ]),
    ),
    leaf("TotalImpuesto", money(r.totalImpuesto)),
    total("TotalImpAsumEmisorFabrica", r.totalImpAsumEmisorFabrica),
    total("TotalIVADevuelto", r.totalIVADevuelto),
    total("TotalOtrosCargos", r.totalOtrosCargos),
    ...mediosPago(draft, r.totalComprobante),
    leaf("TotalComprobante", money(r.totalComprobante)),
  ]);
}

const between = (value: string | undefined, min: number, max: number) => {
  const length = value?.trim().length ?? 0;
  return length >= min && length <= max;
};

/**
 * Spanish reasons why the draft would make a document the schema or Hacienda refuses, beyond its
 * arithmetic (see invoiceTotalsProblems): descriptions that "99" codes need, the receptor an FE
 * needs, the reference of an NC/ND, the credit term, the sale condition for the document type.
 */
export function invoiceDocumentProblems(draft: InvoiceDraft): string[] {
  const problems: string[] = [];
  if (!CONDICIONES_VENTA_BY_KIND[draft.kind].includes(draft.condicionVenta)) {
    problems.push(`La condición de venta ${draft.condicionVenta} no se admite en este tipo de comprobante.`);
  }
  if (draft.condicionVenta === "99" && !between(draft.condicionVentaOtros, 5, 100)) {
    problems.push("Describa la condición de venta «Otros» (entre 5 y 100 caracteres).");
  }
  if (CREDIT_CONDITIONS.has(draft.condicionVenta) && draft.plazoCredito === undefined) {
    problems.push("Indique el plazo del crédito en días.");
  }
  if (
    draft.plazoCredito !== undefined &&
    !(Number.isInteger(draft.plazoCredito) && draft.plazoCredito >= 0 && draft.plazoCredito <= 99_999)
  ) {
    problems.push("El plazo del crédito debe ser un número entero de días (hasta 99 999).");
  }
  if (draft.mediosPago.length > 4) problems.push("Indique como máximo 4 medios de pago.");
  if (new Set(draft.mediosPago).size !== draft.mediosPago.length) problems.push("Un medio de pago está repetido.");
  if (draft.mediosPago.includes("99") && !between(draft.medioPagoOtros, 3, 100)) {
    problems.push("Describa el medio de pago «Otros» (entre 3 y 100 caracteres).");
  }
  if (draft.mediosPago.length > 1 && draft.montosMedioPago === undefined) {
    problems.push("Con más de un medio de pago, indique el monto de cada uno.");
  }
  if (draft.kind === "FE" && !draft.receptor?.identificacion) {
    problems.push("Una factura electrónica necesita la identificación del receptor.");
  }
  if ((draft.kind === "NC" || draft.kind === "ND") && !draft.reference) {
    problems.push("Una nota de crédito o de débito debe indicar el documento al que se refiere.");
  }
  if (draft.reference?.codigo && !REFERENCE_CODES_V44.includes(draft.reference.codigo)) {
    problems.push(`El código de referencia ${draft.reference.codigo} no existe en la versión 4.4.`);
  }
  draft.lines.forEach((line, index) => {
    if (line.descuento?.codigo === "99" && !between(line.descuento.naturaleza, 5, 80)) {
      problems.push(`Línea ${index + 1}: describa el descuento «Otros» (entre 5 y 80 caracteres).`);
    } else if (line.descuento?.naturaleza !== undefined && !between(line.descuento.naturaleza, 3, 80)) {
      problems.push(`Línea ${index + 1}: la naturaleza del descuento debe tener entre 3 y 80 caracteres.`);
    }
  });
  return problems;
}

/** TotalMedioPago: the amounts given, or the whole total when there is a single method. */
function mediosPago(draft: InvoiceDraft, totalComprobante: Amount): XmlElement[] {
  const single = draft.mediosPago.length === 1;
  return draft.mediosPago.map((codigo, index) => {
    const monto = draft.montosMedioPago?.[index] ?? (single ? totalComprobante : undefined);
    return node("MedioPago", [
      leaf("TipoMedioPago", codigo),
      leaf("MedioPagoOtros", codigo === "99" ? text(draft.medioPagoOtros) : undefined),
      leaf("TotalMedioPago", monto === undefined ? undefined : money(monto)),
    ]);
  });
}

function informacionReferencia(draft: InvoiceDraft): XmlElement | undefined {
  const reference = draft.reference;
  if (!reference) return undefined;
  return node("InformacionReferencia", [
    leaf("TipoDocIR", reference.tipoDocumento),
    leaf("Numero", reference.numero || undefined),
    leaf("FechaEmisionIR", reference.fechaEmision),
    leaf("Codigo", reference.codigo || undefined),
    leaf("Razon", text(reference.razon)),
  ]);
}

/** Splits text into pieces of at most `size` characters without cutting a surrogate pair. */
function chunks(text: string, size: number): string[] {
  const characters = Array.from(text);
  const pieces: string[] = [];
  for (let start = 0; start < characters.length; start += size) {
    pieces.push(characters.slice(start, start + size).join(""));
  }
  return pieces;
}

function otros(draft: InvoiceDraft): XmlElement | undefined {
  const notas = text(draft.notas)?.trim();
  if (!notas) return undefined;
  return node(
    "Otros",
    chunks(notas, OTRO_TEXTO_MAX).map((piece) => leaf("OtroTexto", piece)),
  );
}

function plazoCredito(draft: InvoiceDraft): XmlChild {
  if (draft.plazoCredito === undefined || !CREDIT_CONDITIONS.has(draft.condicionVenta)) return undefined;
  return leaf("PlazoCredito", String(draft.plazoCredito));
}

/**
 * The unsigned XML. ProveedorSistemas is the issuer's own identification: the organization issues
 * with its own system (decision 160).
 */
export function writeInvoiceXml(
  issuer: IssuerProfile,
  draft: InvoiceDraft,
  computed: ComputedInvoice,
  numbering: InvoiceNumbering,
): string {
  return renderXmlDocument(
    node(
      invoiceRootElement(draft.kind),
      [
        leaf("Clave", numbering.clave),
        leaf("ProveedorSistemas", issuer.identificacion.numero),
        leaf("CodigoActividadEmisor", issuer.codigoActividad),
        leaf("NumeroConsecutivo", numbering.consecutivo),
        leaf("FechaEmision", numbering.fechaEmision),
        emisor(issuer),
        receptor(draft),
        leaf("CondicionVenta", draft.condicionVenta),
        leaf("CondicionVentaOtros", draft.condicionVenta === "99" ? text(draft.condicionVentaOtros) : undefined),
        plazoCredito(draft),
        computed.lines.length > 0 && node("DetalleServicio", computed.lines.map(lineaDetalle)),
        resumenFactura(draft, computed.resumen),
        informacionReferencia(draft),
        otros(draft),
      ],
      { xmlns: invoiceNamespace(draft.kind) },
    ),
  );
}
