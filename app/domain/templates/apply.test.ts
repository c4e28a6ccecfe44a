import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { cents, type Cents } from "../money";
import { applyTemplate, type AppliedLine, type TemplateInputs } from "./apply";
import type { EntryTemplate, TemplateLine } from "./types";

const SALARIES = "60-01-01-00-00";
const EMPLOYER_CHARGES = "60-01-04-00-00";
const EMPLOYER_PAYABLE = "20-01-03-02-00";
const WORKER_PAYABLE = "20-01-03-03-00";
const NET_PAYABLE = "20-01-03-01-00";

const line = (account: string, side: TemplateLine["side"], rest: Partial<TemplateLine>): TemplateLine => ({
  account,
  side,
  description: "",
  kind: "digitar",
  amount: null,
  rate: null,
  ...rest,
});
const pct = (account: string, side: TemplateLine["side"], rate: number) =>
  line(account, side, { kind: "porcentaje", rate });

// Payroll, 2026 CCSS rates: employer 26,83 %, worker 10,83 % (net pay 89,17 %).
const PAYROLL: EntryTemplate = {
  name: "Planilla mensual",
  description: "Planilla {mes} {año}",
  lines: [
    pct(SALARIES, "debito", 1_000_000),
    pct(EMPLOYER_CHARGES, "debito", 268_300),
    pct(EMPLOYER_PAYABLE, "credito", 268_300),
    pct(WORKER_PAYABLE, "credito", 108_300),
    pct(NET_PAYABLE, "credito", 891_700),
  ],
};

const inputs = (base: bigint | null, typed: Array<bigint | null> = []): TemplateInputs => ({
  date: "2026-03-31" as CalendarDate,
  base: base === null ? null : cents(base),
  typed: typed.map((value) => (value === null ? null : cents(value))),
});

function amounts(lines: AppliedLine[]): Array<[string, bigint | null, bigint | null]> {
  return lines.map((l) => [l.account, l.debit, l.credit]);
}

function applied(template: EntryTemplate, given: TemplateInputs) {
  const outcome = applyTemplate(template, given);
  if (!outcome.ok) throw new Error(outcome.refusals.map((r) => r.message).join(" "));
  return outcome.applied;
}

describe("applyTemplate", () => {
  it("payroll on ₡1 000 000,00: every rate lands exactly, the description names the month", () => {
    const result = applied(PAYROLL, inputs(100_000_000n));
    expect(result.description).toBe("Planilla marzo 2026");
    expect(amounts(result.lines)).toEqual([
      [SALARIES, 100_000_000n, null],
      [EMPLOYER_CHARGES, 26_830_000n, null], // 268 300,00
      [EMPLOYER_PAYABLE, null, 26_830_000n],
      [WORKER_PAYABLE, null, 10_830_000n], // 108 300,00
      [NET_PAYABLE, null, 89_170_000n], // 891 700,00
    ]);
    expect(result.notice).toBeNull();
  });

  it("payroll on ₡1 234 567,89: each line rounded half away from zero to the céntimo, and it balances", () => {
    const result = applied(PAYROLL, inputs(123_456_789n));
    // 123 456 789 × 26,83 % = 33 123 456,4887 → 33 123 456; × 10,83 % = 13 370 370,2487 → 13 370 370;
    // × 89,17 % = 110 086 418,7513 → 110 086 419. Debits 156 580 245 = credits 156 580 245.
    expect(amounts(result.lines)).toEqual([
      [SALARIES, 123_456_789n, null],
      [EMPLOYER_CHARGES, 33_123_456n, null],
      [EMPLOYER_PAYABLE, null, 33_123_456n],
      [WORKER_PAYABLE, null, 13_370_370n],
      [NET_PAYABLE, null, 110_086_419n],
    ]);
    expect(result.notice).toBeNull();
  });

  it("payroll on ₡50,00: both worker lines round up half a céntimo; the larger takes the residue, salaries stay the base", () => {
    // 5 000 × 10,83 % = 541,5 → 542; × 89,17 % = 4 458,5 → 4 459: credits 5 001 against debits 5 000.
    const result = applied(PAYROLL, inputs(5_000n));
    expect(amounts(result.lines)).toEqual([
      [SALARIES, 5_000n, null],
      [EMPLOYER_CHARGES, 1_342n, null], // 1 341,5 → 1 342
      [EMPLOYER_PAYABLE, null, 1_342n],
      [WORKER_PAYABLE, null, 542n],
      [NET_PAYABLE, null, 4_458n], // 4 459 − 1
    ]);
    expect(result.notice).toBeNull();
  });

  it("50 % / 50 % of ₡1,01: the first of two equal lines absorbs the residue", () => {
    const split: EntryTemplate = {
      name: "Mitades",
      description: "Reparto",
      lines: [
        pct(SALARIES, "debito", 1_000_000),
        pct(NET_PAYABLE, "credito", 500_000),
        pct(WORKER_PAYABLE, "credito", 500_000),
      ],
    };
    expect(amounts(applied(split, inputs(101n)).lines)).toEqual([
      [SALARIES, 101n, null],
      [NET_PAYABLE, null, 50n],
      [WORKER_PAYABLE, null, 51n],
    ]);
  });

  it("a 4-decimal rate: 0,8333 % of ₡12 000 000,00 is ₡99 996,00", () => {
    const depreciation: EntryTemplate = {
      name: "Depreciación",
      description: "Depreciación {fecha}",
      lines: [pct("60-03-03-00-00", "debito", 8_333), pct("10-02-02-04-00", "credito", 8_333)],
    };
    const result = applied(depreciation, inputs(1_200_000_000n));
    expect(result.description).toBe("Depreciación 31/03/2026");
    expect(amounts(result.lines)).toEqual([
      ["60-03-03-00-00", 9_999_600n, null],
      ["10-02-02-04-00", null, 9_999_600n],
    ]);
  });

  it("fixed and typed amounts are used as they are; a typed amount left blank leaves the line without amount", () => {
    const rent: EntryTemplate = {
      name: "Alquiler",
      description: "Alquiler {mes}",
      lines: [
        line("60-02-01-00-00", "debito", { kind: "fijo", amount: cents(50_000_000n), description: "Local {mes}" }),
        line("60-02-02-00-00", "debito", { kind: "digitar" }),
        line(NET_PAYABLE, "credito", { kind: "digitar" }),
      ],
    };
    const full = applied(rent, inputs(null, [null, 123_456n, 50_123_456n]));
    expect(amounts(full.lines)).toEqual([
      ["60-02-01-00-00", 50_000_000n, null],
      ["60-02-02-00-00", 123_456n, null],
      [NET_PAYABLE, null, 50_123_456n],
    ]);
    expect(full.lines[0].description).toBe("Local marzo");
    expect(full.notice).toBeNull();

    const partial = applied(rent, inputs(null, [null, 123_456n]));
    expect(partial.lines[2]).toEqual({ account: NET_PAYABLE, description: "", debit: null, credit: null });
    expect(partial.notice).toBeNull();
  });

  it("typed amounts that do not balance are filled as typed, with a notice; nothing is adjusted", () => {
    const mixed: EntryTemplate = {
      name: "Comisión",
      description: "Comisión",
      lines: [pct(SALARIES, "debito", 50_000), line(NET_PAYABLE, "credito", { kind: "digitar" })],
    };
    // 5 % of ₡1 000,01 = 5 000,05 céntimos → 5 000 (₡50,00); typed ₡49,00.
    const result = applied(mixed, inputs(100_001n, [null, 4_900n]));
    expect(amounts(result.lines)).toEqual([
      [SALARIES, 5_000n, null],
      [NET_PAYABLE, null, 4_900n],
    ]);
    expect(result.notice).toBe(
      "Con estos montos el asiento no cuadra (diferencia ₡1,00); ajuste las líneas antes de guardarlo.",
    );
  });

  it("refuses without a base, with a zero base, and with a zero typed amount", () => {
    const missing = applyTemplate(PAYROLL, inputs(null));
    expect(missing).toEqual({
      ok: false,
      refusals: [{ field: "base", message: "Escriba la base: el monto sobre el que se calculan los porcentajes." }],
    });
    const zero = applyTemplate(PAYROLL, inputs(0n));
    expect(zero.ok || zero.refusals[0].message).toBe("La base debe ser mayor que cero.");
    const typed: EntryTemplate = {
      name: "x",
      description: "x",
      lines: [line(SALARIES, "debito", {}), line(NET_PAYABLE, "credito", {})],
    };
    const refused = applyTemplate(typed, inputs(null, [0n as Cents, null]));
    expect(refused).toEqual({
      ok: false,
      refusals: [{ field: "typed[0]", message: "El monto debe ser mayor que cero." }],
    });
  });
});

describe("«el resto» and the rounding rule", () => {
  const rest = (account: string, side: TemplateLine["side"]) => line(account, side, { kind: "resto" });

  it("depreciation of ₡100 000,00 a month: a fixed line and the rest, exact", () => {
    const depreciation: EntryTemplate = {
      name: "Depreciación",
      description: "Depreciación {mes}",
      lines: [
        line("60-03-03-00-00", "debito", { kind: "fijo", amount: cents(10_000_000n) }),
        rest("10-02-02-04-00", "credito"),
      ],
    };
    const result = applied(depreciation, inputs(null));
    expect(amounts(result.lines)).toEqual([
      ["60-03-03-00-00", 10_000_000n, null],
      ["10-02-02-04-00", null, 10_000_000n],
    ]);
    expect(result.notice).toBeNull();
  });

  it("payroll with the net pay as the rest: gross and deductions by rate, the net makes it balance", () => {
    const payroll: EntryTemplate = {
      name: "Planilla",
      description: "Planilla {mes}",
      lines: [
        pct(SALARIES, "debito", 1_000_000),
        pct(WORKER_PAYABLE, "credito", 108_300),
        line(EMPLOYER_PAYABLE, "credito", { kind: "digitar" }),
        rest(NET_PAYABLE, "credito"),
      ],
    };
    const result = applied(payroll, inputs(123_456_789n, [null, null, 1_000n]));
    // 123 456 789 × 10,83 % = 13 370 370,2487 → 13 370 370; net = 123 456 789 − 13 370 370 − 1 000.
    expect(amounts(result.lines)).toEqual([
      [SALARIES, 123_456_789n, null],
      [WORKER_PAYABLE, null, 13_370_370n],
      [EMPLOYER_PAYABLE, null, 1_000n],
      [NET_PAYABLE, null, 110_085_419n],
    ]);
    // A typed line left blank leaves the rest blank too: it cannot be known yet.
    expect(applied(payroll, inputs(100n)).lines[3]).toMatchObject({ debit: null, credit: null });
  });

  it("a rest that would be zero or negative is left blank with a notice", () => {
    const odd: EntryTemplate = {
      name: "x",
      description: "x",
      lines: [
        line(SALARIES, "debito", { kind: "fijo", amount: cents(1_000n) }),
        line(NET_PAYABLE, "credito", { kind: "fijo", amount: cents(1_500n) }),
        rest(WORKER_PAYABLE, "credito"),
      ],
    };
    const result = applied(odd, inputs(null));
    expect(result.lines[2]).toMatchObject({ debit: null, credit: null });
    expect(result.notice?.replace(/\s/g, " ")).toBe(
      "Con estos montos el resto (línea 3) sería -₡5,00: no queda nada que cuadrar. Revise la base o los montos.",
    );
  });

  it("spreads the céntimos of a side by largest remainder: three thirds of ₡1,00 are 33 + 33 + 34", () => {
    const thirds: EntryTemplate = {
      name: "Tercios",
      description: "Tercios",
      lines: [
        pct(SALARIES, "debito", 1_000_000),
        pct(NET_PAYABLE, "credito", 333_333),
        pct(WORKER_PAYABLE, "credito", 333_333),
        pct(EMPLOYER_PAYABLE, "credito", 333_334),
      ],
    };
    // 33,3333 + 33,3333 + 33,3334 céntimos: floors 99, one céntimo to the largest remainder (the third line).
    expect(amounts(applied(thirds, inputs(100n)).lines)).toEqual([
      [SALARIES, 100n, null],
      [NET_PAYABLE, null, 33n],
      [WORKER_PAYABLE, null, 33n],
      [EMPLOYER_PAYABLE, null, 34n],
    ]);
  });
});

describe("applied templates always add up (properties)", () => {
  const ACCOUNTS = ["60-01-01-00-00", "20-01-03-01-00", "20-01-03-02-00", "10-01-01-01-00"];
  /** Rates (ten-thousandths of a percent) that add up to `total`, in `parts` positive pieces. */
  const ratesSumming = (total: number, parts: number) =>
    fc
      .uniqueArray(fc.integer({ min: 1, max: total - 1 }), { minLength: parts - 1, maxLength: parts - 1 })
      .map((cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), total];
        return points.slice(1).map((point, index) => point - points[index]);
      });
  const side = (rates: number[], s: TemplateLine["side"]) =>
    rates.map((rate, index) => pct(ACCOUNTS[index % ACCOUNTS.length], s, rate));
  const sums = (lines: AppliedLine[]) =>
    lines.reduce((acc, l) => ({ debit: acc.debit + (l.debit ?? 0n), credit: acc.credit + (l.credit ?? 0n) }), {
      debit: 0n,
      credit: 0n,
    });

  it("percentages that balance before rounding balance after it, each line within a céntimo of exact", () => {
    const balancedRates = fc
      .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 7, max: 20_000_000 }))
      .chain(([debitParts, creditParts, total]) =>
        fc.tuple(ratesSumming(total, debitParts), ratesSumming(total, creditParts)),
      );
    fc.assert(
      fc.property(balancedRates, fc.bigInt({ min: 1n, max: 10_000_000_000n }), ([debits, credits], base) => {
        const template: EntryTemplate = {
          name: "p",
          description: "p",
          lines: [...side(debits, "debito"), ...side(credits, "credito")],
        };
        const result = applied(template, inputs(base));
        const { debit, credit } = sums(result.lines);
        expect(debit).toBe(credit);
        expect(result.notice).toBeNull();
        template.lines.forEach((templateLine, index) => {
          const exact = base * BigInt(templateLine.rate!);
          const value = (result.lines[index].debit ?? result.lines[index].credit)! * 1_000_000n;
          expect(value - exact < 1_000_000n && exact - value < 1_000_000n).toBe(true);
        });
      }),
    );
  });

  it("with «el resto», any fixed amounts and rates balance exactly whenever the rest is positive", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            side: fc.constantFrom<TemplateLine["side"]>("debito", "credito"),
            fixed: fc.option(fc.bigInt({ min: 1n, max: 1_000_000_000n }), { nil: null }),
            rate: fc.integer({ min: 1, max: 10_000_000 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.constantFrom<TemplateLine["side"]>("debito", "credito"),
        fc.bigInt({ min: 1n, max: 10_000_000_000n }),
        (specs, restSide, base) => {
          const lines: TemplateLine[] = specs.map((spec, index) =>
            spec.fixed === null
              ? pct(ACCOUNTS[index % ACCOUNTS.length], spec.side, spec.rate)
              : line(ACCOUNTS[index % ACCOUNTS.length], spec.side, { kind: "fijo", amount: cents(spec.fixed) }),
          );
          const template: EntryTemplate = {
            name: "r",
            description: "r",
            lines: [...lines, line(NET_PAYABLE, restSide, { kind: "resto" })],
          };
          const result = applied(template, inputs(base));
          const restLine = result.lines[lines.length];
          const restAmount = restLine.debit ?? restLine.credit;
          if (restAmount === null) {
            expect(result.notice).toMatch(/^Con estos montos el resto/);
          } else {
            expect(restAmount > 0n).toBe(true);
            const { debit, credit } = sums(result.lines);
            expect(debit).toBe(credit);
            expect(result.notice).toBeNull();
          }
        },
      ),
    );
  });
});
