import { describe, expect, it } from "vitest";
import { parseAmount } from "../money";
import { columnText, EXPORT_COLUMN_IDS, RECEIPT_COLUMNS, SCREEN_HEADERS, type ReceiptRowSource } from "./columns";

const amount = (text: string) => parseAmount(text)!;

const creditNote: ReceiptRowSource = {
  fechaEmision: new Date("2025-10-01T04:30:00Z"),
  kind: "NC",
  consecutivo: "00100001030000000042",
  clave: "50601102500310112345600100001030000000042100000001",
  counterpart: { nombre: "Distribuidora La Sabana", numero: "3101456789" },
  moneda: "USD",
  tipoCambio: amount("507.43"),
  totals: { totalVentaNeta: amount("100"), totalImpuesto: amount("13"), totalComprobante: amount("113") },
  colones: { totalVentaNeta: amount("50743"), totalImpuesto: amount("6596.59"), totalComprobante: amount("57339.59") },
  effect: -1,
  receptorMessage: { mensaje: 1 },
};

describe("the receipt columns shared by the list and the exports", () => {
  it("writes the export header in its order", () => {
    expect(EXPORT_COLUMN_IDS.map((id) => RECEIPT_COLUMNS[id].header)).toEqual([
      "fecha",
      "tipo",
      "consecutivo",
      "clave",
      "contraparte",
      "identificación",
      "moneda",
      "tipo de cambio",
      "subtotal",
      "IVA",
      "otros cargos",
      "IVA devuelto",
      "total",
      "subtotal ₡",
      "IVA ₡",
      "otros cargos ₡",
      "IVA devuelto ₡",
      "total ₡",
      "estado Hacienda",
      "respuesta del receptor",
      "en los totales",
    ]);
  });

  it("gives text for text columns and signed exact amounts for amount columns", () => {
    const column = RECEIPT_COLUMNS;
    expect(columnText(column.fecha, creditNote)).toBe("30/09/2025");
    expect(column.fecha).toMatchObject({ type: "date" });
    expect(column.fecha.value(creditNote)).toBe("2025-09-30");
    expect(column.tipo.value(creditNote)).toBe("Nota de crédito");
    expect(column.tipoCambio).toMatchObject({ type: "amount", decimals: 5 });
    expect(column.tipoCambio.value(creditNote)).toBe(amount("507.43"));
    expect(column.total.value(creditNote)).toBe(amount("-113"));
    expect(column.totalColones.value(creditNote)).toBe(amount("-57339.59"));
    expect(column.estadoHacienda.value(creditNote)).toBe("Sin respuesta");
    expect(column.respuesta.value(creditNote)).toBe("Aceptado");
    expect(column.enLosTotales.value(creditNote)).toBe("resta");
    expect(column.enLosTotales.value({ ...creditNote, hacienda: { estado: "rechazado" } })).toBe("no cuenta");
  });

  it("names the screen's headers only for columns that exist", () => {
    for (const id of Object.keys(SCREEN_HEADERS)) expect(EXPORT_COLUMN_IDS).toContain(id);
    expect(SCREEN_HEADERS.totalColones).toBe("Total (₡)");
    expect(SCREEN_HEADERS.otrosCargosColones).toBe("Otros cargos (₡)");
  });

  it("writes otros cargos, so subtotal + IVA + otros cargos = total in every row (issue 17, item 3)", () => {
    const withCharges: ReceiptRowSource = {
      ...creditNote,
      effect: 1,
      moneda: "CRC",
      tipoCambio: amount("1"),
      totals: {
        totalVentaNeta: amount("1000"),
        totalImpuesto: amount("130"),
        totalOtrosCargos: amount("100"),
        totalComprobante: amount("1230"),
      },
      colones: {
        totalVentaNeta: amount("1000"),
        totalImpuesto: amount("130"),
        totalOtrosCargos: amount("100"),
        totalComprobante: amount("1230"),
      },
    };
    const column = RECEIPT_COLUMNS;
    expect(column.otrosCargos.value(withCharges)).toBe(amount("100"));
    expect(column.otrosCargosColones.value(withCharges)).toBe(amount("100"));
    expect(
      column.subtotalColones.value(withCharges) +
        column.ivaColones.value(withCharges) +
        column.otrosCargosColones.value(withCharges),
    ).toBe(column.totalColones.value(withCharges));
  });

  it("writes colones in céntimos that add up: the converted credit note's row (decision 105)", () => {
    const column = RECEIPT_COLUMNS;
    const parts = [column.subtotalColones, column.ivaColones, column.otrosCargosColones].map((each) =>
      each.value(creditNote),
    );
    expect(parts.reduce((sum, value) => sum + value, 0n)).toBe(column.totalColones.value(creditNote));
    for (const value of parts) expect(value % 1000n).toBe(0n);
  });
});
