import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readBankRuleForm, ruleEntry, ruleFor, ruleMatches, type BankRule, type RuleLine } from "./rules";
import { cents } from "../money";

const ACCOUNT = "64a000000000000000000001";
const rule = (fields: Partial<BankRule>): BankRule => ({
  id: "r1",
  bankAccountId: null,
  name: "Comisiones",
  contains: "",
  minAmount: null,
  maxAmount: null,
  sign: "any",
  account: "50-01-01-01-00",
  description: "",
  ...fields,
});
const line = (amount: bigint, description = "COMISIÓN SINPE MÓVIL", reference = "778813"): RuleLine => ({
  date: "2026-11-04",
  amount,
  description,
  reference,
});

describe("the bank-rule form", () => {
  it("reads a rule for this account with an amount range", () => {
    expect(
      readBankRuleForm(
        {
          name: " Comisión SINPE ",
          text: "comision sinpe",
          minAmount: "100",
          maxAmount: "1 500,00",
          sign: "out",
          account: "50-01-01-01-00",
          scope: "account",
        },
        ACCOUNT,
      ),
    ).toEqual({
      ok: true,
      value: {
        bankAccountId: ACCOUNT,
        name: "Comisión SINPE",
        contains: "comision sinpe",
        minAmount: 10_000n,
        maxAmount: 150_000n,
        sign: "out",
        account: "50-01-01-01-00",
        description: "",
      },
    });
  });

  it("refuses a rule without conditions, a reversed range and over-long fields, in Spanish", () => {
    expect(readBankRuleForm({ name: "Todo", sign: "any", account: "50-01-01-01-00" }, ACCOUNT)).toEqual({
      ok: false,
      errors: {
        text: "Indique un texto o un rango de montos: sin condiciones la regla tomaría todos los movimientos.",
      },
    });
    const read = readBankRuleForm(
      {
        name: "x".repeat(81),
        text: "y".repeat(61),
        minAmount: "500",
        maxAmount: "100",
        sign: "both",
        account: "50",
        scope: "organization",
      },
      ACCOUNT,
    );
    expect(read).toEqual({
      ok: false,
      errors: {
        name: "El nombre admite hasta 80 caracteres.",
        text: "El texto admite hasta 60 caracteres.",
        sign: "Elija si la regla es para entradas o salidas.",
        account: "Elija la cuenta contable del movimiento.",
        maxAmount: "El monto máximo es menor que el mínimo.",
      },
    });
    expect(
      readBankRuleForm({ name: "R", text: "a", minAmount: "0", sign: "in", account: "50-01-01-01-00" }, ACCOUNT),
    ).toMatchObject({ ok: false, errors: { minAmount: expect.stringMatching(/mayor que cero/) } });
  });
});

describe("matching a movement to a rule", () => {
  it("compares the text without case or accents, and checks sign and amount bounds", () => {
    expect(ruleMatches(rule({ contains: "comision sinpe movil" }), line(-25_000n))).toBe(true);
    expect(ruleMatches(rule({ contains: "778813" }), line(-25_000n))).toBe(true);
    expect(ruleMatches(rule({ contains: "intereses" }), line(-25_000n))).toBe(false);
    expect(ruleMatches(rule({ contains: "comision", sign: "in" }), line(-25_000n))).toBe(false);
    expect(ruleMatches(rule({ contains: "comision", sign: "out" }), line(-25_000n))).toBe(true);
    expect(ruleMatches(rule({ minAmount: cents(25_000n), maxAmount: cents(25_000n) }), line(-25_000n))).toBe(true);
    expect(ruleMatches(rule({ minAmount: cents(25_001n) }), line(-25_000n))).toBe(false);
    expect(ruleMatches(rule({ maxAmount: cents(24_999n) }), line(25_000n))).toBe(false);
    expect(ruleMatches(rule({ contains: "comision" }), line(0n))).toBe(false);
  });

  it("prefers the account's own rule, then the name, whatever the order rules come in", () => {
    const general = rule({ id: "a", name: "A general", contains: "comision" });
    const own = rule({ id: "b", bankAccountId: ACCOUNT, name: "Z propia", contains: "sinpe" });
    const other = rule({ id: "c", name: "B general", contains: "comision" });
    fc.assert(
      fc.property(fc.shuffledSubarray([general, own, other], { minLength: 3, maxLength: 3 }), (rules) => {
        expect(ruleFor(rules, line(-25_000n))?.id).toBe("b");
        expect(ruleFor(rules, line(-25_000n, "COMISION MANEJO"))?.id).toBe("a");
        expect(ruleFor(rules, line(-25_000n, "PAGO PLANILLA"))).toBeNull();
      }),
    );
  });

  it("books money out to the rule's account and money in from it, balanced, with the bank as counterpart", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -10_000_000_000n, max: 10_000_000_000n }), (amount) => {
        fc.pre(amount !== 0n);
        const entry = ruleEntry(rule({ description: "Comisión SINPE" }), line(amount), "10-01-01-03-01");
        const [bank, other] = entry.lines;
        expect(bank.account).toBe("10-01-01-03-01");
        expect(other.account).toBe("50-01-01-01-00");
        const signed = (bank.debit ?? 0n) - (bank.credit ?? 0n);
        expect(signed).toBe(amount * 1_000n);
        expect((other.debit ?? 0n) - (other.credit ?? 0n)).toBe(-signed);
        expect(entry).toMatchObject({ date: "2026-11-04", description: "Comisión SINPE", reference: "778813" });
      }),
    );
  });

  it("books a line of a dollar account at the day's rate, with its US$ on the bank line and on a dollar rule account", () => {
    // A US$12,34 commission charged when the dollar is at ₡510,25: ₡6 296,49 (6 296,485 rounded up).
    const rate = 51_025_000n;
    const entry = ruleEntry(rule({}), line(-1_234n), "10-01-01-04-01", { rate, inDollars: new Set() });
    expect(entry.lines).toEqual([
      expect.objectContaining({
        account: "10-01-01-04-01",
        credit: 629_649_000n,
        currency: "USD",
        foreignAmount: 1_234_000n,
        rate,
      }),
      { account: "50-01-01-01-00", description: "COMISIÓN SINPE MÓVIL", debit: 629_649_000n, credit: null },
    ]);
    const toDollars = ruleEntry(rule({ account: "10-01-01-04-02" }), line(1_234n), "10-01-01-04-01", {
      rate,
      inDollars: new Set(["10-01-01-04-02"]),
    });
    expect(toDollars.lines[1]).toMatchObject({
      credit: 629_649_000n,
      currency: "USD",
      foreignAmount: 1_234_000n,
      rate,
    });
  });
});
