import { describe, expect, it } from "vitest";
import { cents } from "../money";
import { nextYearPrepayments } from "./prepayments";
import { dayOfYear, projectToYearEnd } from "./projection";

const c = (colones: number) => cents(BigInt(colones) * 100n);

describe("pagos parciales of the next year", () => {
  it("25 % of this year's tax when it is greater than the three-year average", () => {
    // average (400 000 + 600 000 + 797 300) ÷ 3 = 599 100; 797 300 > 599 100
    // 25 % × 797 300 = 199 325 each
    const result = nextYearPrepayments(c(797_300), [c(400_000), c(600_000), c(797_300)]);
    expect(result.average).toBe(c(599_100));
    expect(result.basis).toBe("year");
    expect(result.instalments).toEqual([
      { month: 6, amount: c(199_325) },
      { month: 9, amount: c(199_325) },
      { month: 12, amount: c(199_325) },
    ]);
  });

  it("25 % of the average when the average is greater", () => {
    // average (1 200 000 + 900 000 + 300 000) ÷ 3 = 800 000 > 300 000; 25 % × 800 000 = 200 000
    const result = nextYearPrepayments(c(300_000), [c(1_200_000), c(900_000), c(300_000)]);
    expect(result.basis).toBe("average");
    expect(result.base).toBe(c(800_000));
    expect(result.instalments[0].amount).toBe(c(200_000));
  });

  it("years not in the books do not count in the average; no tax, no pagos", () => {
    // (null, 500 000, 100 000) → average 300 000
    expect(nextYearPrepayments(c(100_000), [null, c(500_000), c(100_000)]).average).toBe(c(300_000));
    expect(nextYearPrepayments(c(0), [null, null, c(0)]).instalments[2].amount).toBe(0n);
  });
});

describe("linear projection to year end", () => {
  it("scales by days in the year over days elapsed", () => {
    // 2026-03-31 is day 31 + 28 + 31 = 90; 9 000 000 × 365 ÷ 90 = 36 500 000
    expect(dayOfYear("2026-03-31")).toBe(90);
    const projection = projectToYearEnd(2026, "2026-03-31", { grossIncome: c(9_000_000), netIncome: c(-900) });
    expect(projection.grossIncome).toBe(c(36_500_000));
    expect(projection.netIncome).toBe(c(-3_650));
  });

  it("a finished year projects to itself; a leap year has 366 days", () => {
    const projection = projectToYearEnd(2024, "2024-12-31", { grossIncome: c(1_000), netIncome: c(10) });
    expect(projection.daysInYear).toBe(366);
    expect(projection.grossIncome).toBe(c(1_000));
  });
});
