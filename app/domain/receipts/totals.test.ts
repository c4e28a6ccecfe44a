import { describe, expect, it } from "vitest";
import { parseAmount } from "../money";
import { taxTotalsOf } from "./totals";

const amount = (text: string) => parseAmount(text)!;

describe("a receipt's tax totals", () => {
  it("takes the document's TotalDesgloseImpuesto (4.4), converted to colones with its rate", () => {
    const totals = taxTotalsOf({
      resumen: {
        totalDesgloseImpuesto: [
          { codigo: "01", codigoTarifa: "08", monto: amount("130") },
          { codigo: "01", codigoTarifa: "04", monto: amount("4") },
          { codigo: "01", codigoTarifa: "08", monto: amount("13") },
        ],
      },
      lines: [{ impuestos: [{ codigo: "01", codigoTarifa: "08", monto: amount("999") }] }],
      colones: { tipoCambio: amount("507.43") },
    });
    expect(totals).toEqual([
      { codigo: "01", codigoTarifa: "04", monto: amount("4"), montoColones: amount("2029.72") },
      { codigo: "01", codigoTarifa: "08", monto: amount("143"), montoColones: amount("72562.49") },
    ]);
  });

  it("sums the lines' taxes net of exonerations when the document has no breakdown (4.3)", () => {
    const totals = taxTotalsOf({
      resumen: { totalDesgloseImpuesto: [] },
      lines: [
        {
          impuestos: [
            { codigo: "01", codigoTarifa: "08", monto: amount("1300"), exoneracion: { monto: amount("500") } },
          ],
        },
        {
          impuestos: [
            { codigo: "01", codigoTarifa: "08", monto: amount("13.00001") },
            { codigo: "02", monto: amount("5") },
          ],
        },
      ],
      colones: { tipoCambio: amount("1") },
    });
    expect(totals).toEqual([
      { codigo: "01", codigoTarifa: "08", monto: amount("813.00001"), montoColones: amount("813.00001") },
      { codigo: "02", monto: amount("5"), montoColones: amount("5") },
    ]);
  });
});
