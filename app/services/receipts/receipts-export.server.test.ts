import { describe, expect, it } from "vitest";
import { parseAmount } from "~/domain/money";
import { RECEIPT_COLUMNS, type ReceiptRowSource } from "~/domain/receipts/columns";
import { csvCell, csvNumber, csvText } from "./receipts-export.server";

const amount = (text: string) => parseAmount(text)!;

describe("CSV cells", () => {
  it("writes numbers as plain numbers, negative ones included", () => {
    expect(csvNumber(amount("-372477.5"), 2)).toBe("-372477.50");
    expect(csvNumber(amount("507.43"), 5)).toBe("507.43000");
    const creditNote = {
      fechaEmision: new Date("2025-10-15T12:00:00-06:00"),
      kind: "NC",
      consecutivo: "00100001030000000042",
      clave: "5".repeat(50),
      counterpart: { nombre: '=HYPERLINK("http://x")' },
      moneda: "CRC",
      tipoCambio: amount("1"),
      totals: {
        totalVentaNeta: amount("329626.11"),
        totalImpuesto: amount("42851.39"),
        totalComprobante: amount("372477.50"),
      },
      colones: {
        totalVentaNeta: amount("329626.11"),
        totalImpuesto: amount("42851.39"),
        totalComprobante: amount("372477.50"),
      },
      effect: -1,
    } satisfies ReceiptRowSource;
    expect(csvCell(RECEIPT_COLUMNS.totalColones, creditNote)).toBe("-372477.50");
    // Dates as every CSV export writes them: ISO, not the screen's dd/mm/aaaa.
    expect(csvCell(RECEIPT_COLUMNS.fecha, creditNote)).toBe("2025-10-15");
    expect(csvCell(RECEIPT_COLUMNS.contraparte, creditNote)).toBe(`"'=HYPERLINK(""http://x"")"`);
  });

  it("defuses text that a spreadsheet would run as a formula, and only that", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"])
      expect(csvText(`${start}1+1`).replace(/^"/, "").startsWith(`'${start}`)).toBe(true);
    expect(csvText("-372477.50")).toBe("'-372477.50");
    expect(csvText("Ferretería El Clavo, S.A.")).toBe('"Ferretería El Clavo, S.A."');
    expect(csvText("Sabana")).toBe("Sabana");
  });
});
