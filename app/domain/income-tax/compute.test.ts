import { describe, expect, it } from "vitest";
import { cents, type Cents } from "../money";
import { chooseTable, computeTax, progressiveTax } from "./compute";
import { DECREE_TABLES } from "./decree-tables";
import type { BracketKind } from "./tables";

const colones = (value: number): Cents => cents(BigInt(Math.round(value * 100)));
const table = (year: number, kind: BracketKind) => {
  const found = DECREE_TABLES.find((candidate) => candidate.year === year && candidate.kind === kind);
  if (!found) throw new Error(`no table ${year} ${kind}`);
  return found;
};

describe("progressive income tax on the decree tables", () => {
  it("2026 persona jurídica pequeña, net ₡10 000 000 → ₡797 300", () => {
    // 5 % × 5 621 000 = 281 050
    // 10 % × (8 433 000 − 5 621 000) = 10 % × 2 812 000 = 281 200
    // 15 % × (10 000 000 − 8 433 000) = 15 % × 1 567 000 = 235 050
    // 281 050 + 281 200 + 235 050 = 797 300
    const result = computeTax(table(2026, "persona-juridica-pequena"), colones(10_000_000));
    expect(result.slices.map((slice) => slice.tax)).toEqual([
      colones(281_050),
      colones(281_200),
      colones(235_050),
      colones(0),
    ]);
    expect(result.slices.map((slice) => slice.base)).toEqual([
      colones(5_621_000),
      colones(2_812_000),
      colones(1_567_000),
      colones(0),
    ]);
    expect(result.total).toBe(colones(797_300));
  });

  it("renta bruta over the 2026 threshold → general 30 % on the whole net income", () => {
    const tables = DECREE_TABLES.filter((candidate) => candidate.year === 2026);
    const choice = chooseTable("persona-juridica", 2026, colones(119_174_000.01), tables);
    expect(choice.kind).toBe("persona-juridica");
    expect(choice.reason).toBe("renta bruta ₡119 174 000,01 > umbral ₡119 174 000 → tarifa general de 30 %");
    // 30 % × 10 000 000 = 3 000 000
    expect(computeTax(choice.table!, colones(10_000_000)).total).toBe(colones(3_000_000));
  });

  it("renta bruta exactly at the threshold still uses the small-company table", () => {
    const tables = DECREE_TABLES.filter((candidate) => candidate.year === 2026);
    const choice = chooseTable("persona-juridica", 2026, colones(119_174_000), tables);
    expect(choice.kind).toBe("persona-juridica-pequena");
    expect(choice.reason).toBe("renta bruta ₡119 174 000 ≤ umbral ₡119 174 000 → tarifa progresiva de pequeña empresa");
    const below = chooseTable("persona-juridica", 2026, colones(98_400_000), tables);
    expect(below.reason).toBe("renta bruta ₡98 400 000 ≤ umbral ₡119 174 000 → tarifa progresiva de pequeña empresa");
  });

  it("2026 persona física con actividad lucrativa at ₡12 000 000", () => {
    // exento hasta 6 244 000: 0
    // 10 % × (8 329 000 − 6 244 000) = 10 % × 2 085 000 = 208 500
    // 15 % × (10 414 000 − 8 329 000) = 15 % × 2 085 000 = 312 750
    // 20 % × (12 000 000 − 10 414 000) = 20 % × 1 586 000 = 317 200
    // 208 500 + 312 750 + 317 200 = 838 450
    const choice = chooseTable("persona-fisica", 2026, colones(20_000_000), DECREE_TABLES);
    expect(choice.kind).toBe("persona-fisica");
    expect(computeTax(choice.table!, colones(12_000_000)).total).toBe(colones(838_450));
  });

  it("salary of ₡1 500 000 in 2026 → ₡65 850 (docs/domain/income-tax.md §4 worked example)", () => {
    // 10 % × (1 347 000 − 918 000) = 10 % × 429 000 = 42 900
    // 15 % × (1 500 000 − 1 347 000) = 15 % × 153 000 = 22 950
    // 42 900 + 22 950 = 65 850
    expect(computeTax(table(2026, "asalariado"), colones(1_500_000)).total).toBe(colones(65_850));
  });

  it("credits per child and spouse come off the salary tax, never below zero", () => {
    // 65 850 − 2 × 1 710 − 2 590 = 65 850 − 3 420 − 2 590 = 59 840
    const withFamily = computeTax(table(2026, "asalariado"), colones(1_500_000), { children: 2, spouse: true });
    expect(withFamily.credits).toBe(colones(6_010));
    expect(withFamily.total).toBe(colones(59_840));
    // 10 % × (920 000 − 918 000) = 200, less a 2 590 spouse credit → 0 (credit capped at the tax)
    const small = computeTax(table(2026, "asalariado"), colones(920_000), { children: 0, spouse: true });
    expect(small.gross).toBe(colones(200));
    expect(small.total).toBe(colones(0));
  });

  it("zero and negative net income pay nothing", () => {
    for (const income of [colones(0), colones(-2_500_000)]) {
      const result = computeTax(table(2026, "persona-juridica-pequena"), income);
      expect(result.total).toBe(0n);
      expect(result.slices.every((slice) => slice.base === 0n)).toBe(true);
    }
    expect(computeTax(table(2026, "persona-juridica"), colones(-1)).total).toBe(0n);
  });

  it("exactly at a limit the slice above stays empty; one céntimo over enters it", () => {
    const small = table(2026, "persona-juridica-pequena");
    // 5 % × 5 621 000 = 281 050, nothing at 10 %
    const atLimit = computeTax(small, colones(5_621_000));
    expect(atLimit.total).toBe(colones(281_050));
    expect(atLimit.slices[1].base).toBe(0n);
    // 281 050 + 10 % × 0,01 = 281 050 + 0,001 → rounds to 281 050,00
    const over = computeTax(small, colones(5_621_000.01));
    expect(over.slices[1].base).toBe(colones(0.01));
    expect(over.total).toBe(colones(281_050));
    // 2025 at the 15 % limit: 5 % × 5 642 000 + 10 % × 2 823 000 + 15 % × 2 821 000
    //   = 282 100 + 282 300 + 423 150 = 987 550
    expect(computeTax(table(2025, "persona-juridica-pequena"), colones(11_286_000)).total).toBe(colones(987_550));
  });

  it("a slice's tax rounds to the céntimo half away from zero", () => {
    // 12,5 % × 0,05 = 0,00625 → 0,01; 12,5 % × 0,03 = 0,00375 → 0,00
    const brackets = [{ from: cents(0n), to: null, rate: "12.5" }];
    expect(progressiveTax(cents(5n), brackets).total).toBe(1n);
    expect(progressiveTax(cents(3n), brackets).total).toBe(0n);
  });

  it("a year without tables says so instead of guessing", () => {
    const choice = chooseTable("persona-juridica", 2030, colones(1_000_000), DECREE_TABLES);
    expect(choice.table).toBeNull();
    expect(choice.reason).toMatch(/sin tabla: no hay tabla .* para 2030/);
    // A contador cannot register tables: the reason says who can, not «regístrela».
    expect(choice.reason).toContain("Solo un superadministrador puede registrarla");
    expect(choice.reason).not.toMatch(/regístrela/);
  });
});
