import { describe, expect, it } from "vitest";
import { purchaseCreditRule } from "./credit-rule";

describe("which purchase documents give crédito fiscal", () => {
  it("FE, ND, NC and REP do", () => {
    for (const kind of ["FE", "ND", "NC", "REP"]) expect(purchaseCreditRule(kind)).toEqual({ gives: true });
  });

  it("a tiquete, an FEC and an FEE do not, each with its reason", () => {
    expect(purchaseCreditRule("TE")).toEqual({
      gives: false,
      reason: "Tiquete electrónico: no identifica al comprador, no da crédito fiscal",
    });
    expect(purchaseCreditRule("FEC")).toEqual({
      gives: false,
      reason: "Factura electrónica de compra: la emite el propio comprador, no da crédito fiscal",
    });
    expect(purchaseCreditRule("FEE").gives).toBe(false);
    expect(purchaseCreditRule("MH").gives).toBe(false);
  });
});
