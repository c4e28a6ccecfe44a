import { describe, expect, it } from "vitest";
import { cents, formatAmount, parseAmount, type Cents } from "../money";
import { closingRateRule, planRevaluation, reversalOf, readRate, type ForeignBalance, type PlannedLine } from ".";

const BANK = "10-01-01-04-01";
const CUSTOMERS = "10-01-02-02-00";
const SUPPLIERS = "20-01-01-02-00";
const ACCOUNTS = { gain: "40-03-01-00-00", loss: "60-04-03-00-00" };

const usd = (text: string) => parseAmount(text)!;
const crc = (text: string) => cents(parseAmount(text)! / 1_000n);
const show = (value: Cents) => formatAmount(value * 1_000n, 2);

function entryText(entry: PlannedLine[]) {
  return entry.map((line) => [line.account, show(line.debit), show(line.credit)]);
}

function balanced(entry: PlannedLine[]) {
  const debit = entry.reduce((sum, line) => sum + line.debit, 0n);
  const credit = entry.reduce((sum, line) => sum + line.credit, 0n);
  return debit === credit;
}

describe("planRevaluation, worked by hand", () => {
  // October 2026: US$1 000.00 in the bank booked at 500.00; a customer owes US$2 345.67 booked at
  // 505.25 (₡1 185 149.7675 → ₡1 185 149.77); the company owes a supplier US$800.00 booked at 498.00.
  const october: ForeignBalance[] = [
    { account: BANK, foreign: usd("1000"), colones: crc("500000") },
    { account: CUSTOMERS, foreign: usd("2345.67"), colones: crc("1185149.77") },
    { account: SUPPLIERS, foreign: usd("-800"), colones: crc("-398400") },
  ];

  it("revalues October at 510.00: gains on the assets, a loss on the supplier", () => {
    const plan = planRevaluation(october, readRate("510")!, ACCOUNTS);
    expect(plan.lines.map((line) => [line.account, show(line.after), show(line.difference)])).toEqual([
      [BANK, "510000.00", "10000.00"],
      [CUSTOMERS, "1196291.70", "11141.93"],
      [SUPPLIERS, "-408000.00", "-9600.00"],
    ]);
    expect(entryText(plan.entry)).toEqual([
      [BANK, "10000.00", "0.00"],
      [CUSTOMERS, "11141.93", "0.00"],
      [SUPPLIERS, "0.00", "9600.00"],
      [ACCOUNTS.gain, "0.00", "21141.93"],
      [ACCOUNTS.loss, "9600.00", "0.00"],
    ]);
    expect(balanced(plan.entry)).toBe(true);
  });

  it("reverses October exactly", () => {
    const plan = planRevaluation(october, readRate("510")!, ACCOUNTS);
    const reversal = reversalOf(plan.entry);
    expect(entryText(reversal)[0]).toEqual([BANK, "0.00", "10000.00"]);
    expect(entryText(reversal).at(-1)).toEqual([ACCOUNTS.loss, "0.00", "9600.00"]);
    const net = new Map<string, bigint>();
    for (const line of [...plan.entry, ...reversal])
      net.set(line.account, (net.get(line.account) ?? 0n) + line.debit - line.credit);
    expect([...net.values()].every((value) => value === 0n)).toBe(true);
  });

  it("revalues November from the books October left: the customer paid, the dollar fell to 505.50", () => {
    // The customer paid US$2 345.67 at 512.00 (₡1 200 983.04) into the bank; its ₡1 196 291.70 are gone
    // from receivables (the payment booked its own realised difference). The supplier is still owed.
    const november: ForeignBalance[] = [
      { account: BANK, foreign: usd("3345.67"), colones: crc("1710983.04") },
      { account: CUSTOMERS, foreign: usd("0"), colones: crc("0") },
      { account: SUPPLIERS, foreign: usd("-800"), colones: crc("-408000") },
    ];
    const plan = planRevaluation(november, readRate("505.5")!, ACCOUNTS);
    // 3 345.67 × 505.50 = 1 691 236.185 → ₡1 691 236.19 (half away from zero)
    expect(plan.lines.map((line) => [line.account, show(line.after), show(line.difference)])).toEqual([
      [BANK, "1691236.19", "-19746.85"],
      [CUSTOMERS, "0.00", "0.00"],
      [SUPPLIERS, "-404400.00", "3600.00"],
    ]);
    expect(entryText(plan.entry)).toEqual([
      [BANK, "0.00", "19746.85"],
      [SUPPLIERS, "3600.00", "0.00"],
      [ACCOUNTS.gain, "0.00", "3600.00"],
      [ACCOUNTS.loss, "19746.85", "0.00"],
    ]);
    expect(balanced(plan.entry)).toBe(true);
  });

  it("clears céntimos left on an account whose dollars are gone, and plans nothing when nothing changed", () => {
    const residue = planRevaluation(
      [{ account: CUSTOMERS, foreign: usd("0"), colones: crc("12.34") }],
      readRate("510")!,
      ACCOUNTS,
    );
    expect(entryText(residue.entry)).toEqual([
      [CUSTOMERS, "0.00", "12.34"],
      [ACCOUNTS.loss, "12.34", "0.00"],
    ]);
    expect(
      planRevaluation([{ account: BANK, foreign: usd("10"), colones: crc("5100") }], readRate("510")!, ACCOUNTS).entry,
    ).toEqual([]);
  });

  it("refuses a rate of zero and too many accounts", () => {
    expect(() => planRevaluation([], 0n, ACCOUNTS)).toThrow(RangeError);
    const many = Array.from({ length: 501 }, (_, i) => ({ account: `10-${i}`, foreign: usd("1"), colones: crc("1") }));
    expect(() => planRevaluation(many, readRate("510")!, ACCOUNTS)).toThrow(
      "Se pueden revaluar como máximo 500 cuentas.",
    );
  });
});

describe("the closing rate of each account", () => {
  it("takes buy for assets and sell for liabilities under «buy-assets», sell for all otherwise", () => {
    const rate = { buy: readRate("505")!, sell: readRate("510")! };
    const balances: ForeignBalance[] = [
      { account: BANK, foreign: usd("1000"), colones: crc("500000") },
      { account: SUPPLIERS, foreign: usd("-800"), colones: crc("-398400") },
    ];
    const split = planRevaluation(balances, closingRateRule("buy-assets", rate), ACCOUNTS);
    expect(split.lines.map((line) => [line.account, formatAmount(line.rate, 2), show(line.difference)])).toEqual([
      [BANK, "505.00", "5000.00"],
      [SUPPLIERS, "510.00", "-9600.00"],
    ]);
    const sell = planRevaluation(balances, closingRateRule("sell", rate), ACCOUNTS);
    expect(sell.lines.map((line) => show(line.difference))).toEqual(["10000.00", "-9600.00"]);
    expect(balanced(split.entry) && balanced(sell.entry)).toBe(true);
  });
});
