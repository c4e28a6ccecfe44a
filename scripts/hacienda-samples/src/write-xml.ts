/**
 * Writes a planned sample document as Hacienda XML, element order and optionality following each
 * official XSD (v4.3 / v4.4, per document kind), with the placeholder signature at the end.
 */
import { formatAmount, type Amount } from "../../../app/domain/money";
import { kindNamespace, KIND_INFO, type HaciendaVersion, type ReceiptKind } from "../../../app/domain/hacienda/codes";
import { PLACEHOLDER_SIGNATURE } from "../../../app/domain/hacienda/placeholder-signature";
import { leaf, node, renderXmlDocument, type XmlChild, type XmlElement } from "../../../app/domain/hacienda/xml-text";
import { PROVEEDOR_SISTEMAS, type SampleLocation, type SampleParty } from "./catalog";
import type { Bucket, Buckets, DocumentPlan, PlannedCargo, PlannedLine } from "./plan";

export interface PlannedReference {
  tipoDoc: string;
  tipoDocOtro?: string;
  numero: string;
  fechaEmision: string;
  codigo?: string;
  razon: string;
}

export interface WriteInput {
  kind: ReceiptKind;
  version: HaciendaVersion;
  clave: string;
  consecutivo: string;
  fechaEmision: string;
  emisor: SampleParty;
  receptor?: SampleParty;
  codigoActividadEmisor?: string;
  codigoActividadReceptor?: string;
  condicionVenta: string;
  plazoCredito?: string;
  mediosPago: { tipo: string; total?: Amount }[];
  currency: string;
  tipoCambio: Amount;
  plan: DocumentPlan;
  references: PlannedReference[];
}

const money = (amount: Amount) => formatAmount(amount);

function identificacion(name: string, party: SampleParty): XmlElement {
  return node(name, [leaf("Tipo", party.identificacion.tipo), leaf("Numero", party.identificacion.numero)]);
}

function ubicacion(location: SampleLocation | undefined, version: HaciendaVersion): XmlElement | undefined {
  if (!location) return undefined;
  return node("Ubicacion", [
    leaf("Provincia", location.provincia),
    leaf("Canton", location.canton),
    leaf("Distrito", location.distrito),
    leaf("Barrio", version === "4.4" ? location.barrio : location.barrioCodigo),
    leaf("OtrasSenas", location.otrasSenas),
  ]);
}

function telefono(party: SampleParty): XmlElement | undefined {
  return party.telefono
    ? node("Telefono", [leaf("CodigoPais", "506"), leaf("NumTelefono", party.telefono)])
    : undefined;
}

function emisorElement(input: WriteInput): XmlElement {
  const { emisor: party, version, kind } = input;
  if (kind === "REP") {
    return node("Emisor", [
      leaf("Nombre", party.nombre),
      identificacion("Identificacion", party),
      leaf("CorreoElectronico", party.correo),
    ]);
  }
  return node("Emisor", [
    leaf("Nombre", party.nombre),
    identificacion("Identificacion", party),
    leaf("NombreComercial", party.nombreComercial),
    ubicacion(party.ubicacion, version),
    kind === "FEC" && version === "4.4" ? leaf("OtrasSenasExtranjero", party.otrasSenasExtranjero) : undefined,
    telefono(party),
    leaf("CorreoElectronico", party.correo),
  ]);
}

function receptorElement(input: WriteInput): XmlElement | undefined {
  const { receptor: party, version, kind } = input;
  if (!party) return undefined;
  const foreign = party.identificacion.tipo === "05";
  if (kind === "REP") {
    return node("Receptor", [
      leaf("Nombre", party.nombre),
      identificacion("Identificacion", party),
      leaf("CorreoElectronico", party.correo),
    ]);
  }
  const v43Foreign = version === "4.3" && foreign;
  return node("Receptor", [
    leaf("Nombre", party.nombre),
    v43Foreign ? undefined : identificacion("Identificacion", party),
    v43Foreign ? leaf("IdentificacionExtranjero", party.identificacion.numero) : undefined,
    leaf("NombreComercial", party.nombreComercial),
    kind === "FEE" ? undefined : ubicacion(party.ubicacion, version),
    kind === "FEC" && version === "4.4" ? undefined : leaf("OtrasSenasExtranjero", party.otrasSenasExtranjero),
    telefono(party),
    leaf("CorreoElectronico", party.correo),
  ]);
}

function taxElements(line: PlannedLine, input: WriteInput): XmlChild[] {
  const { version, kind } = input;
  const tax = line.tax;
  if (!tax) return [];
  const exoneracion = tax.exoneracion;
  const exoneracionElement =
    exoneracion &&
    (version === "4.4"
      ? node("Exoneracion", [
          leaf("TipoDocumentoEX1", "03"),
          leaf("NumeroDocumento", exoneracion.numeroDocumento),
          leaf("Articulo", "5"),
          leaf("NombreInstitucion", "01"),
          leaf("FechaEmisionEX", exoneracion.fechaEmision),
          leaf("TarifaExonerada", exoneracion.tarifaExonerada),
          leaf("MontoExoneracion", money(exoneracion.monto)),
        ])
      : node("Exoneracion", [
          leaf("TipoDocumento", "03"),
          leaf("NumeroDocumento", exoneracion.numeroDocumento),
          leaf("NombreInstitucion", "Ministerio de Hacienda"),
          leaf("FechaEmision", exoneracion.fechaEmision),
          leaf("PorcentajeExoneracion", String(exoneracion.porcentaje)),
          leaf("MontoExoneracion", money(exoneracion.monto)),
        ]));
  return [
    node("Impuesto", [
      leaf("Codigo", "01"),
      leaf(version === "4.4" ? "CodigoTarifaIVA" : "CodigoTarifa", tax.codigoTarifa),
      leaf("Tarifa", tax.tarifa),
      leaf("Monto", money(tax.monto)),
      kind === "FEE" ? undefined : exoneracionElement,
    ]),
  ];
}

function lineElement(line: PlannedLine, input: WriteInput): XmlElement {
  const { version, kind } = input;
  const unit = line.item.unit[version];
  if (kind === "REP") {
    return node("LineaDetalle", [
      leaf("NumeroLinea", String(line.numero)),
      leaf("Detalle", line.item.detalle),
      leaf("MontoTotal", money(line.montoTotal)),
      leaf("SubTotal", money(line.subTotal)),
      ...taxElements(line, input),
      leaf("ImpuestoNeto", money(line.impuestoNeto)),
      leaf("MontoTotalLinea", money(line.montoTotalLinea)),
    ]);
  }
  const codigoComercial = line.item.commercialCode
    ? node("CodigoComercial", [leaf("Tipo", "01"), leaf("Codigo", line.item.commercialCode)])
    : undefined;
  const descuento =
    line.descuento &&
    node("Descuento", [
      leaf("MontoDescuento", money(line.descuento.monto)),
      version === "4.4" ? leaf("CodigoDescuento", line.descuento.codigo) : undefined,
      leaf("NaturalezaDescuento", line.descuento.naturaleza),
    ]);
  const taxed = line.tax !== undefined && line.tax.tarifa !== "0.00";
  const hasBaseImponible = kind !== "FEE" && (version === "4.4" || taxed);
  const hasImpuestoNeto = !(kind === "FEE" && version === "4.4");
  const hasAsumido = version === "4.4" && kind !== "FEC" && kind !== "FEE";
  return node("LineaDetalle", [
    leaf("NumeroLinea", String(line.numero)),
    leaf(version === "4.4" ? "CodigoCABYS" : "Codigo", line.item.cabys),
    codigoComercial,
    leaf("Cantidad", line.cantidad),
    leaf("UnidadMedida", unit),
    leaf("Detalle", line.item.detalle),
    leaf("PrecioUnitario", money(line.precioUnitario)),
    leaf("MontoTotal", money(line.montoTotal)),
    descuento,
    leaf("SubTotal", money(line.subTotal)),
    hasBaseImponible ? leaf("BaseImponible", money(line.baseImponible)) : undefined,
    ...taxElements(line, input),
    hasAsumido ? leaf("ImpuestoAsumidoEmisorFabrica", money(0n)) : undefined,
    hasImpuestoNeto ? leaf("ImpuestoNeto", money(line.impuestoNeto)) : undefined,
    leaf("MontoTotalLinea", money(line.montoTotalLinea)),
  ]);
}

function cargoElement(cargo: PlannedCargo, input: WriteInput): XmlElement {
  const tercero = cargo.tercero;
  if (input.version === "4.4") {
    return node("OtrosCargos", [
      leaf("TipoDocumentoOC", cargo.tipo),
      tercero ? identificacion("IdentificacionTercero", tercero) : undefined,
      leaf("NombreTercero", tercero?.nombre),
      leaf("Detalle", cargo.detalle),
      leaf("PorcentajeOC", cargo.porcentaje),
      leaf("MontoCargo", money(cargo.monto)),
    ]);
  }
  return node("OtrosCargos", [
    leaf("TipoDocumento", cargo.tipo),
    leaf("NumeroIdentidadTercero", tercero?.identificacion.numero),
    leaf("NombreTercero", tercero?.nombre),
    leaf("Detalle", cargo.detalle),
    leaf("Porcentaje", cargo.porcentaje),
    leaf("MontoCargo", money(cargo.monto)),
  ]);
}

function bucketTotals(services: Buckets, goods: Buckets, input: WriteInput): XmlChild[] {
  const { version, kind } = input;
  const withExonerado = kind !== "FEE";
  const withNoSujeto = version === "4.4" && kind !== "FEE";
  const sum = (bucket: Bucket) => services[bucket] + goods[bucket];
  return [
    leaf("TotalServGravados", money(services.gravado)),
    leaf("TotalServExentos", money(services.exento)),
    withExonerado ? leaf("TotalServExonerado", money(services.exonerado)) : undefined,
    withNoSujeto ? leaf("TotalServNoSujeto", money(services.noSujeto)) : undefined,
    leaf("TotalMercanciasGravadas", money(goods.gravado)),
    leaf("TotalMercanciasExentas", money(goods.exento)),
    withExonerado ? leaf("TotalMercExonerada", money(goods.exonerado)) : undefined,
    withNoSujeto ? leaf("TotalMercNoSujeta", money(goods.noSujeto)) : undefined,
    leaf("TotalGravado", money(sum("gravado"))),
    leaf("TotalExento", money(sum("exento"))),
    withExonerado ? leaf("TotalExonerado", money(sum("exonerado"))) : undefined,
    withNoSujeto ? leaf("TotalNoSujeto", money(sum("noSujeto"))) : undefined,
  ];
}

function resumenElement(input: WriteInput): XmlElement {
  const { version, kind, plan } = input;
  const summary = plan.summary;
  const moneda = node("CodigoTipoMoneda", [
    leaf("CodigoMoneda", input.currency),
    leaf("TipoCambio", money(input.tipoCambio)),
  ]);
  const desglose =
    version === "4.4"
      ? summary.desglose.map((item) =>
          node("TotalDesgloseImpuesto", [
            leaf("Codigo", "01"),
            leaf("CodigoTarifaIVA", item.codigoTarifa),
            leaf("TotalMontoImpuesto", money(item.monto)),
          ]),
        )
      : [];
  const mediosPago =
    version === "4.4"
      ? input.mediosPago.map((medio) =>
          node("MedioPago", [
            leaf("TipoMedioPago", medio.tipo),
            leaf("TotalMedioPago", medio.total === undefined ? undefined : money(medio.total)),
          ]),
        )
      : [];
  if (kind === "REP") {
    return node("ResumenFactura", [
      moneda,
      leaf("TotalVenta", money(summary.totalVenta)),
      leaf("TotalVentaNeta", money(summary.totalVentaNeta)),
      ...desglose,
      leaf("TotalImpuesto", money(summary.totalImpuesto)),
      ...mediosPago,
      leaf("TotalComprobante", money(summary.totalComprobante)),
    ]);
  }
  return node("ResumenFactura", [
    moneda,
    ...bucketTotals(summary.services, summary.goods, input),
    leaf("TotalVenta", money(summary.totalVenta)),
    leaf("TotalDescuentos", money(summary.totalDescuentos)),
    leaf("TotalVentaNeta", money(summary.totalVentaNeta)),
    ...desglose,
    leaf("TotalImpuesto", money(summary.totalImpuesto)),
    input.plan.cargos.length > 0 ? leaf("TotalOtrosCargos", money(summary.totalOtrosCargos)) : undefined,
    ...mediosPago,
    leaf("TotalComprobante", money(summary.totalComprobante)),
  ]);
}

function referenceElement(reference: PlannedReference, version: HaciendaVersion): XmlElement {
  if (version === "4.4") {
    return node("InformacionReferencia", [
      leaf("TipoDocIR", reference.tipoDoc),
      leaf("TipoDocRefOTRO", reference.tipoDocOtro),
      leaf("Numero", reference.numero),
      leaf("FechaEmisionIR", reference.fechaEmision),
      leaf("Codigo", reference.codigo),
      leaf("Razon", reference.razon),
    ]);
  }
  return node("InformacionReferencia", [
    leaf("TipoDoc", reference.tipoDoc),
    leaf("Numero", reference.numero),
    leaf("FechaEmision", reference.fechaEmision),
    leaf("Codigo", reference.codigo ?? "04"),
    leaf("Razon", reference.razon),
  ]);
}

export function writeReceiptXml(input: WriteInput): string {
  const { version, kind } = input;
  const header: XmlChild[] =
    version === "4.4"
      ? [
          leaf("Clave", input.clave),
          leaf("ProveedorSistemas", PROVEEDOR_SISTEMAS),
          kind === "REP" ? undefined : leaf("CodigoActividadEmisor", input.codigoActividadEmisor),
          kind === "TE" || kind === "FEE" || kind === "REP"
            ? undefined
            : leaf("CodigoActividadReceptor", input.codigoActividadReceptor),
        ]
      : [leaf("Clave", input.clave), leaf("CodigoActividad", input.codigoActividadEmisor)];
  const root = node(
    KIND_INFO[kind].rootElement,
    [
      ...header,
      leaf("NumeroConsecutivo", input.consecutivo),
      leaf("FechaEmision", input.fechaEmision),
      emisorElement(input),
      receptorElement(input),
      leaf("CondicionVenta", input.condicionVenta),
      kind === "REP" ? undefined : leaf("PlazoCredito", input.plazoCredito),
      ...(version === "4.3" ? input.mediosPago.map((medio) => leaf("MedioPago", medio.tipo)) : []),
      node(
        "DetalleServicio",
        input.plan.lines.map((line) => lineElement(line, input)),
      ),
      ...input.plan.cargos.map((cargo) => cargoElement(cargo, input)),
      resumenElement(input),
      ...input.references.map((reference) => referenceElement(reference, version)),
      PLACEHOLDER_SIGNATURE,
    ],
    { xmlns: kindNamespace(kind, version) },
  );
  return renderXmlDocument(root);
}
