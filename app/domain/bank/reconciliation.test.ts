import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { reconcile, reconciliationDetail } from "./reconciliation";

const day = (n: number) => `2026-11-${String(n).padStart(2, "0")}` as CalendarDate;

describe("the conciliación at a date", () => {
  it("explains bank vs books by deposits in transit, outstanding payments and unrecorded bank lines", () => {
    const result = reconcile({
      date: day(30),
      bankOpening: { from: day(1), amount: 1_000_000n },
      bankLines: [
        { date: day(3), amount: 500_000n, state: "conciliado", reconciledAt: day(3) },
        { date: day(15), amount: -1_750n, state: "pendiente" },
        { date: day(20), amount: -10n, state: "excluido" },
      ],
      bookLines: [
        { date: "2026-10-31" as CalendarDate, amount: 1_000_000n },
        { date: day(3), amount: 500_000n, reconciledAt: day(3) },
        { date: day(29), amount: 200_000n },
        { date: day(29), amount: -80_000n },
        { date: "2026-12-01" as CalendarDate, amount: -5n },
      ],
    });
    expect(result).toEqual({
      date: day(30),
      bankBalance: 1_498_240n,
      bookBalance: 1_620_000n,
      depositsInTransit: { count: 1, amount: 200_000n },
      outstandingPayments: { count: 1, amount: 80_000n },
      unrecorded: { count: 1, amount: -1_750n },
      excluded: { count: 1, amount: -10n },
      difference: 0n,
    });
  });

  it("counts a match only when both its sides are on or before the date", () => {
    const result = reconcile({
      date: day(10),
      bankOpening: { from: day(1), amount: 0n },
      bankLines: [{ date: day(12), amount: 300n, state: "conciliado", reconciledAt: day(12) }],
      bookLines: [{ date: day(9), amount: 300n, reconciledAt: day(12) }],
    });
    expect(result).toMatchObject({
      bankBalance: 0n,
      bookBalance: 300n,
      depositsInTransit: { count: 1, amount: 300n },
      difference: 0n,
    });
  });

  it("starts the book balance from the books before the first line given", () => {
    const result = reconcile({
      date: day(10),
      bankOpening: { from: day(1), amount: 1_000n },
      bookOpening: 1_000n,
      bankLines: [],
      bookLines: [{ date: day(3), amount: -200n }],
    });
    expect(result).toMatchObject({
      bookBalance: 800n,
      outstandingPayments: { count: 1, amount: 200n },
      difference: 0n,
    });
  });

  it("has no difference without a bank balance", () => {
    expect(reconcile({ date: day(10), bankOpening: null, bankLines: [], bookLines: [] }).difference).toBeNull();
  });

  it("is zero whenever the bank's opening equals the books before it (random statements and books)", () => {
    const lineArb = fc.record({
      date: fc.integer({ min: 1, max: 30 }),
      amount: fc.bigInt({ min: -1_000_000n, max: 1_000_000n }),
    });
    fc.assert(
      fc.property(
        fc.array(fc.record({ line: lineArb, matched: fc.boolean(), excluded: fc.boolean() }), { maxLength: 30 }),
        fc.array(lineArb, { maxLength: 20 }),
        fc.bigInt({ min: -5_000_000n, max: 5_000_000n }),
        fc.integer({ min: 1, max: 30 }),
        (bankRows, bookOnly, opening, at) => {
          // Every matched bank line has its twin in the books on the same day; the others are the bank's alone.
          const bankLines = bankRows.map(({ line, matched, excluded }) => ({
            date: day(line.date),
            amount: line.amount,
            state: matched ? ("conciliado" as const) : excluded ? ("excluido" as const) : ("pendiente" as const),
            ...(matched ? { reconciledAt: day(line.date) } : {}),
          }));
          const bookLines = [
            { date: "2026-10-31" as CalendarDate, amount: opening },
            ...bankRows
              .filter((row) => row.matched)
              .map(({ line }) => ({ date: day(line.date), amount: line.amount, reconciledAt: day(line.date) })),
            ...bookOnly.map((line) => ({ date: day(line.date), amount: line.amount })),
          ];
          const result = reconcile({
            date: day(at),
            bankOpening: { from: day(1), amount: opening },
            bankLines,
            bookLines,
          });
          expect(result.difference).toBe(0n);
        },
      ),
      { numRuns: 300, seed: 29 },
    );
  });
});

describe("the conciliación's detail", () => {
  it("lists the lines behind each item, their totals equal to the summary's", () => {
    const input = {
      date: day(30),
      bankOpening: { from: day(1), amount: 1_000_000n },
      bankLines: [
        { date: day(3), amount: 500_000n, state: "conciliado" as const, reconciledAt: day(3), label: "SINPE" },
        { date: day(15), amount: -1_750n, state: "pendiente" as const, label: "COMISIÓN" },
        { date: day(20), amount: -10n, state: "excluido" as const, label: "DUPLICADO" },
      ],
      bookLines: [
        { date: "2026-10-31" as CalendarDate, amount: 1_000_000n, label: "Apertura" },
        { date: day(3), amount: 500_000n, reconciledAt: day(3), label: "Cobro" },
        { date: day(29), amount: 200_000n, label: "Asiento 2026-00012 Depósito" },
        { date: day(29), amount: -80_000n, label: "Asiento 2026-00013 Cheque 45" },
      ],
    };
    expect(reconciliationDetail(input)).toEqual({
      depositsInTransit: [{ date: day(29), amount: 200_000n, label: "Asiento 2026-00012 Depósito" }],
      outstandingPayments: [{ date: day(29), amount: -80_000n, label: "Asiento 2026-00013 Cheque 45" }],
      unrecorded: [{ date: day(15), amount: -1_750n, label: "COMISIÓN" }],
      excluded: [{ date: day(20), amount: -10n, label: "DUPLICADO" }],
    });
  });
});
