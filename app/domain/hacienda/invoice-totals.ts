/**
 * The lines and ResumenFactura of an invoice the organization issues, computed with the v4.4 rules
 * (docs/domain/hacienda-xml.md §5, §7) from the same primitives the import checks use (v44-arithmetic.ts),
 * so what we issue re-imports with no warning. Buckets and rounding: docs/decisions/160.
 */
import type { ComputedInvoice, InvoiceDraft, InvoiceLineInput } from "../invoicing/types";
import { formatDecimal, formatMoney, parseDecimal, sumAmounts, type Amount } from "../money";
import { IVA_RATE_BY_CODE } from "./codes";
import type { DesgloseImpuesto, Impuesto, LineaDetalle, Resumen } from "./types";
import {
  EXEMPT_RATE_CODES,
  exoneratedPortion,
  isServiceLine,
  lineImpuestoNeto,
  lineMontoTotal,
  lineMontoTotalLinea,
  lineSubTotal,
  parseRate,
  percentOfBase,
  type SaleBucket,
} from "./v44-arithmetic";

/** IVA (Impuesto/Codigo 01); the other taxes are not issued by the app. */
export const IVA_TAX_CODE = "01";

/** DecimalDineroType's maximum, 9 999 999 999 999.99999. */
export const MAX_XML_AMOUNT: Amount = 999_999_999_999_999_999n;

export const MAX_INVOICE_LINES = 1000;

/**
 * Zero-rate codes whose sales are exentas: "10" tarifa exenta, "11" 0 % sin derecho a crédito and
 * "05" transitorio 0 %, as the default sales accounts read them (decision 130). "01", 0 % with the
 * right to credit (exports), stays gravado at 0 %.
 */
const EXEMPT_ZERO_RATE_CODES: ReadonlySet<string> = new Set([...EXEMPT_RATE_CODES["4.4"], "05", "11"]);

/** CodigoDescuento (v4.4, docs/domain/hacienda-xml.md §6.5). */
export const DISCOUNT_CODE_LABELS: Readonly<Record<string, string>> = {
  "01": "Descuento por regalía",
  "02": "Descuento por regalía IVA cobrado al cliente",
  "03": "Descuento por bonificación",
  "04": "Descuento por volumen",
  "05": "Descuento por temporada",
  "06": "Descuento promocional",
  "07": "Descuento comercial",
  "08": "Descuento por frecuencia",
  "09": "Descuento sostenido",
  "99": "Otros descuentos",
};

export const DISCOUNT_CODES: ReadonlySet<string> = new Set(Object.keys(DISCOUNT_CODE_LABELS));

export class InvoiceTotalsError extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join(" "));
    this.name = "InvoiceTotalsError";
  }
}

/** Cantidad with its 3 decimals ("2" → "2.000"), or null when it is not a positive decimal. */
function normalizedQuantity(cantidad: string): string | null {
  const scaled = parseDecimal(cantidad, 3);
  if (scaled === null || scaled <= 0n || scaled >= 10n ** 16n) return null;
  return formatDecimal(scaled, 3);
}

function lineProblems(line: InvoiceLineInput, index: number): string[] {
  const label = `Línea ${index + 1}`;
  const problems: string[] = [];
  const rateText = IVA_RATE_BY_CODE[line.codigoTarifaIVA];
  if (rateText === undefined)
    problems.push(`${label}: el código de tarifa de IVA «${line.codigoTarifaIVA}» no existe.`);
  const cantidad = normalizedQuantity(line.cantidad);
  if (cantidad === null) {
    problems.push(`${label}: la cantidad debe ser un número mayor que cero con hasta 3 decimales.`);
  }
  if (line.precioUnitario < 0n || line.precioUnitario > MAX_XML_AMOUNT) {
    problems.push(`${label}: el precio unitario está fuera de rango.`);
  }
  const montoTotal = cantidad === null ? null : lineMontoTotal(line.precioUnitario, cantidad);
  if (montoTotal !== null && montoTotal > MAX_XML_AMOUNT)
    problems.push(`${label}: el monto total está fuera de rango.`);
  if (line.descuento) {
    if (line.descuento.monto < 0n) problems.push(`${label}: el descuento no puede ser negativo.`);
    else if (montoTotal !== null && line.descuento.monto > montoTotal) {
      problems.push(`${label}: el descuento no puede superar el monto de la línea.`);
    }
    if (!DISCOUNT_CODES.has(line.descuento.codigo)) {
      problems.push(`${label}: el código de descuento «${line.descuento.codigo}» no existe.`);
    }
  }
  const rate = rateText === undefined ? undefined : parseRate(rateText)!;
  if (line.exoneracion) {
    const points = parseRate(line.exoneracion.tarifaExonerada);
    if (rate !== undefined && rate <= 0n) {
      problems.push(`${label}: una línea con tarifa 0 % o exenta no puede llevar exoneración.`);
    } else if (points === null || points <= 0n) {
      problems.push(`${label}: la tarifa exonerada debe ser un porcentaje mayor que cero con hasta 2 decimales.`);
    } else if (rate !== undefined && points > rate) {
      problems.push(
        `${label}: la tarifa exonerada (${line.exoneracion.tarifaExonerada} %) no puede superar la tarifa del IVA (${rateText} %).`,
      );
    }
  }
  if (line.noSujeto && rate !== undefined && (rate > 0n || EXEMPT_RATE_CODES["4.4"].has(line.codigoTarifaIVA))) {
    problems.push(`${label}: una venta no sujeta debe llevar una tarifa 0 % (no la exenta ni una tarifa positiva).`);
  }
  return problems;
}

/** Spanish reasons why the draft's lines cannot be computed; empty when they can. */
export function invoiceTotalsProblems(draft: InvoiceDraft): string[] {
  const problems: string[] = [];
  if (draft.lines.length === 0) problems.push("La factura debe tener al menos una línea.");
  if (draft.lines.length > MAX_INVOICE_LINES) {
    problems.push(`La factura no puede tener más de ${MAX_INVOICE_LINES} líneas.`);
  }
  draft.lines.forEach((line, index) => problems.push(...lineProblems(line, index)));
  return problems;
}

interface ComputedLine {
  linea: LineaDetalle;
  service: boolean;
  /** The line's MontoTotal split among the ResumenFactura buckets. */
  parts: Record<SaleBucket, Amount>;
}

function bucketOfUnexoneratedPart(line: InvoiceLineInput, rate: bigint): SaleBucket {
  if (rate > 0n) return "gravado";
  if (line.noSujeto) return "noSujeto";
  return EXEMPT_ZERO_RATE_CODES.has(line.codigoTarifaIVA) ? "exento" : "gravado";
}

function computeLine(line: InvoiceLineInput, index: number): ComputedLine {
  const cantidad = normalizedQuantity(line.cantidad)!;
  const rate = parseRate(IVA_RATE_BY_CODE[line.codigoTarifaIVA])!;
  const tarifa = formatDecimal(rate, 2);
  const montoTotal = lineMontoTotal(line.precioUnitario, cantidad)!;
  const descuentos = line.descuento
    ? [{ monto: line.descuento.monto, codigo: line.descuento.codigo, naturaleza: line.descuento.naturaleza }]
    : [];
  const subTotal = lineSubTotal(
    montoTotal,
    descuentos.map((descuento) => descuento.monto),
  );
  // No selective or specific taxes are issued, so BaseImponible is the SubTotal.
  const baseImponible = subTotal;
  const monto = percentOfBase(baseImponible, tarifa)!;
  const impuesto: Impuesto = { codigo: IVA_TAX_CODE, codigoTarifa: line.codigoTarifaIVA, tarifa, monto };

  const parts: Record<SaleBucket, Amount> = { gravado: 0n, exento: 0n, exonerado: 0n, noSujeto: 0n };
  let exonerated: Amount = 0n;
  if (line.exoneracion) {
    const points = parseRate(line.exoneracion.tarifaExonerada)!;
    const tarifaExonerada = formatDecimal(points, 2);
    exonerated = percentOfBase(baseImponible, tarifaExonerada)!;
    impuesto.exoneracion = {
      tipoDocumento: line.exoneracion.tipoDocumento,
      numeroDocumento: line.exoneracion.numeroDocumento,
      articulo: line.exoneracion.articulo,
      inciso: line.exoneracion.inciso,
      nombreInstitucion: line.exoneracion.nombreInstitucion,
      fechaEmision: line.exoneracion.fechaEmision,
      tarifaExonerada,
      monto: exonerated,
    };
    parts.exonerado = exoneratedPortion(montoTotal, points, rate);
  }
  parts[bucketOfUnexoneratedPart(line, rate)] += montoTotal - parts.exonerado;

  const impuestoAsumidoEmisorFabrica: Amount = 0n;
  const impuestoNeto = lineImpuestoNeto(monto, exonerated, impuestoAsumidoEmisorFabrica);
  const linea: LineaDetalle = {
    numero: index + 1,
    cabys: line.cabys,
    codigosComerciales: [],
    cantidad,
    unidadMedida: line.unidadMedida,
    detalle: line.detalle,
    precioUnitario: line.precioUnitario,
    montoTotal,
    descuentos,
    subTotal,
    baseImponible,
    impuestos: [impuesto],
    impuestoAsumidoEmisorFabrica,
    impuestoNeto,
    montoTotalLinea: lineMontoTotalLinea(subTotal, impuestoNeto),
  };
  return { linea, service: isServiceLine(line), parts };
}

function sumParts(lines: ComputedLine[], service: boolean, bucket: SaleBucket): Amount {
  return sumAmounts(lines.filter((line) => line.service === service).map((line) => line.parts[bucket]));
}

function desglose(lines: LineaDetalle[]): DesgloseImpuesto[] {
  const byKey = new Map<string, DesgloseImpuesto>();
  for (const line of lines) {
    for (const impuesto of line.impuestos) {
      const key = `${impuesto.codigo}|${impuesto.codigoTarifa ?? ""}`;
      const entry = byKey.get(key) ?? { codigo: impuesto.codigo, codigoTarifa: impuesto.codigoTarifa, monto: 0n };
      // Net of exonerations, so the breakdown adds up to TotalImpuesto.
      entry.monto += impuesto.monto - (impuesto.exoneracion?.monto ?? 0n);
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()].sort((a, b) =>
    `${a.codigo}|${a.codigoTarifa ?? ""}`.localeCompare(`${b.codigo}|${b.codigoTarifa ?? ""}`),
  );
}

/** The amounts per payment method, when given, must be one per method and add up to the total. */
function paymentSplitProblems(draft: InvoiceDraft, totalComprobante: Amount): string[] {
  const montos = draft.montosMedioPago;
  if (montos === undefined) return [];
  if (montos.length !== draft.mediosPago.length) {
    return ["Indique un monto por cada medio de pago."];
  }
  if (montos.some((monto) => monto < 0n)) return ["Los montos de los medios de pago no pueden ser negativos."];
  const paid = sumAmounts(montos);
  if (paid !== totalComprobante) {
    return [
      `Los montos de los medios de pago suman ${formatMoney(paid, draft.moneda)} pero el total del comprobante es ${formatMoney(totalComprobante, draft.moneda)}.`,
    ];
  }
  return [];
}

/** Lines and ResumenFactura of the draft; throws InvoiceTotalsError (Spanish) when a line cannot be computed. */
export function computeInvoiceTotals(draft: InvoiceDraft): ComputedInvoice {
  const problems = invoiceTotalsProblems(draft);
  if (problems.length > 0) throw new InvoiceTotalsError(problems);
  const computed = draft.lines.map(computeLine);
  const lines = computed.map((line) => line.linea);

  const totalServGravados = sumParts(computed, true, "gravado");
  const totalServExentos = sumParts(computed, true, "exento");
  const totalServExonerado = sumParts(computed, true, "exonerado");
  const totalServNoSujeto = sumParts(computed, true, "noSujeto");
  const totalMercanciasGravadas = sumParts(computed, false, "gravado");
  const totalMercanciasExentas = sumParts(computed, false, "exento");
  const totalMercExonerada = sumParts(computed, false, "exonerado");
  const totalMercNoSujeta = sumParts(computed, false, "noSujeto");
  const totalGravado = totalServGravados + totalMercanciasGravadas;
  const totalExento = totalServExentos + totalMercanciasExentas;
  const totalExonerado = totalServExonerado + totalMercExonerada;
  const totalNoSujeto = totalServNoSujeto + totalMercNoSujeta;
  const totalVenta = totalGravado + totalExento + totalExonerado + totalNoSujeto;
  const totalDescuentos = sumAmounts(lines.flatMap((line) => line.descuentos.map((descuento) => descuento.monto)));
  const totalVentaNeta = totalVenta - totalDescuentos;
  const totalImpuesto = sumAmounts(lines.map((line) => line.impuestoNeto ?? 0n));
  const totalComprobante = totalVentaNeta + totalImpuesto;
  if (totalComprobante > MAX_XML_AMOUNT || totalVenta > MAX_XML_AMOUNT) {
    throw new InvoiceTotalsError(["El total de la factura supera el máximo que admite Hacienda."]);
  }
  const paymentProblems = paymentSplitProblems(draft, totalComprobante);
  if (paymentProblems.length > 0) throw new InvoiceTotalsError(paymentProblems);

  const resumen: Resumen = {
    totalServGravados,
    totalServExentos,
    totalServExonerado,
    totalServNoSujeto,
    totalMercanciasGravadas,
    totalMercanciasExentas,
    totalMercExonerada,
    totalMercNoSujeta,
    totalGravado,
    totalExento,
    totalExonerado,
    totalNoSujeto,
    totalVenta,
    totalDescuentos,
    totalVentaNeta,
    totalDesgloseImpuesto: desglose(lines),
    totalImpuesto,
    totalImpAsumEmisorFabrica: 0n,
    totalIVADevuelto: 0n,
    totalOtrosCargos: 0n,
    totalComprobante,
  };
  return { lines, resumen };
}
