import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convertToColones, parseAmount, type Amount } from "../money";
import { addToTotals, emptyTotals, receiptCentimos, signedCentimos, type ReceiptSummaryAmounts } from "./centimos";

const amount = (text: string) => parseAmount(text)!;
const summary = (subtotal: string, iva: string, total: string, otros = "0", devuelto = "0"): ReceiptSummaryAmounts => ({
  totalVentaNeta: amount(subtotal),
  totalImpuesto: amount(iva),
  totalOtrosCargos: amount(otros),
  totalIVADevuelto: amount(devuelto),
  totalComprobante: amount(total),
});
const inColones = (document: ReceiptSummaryAmounts, rate: Amount): ReceiptSummaryAmounts => ({
  totalVentaNeta: convertToColones(document.totalVentaNeta, rate),
  totalImpuesto: convertToColones(document.totalImpuesto, rate),
  totalOtrosCargos: convertToColones(document.totalOtrosCargos ?? 0n, rate),
  totalIVADevuelto: convertToColones(document.totalIVADevuelto ?? 0n, rate),
  totalComprobante: convertToColones(document.totalComprobante, rate),
});

describe("a receipt's céntimos (decision 105)", () => {
  it("keeps a colones document that is already in céntimos as it is", () => {
    const document = summary("1000", "130", "1230", "100");
    expect(receiptCentimos({ totals: document, colones: document })).toEqual({
      subtotal: 100000n,
      iva: 13000n,
      otrosCargos: 10000n,
      ivaDevuelto: 0n,
      total: 123000n,
    });
  });

  it("rounds a converted document's total and IVA on their own and lets the subtotal take what is left, so the row adds up", () => {
    // 100.01 USD + 13.00 IVA at 507.4311: each product has fractions of a céntimo.
    const document = summary("100.01", "13.00", "113.01");
    const colones = inColones(document, amount("507.4311"));
    expect(colones.totalVentaNeta).toBe(amount("50748.18431"));
    expect(colones.totalComprobante).toBe(amount("57344.78861"));
    const centimos = receiptCentimos({ totals: document, colones });
    expect(centimos.total).toBe(5734479n); // 57 344,78861 → 57 344,79
    expect(centimos.iva).toBe(659660n); // 6596.6043 → 6 596,60
    expect(centimos.subtotal).toBe(5074819n); // 50 748,19, not 50 748,18: the céntimo the total's rounding gave
    expect(centimos.subtotal + centimos.iva + centimos.otrosCargos).toBe(centimos.total);
  });

  it("keeps each rounded amount of a document that does not add up (its row carries the warning)", () => {
    const document = summary("1000", "130", "1330");
    expect(receiptCentimos({ totals: document, colones: document })).toMatchObject({
      subtotal: 100000n,
      iva: 13000n,
      total: 133000n,
    });
  });

  it("subtracts IVA devuelto", () => {
    const document = summary("1000", "130", "1030", "0", "100");
    const centimos = receiptCentimos({ totals: document, colones: document });
    expect(centimos.subtotal + centimos.iva + centimos.otrosCargos - centimos.ivaDevuelto).toBe(centimos.total);
  });

  it("signs a credit note's céntimos and adds only receipts that count", () => {
    const document = summary("10.005", "1.3", "11.305");
    expect(signedCentimos({ totals: document, colones: document, effect: -1 })).toMatchObject({
      subtotal: -1001n,
      iva: -130n,
      total: -1131n,
    });
    let totals = emptyTotals();
    totals = addToTotals(totals, { totals: document, colones: document, effect: 1 });
    totals = addToTotals(totals, { totals: document, colones: document, effect: -1 });
    totals = addToTotals(totals, { totals: document, colones: document, effect: 1, hacienda: { estado: "rechazado" } });
    totals = addToTotals(totals, { totals: document, colones: document, effect: 0 });
    expect(totals).toEqual({ counted: 2, subtotal: 0n, iva: 0n, otrosCargos: 0n, ivaDevuelto: 0n, total: 0n });
  });

  it("property: a document that adds up gives a row that adds up, total and IVA within half a céntimo of the exact colones", () => {
    const cents = fc.bigInt({ min: 0n, max: 10_000_000_000n });
    fc.assert(
      fc.property(
        cents,
        cents,
        cents,
        fc.bigInt({ min: 100_000n, max: 100_000_000n }),
        (subtotal, iva, otros, rate) => {
          const document: ReceiptSummaryAmounts = {
            totalVentaNeta: subtotal * 1000n,
            totalImpuesto: iva * 1000n,
            totalOtrosCargos: otros * 1000n,
            totalIVADevuelto: 0n,
            totalComprobante: (subtotal + iva + otros) * 1000n,
          };
          const colones = inColones(document, rate);
          const result = receiptCentimos({ totals: document, colones });
          expect(result.subtotal + result.iva + result.otrosCargos).toBe(result.total);
          const distance = (centimos: bigint, exact: bigint) =>
            centimos * 1000n - exact < 0n ? exact - centimos * 1000n : centimos * 1000n - exact;
          expect(distance(result.total, colones.totalComprobante) <= 500n).toBe(true);
          expect(distance(result.iva, colones.totalImpuesto) <= 500n).toBe(true);
          expect(distance(result.subtotal, colones.totalVentaNeta) <= 2000n).toBe(true);
        },
      ),
    );
  });
});
