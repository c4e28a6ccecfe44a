import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { computeIvaReturn, type IvaReceipt } from "~/domain/iva";
import { cents } from "~/domain/money";
import { vatXlsx } from "./vat-export.server";

const colones = (value: number) => BigInt(Math.round(value * 100)) * 1_000n;
const organization = { id: "CR:3101123456", cedula: "3101123456", name: "Ferretería El Clavo S.A.", active: true };

describe("the IVA workbook's detail", () => {
  it("dates each receipt on its Costa Rica day, as a real spreadsheet date", async () => {
    const late: IvaReceipt = {
      id: "r1",
      kind: "FE",
      direction: "issued",
      consecutivo: "00100001010000000001",
      // 31/10/2026 19:45 in Costa Rica is 1/11/2026 01:45 UTC.
      fecha: new Date("2026-10-31T19:45:00-06:00").toISOString(),
      counterpart: "Cliente",
      moneda: "CRC",
      tipoCambio: colones(1),
      byRate: { "08": { base: colones(1000), tax: colones(130), exonerated: 0n } },
    };
    const ivaReturn = computeIvaReturn([late], { prorrataBasisPoints: 10_000n, previousCreditBalance: cents(0n) });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      await vatXlsx(
        organization as Parameters<typeof vatXlsx>[0],
        "2026-10",
        ivaReturn,
        new Date("2026-11-05T12:00:00Z"),
      ),
    );
    const detail = workbook.getWorksheet("Comprobantes")!;
    const cell = detail.getRow(2).getCell(4);
    expect(cell.value).toBeInstanceOf(Date);
    expect((cell.value as Date).toISOString()).toBe("2026-10-31T00:00:00.000Z");
    expect(cell.numFmt).toBe("dd/mm/yyyy");
  });
});
