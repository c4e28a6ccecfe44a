import { describe, expect, it } from "vitest";
import { cents } from "../money";
import { excludedText, ivaReturnLines, unbookedText } from "./layout";
import { referencedMonthsOf, type IvaReceipt, type IvaRateAmounts } from "./receipt";
import { computeIvaReturn } from "./return";

const colones = (value: number) => BigInt(Math.round(value * 100)) * 1_000n;
const rate = (base: number, tax: number): IvaRateAmounts => ({
  base: colones(base),
  tax: colones(tax),
  exonerated: 0n,
});

function receipt(fields: Partial<IvaReceipt> & Pick<IvaReceipt, "id" | "byRate">): IvaReceipt {
  return {
    kind: "FE",
    direction: "issued",
    consecutivo: fields.id.padStart(20, "0"),
    fecha: "2026-10-20T10:00:00-06:00",
    counterpart: "Cliente",
    moneda: "CRC",
    tipoCambio: colones(1),
    ...fields,
  };
}

const options = { prorrataBasisPoints: 10_000n, previousCreditBalance: cents(0n) };

describe("the return's boxes", () => {
  it("never shows a negative box: a credit note of an earlier period goes on its own line, to subtract", () => {
    const ivaReturn = computeIvaReturn(
      [
        receipt({ id: "1", byRate: { "08": rate(100_000, 13_000) } }),
        // An NC of an exempt sale declared in September: nothing exempt was sold in October.
        receipt({ id: "2", kind: "NC", byRate: { "10": rate(393_680, 0) }, referencedMonths: ["2026-09"] }),
      ],
      options,
    );
    const lines = ivaReturnLines(ivaReturn);
    for (const line of lines)
      for (const value of [line.base, line.tax, line.other, line.amount])
        expect(value ?? 0n).toBeGreaterThanOrEqual(0n);
    const exempt = lines.find((line) => line.label === "Tarifa exenta (10)")!;
    expect(exempt.base).toBe(0n);
    const prior = lines.find(
      (line) => line.label === "Menos: notas de crédito de períodos anteriores · Tarifa exenta (10)",
    )!;
    expect(prior.base).toBe(colones(393_680) / 1_000n);
    const total = lines.find((line) => line.label === "Total débito fiscal")!;
    expect(total.amount).toBe(13_000_00n);
  });

  it("nets a credit note of a document of the same month into its box", () => {
    const ivaReturn = computeIvaReturn(
      [
        receipt({ id: "1", byRate: { "08": rate(100_000, 13_000) } }),
        receipt({
          id: "2",
          kind: "NC",
          byRate: { "08": rate(20_000, 2_600) },
          referencedMonths: ["2026-10"],
        }),
      ],
      options,
    );
    const lines = ivaReturnLines(ivaReturn);
    expect(lines.filter((line) => line.label.startsWith("Menos: notas de crédito"))).toEqual([]);
    expect(lines.find((line) => line.figure === "debito-08")?.amount).toBe(10_400_00n);
  });

  it("carries credit notes that exceed the month's débito to the result instead of a negative total", () => {
    const ivaReturn = computeIvaReturn(
      [receipt({ id: "1", kind: "NC", byRate: { "08": rate(10_000, 1_300) }, referencedMonths: [] })],
      options,
    );
    const lines = ivaReturnLines(ivaReturn);
    for (const line of lines) expect(line.amount).toBeGreaterThanOrEqual(0n);
    expect(
      lines.find((line) => line.label === "Menos: notas de crédito emitidas que exceden el débito del mes")?.amount,
    ).toBe(1_300_00n);
    expect(ivaReturn.totals.creditBalance).toBe(1_300_00n);
  });
});

describe("credit notes' referenced months", () => {
  it("are read from the referenced claves (digits 4–9 are ddmmaa)", () => {
    const clave = `50615092500310112345600100001030000000001${"1".repeat(9)}`;
    expect(clave).toHaveLength(50);
    expect(
      referencedMonthsOf({
        informacionReferencia: [
          { tipoDocumento: "01", numero: clave },
          { tipoDocumento: "99", numero: "sin clave" },
        ],
      }),
    ).toEqual(["2025-09"]);
  });
});

describe("counts on the IVA page", () => {
  it("agree in number, noun and verb", () => {
    expect(excludedText(1)).toBe("1 comprobante del mes no entra en la declaración");
    expect(excludedText(4)).toBe("4 comprobantes del mes no entran en la declaración");
    expect(unbookedText(1)).toBe("1 comprobante de la declaración sin asiento contable");
    expect(unbookedText(2)).toBe("2 comprobantes de la declaración sin asiento contable");
  });
});
