import { describe, expect, it } from "vitest";
import { formatAmount, parseAmount, type Amount, type Cents } from "../money";
import {
  bookRateOf,
  DOLLAR_PAYMENT_MESSAGES,
  dollarPaymentEntryLines,
  dollarsOpenOf,
  planDollarPayment,
  type DollarItemForPayment,
} from "./dollar-payment";
import { PAYMENT_MESSAGES } from "./payment";

const amount = (text: string) => parseAmount(text)!;
const colones = (text: string) => (amount(text) / 1_000n) as Cents;

function item(id: string, dollars: string, rate: string, open?: string): DollarItemForPayment {
  const bookRate = amount(rate);
  const dollarsOpen = amount(dollars);
  return {
    id,
    label: `FE ${id}`,
    fecha: "2026-10-01",
    dollarsOpen,
    bookRate,
    open: open ? colones(open) : ((((dollarsOpen * bookRate) / 100_000n + 500n) / 1_000n) as Cents),
  };
}

const ACCOUNTS = {
  money: "10-01-01-04-01",
  control: "10-01-02-01-00",
  gain: "40-02-02-00-00",
  loss: "60-04-03-00-00",
  inDollars: new Set(["10-01-01-04-01"]),
};

type Shown = { account: string; debit: string | null; credit: string | null; usd?: string; rate?: string };
const show = (lines: ReturnType<typeof dollarPaymentEntryLines>): Shown[] =>
  lines.map((line) => ({
    account: line.account,
    debit: line.debit ? formatAmount(line.debit, 2) : null,
    credit: line.credit ? formatAmount(line.credit, 2) : null,
    ...(line.currency === "USD" ? { usd: formatAmount(line.foreignAmount!, 2) } : {}),
    ...(line.rate ? { rate: formatAmount(line.rate, 5) } : {}),
  }));

function planned(items: DollarItemForPayment[], request: Parameters<typeof planDollarPayment>[1]) {
  const result = planDollarPayment(items, request);
  if (!result.ok) throw new Error(result.message);
  return result.plan;
}

describe("planDollarPayment — hand-worked cases", () => {
  it("a full cobro at a higher rate: the bank at the day's rate, clientes at the book rate, the gain realised", () => {
    // US$1 000,00 invoiced at ₡505,00 (₡505 000,00), collected when the dollar is at ₡510,25.
    const plan = planned([item("a", "1000", "505")], {
      applications: [{ itemId: "a", dollars: amount("1000") }],
      rate: amount("510.25"),
    });
    expect([plan.money, plan.relieved, plan.difference]).toEqual([51_025_000n, 50_500_000n, 525_000n]);
    expect(
      show(dollarPaymentEntryLines("receivable", ACCOUNTS, plan, "Cobro a Cliente", new Map([["a", "FE a"]]))),
    ).toEqual([
      { account: "10-01-01-04-01", debit: "510250.00", credit: null, usd: "1000.00", rate: "510.25000" },
      { account: "10-01-02-01-00", debit: null, credit: "505000.00", usd: "1000.00", rate: "505.00000" },
      { account: "40-02-02-00-00", debit: null, credit: "5250.00" },
    ]);
  });

  it("a partial cobro at a lower rate books the loss of the dollars paid only", () => {
    // US$1 234,56 at ₡512,345 = ₡632 520,64; US$500,00 paid at ₡508,00.
    const plan = planned([item("a", "1234.56", "512.345")], {
      applications: [{ itemId: "a", dollars: amount("500") }],
      rate: amount("508"),
    });
    expect(plan.lines[0]).toMatchObject({ delta: -25_617_250n, dollarDelta: -amount("500"), residue: 0n });
    // 500 × 508 = 254 000,00; 500 × 512,345 = 256 172,50; loss 2 172,50.
    expect([plan.money, plan.relieved, plan.difference]).toEqual([25_400_000n, 25_617_250n, -217_250n]);
    expect(show(dollarPaymentEntryLines("receivable", ACCOUNTS, plan, "Cobro", new Map())).at(-1)).toEqual({
      account: "60-04-03-00-00",
      debit: "2172.50",
      credit: null,
    });
  });

  it("the last dollar takes the céntimos of rounding left, on their own colón-only line", () => {
    // US$100,00 at ₡500,125 = ₡50 012,50, paid in three parts at the same rate.
    const first = planned([item("a", "100", "500.125")], {
      applications: [{ itemId: "a", dollars: amount("33.33") }],
      rate: amount("500.125"),
    });
    expect(first.lines[0].delta).toBe(-1_666_917n); // 33,33 × 500,125 = 16 669,16625 → 16 669,17
    const last = planned([item("a", "33.34", "500.125", "16674.16")], {
      applications: [{ itemId: "a", dollars: amount("33.34") }],
      rate: amount("500.125"),
    });
    // 33,34 × 500,125 = 16 674,1675 → 16 674,17, but only 16 674,16 is left: a residue of −0,01.
    expect(last.lines[0]).toMatchObject({ delta: -1_667_416n, atBookRate: 1_667_417n, residue: -1n });
    expect(last.difference).toBe(1n);
    const lines = show(dollarPaymentEntryLines("receivable", ACCOUNTS, last, "Cobro", new Map()));
    expect(lines).toEqual([
      { account: "10-01-01-04-01", debit: "16674.17", credit: null, usd: "33.34", rate: "500.12500" },
      { account: "10-01-02-01-00", debit: null, credit: "16674.17", usd: "33.34", rate: "500.12500" },
      { account: "10-01-02-01-00", debit: "0.01", credit: null },
      { account: "40-02-02-00-00", debit: null, credit: "0.01" },
    ]);
  });

  it("a pago in colones of a dollar invoice: the bank line has no dollars, a lower rate is a gain", () => {
    // A supplier's US$200,00 at ₡505,00 (₡101 000,00) paid from a colón account when the dollar is at ₡500,00.
    const plan = planned([item("b", "200", "505")], {
      applications: [{ itemId: "b", dollars: amount("200") }],
      rate: amount("500"),
    });
    expect(plan.difference).toBe(-100_000n);
    const lines = dollarPaymentEntryLines(
      "payable",
      { ...ACCOUNTS, money: "10-01-01-02-01", control: "20-01-01-01-00" },
      plan,
      "Pago a Proveedor",
      new Map(),
    );
    expect(show(lines)).toEqual([
      { account: "10-01-01-02-01", debit: null, credit: "100000.00" },
      { account: "20-01-01-01-00", debit: "101000.00", credit: null, usd: "200.00", rate: "505.00000" },
      { account: "40-02-02-00-00", debit: null, credit: "1000.00" },
    ]);
    const total = (side: "debit" | "credit") => lines.reduce((sum, line) => sum + (line[side] ?? 0n), 0n);
    expect(total("debit")).toBe(total("credit"));
  });

  it("a pago at a higher rate is a loss; two invoices at their own rates", () => {
    const plan = planned([item("a", "100", "500"), item("b", "50", "520")], {
      applications: [
        { itemId: "a", dollars: amount("100") },
        { itemId: "b", dollars: amount("50") },
      ],
      received: amount("150"),
      rate: amount("510"),
    });
    // 150 × 510 = 76 500; 100 × 500 + 50 × 520 = 76 000: paid ₡500 more.
    expect([plan.money, plan.relieved, plan.difference]).toEqual([7_650_000n, 7_600_000n, 50_000n]);
    expect(show(dollarPaymentEntryLines("payable", ACCOUNTS, plan, "Pago", new Map())).at(-1)).toEqual({
      account: "60-04-03-00-00",
      debit: "500.00",
      credit: null,
    });
  });

  it("refuses more dollars than an item owes, a received amount that is not what is applied, and nothing applied", () => {
    const items = [item("a", "1000", "505")];
    const refusal = (request: Parameters<typeof planDollarPayment>[1]) => {
      const result = planDollarPayment(items, request);
      return result.ok ? null : result.message;
    };
    expect(refusal({ applications: [{ itemId: "a", dollars: amount("1000.01") }], rate: amount("510") })).toBe(
      DOLLAR_PAYMENT_MESSAGES.amountOverOpen("FE a", amount("1000")),
    );
    expect(DOLLAR_PAYMENT_MESSAGES.amountOverOpen("FE a", amount("1000"))).toMatch(
      /^El monto aplicado a FE a supera su saldo pendiente \(USD\s1\s000,00\)\.$/u,
    );
    expect(
      refusal({
        applications: [{ itemId: "a", dollars: amount("500") }],
        received: amount("600"),
        rate: amount("510"),
      }),
    ).toBe(DOLLAR_PAYMENT_MESSAGES.receivedNotApplied(amount("500")));
    expect(refusal({ applications: [], rate: amount("510") })).toBe(PAYMENT_MESSAGES.noItems);
    expect(refusal({ applications: [{ itemId: "a", dollars: 0n }], rate: amount("510") })).toBe(
      PAYMENT_MESSAGES.amountNotPositive("FE a"),
    );
    expect(refusal({ applications: [{ itemId: "zz", dollars: 1n }], rate: amount("510") })).toBe(
      PAYMENT_MESSAGES.unknownItem,
    );
  });

  it("balances, and a residue on a control account kept in dollars carries US$0", () => {
    const last = planned([item("a", "33.34", "500.125", "16674.16")], {
      applications: [{ itemId: "a", dollars: amount("33.34") }],
      rate: amount("511.11"),
    });
    const inDollars = new Set(["10-01-01-04-01", "10-01-02-01-00"]);
    const lines = dollarPaymentEntryLines("receivable", { ...ACCOUNTS, inDollars }, last, "Cobro", new Map());
    const totals = lines.reduce((sum, line) => [sum[0] + (line.debit ?? 0n), sum[1] + (line.credit ?? 0n)], [0n, 0n]);
    expect(totals[0]).toBe(totals[1]);
    expect(lines.find((line) => line.foreignAmount === 0n)).toMatchObject({
      account: "10-01-02-01-00",
      currency: "USD",
    });
  });
});

describe("dollarsOpenOf and bookRateOf: items kept before their dollars were", () => {
  const invoice = { amount: 50_500_000n, foreignAmount: amount("1000") };
  it("reads the kept dollars, or all of them while nothing is paid, or the same share as the colones", () => {
    expect(dollarsOpenOf({ ...invoice, balance: 50_500_000n, foreignBalance: amount("250") })).toBe(amount("250"));
    expect(dollarsOpenOf({ ...invoice, balance: 50_500_000n })).toBe(amount("1000"));
    expect(dollarsOpenOf({ ...invoice, balance: 12_625_000n })).toBe(amount("250"));
    expect(dollarsOpenOf({ ...invoice, balance: 0n })).toBe(0n);
    expect(dollarsOpenOf({ amount: -50_500_000n, balance: -50_500_000n, foreignAmount: amount("1000") })).toBe(
      -amount("1000"),
    );
  });
  it("takes the document's rate, or its colones over its dollars", () => {
    expect(bookRateOf({ ...invoice, rate: amount("505.12345") })).toBe(amount("505.12345"));
    expect(bookRateOf(invoice)).toBe(amount("505"));
    expect(bookRateOf({ amount: 1n, foreignAmount: 0n })).toBe(0n);
    const typed: Amount = bookRateOf({ amount: 63_252_064n, foreignAmount: amount("1234.56") });
    expect(typed).toBe(amount("512.34500"));
  });
});
