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
