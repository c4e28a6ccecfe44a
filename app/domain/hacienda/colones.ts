/** CRC equivalents of a receipt's totals, computed exactly with its TipoCambio. */
import { AMOUNT_ONE, convertToColones, type Amount } from "../money";
import type { ColonesTotals, Resumen } from "./types";

/** The rate that converts the document's currency to colones: always 1 for CRC. */
export function effectiveTipoCambio(moneda: string, tipoCambio: Amount): Amount {
  return moneda === "CRC" ? AMOUNT_ONE : tipoCambio;
}

export function colonesTotals(resumen: Resumen, moneda: string, tipoCambio: Amount): ColonesTotals {
  const rate = effectiveTipoCambio(moneda, tipoCambio);
  const convert = (amount: Amount) => convertToColones(amount, rate);
  return {
    tipoCambio: rate,
    totalVenta: convert(resumen.totalVenta),
    totalDescuentos: convert(resumen.totalDescuentos),
    totalVentaNeta: convert(resumen.totalVentaNeta),
    totalImpuesto: convert(resumen.totalImpuesto),
    totalOtrosCargos: convert(resumen.totalOtrosCargos),
    totalIVADevuelto: convert(resumen.totalIVADevuelto),
    totalComprobante: convert(resumen.totalComprobante),
  };
}
