import { describe, expect, it } from "vitest";
import { firstDayOfMonth, lastDayOfMonth, type CalendarDate } from "../calendar";
import { cents } from "../money";
import { accountFigures, leafFigures, type BalanceRow, type ReportBalances } from "./balances";
import { monthsOf, type DateRange } from "./period";
import { monthlyResults, naturalOf, resultFigures } from "./statements";

/** The former way: a whole account tree per month, read off the group totals. */
function treePerMonth(balances: ReportBalances, range: DateRange) {
  return monthsOf(range).map((month) => {
    const from = firstDayOfMonth(month) < range.from ? range.from : firstDayOfMonth(month);
    const to = lastDayOfMonth(month) > range.to ? range.to : lastDayOfMonth(month);
    const all = accountFigures(leafFigures(balances, { from, to }));
    const f = resultFigures((code) => {
      const x = all.get(code);
      return naturalOf(code, x ? x.debit - x.credit : 0n);
    }, cents(0n));
    return { month, income: f.income, costsAndExpenses: cents(f.costs + f.expenses), result: f.resultBeforeTax };
  });
}

const row = (account: string, period: string, debit: number, credit: number): BalanceRow => ({
  account,
  period,
  debit: cents(BigInt(debit)),
  credit: cents(BigInt(credit)),
});

const BALANCES: ReportBalances = {
  since: "2025-01",
  rows: [
    row("40-01-00-00-00", "", 0, 900),
    row("10-01-01-00-00", "", 900, 0),
    row("40-01-01-00-00", "2025-01", 50, 10_000),
    row("50-01-00-00-00", "2025-01", 4_000, 0),
    row("60-02-00-00-00", "2025-02", 1_500, 200),
    row("60-09-01-00-00", "2025-02", 300, 0),
    row("40-00-00-00-00", "2025-03", 0, 700),
    row("40-01-01", "2025-03", 0, 99_999),
    row("10-01-01-00-00", "2025-03", 5_000, 0),
    row("40-01-01-00-00", "2025-04-10", 0, 2_000),
    row("40-01-01-00-00", "2025-04-20", 0, 3_000),
    row("60-02-00-00-00", "2025-04-25", 800, 0),
    // December with its closing entry: the result accounts back to zero against Patrimonio.
    row("40-01-01-00-00", "2025-12", 12_000, 2_500),
    row("50-01-00-00-00", "2025-12", 0, 4_000),
    row("60-02-00-00-00", "2025-12", 0, 2_400),
    row("30-03-00-00-00", "2025-12", 0, 3_000),
    row("40-01-01-00-00", "2026-01", 0, 100),
  ],
};

describe("monthlyResults in one pass", () => {
  it("gives exactly the figures of a tree per month, over whole and cut months", () => {
    for (const range of [
      { from: "2025-01-01", to: "2025-12-31" },
      { from: "2025-02-01", to: "2026-01-31" },
      { from: "2025-04-15", to: "2025-12-31" },
      { from: "2025-03-01", to: "2025-04-20" },
    ] as { from: CalendarDate; to: CalendarDate }[]) {
      expect(monthlyResults(BALANCES, range)).toEqual(treePerMonth(BALANCES, range));
    }
  });

  it("sums the groups with their natural side", () => {
    const [january, february, march] = monthlyResults(BALANCES, { from: "2025-01-01", to: "2025-03-31" } as DateRange);
    expect(january).toEqual({ month: "2025-01", income: 9_950n, costsAndExpenses: 4_000n, result: 5_950n });
    expect(february).toEqual({ month: "2025-02", income: 0n, costsAndExpenses: 1_600n, result: -1_600n });
    expect(march).toEqual({ month: "2025-03", income: 700n, costsAndExpenses: 0n, result: 700n });
  });

  it("fails like the tree did for a range before the balances read or a cut month read whole", () => {
    const early = { from: "2024-12-01", to: "2025-01-31" } as DateRange;
    expect(() => monthlyResults(BALANCES, early)).toThrow(RangeError);
    expect(() => treePerMonth(BALANCES, early)).toThrow(RangeError);
    const cut = { from: "2025-02-15", to: "2025-03-31" } as DateRange;
    expect(() => monthlyResults(BALANCES, cut)).toThrow(RangeError);
    expect(() => treePerMonth(BALANCES, cut)).toThrow(RangeError);
  });
});
