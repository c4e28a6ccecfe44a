/** Maps a parsed FE / ND / NC / TE / FEC / FEE / REP element (v4.3 or v4.4) onto the typed model. */
import { calendarDateOf, dateWindowMessage, isDateAccepted } from "../calendar";
import { AMOUNT_ONE, type Amount } from "../money";
import { parseClave } from "./clave";
import type { HaciendaVersion, ReceiptKind } from "./codes";
import { colonesTotals } from "./colones";
import { normalizeDateTime } from "./datetime";
import { childNode, childNodes, type FieldReader, type XmlNode } from "./field-reader";
import type {
  DesgloseImpuesto,
  Descuento,
  ElectronicReceipt,
  Exoneracion,
  Impuesto,
  InformacionReferencia,
  LineaDetalle,
  MedioPago,
  OtroCargo,
  Party,
  Resumen,
} from "./types";

export interface ReadContext {
  kind: ReceiptKind;
  version: HaciendaVersion;
  namespace: string;
  rootElement: string;
  signed: boolean;
}

/** The first present of several names (v4.4 name first, v4.3 name second). */
function either(r: FieldReader, node: XmlNode | undefined, names: string[]): string | undefined {
  for (const name of names) {
    const value = r.optional(node, name);
    if (value !== undefined) return value;
  }
  return undefined;
}

function requiredEither(
  r: FieldReader,
  node: XmlNode | undefined,
  names: string[],
  path: string,
  version: HaciendaVersion,
): string {
  const value = either(r, node, names);
  if (value === undefined) {
    const name = version === "4.4" ? names[0] : names[names.length - 1];
    r.errors.push(`Falta el campo obligatorio ${path}/${name}.`);
    return "";
  }
  return value;
}

export function readParty(
  r: FieldReader,
  node: XmlNode | undefined,
  path: string,
  required: boolean,
): Party | undefined {
  if (!node) {
    if (required) r.errors.push(`Falta el campo obligatorio ${path}.`);
    return undefined;
  }
  const identificacionNode = childNode(node, "Identificacion");
  if (required && !identificacionNode) r.errors.push(`Falta el campo obligatorio ${path}/Identificacion.`);
  const telefonoNode = childNode(node, "Telefono");
  const ubicacionNode = childNode(node, "Ubicacion");
  const correos = r.texts(node, "CorreoElectronico");
  return {
    nombre: required ? r.required(node, "Nombre", `${path}/Nombre`) : (r.optional(node, "Nombre") ?? ""),
    identificacion: identificacionNode
      ? {
          tipo: r.required(identificacionNode, "Tipo", `${path}/Identificacion/Tipo`),
          numero: r.required(identificacionNode, "Numero", `${path}/Identificacion/Numero`),
        }
      : undefined,
    identificacionExtranjero: r.optional(node, "IdentificacionExtranjero"),
    nombreComercial: r.optional(node, "NombreComercial"),
    correo: correos[0],
    correos,
    telefono: telefonoNode
      ? {
          codigoPais: r.optional(telefonoNode, "CodigoPais") ?? "",
          numero: r.optional(telefonoNode, "NumTelefono") ?? "",
        }
      : undefined,
    ubicacion: ubicacionNode
      ? {
          provincia: r.optional(ubicacionNode, "Provincia") ?? "",
          canton: r.optional(ubicacionNode, "Canton") ?? "",
          distrito: r.optional(ubicacionNode, "Distrito") ?? "",
          barrio: r.optional(ubicacionNode, "Barrio"),
          otrasSenas: r.optional(ubicacionNode, "OtrasSenas") ?? "",
        }
      : undefined,
    otrasSenasExtranjero: r.optional(node, "OtrasSenasExtranjero"),
    registroFiscal8707: r.optional(node, "Registrofiscal8707"),
  };
}

function readExoneracion(r: FieldReader, node: XmlNode, path: string, version: HaciendaVersion): Exoneracion {
  const fecha = requiredEither(r, node, ["FechaEmisionEX", "FechaEmision"], path, version);
  return {
    tipoDocumento: requiredEither(r, node, ["TipoDocumentoEX1", "TipoDocumento"], path, version),
    tipoDocumentoOtro: r.optional(node, "TipoDocumentoOTRO"),
    numeroDocumento: r.required(node, "NumeroDocumento", `${path}/NumeroDocumento`),
    articulo: r.optional(node, "Articulo"),
    inciso: r.optional(node, "Inciso"),
    nombreInstitucion: r.required(node, "NombreInstitucion", `${path}/NombreInstitucion`),
    nombreInstitucionOtros: r.optional(node, "NombreInstitucionOtros"),
    fechaEmision: normalizeDateTime(fecha) ?? fecha,
    porcentaje: r.decimal(node, "PorcentajeExoneracion", `${path}/PorcentajeExoneracion`, 2),
    tarifaExonerada: r.decimal(node, "TarifaExonerada", `${path}/TarifaExonerada`, 2),
    monto: r.requiredAmount(node, "MontoExoneracion", `${path}/MontoExoneracion`),
  };
}

function readImpuesto(r: FieldReader, node: XmlNode, path: string, version: HaciendaVersion): Impuesto {
  const exoneracionNode = childNode(node, "Exoneracion");
  return {
    codigo: r.required(node, "Codigo", `${path}/Codigo`),
    codigoOtro: r.optional(node, "CodigoImpuestoOTRO"),
    codigoTarifa: either(r, node, ["CodigoTarifaIVA", "CodigoTarifa"]),
    tarifa: r.decimal(node, "Tarifa", `${path}/Tarifa`, 2),
    factorIva:
      r.decimal(node, "FactorCalculoIVA", `${path}/FactorCalculoIVA`, 4) ??
      r.decimal(node, "FactorIVA", `${path}/FactorIVA`, 4),
    monto: r.requiredAmount(node, "Monto", `${path}/Monto`),
    montoExportacion: r.amount(node, "MontoExportacion", `${path}/MontoExportacion`),
    exoneracion: exoneracionNode ? readExoneracion(r, exoneracionNode, `${path}/Exoneracion`, version) : undefined,
  };
}

function readLine(r: FieldReader, node: XmlNode, index: number, version: HaciendaVersion): LineaDetalle {
  const numeroText = r.optional(node, "NumeroLinea");
  const numero = numeroText && /^\d+$/.test(numeroText) ? Number(numeroText) : index + 1;
  if (numeroText === undefined) r.errors.push(`Falta el campo obligatorio NumeroLinea en la línea ${index + 1}.`);
  else if (!/^\d+$/.test(numeroText)) r.errors.push(`NumeroLinea no es un número entero: «${numeroText}».`);
  const path = `LineaDetalle ${numero}`;
  const descuentos: Descuento[] = childNodes(node, "Descuento").map((descuento) => ({
    monto: r.requiredAmount(descuento, "MontoDescuento", `${path}/Descuento/MontoDescuento`),
    codigo: r.optional(descuento, "CodigoDescuento"),
    codigoOtro: r.optional(descuento, "CodigoDescuentoOTRO"),
    naturaleza: r.optional(descuento, "NaturalezaDescuento"),
  }));
  return {
    numero,
    cabys: either(r, node, ["CodigoCABYS", "Codigo"]),
    partidaArancelaria: r.optional(node, "PartidaArancelaria"),
    codigosComerciales: childNodes(node, "CodigoComercial").map((codigo) => ({
      tipo: r.optional(codigo, "Tipo") ?? "",
      codigo: r.optional(codigo, "Codigo"),
    })),
    cantidad: r.decimal(node, "Cantidad", `${path}/Cantidad`, 3),
    unidadMedida: r.optional(node, "UnidadMedida"),
    unidadMedidaComercial: r.optional(node, "UnidadMedidaComercial"),
    tipoTransaccion: r.optional(node, "TipoTransaccion"),
    detalle: r.optional(node, "Detalle") ?? "",
    precioUnitario: r.amount(node, "PrecioUnitario", `${path}/PrecioUnitario`),
    montoTotal: r.requiredAmount(node, "MontoTotal", `${path}/MontoTotal`),
    descuentos,
    subTotal: r.requiredAmount(node, "SubTotal", `${path}/SubTotal`),
    ivaCobradoFabrica: r.optional(node, "IVACobradoFabrica"),
    baseImponible: r.amount(node, "BaseImponible", `${path}/BaseImponible`),
    impuestos: childNodes(node, "Impuesto").map((impuesto) => readImpuesto(r, impuesto, `${path}/Impuesto`, version)),
    impuestoAsumidoEmisorFabrica: r.amount(
      node,
      "ImpuestoAsumidoEmisorFabrica",
      `${path}/ImpuestoAsumidoEmisorFabrica`,
    ),
    impuestoNeto: r.amount(node, "ImpuestoNeto", `${path}/ImpuestoNeto`),
    montoTotalLinea: r.requiredAmount(node, "MontoTotalLinea", `${path}/MontoTotalLinea`),
  };
}

function readOtroCargo(r: FieldReader, node: XmlNode, version: HaciendaVersion): OtroCargo {
  const path = "OtrosCargos";
  const tercero = childNode(node, "IdentificacionTercero");
  return {
    tipoDocumento: requiredEither(r, node, ["TipoDocumentoOC", "TipoDocumento"], path, version),
    tipoDocumentoOtros: r.optional(node, "TipoDocumentoOTROS"),
    terceroIdentificacion: tercero
      ? { tipo: r.optional(tercero, "Tipo") ?? "", numero: r.optional(tercero, "Numero") ?? "" }
      : undefined,
    terceroNumero: r.optional(node, "NumeroIdentidadTercero") ?? (tercero ? r.optional(tercero, "Numero") : undefined),
    nombreTercero: r.optional(node, "NombreTercero"),
    detalle: r.optional(node, "Detalle") ?? "",
    porcentaje:
      r.decimal(node, "PorcentajeOC", `${path}/PorcentajeOC`, 5) ??
      r.decimal(node, "Porcentaje", `${path}/Porcentaje`, 5),
    monto: r.requiredAmount(node, "MontoCargo", `${path}/MontoCargo`),
  };
}

const RESUMEN_FIELDS = [
  ["totalServGravados", "TotalServGravados"],
  ["totalServExentos", "TotalServExentos"],
  ["totalServExonerado", "TotalServExonerado"],
  ["totalServNoSujeto", "TotalServNoSujeto"],
  ["totalMercanciasGravadas", "TotalMercanciasGravadas"],
  ["totalMercanciasExentas", "TotalMercanciasExentas"],
  ["totalMercExonerada", "TotalMercExonerada"],
  ["totalMercNoSujeta", "TotalMercNoSujeta"],
  ["totalGravado", "TotalGravado"],
  ["totalExento", "TotalExento"],
  ["totalExonerado", "TotalExonerado"],
  ["totalNoSujeto", "TotalNoSujeto"],
  ["totalVenta", "TotalVenta"],
  ["totalDescuentos", "TotalDescuentos"],
  ["totalVentaNeta", "TotalVentaNeta"],
  ["totalImpuesto", "TotalImpuesto"],
  ["totalImpAsumEmisorFabrica", "TotalImpAsumEmisorFabrica"],
  ["totalIVADevuelto", "TotalIVADevuelto"],
  ["totalOtrosCargos", "TotalOtrosCargos"],
] as const;

function readResumen(r: FieldReader, node: XmlNode | undefined): Resumen {
  const amounts = {} as Record<(typeof RESUMEN_FIELDS)[number][0], Amount>;
  for (const [key, name] of RESUMEN_FIELDS) {
    amounts[key] = r.amount(node, name, `ResumenFactura/${name}`) ?? 0n;
  }
  const desglose: DesgloseImpuesto[] = childNodes(node, "TotalDesgloseImpuesto").map((item) => ({
    codigo: r.required(item, "Codigo", "ResumenFactura/TotalDesgloseImpuesto/Codigo"),
    codigoTarifa: r.optional(item, "CodigoTarifaIVA"),
    monto: r.requiredAmount(item, "TotalMontoImpuesto", "ResumenFactura/TotalDesgloseImpuesto/TotalMontoImpuesto"),
  }));
  return {
    ...amounts,
    totalDesgloseImpuesto: desglose,
    totalComprobante: node ? r.requiredAmount(node, "TotalComprobante", "ResumenFactura/TotalComprobante") : 0n,
  };
}

function readReferencia(r: FieldReader, node: XmlNode, version: HaciendaVersion): InformacionReferencia {
  const path = "InformacionReferencia";
  const fecha = requiredEither(r, node, ["FechaEmisionIR", "FechaEmision"], path, version);
  return {
    tipoDocumento: requiredEither(r, node, ["TipoDocIR", "TipoDoc"], path, version),
    tipoDocumentoOtro: r.optional(node, "TipoDocRefOTRO"),
    numero: r.optional(node, "Numero"),
    fechaEmision: normalizeDateTime(fecha) ?? fecha,
    codigo: r.optional(node, "Codigo"),
    codigoOtro: r.optional(node, "CodigoReferenciaOTRO"),
    razon: r.optional(node, "Razon"),
  };
}

function readMediosPago(r: FieldReader, root: XmlNode, resumen: XmlNode | undefined): MedioPago[] {
  const rootLevel = r.texts(root, "MedioPago").map((tipo) => ({ tipo }));
  const inResumen = childNodes(resumen, "MedioPago").map((medio) => ({
    tipo: r.optional(medio, "TipoMedioPago"),
    otros: r.optional(medio, "MedioPagoOtros"),
    total: r.amount(medio, "TotalMedioPago", "ResumenFactura/MedioPago/TotalMedioPago"),
  }));
  return [...rootLevel, ...inResumen];
}

export function readReceipt(r: FieldReader, root: XmlNode, context: ReadContext): ElectronicReceipt {
  const { version } = context;
  const clave = r.required(root, "Clave", "Clave");
  if (clave && !parseClave(clave)) r.errors.push(`La Clave debe tener 50 dígitos: «${clave}».`);
  const consecutivo = r.required(root, "NumeroConsecutivo", "NumeroConsecutivo");
  if (consecutivo && !/^\d{20}$/.test(consecutivo)) {
    r.errors.push(`El NumeroConsecutivo debe tener 20 dígitos: «${consecutivo}».`);
  }
  const fechaText = r.required(root, "FechaEmision", "FechaEmision");
  const fechaEmision = fechaText ? normalizeDateTime(fechaText) : null;
  if (fechaText && !fechaEmision) r.errors.push(`La FechaEmision no es una fecha y hora válida: «${fechaText}».`);
  else if (fechaEmision && !isDateAccepted(calendarDateOf(new Date(fechaEmision))))
    r.errors.push(`La FechaEmision «${fechaText}» está fuera de las fechas aceptadas. ${dateWindowMessage()}`);

  const resumenNode = childNode(root, "ResumenFactura");
  if (!resumenNode) r.errors.push("Falta el campo obligatorio ResumenFactura.");
  const monedaNode = childNode(resumenNode, "CodigoTipoMoneda");
  const moneda = r.optional(monedaNode, "CodigoMoneda") ?? "CRC";
  const tipoCambio =
    r.amount(monedaNode, "TipoCambio", "ResumenFactura/CodigoTipoMoneda/TipoCambio") ??
    (moneda === "CRC" ? AMOUNT_ONE : 0n);
  const resumen = readResumen(r, resumenNode);

  return {
    kind: context.kind,
    version,
    namespace: context.namespace,
    rootElement: context.rootElement,
    signed: context.signed,
    clave,
    consecutivo,
    fechaEmision: fechaEmision ?? fechaText,
    proveedorSistemas: r.optional(root, "ProveedorSistemas"),
    codigoActividad: either(r, root, ["CodigoActividadEmisor", "CodigoActividad"]),
    codigoActividadReceptor: r.optional(root, "CodigoActividadReceptor"),
    emisor: readParty(r, childNode(root, "Emisor"), "Emisor", true) as Party,
    receptor: readParty(r, childNode(root, "Receptor"), "Receptor", false),
    condicionVenta: r.optional(root, "CondicionVenta"),
    condicionVentaOtros: r.optional(root, "CondicionVentaOtros"),
    plazoCredito: r.optional(root, "PlazoCredito"),
    mediosPago: readMediosPago(r, root, resumenNode),
    moneda,
    tipoCambio,
    lines: childNodes(childNode(root, "DetalleServicio"), "LineaDetalle").map((line, index) =>
      readLine(r, line, index, version),
    ),
    otrosCargos: childNodes(root, "OtrosCargos").map((cargo) => readOtroCargo(r, cargo, version)),
    resumen,
    informacionReferencia: childNodes(root, "InformacionReferencia").map((referencia) =>
      readReferencia(r, referencia, version),
    ),
    colones: colonesTotals(resumen, moneda, tipoCambio),
  };
}
