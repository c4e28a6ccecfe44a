import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AMOUNT_ONE,
  CENTIMO,
  convertToColones,
  divideRounded,
  formatAmount,
  formatDecimal,
  centsToAmount,
  cents,
  multiplyAmount,
  multiplyByQuantity,
  parseAmount,
  parseDecimal,
  percentOf,
  roundAmount,
  scaleAmount,
  sumAmounts,
  amountToCents,
} from "./money";

describe("parseAmount", () => {
  it("reads Hacienda decimal strings exactly, up to 5 decimals", () => {
    expect(parseAmount("1234.56789")).toBe(123456789n);
    expect(parseAmount("20340.00000")).toBe(2034000000n);
    expect(parseAmount("0.5")).toBe(50000n);
    expect(parseAmount("13")).toBe(1300000n);
    expect(parseAmount(".25")).toBe(25000n);
    expect(parseAmount("7.")).toBe(700000n);
    expect(parseAmount("  42.10 ")).toBe(4210000n);
    expect(parseAmount("-3.5")).toBe(-350000n);
  });

  it("keeps the largest DecimalDineroType value exact (beyond float precision)", () => {
    expect(parseAmount("9999999999999.99999")).toBe(999999999999999999n);
    expect(formatAmount(999999999999999999n)).toBe("9999999999999.99999");
  });

  it("accepts extra decimals only when they are zeros", () => {
    expect(parseAmount("1.1234500")).toBe(112345n);
    expect(parseAmount("1.123456")).toBeNull();
  });

  it("refuses anything that is not a plain decimal", () => {
    for (const text of ["", " ", ".", "abc", "1,234.00", "1e5", "12.3.4", "--1", "0x10", "₡100"]) {
      expect(parseAmount(text), text).toBeNull();
    }
  });
});

describe("parseDecimal", () => {
  it("scales to the requested number of decimals", () => {
    expect(parseDecimal("2.500", 3)).toBe(2500n);
    expect(parseDecimal("13.00", 2)).toBe(1300n);
    expect(parseDecimal("0.5", 4)).toBe(5000n);
    expect(parseDecimal("1.2345", 3)).toBeNull();
  });
});

describe("formatting and rounding", () => {
  it("formats with exactly the requested decimals", () => {
    expect(formatAmount(2034000000n)).toBe("20340.00000");
    expect(formatAmount(2034000000n, 2)).toBe("20340.00");
    expect(formatAmount(5n)).toBe("0.00005");
    expect(formatAmount(-150000n, 2)).toBe("-1.50");
    expect(formatDecimal(1300n, 2)).toBe("13.00");
    expect(formatDecimal(7n, 0)).toBe("7");
  });

  it("rounds half away from zero", () => {
    expect(roundAmount(parseAmount("1.005")!, 2)).toBe(parseAmount("1.01"));
    expect(roundAmount(parseAmount("1.00499")!, 2)).toBe(parseAmount("1.00"));
    expect(roundAmount(parseAmount("-1.005")!, 2)).toBe(parseAmount("-1.01"));
    expect(roundAmount(parseAmount("2.5")!, 0)).toBe(parseAmount("3"));
    expect(formatAmount(parseAmount("0.125")!, 2)).toBe("0.13");
    expect(divideRounded(-7n, 2n)).toBe(-4n);
    expect(divideRounded(7n, -2n)).toBe(-4n);
    expect(() => divideRounded(1n, 0n)).toThrow();
  });

  it("converts to and from céntimos at the edges", () => {
    expect(amountToCents(parseAmount("20340.00")!)).toBe(2034000n);
    expect(amountToCents(parseAmount("0.00499")!)).toBe(0n);
    expect(amountToCents(parseAmount("0.005")!)).toBe(1n);
    expect(centsToAmount(cents(2034000n))).toBe(parseAmount("20340"));
    expect(CENTIMO).toBe(parseAmount("0.01"));
  });

  it("round-trips every amount through its text form", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), (amount) => {
        expect(parseAmount(formatAmount(amount))).toBe(amount);
      }),
    );
  });

  it("never moves a value by more than half a step when rounding", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.integer({ min: 0, max: 5 }),
        (amount, decimals) => {
          const step = 10n ** BigInt(5 - decimals);
          const rounded = roundAmount(amount, decimals);
          const difference = rounded > amount ? rounded - amount : amount - rounded;
          expect(rounded % step).toBe(0n);
          expect(difference * 2n <= step).toBe(true);
        },
      ),
    );
  });
});

describe("arithmetic", () => {
  it("sums exactly where floats drift", () => {
    const tenCents = parseAmount("0.1")!;
    expect(sumAmounts([tenCents, parseAmount("0.2")!])).toBe(parseAmount("0.3"));
    expect(sumAmounts(Array.from({ length: 10 }, () => tenCents))).toBe(AMOUNT_ONE);
    expect(sumAmounts([])).toBe(0n);
  });

  it("multiplies price by a quantity of up to 3 decimals", () => {
    expect(multiplyByQuantity(parseAmount("10000")!, "2")).toBe(parseAmount("20000"));
    expect(multiplyByQuantity(parseAmount("1675.00")!, "12.750")).toBe(parseAmount("21356.25"));
    expect(multiplyByQuantity(parseAmount("0.33333")!, "3.000")).toBe(parseAmount("0.99999"));
    expect(multiplyByQuantity(parseAmount("1.00001")!, "0.500")).toBe(parseAmount("0.50001"));
    expect(multiplyByQuantity(parseAmount("1")!, "abc")).toBeNull();
  });

  it("computes percentages such as IVA 13 % and 0.5 %", () => {
    expect(percentOf(parseAmount("18000")!, "13")).toBe(parseAmount("2340"));
    expect(percentOf(parseAmount("18000")!, "13.00")).toBe(parseAmount("2340"));
    expect(percentOf(parseAmount("1000")!, "0.5")).toBe(parseAmount("5"));
    expect(percentOf(parseAmount("0.01")!, "13")).toBe(parseAmount("0.0013"));
    expect(percentOf(parseAmount("1")!, "x")).toBeNull();
  });

  it("converts to colones with the TipoCambio, exactly to 5 decimals", () => {
    expect(convertToColones(parseAmount("800.21")!, parseAmount("503.23")!)).toBe(parseAmount("402689.6783"));
    expect(convertToColones(parseAmount("0.00001")!, parseAmount("512.5")!)).toBe(parseAmount("0.00513"));
    expect(convertToColones(parseAmount("1234.5")!, AMOUNT_ONE)).toBe(parseAmount("1234.5"));
  });

  it("scales by integer ratios", () => {
    expect(scaleAmount(parseAmount("100")!, 9n, 13n)).toBe(parseAmount("69.23077"));
    expect(multiplyAmount(parseAmount("100")!, 1300n, 4)).toBe(parseAmount("13"));
  });
});
