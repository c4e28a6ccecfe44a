import { describe, expect, it } from "vitest";
import { cents } from "../money";
import { DECREE_TABLES } from "./decree-tables";
import { formatRate, parseRate, rateText } from "./rate";
import type { BracketTable } from "./tables";
import { duplicateTables, validateTable } from "./validate";

const base = DECREE_TABLES.find((table) => table.year === 2026 && table.kind === "persona-juridica-pequena")!;
const edit = (changes: Partial<BracketTable>): BracketTable => ({ ...base, ...changes });

describe("bracket table validation", () => {
  it("accepts every seeded decree table, one per year and kind", () => {
    for (const table of DECREE_TABLES) expect(validateTable(table), `${table.year} ${table.kind}`).toEqual([]);
    expect(duplicateTables(DECREE_TABLES)).toEqual([]);
    expect(duplicateTables([...DECREE_TABLES, base])).toEqual(["2026/persona-juridica-pequena"]);
  });

  it("refuses a gap, an overlap, a decreasing limit and an open slice in the middle", () => {
    const [a, b, c, d] = base.brackets;
    const gap = validateTable(edit({ brackets: [a, { ...b, from: cents(b.from + 100n) }, c, d] }));
    expect(gap.map((p) => p.field)).toContain("brackets[1].from");
    const decreasing = validateTable(edit({ brackets: [a, { ...b, to: cents(a.to! - 100n) }, c, d] }));
    expect(decreasing.map((p) => p.field)).toContain("brackets[1].to");
    const openMiddle = validateTable(edit({ brackets: [a, { ...b, to: null }, c, d] }));
    expect(openMiddle.map((p) => p.field)).toContain("brackets[1].to");
    const closedLast = validateTable(edit({ brackets: [a, b, c, { ...d, to: cents(d.from + 1n) }] }));
    expect(closedLast.map((p) => p.field)).toContain("brackets[3].to");
    const notFromZero = validateTable(edit({ brackets: [{ ...a, from: cents(1n) }, b, c, d] }));
    expect(notFromZero.map((p) => p.field)).toContain("brackets[0].from");
  });

  it("refuses rates outside 0–100 % and a small-company table without threshold", () => {
    const [a, b, c, d] = base.brackets;
    expect(validateTable(edit({ brackets: [a, b, c, { ...d, rate: "100.01" }] }))[0].field).toBe("brackets[3].rate");
    expect(validateTable(edit({ brackets: [a, b, c, { ...d, rate: "-1" }] }))[0].field).toBe("brackets[3].rate");
    expect(validateTable(edit({ brackets: [a, b, c, { ...d, rate: "100" }] }))).toEqual([]);
    expect(validateTable(edit({ grossIncomeThreshold: null }))[0].field).toBe("grossIncomeThreshold");
    expect(validateTable(edit({ childCredit: cents(100n) }))[0].field).toBe("childCredit");
    expect(validateTable(edit({ year: 2019 }))[0].field).toBe("year");
  });

  it("reads and writes rates as exact decimals", () => {
    expect(parseRate("12,5")).toBe(125_000n);
    expect(parseRate("0.0001")).toBe(1n);
    expect(parseRate("1e2")).toBeNull();
    expect(parseRate("5.00001")).toBeNull();
    expect(rateText(125_000n)).toBe("12.5");
    expect(formatRate(300_000n)).toBe("30 %");
  });
});
