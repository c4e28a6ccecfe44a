/**
 * One receipt: what its page shows (read again from the stored original XML, so lines, taxes and
 * warnings are exactly the document's) and the downloads; the receptor's answer is receipt-answer.server.ts.
 */
import { countLabel } from "~/domain/text";
import { findReceipt, findReceiptOrganizationId, findStoredClaves, type ReceiptRecord } from "~models/receipt";
import { formatDate, formatDateTime, monthLabel } from "~/domain/calendar";
import {
  CONDICION_IMPUESTO_LABELS,
  CONDICION_VENTA_LABELS,
  ID_TYPE_LABELS,
  IVA_RATE_LABELS,
  labelOf,
  MEDIO_PAGO_LABELS,
  OTRO_CARGO_LABELS,
  REFERENCE_CODE_LABELS,
  REFERENCE_DOC_LABELS,
  TAX_LABELS,
  decodeXmlBytes,
  KIND_INFO,
  MENSAJE_RECEPTOR_LABELS,
  parseComprobante,
  type ElectronicReceipt,
  type Party,
  type ReceiptKind,
} from "~/domain/hacienda";
import type { CondicionImpuesto, MensajeReceptorCode } from "~/domain/hacienda/mensaje-receptor";
import {
  formatExchangeRate,
  formatMoney,
  formatMoneyInput,
  formatPercent,
  formatQuantity,
  sumAmounts,
  type Amount,
} from "~/domain/money";
import { DIRECTION_LABELS, HACIENDA_STATUS_LABELS } from "~/domain/receipts/labels";
import type { OrganizationSummary } from "~/utils/account.server";
import { repeatedConsecutivoWarning } from "~/domain/issuer/consecutive";
import { formatUbicacion } from "~/domain/hacienda/territory";
import type {
  AnswerView,
  LineView,
  OtherChargeView,
  ReferenceView,
  TaxRowView,
  TotalRowView,
} from "~/domain/receipts/view";
import { found, notFoundRefusal, refused, type Result } from "~/domain/refusal";
export type { AnswerView, LineView } from "~/domain/receipts/view";

export const RECEIPT_NOT_FOUND = "Comprobante no encontrado";

export const ADMIN_ONLY_MESSAGE = "Solo los administradores del cliente pueden aceptar o rechazar comprobantes.";

/** Kinds a receptor confirms with a MensajeReceptor (credit notes are not confirmed; tiquetes give no credit). */
export const ANSWERABLE_KINDS: ReadonlySet<string> = new Set(["FE", "ND"]);

export interface Field {
  label: string;
  value: string;
}

export interface PartyView {
  nombre: string;
  fields: Field[];
}

export interface ReceiptDetailView {
  id: string;
  organization: { cedula: string; name: string };
  kindLabel: string;
  title: string;
  version: string;
  clave: string;
  consecutivo: string;
  fecha: string;
  month: string;
  monthLabel: string;
  direction: "issued" | "received";
  directionLabel: string;
  moneda: string;
  header: Field[];
  emisor: PartyView;
  receptor: PartyView | null;
  lines: LineView[];
  taxes: TaxRowView[];
  otrosCargos: OtherChargeView[];
  totals: TotalRowView[];
  references: ReferenceView[];
  warnings: string[];
  hacienda: { status: string; label: string; detalle: string | null; estadoMensaje: string | null };
  answer: AnswerView;
  fileName: string;
  importedAt: string;
}

function partyView(party: Party): PartyView {
  const fields: Field[] = [];
  if (party.nombreComercial) fields.push({ label: "Nombre comercial", value: party.nombreComercial });
  if (party.identificacion) {
    fields.push({
      label: ID_TYPE_LABELS[party.identificacion.tipo] ?? `Identificación (${party.identificacion.tipo})`,
      value: party.identificacion.numero,
    });
  }
  if (party.identificacionExtranjero)
    fields.push({ label: "Identificación de extranjero", value: party.identificacionExtranjero });
  if (party.correos.length > 0) fields.push({ label: "Correo", value: party.correos.join(", ") });
  if (party.telefono)
    fields.push({ label: "Teléfono", value: `+${party.telefono.codigoPais} ${party.telefono.numero}` });
  if (party.ubicacion) fields.push({ label: "Ubicación", value: formatUbicacion(party.ubicacion) });
  if (party.otrasSenasExtranjero)
    fields.push({ label: "Dirección en el extranjero", value: party.otrasSenasExtranjero });
  return { nombre: party.nombre, fields };
}

function money(amount: Amount | undefined, currency: string): string {
  return amount === undefined ? "" : formatMoney(amount, currency);
}

function lineView(line: ElectronicReceipt["lines"][number], currency: string): LineView {
  const discount = sumAmounts(line.descuentos.map((descuento) => descuento.monto));
  return {
    numero: line.numero,
    cabys: line.cabys ?? "",
    detalle: line.detalle,
    cantidad: formatQuantity(line.cantidad),
    unidad: line.unidadMedida ?? "",
    precioUnitario: money(line.precioUnitario, currency),
    montoTotal: money(line.montoTotal, currency),
    descuento: discount > 0n ? money(discount, currency) : "",
    subTotal: money(line.subTotal, currency),
    impuestos: line.impuestos.map((tax) => {
      const name = TAX_LABELS[tax.codigo] ?? `Impuesto ${tax.codigo}`;
      const rate = tax.tarifa !== undefined ? ` ${formatPercent(tax.tarifa)}` : "";
      const exoneration = tax.exoneracion
        ? ` (exonerado ${money(tax.exoneracion.monto, currency)}, doc. ${tax.exoneracion.numeroDocumento})`
        : "";
      return `${name}${rate}: ${money(tax.monto, currency)}${exoneration}`;
    }),
    impuestoNeto: money(line.impuestoNeto, currency),
    total: money(line.montoTotalLinea, currency),
  };
}

function headerFields(document: ElectronicReceipt, receipt: ReceiptRecord): Field[] {
  const fields: Field[] = [{ label: "Fecha de emisión", value: formatDateTime(receipt.fechaEmision) }];
  if (document.condicionVenta) {
    const otros = document.condicionVentaOtros ? ` — ${document.condicionVentaOtros}` : "";
    fields.push({
      label: "Condición de venta",
      value: `${labelOf(CONDICION_VENTA_LABELS, document.condicionVenta)}${otros}`,
    });
  }
  if (document.plazoCredito)
    fields.push({
      label: "Plazo de crédito",
      value: /^\d+$/.test(document.plazoCredito.trim())
        ? countLabel(Number(document.plazoCredito.trim()), "día", "días")
        : document.plazoCredito,
    });
  if (document.mediosPago.length > 0) {
    fields.push({
      label: "Medios de pago",
      value: document.mediosPago
        .map(
          (medio) =>
            `${labelOf(MEDIO_PAGO_LABELS, medio.tipo)}${medio.total !== undefined ? `: ${formatMoney(medio.total, document.moneda)}` : ""}`,
        )
        .join("; "),
    });
  }
  fields.push({ label: "Moneda", value: document.moneda });
  if (document.moneda !== "CRC")
    fields.push({ label: "Tipo de cambio", value: formatExchangeRate(document.tipoCambio) });
  if (document.codigoActividad) fields.push({ label: "Actividad del emisor", value: document.codigoActividad });
  if (document.codigoActividadReceptor)
    fields.push({ label: "Actividad del receptor", value: document.codigoActividadReceptor });
  if (document.proveedorSistemas) fields.push({ label: "Proveedor de sistemas", value: document.proveedorSistemas });
  fields.push({ label: "Versión", value: document.version });
  return fields;
}

function totalsView(document: ElectronicReceipt): ReceiptDetailView["totals"] {
  const { resumen, colones, moneda } = document;
  const foreign = moneda !== "CRC";
  const row = (label: string, amount: Amount, inColones?: Amount, strong = false) => ({
    label,
    value: formatMoney(amount, moneda),
    colones: foreign && inColones !== undefined ? formatMoney(inColones, "CRC") : null,
    ...(strong ? { strong } : {}),
  });
  const breakdown: Array<[string, Amount]> = [
    ["Servicios gravados", resumen.totalServGravados],
    ["Servicios exentos", resumen.totalServExentos],
    ["Servicios exonerados", resumen.totalServExonerado],
    ["Servicios no sujetos", resumen.totalServNoSujeto],
    ["Mercancías gravadas", resumen.totalMercanciasGravadas],
    ["Mercancías exentas", resumen.totalMercanciasExentas],
    ["Mercancías exoneradas", resumen.totalMercExonerada],
    ["Mercancías no sujetas", resumen.totalMercNoSujeta],
  ];
  const rows = breakdown.filter(([, amount]) => amount !== 0n).map(([label, amount]) => row(label, amount));
  return [
    ...rows,
    row("Total venta", resumen.totalVenta, colones.totalVenta),
    row("Descuentos", resumen.totalDescuentos, colones.totalDescuentos),
    row("Venta neta", resumen.totalVentaNeta, colones.totalVentaNeta),
    row("Impuestos", resumen.totalImpuesto, colones.totalImpuesto),
    ...(resumen.totalOtrosCargos > 0n ? [row("Otros cargos", resumen.totalOtrosCargos, colones.totalOtrosCargos)] : []),
    ...(resumen.totalIVADevuelto > 0n ? [row("IVA devuelto", resumen.totalIVADevuelto, colones.totalIVADevuelto)] : []),
    row("Total del comprobante", resumen.totalComprobante, colones.totalComprobante, true),
  ];
}

/** Why a receipt takes no receptor answer, or null when it does. */
export function notAnswerableReason(
  receipt: Pick<ReceiptRecord, "direction" | "kind"> & { hacienda?: { estado: string } },
): string | null {
  if (receipt.direction !== "received") return "Solo los comprobantes recibidos se aceptan o rechazan.";
  if (!ANSWERABLE_KINDS.has(receipt.kind)) {
    return `${KIND_INFO[receipt.kind as ReceiptKind]?.label ?? receipt.kind}: este tipo de comprobante no se acepta ni se rechaza con un mensaje del receptor.`;
  }
  if (receipt.hacienda?.estado === "rechazado") return "Hacienda rechazó este comprobante; no corresponde aceptarlo.";
  return null;
}

function answerView(receipt: ReceiptRecord, canAnswer: boolean): AnswerView {
  const currency = receipt.moneda;
  const message = receipt.receptorMessage;
  return {
    recorded: message
      ? {
          mensaje: MENSAJE_RECEPTOR_LABELS[message.mensaje as MensajeReceptorCode],
          condicion: message.condicionImpuesto
            ? `${message.condicionImpuesto} · ${CONDICION_IMPUESTO_LABELS[message.condicionImpuesto as CondicionImpuesto] ?? ""}`
            : null,
          ivaAcreditable:
            message.montoTotalImpuestoAcreditar !== undefined
              ? formatMoney(message.montoTotalImpuestoAcreditar, currency)
              : null,
          gastoAplicable:
            message.montoTotalDeGastoAplicable !== undefined
              ? formatMoney(message.montoTotalDeGastoAplicable, currency)
              : null,
          detalle: message.detalleMensaje || null,
          consecutivo: message.consecutivo,
          fecha: formatDateTime(message.recordedAt),
        }
      : null,
    notAnswerable: notAnswerableReason(receipt),
    canAnswer,
    // Written the Costa Rican way (decimal comma); the form reads either separator.
    defaults: {
      ivaAcreditable: formatMoneyInput(receipt.totals.totalImpuesto),
      gastoAplicable: formatMoneyInput(receipt.totals.totalVentaNeta + receipt.totals.totalOtrosCargos),
    },
    totalImpuesto: formatMoney(receipt.totals.totalImpuesto, currency),
    totalFactura: formatMoney(receipt.totals.totalComprobante, currency),
  };
}

/**
 * A receipt link that names no organization (`/detail/:id` without ?org) opens in the receipt's own
 * organization when the user may see it: the same URL with its ?org. Null when there is nothing to do.
 */
export async function receiptOrganizationRedirect(
  request: Request,
  organizations: readonly OrganizationSummary[],
  id: string | undefined,
): Promise<string | null> {
  const url = new URL(request.url);
  if (url.searchParams.has("org") || !id) return null;
  const organizationId = await findReceiptOrganizationId(id);
  const owner = organizationId ? organizations.find((organization) => organization.id === organizationId) : undefined;
  if (!owner) return null;
  url.searchParams.set("org", owner.cedula);
  return `${url.pathname}?${url.searchParams}`;
}

/** The organization's receipt, or refused as not found (unknown id or another organization's receipt). */
export async function requireReceipt(
  organization: OrganizationSummary,
  id: string | undefined,
): Promise<Result<ReceiptRecord>> {
  const receipt = id ? await findReceipt(organization.id, id) : null;
  return receipt ? found(receipt) : refused(notFoundRefusal(RECEIPT_NOT_FOUND));
}

function reparse(receipt: ReceiptRecord): { document: ElectronicReceipt; warnings: string[] } {
  const result = parseComprobante(decodeXmlBytes(receipt.xml));
  if (!result.ok || result.document.kind === "MH") {
    // The bytes were parsed when stored; this only happens if the parser became stricter since.
    throw new Error(
      `stored receipt ${receipt._id} no longer parses: ${result.ok ? "MensajeHacienda" : result.errors.join(" ")}`,
    );
  }
  return { document: result.document, warnings: result.warnings };
}

export async function loadReceiptDetail(
  organization: OrganizationSummary,
  receipt: ReceiptRecord,
  canAnswer: boolean,
): Promise<ReceiptDetailView> {
  const { document, warnings } = reparse(receipt);
  const currency = document.moneda;
  const referenced = document.informacionReferencia
    .map((reference) => reference.numero)
    .filter((numero): numero is string => !!numero);
  const known = new Map(
    (await findStoredClaves(organization.id, referenced)).map((found) => [found.clave, String(found._id)]),
  );
  const foreign = currency !== "CRC";
  const status = receipt.hacienda?.estado ?? "pendiente";
  return {
    id: String(receipt._id),
    organization: { cedula: organization.cedula, name: organization.name },
    kindLabel: KIND_INFO[document.kind].label,
    title: `${KIND_INFO[document.kind].label} ${document.consecutivo}`,
    version: document.version,
    clave: document.clave,
    consecutivo: document.consecutivo,
    fecha: formatDate(receipt.fechaEmision),
    month: receipt.month,
    monthLabel: monthLabel(receipt.month),
    direction: receipt.direction,
    directionLabel: DIRECTION_LABELS[receipt.direction],
    moneda: currency,
    header: headerFields(document, receipt),
    emisor: partyView(document.emisor),
    receptor: document.receptor ? partyView(document.receptor) : null,
    lines: document.lines.map((line) => lineView(line, currency)),
    taxes: receipt.taxTotals.map((tax) => ({
      impuesto: TAX_LABELS[tax.codigo] ?? `Impuesto ${tax.codigo}`,
      tarifa: tax.codigoTarifa ? (IVA_RATE_LABELS[tax.codigoTarifa] ?? tax.codigoTarifa) : "",
      monto: formatMoney(tax.monto, currency),
      montoColones: foreign ? formatMoney(tax.montoColones, "CRC") : null,
    })),
    otrosCargos: document.otrosCargos.map((cargo) => ({
      tipo: labelOf(OTRO_CARGO_LABELS, cargo.tipoDocumento),
      detalle: cargo.detalle,
      tercero: [cargo.nombreTercero, cargo.terceroIdentificacion?.numero ?? cargo.terceroNumero]
        .filter(Boolean)
        .join(", "),
      porcentaje: formatPercent(cargo.porcentaje),
      monto: formatMoney(cargo.monto, currency),
    })),
    totals: totalsView(document),
    references: document.informacionReferencia.map((reference) => ({
      tipo: labelOf(REFERENCE_DOC_LABELS, reference.tipoDocumento),
      numero: reference.numero ?? "",
      fecha: reference.fechaEmision ? formatDate(reference.fechaEmision) : "",
      codigo: labelOf(REFERENCE_CODE_LABELS, reference.codigo),
      razon: reference.razon ?? "",
      receiptId: (reference.numero && known.get(reference.numero)) || null,
    })),
    warnings: receipt.consecutivoHeldBy !== undefined ? [...warnings, repeatedConsecutivoWarning(receipt)] : warnings,
    hacienda: {
      status,
      label: HACIENDA_STATUS_LABELS[status],
      detalle: receipt.hacienda?.detalle || null,
      estadoMensaje: receipt.hacienda?.estadoMensaje ?? null,
    },
    answer: answerView(receipt, canAnswer),
    fileName: receipt.fileName,
    importedAt: formatDateTime(receipt.importedAt),
  };
}

export function receiptXmlFileName(receipt: ReceiptRecord): string {
  return `${receipt.kind}-${receipt.clave}.xml`;
}

export function mensajeReceptorFileName(receipt: ReceiptRecord): string {
  return `MR-${receipt.clave}-${receipt.receptorMessage?.consecutivo ?? ""}.xml`;
}
