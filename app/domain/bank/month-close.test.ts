import { describe, expect, it } from "vitest";
import { closeRefusal, lockedMonthOf, MONTH_CLOSE_MESSAGES } from "./month-close";

const money = (value: bigint) => `₡${value}`;

describe("marking a month reconciled", () => {
  it("needs a bank balance and a difference of exactly zero", () => {
    expect(closeRefusal("2026-11", { difference: 0n }, money)).toBeNull();
    expect(closeRefusal("2026-11", { difference: null }, money)).toBe(MONTH_CLOSE_MESSAGES.noBankBalance);
    expect(closeRefusal("2026-11", { difference: -1n }, money)).toBe(
      "No se puede marcar conciliado noviembre de 2026: la diferencia es ₡-1 y debe ser cero.",
    );
  });

  it("finds the closed month among the lines' days", () => {
    const closed = new Set(["2026-10"]);
    expect(lockedMonthOf(["2026-11-02", "2026-10-31"], closed)).toBe("2026-10");
    expect(lockedMonthOf(["2026-11-02"], closed)).toBeNull();
    expect(MONTH_CLOSE_MESSAGES.alreadyClosed("2026-10")).toBe("Octubre de 2026 ya está marcado como conciliado.");
  });
});
