import { describe, expect, it } from "vitest";
import { cents, parseAmount } from "../money";
import { closingEntry, reopenReasonProblem, yearEnd, yearEnded } from "./year-close";
import type { CalendarDate } from "../calendar";

const RETAINED = "30-03-01-01-00";
const amount = (text: string) => parseAmount(text);
const figure = (account: string, debit: string, credit: string) => ({
  account,
  debit: cents(BigInt(Math.round(Number(debit) * 100))),
  credit: cents(BigInt(Math.round(Number(credit) * 100))),
});

describe("closingEntry", () => {
  it("credits debit-balance accounts, debits credit-balance ones and credits a profit to retained earnings", () => {
    const plan = closingEntry(
      {
        year: 2025,
        retainedEarnings: RETAINED,
        priorResults: cents(0n),
        figures: [
          figure("40-01-01-01-00", "100", "1100"), // income: credit balance 1000
          figure("50-01-01-01-00", "300", "0"), // cost: debit 300
          figure("60-01-01-01-00", "250.50", "50.50"), // expense: debit 200
          figure("10-01-01-01-00", "999", "0"), // not a result account: ignored
          figure("60-02-01-01-00", "40", "40"), // zero balance: no line
        ],
      },
      cents(0n),
    );
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.entry.date).toBe("2025-12-31");
    expect(plan.entry.description).toBe("Cierre del período 2025");
    expect(plan.result).toBe(50000n);
    expect(plan.entry.lines.map((line) => [line.account, line.debit ?? null, line.credit ?? null])).toEqual([
      ["40-01-01-01-00", amount("1000"), null],
      ["50-01-01-01-00", null, amount("300")],
      ["60-01-01-01-00", null, amount("200")],
      [RETAINED, null, amount("500")],
    ]);
  });

  it("debits a loss to retained earnings, and the entry balances", () => {
    const plan = closingEntry(
      {
        year: 2026,
        retainedEarnings: RETAINED,
        priorResults: cents(0n),
        figures: [figure("40-01-01-01-00", "0", "100.25"), figure("60-01-01-01-00", "400", "0")],
      },
      cents(0n),
    );
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.result).toBe(-29975n);
    const debit = plan.entry.lines.reduce((sum, line) => sum + (line.debit ?? 0n), 0n);
    const credit = plan.entry.lines.reduce((sum, line) => sum + (line.credit ?? 0n), 0n);
    expect(debit).toBe(credit);
    expect(plan.entry.lines.at(-1)).toMatchObject({ account: RETAINED, debit: amount("299.75") });
  });

  it("needs no retained-earnings line when the year breaks even", () => {
    const plan = closingEntry(
      {
        year: 2025,
        retainedEarnings: RETAINED,
        priorResults: cents(0n),
        figures: [figure("40-01-01-01-00", "0", "10"), figure("60-01-01-01-00", "10", "0")],
      },
      cents(0n),
    );
    expect(plan.ok && plan.entry.lines.map((line) => line.account)).toEqual(["40-01-01-01-00", "60-01-01-01-00"]);
  });

  it("refuses when 70 Por clasificar has a balance, an earlier year is open, or there is nothing to close", () => {
    const base = {
      year: 2025,
      retainedEarnings: RETAINED,
      priorResults: cents(0n),
      figures: [figure("40-01-01-01-00", "0", "1")],
    };
    expect(closingEntry(base, cents(1500n))).toEqual({
      ok: false,
      message:
        "No se puede cerrar 2025: el grupo 70 Por clasificar tiene saldo ₡15,00 al 31/12/2025. Clasifique esos movimientos primero.",
    });
    const prior = closingEntry({ ...base, priorResults: cents(-100n) }, cents(0n));
    expect(prior.ok === false && prior.message).toContain("Cierre primero el año 2024");
    const empty = closingEntry({ ...base, figures: [] }, cents(0n));
    expect(empty.ok === false && empty.message).toBe(
      "El año 2025 no tiene saldos en ingresos, costos ni gastos: no hay nada que cerrar.",
    );
    const wrongAccount = closingEntry({ ...base, retainedEarnings: "40-01-01-01-00" }, cents(0n));
    expect(wrongAccount.ok).toBe(false);
  });

  it("dates the close on the year's last day and requires a reopen reason", () => {
    expect(yearEnd(2026)).toBe("2026-12-31");
    expect(yearEnded(2026, "2026-12-31" as CalendarDate)).toBe(false);
    expect(yearEnded(2026, "2027-01-01" as CalendarDate)).toBe(true);
    expect(reopenReasonProblem("  ")).toBe("Escriba el motivo de la reapertura.");
    expect(reopenReasonProblem("x".repeat(201))).toBe("El motivo admite como máximo 200 caracteres.");
    expect(reopenReasonProblem("Ajuste de auditoría")).toBeNull();
  });
});
