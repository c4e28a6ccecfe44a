import { describe, expect, it } from "vitest";
import { cents } from "../money";
import type { PartialPaymentInputs } from "../income-tax/partial-payments";
import { keepInputs, readKeptInputs } from "./kept-partial-payment-inputs";

const inputs: PartialPaymentInputs = {
  previous: [
    { year: 2022, tax: null },
    { year: 2023, tax: cents(123_456_789_012n) },
    { year: 2024, tax: cents(-5n), noTable: true },
  ],
  paidInYear: cents(1_000_000n),
};

describe("pago-parcial inputs as the board keeps them", () => {
  it("come back as they were, amounts exact beyond a float's digits", () => {
    const kept = keepInputs(inputs);
    expect(kept.paidInYear).toBe("1000000");
    expect(readKeptInputs(JSON.parse(JSON.stringify(kept)))).toEqual(inputs);
  });

  it("read as missing when the record is not one this version writes", () => {
    const kept = keepInputs(inputs);
    expect(readKeptInputs(null)).toBeNull();
    expect(readKeptInputs({ ...kept, previous: kept.previous.slice(0, 2) })).toBeNull();
    expect(readKeptInputs({ ...kept, paidInYear: 10.5 })).toBeNull();
    expect(readKeptInputs({ ...kept, paidInYear: "1e9" })).toBeNull();
    expect(readKeptInputs({ ...kept, previous: [{ year: "2022", tax: null }, ...kept.previous.slice(1)] })).toBeNull();
    expect(readKeptInputs({ ...kept, previous: [{ year: 2022, tax: 5 }, ...kept.previous.slice(1)] })).toBeNull();
  });
});
