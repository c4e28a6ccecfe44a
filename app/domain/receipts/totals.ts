/** A receipt's tax totals by (código, tarifa), in its currency and in colones. */
import type { DesgloseImpuesto, Impuesto } from "../hacienda/types";
import { convertToColones, type Amount } from "../money";

export interface TaxTotal {
  codigo: string;
  codigoTarifa?: string;
  monto: Amount;
  montoColones: Amount;
}

/** The document's TotalDesgloseImpuesto, or (4.3, which has none) its lines' taxes net of exonerations. */
export interface TaxSource {
  resumen: { totalDesgloseImpuesto: DesgloseImpuesto[] };
  lines: Array<{
    impuestos: Array<Pick<Impuesto, "codigo" | "codigoTarifa" | "monto"> & { exoneracion?: { monto: Amount } }>;
  }>;
  colones: { tipoCambio: Amount };
}

export function taxTotalsOf(document: TaxSource): TaxTotal[] {
  const rate = document.colones.tipoCambio;
  const byKey = new Map<string, { codigo: string; codigoTarifa?: string; monto: Amount }>();
  const add = (codigo: string, codigoTarifa: string | undefined, monto: Amount) => {
    const key = `${codigo}|${codigoTarifa ?? ""}`;
    const entry = byKey.get(key) ?? { codigo, ...(codigoTarifa ? { codigoTarifa } : {}), monto: 0n };
    entry.monto += monto;
    byKey.set(key, entry);
  };
  if (document.resumen.totalDesgloseImpuesto.length > 0) {
    for (const desglose of document.resumen.totalDesgloseImpuesto)
      add(desglose.codigo, desglose.codigoTarifa, desglose.monto);
  } else {
    for (const line of document.lines) {
      for (const tax of line.impuestos) add(tax.codigo, tax.codigoTarifa, tax.monto - (tax.exoneracion?.monto ?? 0n));
    }
  }
  return [...byKey.values()]
    .sort((a, b) => `${a.codigo}${a.codigoTarifa ?? ""}`.localeCompare(`${b.codigo}${b.codigoTarifa ?? ""}`))
    .map((entry) => ({ ...entry, montoColones: convertToColones(entry.monto, rate) }));
}
