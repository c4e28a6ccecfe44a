import { describe, expect, it } from "vitest";
import { amountToCents, cents, centsToAmount, parseAmount, type Amount, type Cents } from "./amount";

function takesAmount(amount: Amount): Amount {
  return amount;
}

function takesCents(value: Cents): Cents {
  return value;
}

describe("Amount and Cents are different scales", () => {
  it("converts explicitly: céntimos are exact, amounts round half away from zero", () => {
    expect(amountToCents(parseAmount("1234.56499")!)).toBe(123456n);
    expect(amountToCents(parseAmount("1234.565")!)).toBe(123457n);
    expect(amountToCents(parseAmount("-1234.565")!)).toBe(-123457n);
    expect(centsToAmount(cents(123457n))).toBe(parseAmount("1234.57"));
  });

  it("refuses to mix them without a conversion (checked by tsc)", () => {
    const price = parseAmount("10.5")!;
    const priceInCents = amountToCents(price);
    // @ts-expect-error a Cents is not an Amount: convert with centsToAmount.
    takesAmount(priceInCents);
    // @ts-expect-error an Amount is not Cents: convert with amountToCents.
    takesCents(price);
    // @ts-expect-error a bare bigint is not Cents: say which scale it is with cents().
    takesCents(1050n);
    expect(takesAmount(centsToAmount(priceInCents))).toBe(price);
    expect(takesCents(amountToCents(price))).toBe(1050n);
  });
});
