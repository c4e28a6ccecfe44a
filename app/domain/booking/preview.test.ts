import { describe, expect, it } from "vitest";
import { cents } from "../money";
import type { BookingPlan } from "./plan-types";
import { planPreview } from "./preview";

const plan = (overrides: Partial<BookingPlan> = {}): BookingPlan => ({
  date: "2025-10-03",
  description: "FE 001 Proveedor",
  reference: "001",
  lines: [
    { account: "60-01-01-00-00", description: "", debit: cents(100000n), credit: cents(0n) },
    { account: "60-01-01-00-00", description: "", debit: cents(50000n), credit: cents(0n) },
    { account: "10-01-06-01-00", description: "IVA", debit: cents(19500n), credit: cents(0n) },
    { account: "20-01-01-01-00", description: "", debit: cents(0n), credit: cents(169500n) },
  ],
  post: true,
  rule: null,
  unclassified: false,
  ...overrides,
});
const labelOf = (code: string) => ({ "60-01-01-00-00": "Alquileres" })[code] ?? code;
const spaces = (text: string) => text.replace(/\s/g, " ");

describe("the preview of a receipt's booking", () => {
  it("sums the entry per account and side, debits first, with money as the tables show it", () => {
    const preview = planPreview({ ok: true, plan: plan() }, labelOf);
    expect(preview).toMatchObject({ state: "contabilizar", stateLabel: "Se contabiliza", how: "Cuentas por defecto" });
    expect(preview.lines.map((line) => [line.side, line.account, line.label, spaces(line.amount)])).toEqual([
      ["Débito", "60-01-01-00-00", "Alquileres", "₡1 500,00"],
      ["Débito", "10-01-06-01-00", "10-01-06-01-00", "₡195,00"],
      ["Crédito", "20-01-01-01-00", "20-01-01-01-00", "₡1 695,00"],
    ]);
  });

  it("names the rule that applies, or says nothing matched", () => {
    const ruled = planPreview(
      { ok: true, plan: plan({ rule: { id: "r", version: 2, name: "Alquiler" }, post: false }) },
      labelOf,
    );
    expect(ruled).toMatchObject({ state: "borrador", stateLabel: "Queda en borrador", how: "Regla «Alquiler»" });
    expect(planPreview({ ok: true, plan: plan({ unclassified: true }) }, labelOf).how).toBe(
      "Ninguna regla aplica: el gasto va a 70 Por clasificar",
    );
    expect(planPreview({ ok: true, plan: plan() }, labelOf, true).state).toBe("borrador");
  });

  it("says why a receipt is not booked", () => {
    expect(planPreview({ ok: false, reason: "error", message: "Falta la cuenta de IVA." }, labelOf)).toEqual({
      state: "no",
      stateLabel: "No se contabiliza",
      how: "Falta la cuenta de IVA.",
      lines: [],
    });
  });
});
