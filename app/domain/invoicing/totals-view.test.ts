import { describe, expect, it } from "vitest";
import { computeInvoiceTotals } from "../hacienda/invoice-totals";
import type { InvoiceDraft } from "./types";
import { totalsView } from "./totals-view";

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("totalsView", () => {
  it("formats each line's total and the summary with the IVA of each rate", () => {
    const draft: InvoiceDraft = {
      kind: "FE",
      receptor: { nombre: "Cliente", identificacion: { tipo: "01", numero: "112340567" } },
      condicionVenta: "01",
      mediosPago: ["01"],
      moneda: "CRC",
      tipoCambio: 100_000n,
      lines: [
        {
          cabys: "4299900000000",
          cantidad: "2",
          unidadMedida: "Unid",
          detalle: "Martillo",
          precioUnitario: 850_000_000n,
          codigoTarifaIVA: "08",
        },
        {
          cabys: "2392000000100",
          cantidad: "3",
          unidadMedida: "Unid",
          detalle: "Arroz",
          precioUnitario: 120_000_000n,
          codigoTarifaIVA: "02",
        },
      ],
    };
    const view = totalsView(computeInvoiceTotals(draft), "CRC");
    expect(view.lines.map((line) => [line.numero, line.detalle, plain(line.total)])).toEqual([
      [1, "Martillo", "₡19 210,00"],
      [2, "Arroz", "₡3 636,00"],
    ]);
    expect(view.rows.map((row) => [row.label, plain(row.amount)])).toEqual([
      ["Total venta", "₡20 600,00"],
      ["Descuentos", "₡0,00"],
      ["Venta neta", "₡20 600,00"],
      ["IVA tarifa reducida 1 %", "₡36,00"],
      ["IVA tarifa general 13 %", "₡2 210,00"],
      ["Total impuesto", "₡2 246,00"],
      ["Total del comprobante", "₡22 846,00"],
    ]);
    expect(view.rows.at(-1)?.strong).toBe(true);
  });
});
