import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CALENDAR_DATE_MESSAGE, type CalendarDate } from "../calendar";
import { buildCatalog, indexCatalog } from "../catalog";
import { parseAmount } from "../money";
import { MAX_LINE_CENTIMOS, validateEntry, type LedgerContext } from "./validate";
import type { EntryInput, EntryLineInput } from "./types";

const CASH = "10-01-01-01-00"; // Caja general
const SALES = "40-01-01-01-00";
const accounts = indexCatalog(buildCatalog({ "10-01-01-02-00": { disabled: true } }));
const context: LedgerContext = { accounts, lockDate: "2025-12-31" as CalendarDate };
const amount = (text: string) => parseAmount(text)!;

function entry(lines: EntryLineInput[], overrides: Partial<EntryInput> = {}): EntryInput {
  return { date: "2026-01-15", description: "Venta de contado", lines, ...overrides };
}
const debit = (account: string, text: string): EntryLineInput => ({ account, debit: amount(text) });
const credit = (account: string, text: string): EntryLineInput => ({ account, credit: amount(text) });

function refusalsOf(input: EntryInput, ctx = context) {
  const result = validateEntry(input, ctx);
  if (result.ok) throw new Error("expected a refusal");
  return result.refusals;
}

describe("validateEntry", () => {
  it("accepts a balanced entry and keeps amounts in whole céntimos", () => {
    const result = validateEntry(
      entry([debit(CASH, "1130.00"), credit(SALES, "1000"), credit("20-01-02-01-01", "130")]),
      context,
    );
    expect(accounts.has(SALES)).toBe(true);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.entry.lines.map((line) => [line.account, line.debit, line.credit])).toEqual([
      [CASH, 113000n, 0n],
      [SALES, 0n, 100000n],
      ["20-01-02-01-01", 0n, 13000n],
    ]);
    expect(result.entry.totalDebit).toBe(113000n);
  });

  it("refuses fewer than two lines", () => {
    expect(refusalsOf(entry([debit(CASH, "1")]))).toContainEqual({
      field: "lines",
      message: "El asiento necesita al menos dos líneas con monto.",
    });
  });

  it("ignores fully blank rows but numbers lines as the person sees them", () => {
    const refusals = refusalsOf(
      entry([debit(CASH, "5"), { account: "" }, { account: SALES, debit: amount("5"), credit: amount("5") }]),
    );
    expect(refusals).toEqual([{ field: "credit", line: 3, message: "Línea 3: lleva débito o crédito, no ambos." }]);
  });

  it("names the line for neither, zero, negative and more than two decimals", () => {
    const refusals = refusalsOf(
      entry([{ account: CASH, description: "nada" }, debit(CASH, "0"), credit(SALES, "-3"), debit(CASH, "1.005")]),
    );
    expect(refusals).toEqual([
      { field: "debit", line: 1, message: "Línea 1: indique un débito o un crédito." },
      { field: "debit", line: 2, message: "Línea 2: el monto debe ser mayor que cero." },
      { field: "credit", line: 3, message: "Línea 3: el monto no puede ser negativo." },
      { field: "debit", line: 4, message: "Línea 4: el monto admite como máximo dos decimales (céntimos)." },
    ]);
  });

  it("shows the difference in colones when debits and credits differ", () => {
    const [refusal] = refusalsOf(entry([debit(CASH, "100.01"), credit(SALES, "100")]));
    expect(refusal.field).toBe("lines");
    expect(refusal.message).toContain("La diferencia es ₡0,01");
  });

  it("refuses unknown, parent, group and disabled accounts", () => {
    const refusals = refusalsOf(
      entry([
        debit("10-09-09-09-09", "1"),
        debit("10-01-01-00-00", "1"),
        debit("10-00-00-00-00", "1"),
        credit("10-01-01-02-00", "3"),
        credit("", "1"),
      ]),
    );
    expect(refusals.map((r) => [r.line, r.message])).toEqual([
      [1, "Línea 1: la cuenta 10-09-09-09-09 no existe en el catálogo de este cliente."],
      [
        2,
        "Línea 2: la cuenta 10-01-01-00-00 (Efectivo y equivalentes de efectivo) tiene subcuentas; elija una de ellas.",
      ],
      [3, "Línea 3: la cuenta 10-00-00-00-00 (Activo) es un grupo principal; elija una cuenta de detalle."],
      [4, "Línea 4: la cuenta 10-01-01-02-00 (Caja chica) está deshabilitada."],
      [5, "Línea 5: elija una cuenta."],
    ]);
    expect(refusals.every((r) => r.field === "account")).toBe(true);
  });

  it("refuses dates on or before the lock date and malformed dates", () => {
    const lines = [debit(CASH, "1"), credit(SALES, "1")];
    expect(refusalsOf(entry(lines, { date: "2025-12-31" }))).toEqual([
      {
        field: "date",
        message:
          "La fecha 31/12/2025 está en un período cerrado: el cierre contable es el 31/12/2025. Use una fecha posterior.",
      },
    ]);
    expect(validateEntry(entry(lines, { date: "2026-01-01" }), context).ok).toBe(true);
    for (const date of ["2026-02-30", "15/01/2026", "", "2026-1-5"]) {
      expect(refusalsOf(entry(lines, { date }))).toEqual([{ field: "date", message: CALENDAR_DATE_MESSAGE }]);
    }
    expect(validateEntry(entry(lines, { date: "2020-01-01" }), { accounts, lockDate: null }).ok).toBe(true);
  });

  it("refuses amounts over Hacienda's maximum and accepts the maximum itself", () => {
    const max = "9999999999999.99";
    expect(validateEntry(entry([debit(CASH, max), credit(SALES, max)]), context).ok).toBe(true);
    const refusals = refusalsOf(entry([debit(CASH, "10000000000000"), credit(SALES, "10000000000000")]));
    expect(refusals[0]).toMatchObject({ line: 1, field: "debit" });
    expect(refusals[0].message).toMatch(/^Línea 1: el monto supera el máximo de Hacienda/);
    const total = refusalsOf(entry([debit(CASH, max), debit(CASH, max), credit(SALES, max), credit(SALES, max)]));
    expect(total[0].message).toMatch(/^El total del asiento supera el máximo de Hacienda/);
    expect(MAX_LINE_CENTIMOS).toBe(999_999_999_999_999n);
  });

  it("lets a draft be short or unbalanced but not malformed", () => {
    expect(validateEntry(entry([debit(CASH, "5")]), context, { draft: true }).ok).toBe(true);
    expect(validateEntry(entry([debit(CASH, "5"), credit(SALES, "4")]), context, { draft: true }).ok).toBe(true);
    expect(validateEntry(entry([]), context, { draft: true }).ok).toBe(true);
    const refused = validateEntry(entry([debit(CASH, "5.001")], { date: "2025-12-01" }), context, { draft: true });
    expect(refused.ok === false && refused.refusals.map((r) => r.field)).toEqual(["date", "debit"]);
  });

  it("requires a description", () => {
    expect(refusalsOf(entry([debit(CASH, "1"), credit(SALES, "1")], { description: "  " }))).toEqual([
      { field: "description", message: "Escriba la descripción del asiento." },
    ]);
  });

  it("accepts exactly the balanced céntimo entries (property)", () => {
    const cents = fc.bigInt({ min: 1n, max: 10n ** 12n });
    fc.assert(
      fc.property(
        fc.array(cents, { minLength: 1, maxLength: 6 }),
        fc.array(cents, { minLength: 1, maxLength: 6 }),
        (debits, credits) => {
          const lines = [
            ...debits.map((value) => ({ account: CASH, debit: value * 1000n })),
            ...credits.map((value) => ({ account: SALES, credit: value * 1000n })),
          ];
          const balanced = debits.reduce((a, b) => a + b, 0n) === credits.reduce((a, b) => a + b, 0n);
          const result = validateEntry(entry(lines), context);
          expect(result.ok).toBe(balanced);
          if (result.ok) expect(result.entry.totalDebit).toBe(result.entry.totalCredit);
        },
      ),
    );
  });
});
