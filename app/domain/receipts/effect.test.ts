import { describe, expect, it } from "vitest";
import { parseAmount } from "../money";
import { countsInTotals, effectLabel, effectOf, signedByEffect } from "./effect";

describe("a receipt's effect on the month's totals", () => {
  it("credit notes subtract, payment receipts do not count, everything else adds", () => {
    expect(effectOf("NC")).toBe(-1);
    expect(effectOf("REP")).toBe(0);
    for (const kind of ["FE", "ND", "TE", "FEC", "FEE"]) expect(effectOf(kind)).toBe(1);
  });

  it("signs a credit note's amounts negative", () => {
    expect(signedByEffect(parseAmount("372477.50")!, -1)).toBe(parseAmount("-372477.50"));
    expect(signedByEffect(parseAmount("10")!, 1)).toBe(parseAmount("10"));
    expect(signedByEffect(parseAmount("10")!, 0)).toBe(parseAmount("10"));
  });

  it("leaves out payment receipts and Hacienda's rejections", () => {
    expect(countsInTotals({ effect: -1 })).toBe(true);
    expect(countsInTotals({ effect: 1, haciendaEstado: "aceptado" })).toBe(true);
    expect(countsInTotals({ effect: 0 })).toBe(false);
    expect(countsInTotals({ effect: 1, haciendaEstado: "rechazado" })).toBe(false);
    expect(effectLabel({ effect: 1 })).toBe("suma");
    expect(effectLabel({ effect: -1, haciendaEstado: "parcial" })).toBe("resta");
    expect(effectLabel({ effect: 0 })).toBe("no cuenta");
    expect(effectLabel({ effect: -1, haciendaEstado: "rechazado" })).toBe("no cuenta");
  });
});
