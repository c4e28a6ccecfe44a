/**
 * The v4.4 line and summary arithmetic that both the invoices we issue (invoice-totals.ts) and the
 * checks of imported receipts (arithmetic.ts) use, so an issued invoice always passes the checks.
 * All amounts stay at the XML's 5 decimals; rounding is half away from zero (decision 160).
 */
import { multiplyByQuantity, parseDecimal, percentOf, scaleAmount, sumAmounts, type Amount } from "../money";
import { IVA_RATE_BY_CODE, SERVICE_UNITS } from "./codes";

/** A rate in hundredths of a percentage point (13 % → 1300n), as Tarifa's 2 decimals allow. */
export type ScaledRate = bigint;

export function parseRate(text: string): ScaledRate | null {
  return parseDecimal(text, 2);
}

/** The IVA rate of a CodigoTarifaIVA (v4.4) / CodigoTarifa (v4.3) code, when the code is known. */
export function rateOfCode(codigoTarifa: string | undefined): ScaledRate | undefined {
  const text = codigoTarifa === undefined ? undefined : IVA_RATE_BY_CODE[codigoTarifa];
  return text === undefined ? undefined : (parseRate(text) ?? undefined);
}

/** MontoTotal = Cantidad × PrecioUnitario; null when the quantity is not a decimal. */
export function lineMontoTotal(precioUnitario: Amount, cantidad: string): Amount | null {
  return multiplyByQuantity(precioUnitario, cantidad);
}

/** SubTotal = MontoTotal − descuentos. */
export function lineSubTotal(montoTotal: Amount, descuentos: readonly Amount[]): Amount {
  return montoTotal - sumAmounts(descuentos);
}

/** A tax or an exoneration at `percent` points of `base` (Monto = BaseImponible × Tarifa). */
export function percentOfBase(base: Amount, percent: string): Amount | null {
  return percentOf(base, percent);
}

/** ImpuestoNeto = Monto de los impuestos − exoneraciones − impuesto asumido por el emisor. */
export function lineImpuestoNeto(gross: Amount, exonerated: Amount, asumido: Amount): Amount {
  return gross - exonerated - asumido;
}

/** MontoTotalLinea = SubTotal + ImpuestoNeto. */
export function lineMontoTotalLinea(subTotal: Amount, impuestoNeto: Amount): Amount {
  return subTotal + impuestoNeto;
}

/**
 * Services vs goods for ResumenFactura: the CABYS code decides (its sections 5–9 are services, as
 * the XSD's note on TotalServNoSujeto refers to CABYS); without a valid code, the unit of measure.
 */
export function isServiceLine(line: { cabys?: string; unidadMedida?: string }): boolean {
  if (line.cabys && /^\d{13}$/.test(line.cabys)) return line.cabys[0] >= "5";
  return line.unidadMedida !== undefined && SERVICE_UNITS.has(line.unidadMedida);
}

/**
 * The part of a line's MontoTotal that is exonerated: the exonerated points over the rate (a line
 * at 13 % with 13 points exonerated is wholly exonerado; with 4 points, 4/13 of it).
 */
export function exoneratedPortion(montoTotal: Amount, points: ScaledRate, rate: ScaledRate): Amount {
  if (rate <= 0n) return 0n;
  return scaleAmount(montoTotal, points < rate ? points : rate, rate);
}

export type SaleBucket = "gravado" | "exento" | "exonerado" | "noSujeto";

/** CodigoTarifaIVA codes whose sales are always exento (v4.4 "Tarifa exenta"; v4.3 code 01). */
export const EXEMPT_RATE_CODES: Readonly<Record<"4.3" | "4.4", ReadonlySet<string>>> = {
  "4.3": new Set(["01"]),
  "4.4": new Set(["10"]),
};
