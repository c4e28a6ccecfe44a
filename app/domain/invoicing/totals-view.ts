/**
 * What the invoice form shows of the computed totals (computeInvoiceTotals): each line's total and the
 * ResumenFactura figures, already formatted, since the page receives them as text.
 */
import { IVA_RATE_LABELS } from "../hacienda/codes";
import { formatMoney } from "../money";
import type { ComputedInvoice } from "./types";

export interface TotalsRow {
  label: string;
  amount: string;
  strong?: boolean;
}

export interface TotalsView {
  lines: Array<{ numero: number; detalle: string; total: string }>;
  rows: TotalsRow[];
}

export function totalsView(computed: ComputedInvoice, moneda: string): TotalsView {
  const money = (amount: bigint) => formatMoney(amount, moneda);
  const { resumen } = computed;
  return {
    lines: computed.lines.map((line) => ({
      numero: line.numero,
      detalle: line.detalle,
      total: money(line.montoTotalLinea),
    })),
    rows: [
      { label: "Total venta", amount: money(resumen.totalVenta) },
      { label: "Descuentos", amount: money(resumen.totalDescuentos) },
      { label: "Venta neta", amount: money(resumen.totalVentaNeta) },
      ...resumen.totalDesgloseImpuesto.map((tax) => ({
        label: `IVA ${(tax.codigoTarifa && IVA_RATE_LABELS[tax.codigoTarifa]) || tax.codigo}`.replace(
          "IVA Tarifa",
          "IVA tarifa",
        ),
        amount: money(tax.monto),
      })),
      { label: "Total impuesto", amount: money(resumen.totalImpuesto) },
      { label: "Total del comprobante", amount: money(resumen.totalComprobante), strong: true },
    ],
  };
}
