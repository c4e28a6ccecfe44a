import { describe, expect, it } from "vitest";
import { parseAmount } from "./amount";
import { formatColones, formatExchangeRate, formatMoney, formatPercent, formatQuantity } from "./display";

const amount = (text: string) => parseAmount(text)!;

describe("money on screen", () => {
  it("formats colones per es-CR, rounded half away from zero to the céntimo", () => {
    expect(formatColones(amount("1234567.125"))).toBe("₡1\u00a0234\u00a0567,13");
    expect(formatColones(amount("-0.005"))).toBe("-₡0,01");
    expect(formatColones(0n)).toBe("₡0,00");
    // Beyond 2^53 céntimos a float would lose the last digits.
    expect(formatColones(amount("98765432109876.54"))).toBe("₡98\u00a0765\u00a0432\u00a0109\u00a0876,54");
    expect(formatMoney(amount("12.5"), "USD")).toBe("USD\u00a012,50");
  });

  it("trims rates, quantities and exchange rates the way people write them", () => {
    expect(formatPercent("13.00")).toBe("13 %");
    expect(formatPercent("0.50")).toBe("0,5 %");
    expect(formatQuantity("2.000")).toBe("2");
    expect(formatQuantity("23.750")).toBe("23,75");
    expect(formatExchangeRate(amount("507.43"))).toBe("507,43");
    expect(formatExchangeRate(amount("507"))).toBe("507");
    expect(formatExchangeRate(amount("507.4"))).toBe("507,40");
  });
});
