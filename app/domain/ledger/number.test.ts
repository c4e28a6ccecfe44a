import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fiscalYearOf, formatEntryNumber, parseEntryNumber } from "./number";

describe("entry numbers", () => {
  it("are the fiscal year and a six-digit sequence", () => {
    expect(formatEntryNumber(2026, 154)).toBe("2026-000154");
    expect(formatEntryNumber(2026, 1_234_567)).toBe("2026-1234567");
    expect(fiscalYearOf("2026-12-31")).toBe(2026);
    expect(() => formatEntryNumber(2026, 0)).toThrow();
    expect(parseEntryNumber("2026-000154")).toEqual({ fiscalYear: 2026, sequence: 154 });
    expect(parseEntryNumber("2026-154")).toBeNull();
    expect(parseEntryNumber("2026-000000")).toBeNull();
  });

  it("sort in sequence order within a year and read back (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 1, max: 999_999 }), (a, b) => {
        const [x, y] = [formatEntryNumber(2026, a), formatEntryNumber(2026, b)];
        expect(x < y).toBe(a < b);
        expect(parseEntryNumber(x)).toEqual({ fiscalYear: 2026, sequence: a });
      }),
    );
  });
});
