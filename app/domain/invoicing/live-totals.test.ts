import { describe, expect, it } from "vitest";
import { computeInvoiceTotals } from "../hacienda/invoice-totals";
import { invoiceFormSchema, readInvoiceForm } from "./form";
import { liveTotals } from "./live-totals";
import { totalsView } from "./totals-view";

const form = (lines: Array<Record<string, string>>, extra: Record<string, unknown> = {}) =>
  invoiceFormSchema.parse({
    kind: "FE",
    receptorTipo: "02",
    receptorNumero: "3101456789",
    receptorNombre: "Distribuidora La Sabana S.A.",
    condicionVenta: "01",
    mediosPago: ["04"],
    moneda: "CRC",
    lines,
    ...extra,
  });

const MARTILLO = {
  cabys: "4299900000000",
  cantidad: "2",
  unidadMedida: "Unid",
  detalle: "Martillo de uña 16 oz",
  precioUnitario: "8500",
  codigoTarifaIVA: "08",
};
const ARROZ = {
  cabys: "2392000000100",
  cantidad: "3",
  unidadMedida: "Unid",
  detalle: "Arroz 1 kg",
  precioUnitario: "1200",
  codigoTarifaIVA: "02",
  descuento: "100",
  codigoDescuento: "07",
};

describe("totals while typing", () => {
  it("are exactly what the server computes for the same form", () => {
    for (const values of [
      form([MARTILLO]),
      form([MARTILLO, ARROZ]),
      form([ARROZ], { moneda: "USD", tipoCambio: "507" }),
    ]) {
      const reading = readInvoiceForm(values);
      if (!reading.ok) throw new Error(reading.refusals.map((r) => r.message).join(" "));
      expect(liveTotals(values)).toEqual(totalsView(computeInvoiceTotals(reading.draft), reading.draft.moneda));
    }
    const two = liveTotals(form([MARTILLO, ARROZ]))!;
    // 2 × 8 500 at 13 % + (3 × 1 200 − 100) at 1 %: 17 000 + 2 210 + 3 500 + 35
    expect(two.rows.find((row) => row.strong)?.amount.replace(/\s/g, " ")).toBe("₡22 745,00");
  });

  it("appear before the rest of the form is complete, and not while a line is unreadable", () => {
    expect(liveTotals(form([MARTILLO], { receptorNombre: "", condicionVenta: "" }))).not.toBeNull();
    expect(liveTotals(form([{ ...MARTILLO, cantidad: "dos" }]))).toBeNull();
    expect(liveTotals(form([]))).toBeNull();
  });
});
