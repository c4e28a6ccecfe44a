import { describe, expect, it } from "vitest";
import { cents } from "../money";
import { computeIvaReturn, type IvaReturnOptions } from "./return";
import type { IvaReceipt, IvaRateAmounts } from "./receipt";
import { rateCodeOf } from "./rates";

// Amounts in Amount units: 1 colón = 100 000.
const colones = (value: number | string) => BigInt(Math.round(Number(value) * 100)) * 1_000n;

function rate(base: number | string, tax: number | string, exonerated: number | string = 0): IvaRateAmounts {
  return { base: colones(base), tax: colones(tax), exonerated: colones(exonerated) };
}

let sequence = 0;
function receipt(fields: Partial<IvaReceipt> & Pick<IvaReceipt, "direction" | "byRate">): IvaReceipt {
  sequence += 1;
  return {
    id: `r${sequence}`,
    kind: "FE",
    consecutivo: String(sequence).padStart(20, "0"),
    fecha: "2025-10-15T10:00:00-06:00",
    counterpart: "Cliente",
    moneda: "CRC",
    tipoCambio: colones(1),
    ...fields,
  };
}

const options: IvaReturnOptions = { prorrataBasisPoints: 10_000n, previousCreditBalance: cents(0n) };

describe("débito fiscal", () => {
  it("adds issued receipts by rate and subtracts credit notes", () => {
    const result = computeIvaReturn(
      [
        // FE: 100 000 at 13 % → 13 000; 50 000 at 1 % → 500.
        receipt({ direction: "issued", byRate: { "08": rate(100_000, 13_000), "02": rate(50_000, 500) } }),
        // NC of 20 000 at 13 % → −2 600.
        receipt({ direction: "issued", kind: "NC", byRate: { "08": rate(20_000, 2_600) } }),
      ],
      options,
    );
    expect(result.debit.map((row) => [row.rate, row.base, row.debit])).toEqual([
      ["08", colonesCents(80_000), colonesCents(10_400)], // 100 000 − 20 000; 13 000 − 2 600
      ["02", colonesCents(50_000), colonesCents(500)],
    ]);
    expect(result.totals.debit).toBe(colonesCents(10_900));
    expect(result.debit[0].receipts.map((r) => r.tax)).toEqual([colonesCents(13_000), colonesCents(-2_600)]);
  });

  it("converts USD with the receipt's TipoCambio, rounding once per receipt and rate", () => {
    // 100.01 USD of IVA × 507.43 = 50 748.0743 → ₡50 748.07; base 769.31 × 507.43 = 390 370.9733 → ₡390 370.97.
    const result = computeIvaReturn(
      [
        receipt({
          direction: "issued",
          moneda: "USD",
          tipoCambio: colones("507.43"),
          byRate: { "08": rate("769.31", "100.01") },
        }),
      ],
      options,
    );
    expect(result.debit[0].debit).toBe(cents(5_074_807n));
    expect(result.debit[0].base).toBe(cents(39_037_097n));
  });

  it("shows exonerated IVA apart and declares the rest", () => {
    // 200 000 at 13 % = 26 000, of which 13 000 exonerated → débito 13 000.
    const result = computeIvaReturn(
      [receipt({ direction: "issued", byRate: { "08": rate(200_000, 26_000, 13_000) } })],
      options,
    );
    expect(result.debit[0]).toMatchObject({
      tax: colonesCents(26_000),
      exonerated: colonesCents(13_000),
      debit: colonesCents(13_000),
    });
    expect(result.totals.exonerated).toBe(colonesCents(13_000));
  });

  it("defers a condición-10 sale to its payment receipt and skips Hacienda's rejections", () => {
    const result = computeIvaReturn(
      [
        receipt({ direction: "issued", condicionVenta: "10", byRate: { "08": rate(100_000, 13_000) } }),
        receipt({ direction: "issued", kind: "REP", condicionVenta: "11", byRate: { "08": rate(40_000, 5_200) } }),
        receipt({ direction: "issued", haciendaEstado: "rechazado", byRate: { "08": rate(10_000, 1_300) } }),
      ],
      options,
    );
    expect(result.totals.debit).toBe(colonesCents(5_200));
    expect(result.excluded.map((row) => row.reason)).toEqual([
      expect.stringContaining("condición 10"),
      "Rechazado por Hacienda",
    ]);
  });
});

describe("crédito fiscal", () => {
  it("takes the creditable part per CondicionImpuesto", () => {
    const result = computeIvaReturn(
      [
        // 01: all 13 000.
        receipt({
          direction: "received",
          answer: { mensaje: 1, condicionImpuesto: "01" },
          byRate: { "08": rate(100_000, 13_000) },
        }),
        // 02: 1 000 of 2 600 stated by the receptor.
        receipt({
          direction: "received",
          answer: { mensaje: 2, condicionImpuesto: "02", montoAcreditar: colones(1_000) },
          byRate: { "08": rate(20_000, 2_600) },
        }),
        // 03: capital goods, all 6 500.
        receipt({
          direction: "received",
          answer: { mensaje: 1, condicionImpuesto: "03" },
          byRate: { "08": rate(50_000, 6_500) },
        }),
        // 04: none of 1 300.
        receipt({
          direction: "received",
          answer: { mensaje: 1, condicionImpuesto: "04" },
          byRate: { "08": rate(10_000, 1_300) },
        }),
        // 05 with 75 %: 3 900 × 0.75 = 2 925.
        receipt({
          direction: "received",
          answer: { mensaje: 1, condicionImpuesto: "05" },
          byRate: { "08": rate(30_000, 3_900) },
        }),
        // No answer: counts in full, 400 at 4 %.
        receipt({ direction: "received", byRate: { "04": rate(10_000, 400) } }),
        // Rejected by the receptor: not at all.
        receipt({ direction: "received", answer: { mensaje: 3 }, byRate: { "08": rate(90_000, 11_700) } }),
      ],
      { prorrataBasisPoints: 7_500n, previousCreditBalance: cents(0n) },
    );
    // 13 000 + 1 000 + 6 500 + 0 + 2 925 = 23 425 at 13 %; paid 13 000 + 2 600 + 6 500 + 1 300 + 3 900 = 27 300.
    expect(result.credit.map((row) => [row.rate, row.tax, row.creditable, row.nonCreditable])).toEqual([
      ["08", colonesCents(27_300), colonesCents(23_425), colonesCents(3_875)],
      ["04", colonesCents(400), colonesCents(400), colonesCents(0)],
    ]);
    expect(result.totals.credit).toBe(colonesCents(23_825));
    expect(result.conditions.map((row) => [row.condition, row.creditable])).toEqual([
      ["01", colonesCents(13_000)],
      ["03", colonesCents(6_500)],
      ["02", colonesCents(1_000)],
      ["05", colonesCents(2_925)],
      ["04", colonesCents(0)],
      ["sin-respuesta", colonesCents(400)],
    ]);
    expect(result.excluded.map((row) => row.reason)).toEqual(["Rechazado por el receptor"]);
  });

  it("spreads a partial amount over the rates in proportion to their IVA", () => {
    // 13 % IVA 1 300 and 1 % IVA 100; 700 creditable → 700 × 1 300 / 1 400 = 650, the last rate 50.
    const result = computeIvaReturn(
      [
        receipt({
          direction: "received",
          answer: { mensaje: 2, condicionImpuesto: "02", montoAcreditar: colones(700) },
          byRate: { "08": rate(10_000, 1_300), "02": rate(10_000, 100) },
        }),
      ],
      options,
    );
    expect(result.credit.map((row) => row.creditable)).toEqual([colonesCents(650), colonesCents(50)]);
  });

  it("subtracts a received credit note", () => {
    const result = computeIvaReturn(
      [
        receipt({
          direction: "received",
          answer: { mensaje: 1, condicionImpuesto: "01" },
          byRate: { "08": rate(10_000, 1_300) },
        }),
        receipt({ direction: "received", kind: "NC", byRate: { "08": rate(1_000, 130) } }),
      ],
      options,
    );
    expect(result.totals.credit).toBe(colonesCents(1_170));
  });
});

describe("documents that need the accountant", () => {
  const inconsistent = (review?: "include" | "exclude") =>
    receipt({
      direction: "received",
      id: "descuadrado",
      answer: { mensaje: 1, condicionImpuesto: "01" },
      byRate: { "08": rate("63535.99", "8259.68") },
      arithmeticWarnings: ["TotalImpuesto es 8159.68 pero la suma de las líneas da 8259.68."],
      review,
    });

  it("leaves a receipt with inconsistent arithmetic pending, with its reason, until it is reviewed", () => {
    const result = computeIvaReturn([inconsistent()], options);
    expect(result.totals.credit).toBe(colonesCents(0));
    expect(result.pending).toEqual([
      expect.objectContaining({
        receiptId: "descuadrado",
        tax: colonesCents(8_259.68),
        reason: "TotalImpuesto es 8159.68 pero la suma de las líneas da 8259.68.",
      }),
    ]);
    expect(result.excluded).toEqual([]);
  });

  it("counts it from its lines when included, and lists it apart when excluded", () => {
    const included = computeIvaReturn([inconsistent("include")], options);
    expect(included.totals.credit).toBe(colonesCents(8_259.68));
    expect(included.pending).toEqual([]);
    const excluded = computeIvaReturn([inconsistent("exclude")], options);
    expect(excluded.totals.credit).toBe(colonesCents(0));
    expect(excluded.excluded.map((row) => row.reason)).toEqual(["Excluido por el contador: su aritmética no cuadra"]);
  });

  it("does not ask about a document that counts for nothing anyway (a tiquete)", () => {
    const tiquete = receipt({
      direction: "received",
      kind: "TE",
      byRate: { "08": rate(548.69, 71.33) },
      arithmeticWarnings: ["Línea 1: no cuadra."],
    });
    const result = computeIvaReturn([tiquete], options);
    expect(result.pending).toEqual([]);
    expect(result.excluded.map((row) => row.reason)).toEqual([
      "Tiquete electrónico: no identifica al comprador, no da crédito fiscal",
    ]);
  });

  it("counts and flags received receipts without a receptor answer", () => {
    const result = computeIvaReturn(
      [
        receipt({ direction: "received", byRate: { "08": rate(1000, 130) } }),
        receipt({ direction: "received", byRate: { "08": rate(2000, 260) } }),
        receipt({ direction: "received", answer: { mensaje: 1 }, byRate: { "08": rate(1000, 130) } }),
      ],
      options,
    );
    expect(result.unanswered).toBe(2);
    expect(result.totals.credit).toBe(colonesCents(520));
  });
});

describe("result", () => {
  it("is IVA por pagar after the saldo a favor carried", () => {
    // 13 000 − 5 000 − 3 000 = 5 000 por pagar.
    const result = computeIvaReturn(
      [
        receipt({ direction: "issued", byRate: { "08": rate(100_000, 13_000) } }),
        receipt({ direction: "received", byRate: { "08": rate(38_461.54, 5_000) } }),
      ],
      { prorrataBasisPoints: 10_000n, previousCreditBalance: colonesCents(3_000) },
    );
    expect(result.totals).toMatchObject({
      balance: colonesCents(5_000),
      payable: colonesCents(5_000),
      creditBalance: 0n,
    });
  });

  it("is saldo a favor when crédito exceeds débito", () => {
    const result = computeIvaReturn(
      [
        receipt({ direction: "issued", byRate: { "08": rate(10_000, 1_300) } }),
        receipt({ direction: "received", byRate: { "08": rate(20_000, 2_600) } }),
      ],
      options,
    );
    expect(result.totals).toMatchObject({ payable: 0n, creditBalance: colonesCents(1_300) });
  });
});

describe("rate codes", () => {
  it("reads a 4.3 Tarifa without code", () => {
    expect(rateCodeOf(undefined, "13.00")).toBe("08");
    expect(rateCodeOf(undefined, "1")).toBe("02");
    expect(rateCodeOf(undefined, "0.50")).toBe("09");
    expect(rateCodeOf(undefined, "0")).toBe("10");
    expect(rateCodeOf("04", "4")).toBe("04");
  });
});

function colonesCents(value: number) {
  return cents(BigInt(Math.round(value * 100)));
}
