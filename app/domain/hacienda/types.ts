/**
 * One typed model for every Hacienda document of versions 4.3 and 4.4.
 * Money fields are exact `Amount`s; other decimals (Cantidad, Tarifa, porcentajes) keep the XML's
 * text so nothing is lost; codes keep their leading zeros.
 */
import type { Amount } from "../money";
import type { HaciendaVersion, MensajeEstado, ReceiptKind } from "./codes";

export type { DocumentKind, HaciendaVersion, MensajeEstado, ReceiptKind } from "./codes";

export interface Identificacion {
  tipo: string;
  numero: string;
}

export interface Telefono {
  codigoPais: string;
  numero: string;
}

export interface Ubicacion {
  provincia: string;
  canton: string;
  distrito: string;
  barrio?: string;
  otrasSenas: string;
}

export interface Party {
  nombre: string;
  identificacion?: Identificacion;
  /** v4.3 receptors abroad: IdentificacionExtranjero instead of Identificacion. */
  identificacionExtranjero?: string;
  nombreComercial?: string;
  /** First e-mail address, for display. */
  correo?: string;
  correos: string[];
  telefono?: Telefono;
  ubicacion?: Ubicacion;
  otrasSenasExtranjero?: string;
  registroFiscal8707?: string;
}

export interface CodigoComercial {
  tipo: string;
  codigo?: string;
}

export interface Descuento {
  monto: Amount;
  /** CodigoDescuento (v4.4). */
  codigo?: string;
  codigoOtro?: string;
  naturaleza?: string;
}

export interface Exoneracion {
  /** TipoDocumento (4.3) / TipoDocumentoEX1 (4.4). */
  tipoDocumento: string;
  tipoDocumentoOtro?: string;
  numeroDocumento: string;
  articulo?: string;
  inciso?: string;
  /** Free text in 4.3, a code (01–12, 99) in 4.4. */
  nombreInstitucion: string;
  nombreInstitucionOtros?: string;
  /** FechaEmision (4.3) / FechaEmisionEX (4.4). */
  fechaEmision: string;
  /** PorcentajeExoneracion (4.3). */
  porcentaje?: string;
  /** TarifaExonerada (4.4), percentage points of the rate. */
  tarifaExonerada?: string;
  monto: Amount;
}

export interface Impuesto {
  codigo: string;
  codigoOtro?: string;
  /** CodigoTarifa (4.3) / CodigoTarifaIVA (4.4). */
  codigoTarifa?: string;
  tarifa?: string;
  /** FactorIVA (4.3) / FactorCalculoIVA (4.4). */
  factorIva?: string;
  monto: Amount;
  montoExportacion?: Amount;
  exoneracion?: Exoneracion;
}

export interface LineaDetalle {
  numero: number;
  /** Codigo (4.3) / CodigoCABYS (4.4). */
  cabys?: string;
  partidaArancelaria?: string;
  codigosComerciales: CodigoComercial[];
  cantidad?: string;
  unidadMedida?: string;
  unidadMedidaComercial?: string;
  tipoTransaccion?: string;
  detalle: string;
  precioUnitario?: Amount;
  montoTotal: Amount;
  descuentos: Descuento[];
  subTotal: Amount;
  ivaCobradoFabrica?: string;
  baseImponible?: Amount;
  impuestos: Impuesto[];
  impuestoAsumidoEmisorFabrica?: Amount;
  impuestoNeto?: Amount;
  montoTotalLinea: Amount;
}

export interface OtroCargo {
  /** TipoDocumento (4.3) / TipoDocumentoOC (4.4). */
  tipoDocumento: string;
  tipoDocumentoOtros?: string;
  /** IdentificacionTercero (4.4); for 4.3 only the number (NumeroIdentidadTercero) is known. */
  terceroIdentificacion?: Identificacion;
  terceroNumero?: string;
  nombreTercero?: string;
  detalle: string;
  /** Porcentaje (4.3) / PorcentajeOC (4.4). */
  porcentaje?: string;
  monto: Amount;
}

export interface MedioPago {
  tipo?: string;
  otros?: string;
  total?: Amount;
}

export interface DesgloseImpuesto {
  codigo: string;
  codigoTarifa?: string;
  monto: Amount;
}

/** ResumenFactura; totals absent from the XML are 0. */
export interface Resumen {
  totalServGravados: Amount;
  totalServExentos: Amount;
  totalServExonerado: Amount;
  totalServNoSujeto: Amount;
  totalMercanciasGravadas: Amount;
  totalMercanciasExentas: Amount;
  totalMercExonerada: Amount;
  totalMercNoSujeta: Amount;
  totalGravado: Amount;
  totalExento: Amount;
  totalExonerado: Amount;
  totalNoSujeto: Amount;
  totalVenta: Amount;
  totalDescuentos: Amount;
  totalVentaNeta: Amount;
  totalDesgloseImpuesto: DesgloseImpuesto[];
  totalImpuesto: Amount;
  totalImpAsumEmisorFabrica: Amount;
  totalIVADevuelto: Amount;
  totalOtrosCargos: Amount;
  totalComprobante: Amount;
}

/** The main totals converted to colones with the document's TipoCambio. */
export interface ColonesTotals {
  tipoCambio: Amount;
  totalVenta: Amount;
  totalDescuentos: Amount;
  totalVentaNeta: Amount;
  totalImpuesto: Amount;
  totalOtrosCargos: Amount;
  totalIVADevuelto: Amount;
  totalComprobante: Amount;
}

export interface InformacionReferencia {
  /** TipoDoc (4.3) / TipoDocIR (4.4). */
  tipoDocumento: string;
  tipoDocumentoOtro?: string;
  numero?: string;
  /** FechaEmision (4.3) / FechaEmisionIR (4.4). */
  fechaEmision: string;
  codigo?: string;
  codigoOtro?: string;
  razon?: string;
}

interface DocumentBase {
  version: HaciendaVersion;
  namespace: string;
  rootElement: string;
  clave: string;
  /** Whether a ds:Signature element is present (it is not verified here). */
  signed: boolean;
}

export interface ElectronicReceipt extends DocumentBase {
  kind: ReceiptKind;
  consecutivo: string;
  /** ISO 8601 with offset; a missing offset is read as Costa Rica time (-06:00). */
  fechaEmision: string;
  proveedorSistemas?: string;
  /** CodigoActividad (4.3) / CodigoActividadEmisor (4.4). */
  codigoActividad?: string;
  codigoActividadReceptor?: string;
  emisor: Party;
  receptor?: Party;
  condicionVenta?: string;
  condicionVentaOtros?: string;
  plazoCredito?: string;
  /** Root-level MedioPago (4.3) or ResumenFactura/MedioPago (4.4). */
  mediosPago: MedioPago[];
  /** ISO 4217; CRC when a 4.3 document omits CodigoTipoMoneda. */
  moneda: string;
  tipoCambio: Amount;
  lines: LineaDetalle[];
  otrosCargos: OtroCargo[];
  resumen: Resumen;
  informacionReferencia: InformacionReferencia[];
  colones: ColonesTotals;
}

export interface MessageParty {
  nombre?: string;
  identificacion?: Identificacion;
}

export interface HaciendaMessage extends DocumentBase {
  kind: "MH";
  emisor: MessageParty;
  receptor?: MessageParty;
  mensaje: string;
  estado: MensajeEstado;
  /** EstadoMensaje (4.4 only). */
  estadoMensaje?: string;
  detalleMensaje: string;
  montoTotalImpuesto?: Amount;
  totalFactura: Amount;
}

export type Comprobante = ElectronicReceipt | HaciendaMessage;

export type ParseResult = { ok: true; document: Comprobante; warnings: string[] } | { ok: false; errors: string[] };
