/**
 * The unsigned v4.4 XML of an invoice the organization issues (FE, TE, NC, ND), elements in the
 * order of the official schemas (all four share one structure). A signer appends ds:Signature as
 * the root's last child.
 */
import type { ComputedInvoice, InvoiceDraft, InvoiceKind, InvoiceNumbering, IssuerProfile } from "../invoicing/types";
import { formatAmount, type Amount } from "../money";
import { kindNamespace, KIND_INFO } from "./codes";
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

function descuento(discount: Descuento): XmlElement {
  return node("Descuento", [
    leaf("MontoDescuento", money(discount.monto)),
    leaf("CodigoDescuento", discount.codigo),
    leaf("NaturalezaDescuento", text(discount.naturaleza)),
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
    // With several payment methods their split is not known, so none carries TotalMedioPago.
    ...draft.mediosPago.map((codigo) => node("MedioPago", [leaf("TipoMedioPago", codigo)])),
    leaf("TotalComprobante", money(r.totalComprobante)),
  ]);
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
