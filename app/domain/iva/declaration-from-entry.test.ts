import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cents } from "../money";
import { declaredFiguresOf, netByAccount } from "./declaration";
import { declaredFiguresFromEntry, declaredTotalsFromEntry } from "./declaration-from-entry";
import type { IvaReceipt } from "./receipt";
import { computeIvaReturn } from "./return";
import { planSettlement, type SettlementAccounts } from "./settlement";

const accounts: SettlementAccounts = {
  ivaDebitByRate: { "08": "20-01-03-01-00", "02": "20-01-03-02-00" },
  ivaCreditByRate: { "08": "10-01-05-01-00", "02": "10-01-05-01-00" },
  ivaCreditCapitalGoods: "10-01-05-05-00",
  ivaProrataPending: "10-01-05-06-00",
  ivaPayable: "20-01-03-09-00",
  ivaCreditBalance: "10-01-05-09-00",
};

/** A receipt with the given IVA per rate, in céntimos. */
function receipt(id: string, direction: "issued" | "received", tax: Record<string, bigint>, condition?: string) {
  return {
    ...(condition ? { answer: { mensaje: 1 as const, condicionImpuesto: condition } } : {}),
    id,
    kind: "FE",
    direction,
    consecutivo: id,
    fecha: "2025-10-01T00:00:00-06:00",
    counterpart: "X",
    moneda: "CRC",
    tipoCambio: 100_000n,
    byRate: Object.fromEntries(
      Object.entries(tax).map(([rate, value]) => [rate, { base: value * 10_000n, tax: value * 1000n, exonerated: 0n }]),
    ),
  } as IvaReceipt;
}

/** What a month's settlement entry, read back, says was declared. */
function roundTrip(receipts: IvaReceipt[], previous: bigint) {
  const ivaReturn = computeIvaReturn(receipts, {
    prorrataBasisPoints: 10_000n,
    previousCreditBalance: cents(previous),
  });
  const plan = planSettlement("2025-10", ivaReturn, accounts);
  if (!plan.ok) throw new Error(plan.message);
  const totals = declaredTotalsFromEntry(netByAccount(plan.entry.lines), accounts, cents(previous));
  return { totals, expected: declaredFiguresOf(ivaReturn).totals };
}

describe("declaredTotalsFromEntry", () => {
  it("reads a payable month back from its settlement entry (saldo anterior applied first)", () => {
    const { totals, expected } = roundTrip(
      [receipt("v", "issued", { "08": 1_300_000n, "02": 10_000n }), receipt("c", "received", { "08": 500_000n })],
      300_000n,
    );
    expect(totals).toEqual(expected);
    expect(totals.payable).toBe(510_000n);
  });

  it("reads a saldo-a-favor month back, with capital goods on their own account", () => {
    const { totals, expected } = roundTrip(
      [receipt("v", "issued", { "08": 100_000n }), receipt("k", "received", { "08": 900_000n }, "03")],
      50_000n,
    );
    expect(totals).toEqual(expected);
    expect(totals.creditBalance).toBe(850_000n);
  });

  it("equals the declared totals of the return for any month (débito, crédito, saldo anterior)", () => {
    const amount = fc.bigInt({ min: 1n, max: 10n ** 9n });
    fc.assert(
      fc.property(amount, amount, amount, fc.bigInt({ min: 0n, max: 10n ** 9n }), (sold, reduced, bought, previous) => {
        const { totals, expected } = roundTrip(
          [receipt("v", "issued", { "08": sold, "02": reduced }), receipt("c", "received", { "08": bought })],
          previous,
        );
        expect(totals).toEqual(expected);
      }),
      { numRuns: 200, seed: 239 },
    );
  });

  it("lays the totals out as the declaration's lines", () => {
    const figures = declaredFiguresFromEntry(
      {
        debit: cents(5n),
        credit: cents(3n),
        previousCreditBalance: cents(0n),
        payable: cents(2n),
        creditBalance: cents(0n),
      },
      ["a"],
    );
    expect(figures.lines.map((line) => [line.label, line.amount])).toEqual([
      ["resultado: Débito fiscal", 5n],
      ["resultado: Crédito fiscal", 3n],
      ["resultado: Saldo a favor del período anterior", 0n],
      ["resultado: Impuesto por pagar", 2n],
      ["resultado: Saldo a favor", 0n],
    ]);
    expect(figures.receiptIds).toEqual(["a"]);
  });
});
