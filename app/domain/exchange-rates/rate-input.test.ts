import { describe, expect, it } from "vitest";
import { formatRate, RATE_INPUT_MESSAGES, readTypedRate } from ".";

const shown = (text: string) => {
  const read = readTypedRate(text);
  return read.ok ? formatRate(read.rate) : read.message;
};

describe("readTypedRate", () => {
  it("reads Costa Rican decimals, a decimal point, the colón sign and spaces", () => {
    expect(shown("512,34")).toBe("₡512,34");
    expect(shown("512.34")).toBe("₡512,34");
    expect(shown("₡512,34")).toBe("₡512,34");
    expect(shown("₡ 512,34")).toBe("₡512,34");
    expect(shown("  512,34 ₡ ")).toBe("₡512,34");
    expect(shown("503")).toBe("₡503,00");
    expect(shown("512,12345")).toBe("₡512,12345");
    expect(shown("1 020,5")).toBe("₡1020,50");
    expect(shown("1.020,5")).toBe("₡1020,50");
    expect(shown("1,020.5")).toBe("₡1020,50");
  });

  it("takes the one reading of «512,345» and «512.345» inside the range (512 345 is above it)", () => {
    expect(shown("512,345")).toBe("₡512,345");
    expect(shown("512.345")).toBe("₡512,345");
    expect(shown("₡512.345")).toBe("₡512,345");
  });

  it("refuses a text whose two readings both fit the range", () => {
    expect(shown("1.234")).toBe(RATE_INPUT_MESSAGES.ambiguous("1.234"));
    expect(shown("5,123")).toBe(RATE_INPUT_MESSAGES.ambiguous("5,123"));
    expect(RATE_INPUT_MESSAGES.ambiguous("1.234")).toMatch(/^«1\.234» puede leerse como decimales o como miles/);
  });

  it("bounds the rate to ₡1 … ₡10 000 and five decimals", () => {
    expect(shown("1")).toBe("₡1,00");
    expect(shown("10000")).toBe("₡10000,00");
    expect(shown("0")).toBe(RATE_INPUT_MESSAGES.outOfRange);
    expect(shown("0,99999")).toBe(RATE_INPUT_MESSAGES.outOfRange);
    expect(shown("10000,00001")).toBe(RATE_INPUT_MESSAGES.outOfRange);
    expect(shown("512 345")).toBe(RATE_INPUT_MESSAGES.outOfRange);
    expect(shown("512,123456")).toBe(RATE_INPUT_MESSAGES.tooManyDecimals);
  });

  it("refuses what is not a rate in colones", () => {
    for (const text of ["", "   ", "abc", "-512", "$512,34", "512,34 $", "51 2,34", "512,,34", "1".repeat(31)]) {
      expect(readTypedRate(text), text).toMatchObject({ ok: false });
    }
    expect(shown("abc")).toBe(RATE_INPUT_MESSAGES.invalid);
  });
});
