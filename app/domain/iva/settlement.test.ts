import { describe, expect, it } from "vitest";
import { cents } from "../money";
import { computeIvaReturn } from "./return";
import type { IvaReceipt } from "./receipt";
import { planSettlement, type SettlementAccounts } from "./settlement";

const C = (value: number) => BigInt(value) * 100_000n;
const accounts: SettlementAccounts = {
  ivaDebitByRate: { "08": "20-01-03-01-00", "02": "20-01-03-02-00" },
  ivaCreditByRate: { "08": "10-01-05-01-00", "02": "10-01-05-01-00" },
  ivaCreditCapitalGoods: "10-01-05-05-00",
  ivaProrataPending: "10-01-05-06-00",
  ivaPayable: "20-01-03-09-00",
  ivaCreditBalance: "10-01-05-09-00",
};

function receipt(
  direction: "issued" | "received",
  tax: Record<string, number>,
  condicionImpuesto?: string,
): IvaReceipt {
  return {
    ...(condicionImpuesto ? { answer: { mensaje: 1 as const, condicionImpuesto } } : {}),
    id: `${direction}-${Object.values(tax).join("-")}`,
    kind: "FE",
    direction,
    consecutivo: "1",
    fecha: "2025-10-01T00:00:00-06:00",
    counterpart: "X",
    moneda: "CRC",
    tipoCambio: C(1),
    byRate: Object.fromEntries(
      Object.entries(tax).map(([rate, value]) => [rate, { base: C(value * 10), tax: C(value), exonerated: 0n }]),
    ),
  };
}

const linesOf = (plan: ReturnType<typeof planSettlement>) =>
  plan.ok ? plan.entry.lines.map((line) => [line.account, line.debit ?? 0n, line.credit ?? 0n]) : plan.message;

describe("planSettlement", () => {
  it("clears débito and crédito to IVA por pagar, using up the saldo a favor first", () => {
    // débito 13 000 + 100; crédito 5 000 + 50 on one account; net 8 050; saldo anterior 3 000 → 5 050 por pagar.
    const ivaReturn = computeIvaReturn(
      [receipt("issued", { "08": 13_000, "02": 100 }), receipt("received", { "08": 5_000, "02": 50 })],
      {
        prorrataBasisPoints: 10_000n,
        previousCreditBalance: cents(300_000n),
      },
    );
    const plan = planSettlement("2025-10", ivaReturn, accounts);
    expect(plan.ok && plan.entry.date).toBe("2025-10-31");
    expect(linesOf(plan)).toEqual([
      ["20-01-03-01-00", C(13_000), 0n],
      ["20-01-03-02-00", C(100), 0n],
      ["10-01-05-01-00", 0n, C(5_050)],
      ["10-01-05-09-00", 0n, C(3_000)],
      ["20-01-03-09-00", 0n, C(5_050)],
    ]);
  });

  it("adds a month's excess crédito to the saldo a favor", () => {
    const ivaReturn = computeIvaReturn([receipt("issued", { "08": 1_000 }), receipt("received", { "08": 4_000 })], {
      prorrataBasisPoints: 10_000n,
      previousCreditBalance: cents(0n),
    });
    expect(linesOf(planSettlement("2025-10", ivaReturn, accounts))).toEqual([
      ["20-01-03-01-00", C(1_000), 0n],
      ["10-01-05-01-00", 0n, C(4_000)],
      ["10-01-05-09-00", C(3_000), 0n],
    ]);
  });

  it("takes capital goods and the prorrata's creditable part out of their own accounts", () => {
    // 03: 6 500 from capital goods; 05 at 60 %: 3 900 × 0,60 = 2 340 from the pending account.
    const ivaReturn = computeIvaReturn(
      [
        receipt("issued", { "08": 20_000 }),
        receipt("received", { "08": 6_500 }, "03"),
        receipt("received", { "08": 3_900 }, "05"),
      ],
      { prorrataBasisPoints: 6_000n, previousCreditBalance: cents(0n) },
    );
    // 20 000 − 6 500 − 2 340 = 11 160 por pagar.
    expect(linesOf(planSettlement("2025-10", ivaReturn, accounts))).toEqual([
      ["20-01-03-01-00", C(20_000), 0n],
      ["10-01-05-05-00", 0n, C(6_500)],
      ["10-01-05-06-00", 0n, C(2_340)],
      ["20-01-03-09-00", 0n, C(11_160)],
    ]);
  });

  it("refuses a month without IVA and a rate without account", () => {
    const empty = computeIvaReturn([], { prorrataBasisPoints: 10_000n, previousCreditBalance: cents(0n) });
    expect(linesOf(planSettlement("2025-10", empty, accounts))).toBe("No hay IVA que liquidar en octubre de 2025.");
    const at4 = computeIvaReturn([receipt("issued", { "04": 400 })], {
      prorrataBasisPoints: 10_000n,
      previousCreditBalance: cents(0n),
    });
    expect(linesOf(planSettlement("2025-10", at4, accounts))).toMatch(/Falta la cuenta de IVA débito/);
  });
});
