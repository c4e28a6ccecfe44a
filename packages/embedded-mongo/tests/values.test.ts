import { Decimal128, Long, ObjectId } from "bson";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addNumeric, divideNumeric, multiplyNumeric, subtractNumeric } from "../src/bson/arithmetic";
import { canonicalKey, compareValues, formatValue, valuesEqual } from "../src/bson/values";

const decimal = (text: string) => Decimal128.fromString(text);

describe("BSON comparison", () => {
  it("orders types canonically", () => {
    const ordered = [
      null,
      1,
      "a",
      { a: 1 },
      [1],
      new ObjectId("000000000000000000000000"),
      false,
      true,
      new Date(0),
      /x/,
    ];
    for (let i = 0; i < ordered.length - 1; i++) {
      expect(
        compareValues(ordered[i], ordered[i + 1]),
        `${formatValue(ordered[i])} < ${formatValue(ordered[i + 1])}`,
      ).toBe(-1);
    }
  });

  it("compares numbers of every type by value", () => {
    expect(compareValues(1, 1n)).toBe(0);
    expect(compareValues(decimal("1.0"), 1)).toBe(0);
    expect(compareValues(decimal("10"), decimal("9.99"))).toBe(1);
    expect(compareValues(9007199254740993n, 9007199254740992)).toBe(1);
    expect(compareValues(Number.NaN, Number.NEGATIVE_INFINITY)).toBe(-1);
    expect(compareValues(decimal("-0.5"), -0.25)).toBe(-1);
  });

  it("is antisymmetric and consistent with canonical keys for numbers", () => {
    const numeric = fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
      fc.bigInt({ min: -(1n << 62n), max: 1n << 62n }),
      fc
        .tuple(fc.integer({ min: -999_999, max: 999_999 }), fc.integer({ min: 0, max: 6 }))
        .map(([n, scale]) => decimal((n / 10 ** scale).toFixed(scale))),
    );
    fc.assert(
      fc.property(numeric, numeric, (a, b) => {
        const forward = compareValues(a, b);
        expect(compareValues(b, a) + forward).toBe(0);
        expect(canonicalKey(a) === canonicalKey(b)).toBe(forward === 0);
      }),
      { numRuns: 2000 },
    );
  });

  it("treats documents with different field order as different", () => {
    expect(valuesEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(canonicalKey({ a: 1, b: 2 })).not.toBe(canonicalKey({ b: 2, a: 1 }));
    expect(valuesEqual({ a: [1, { b: Long.fromNumber(2) }] }, { a: [1, { b: 2 }] })).toBe(true);
  });
});

describe("numeric arithmetic", () => {
  it("adds Decimal128 exactly", () => {
    expect(String(addNumeric(decimal("0.1"), decimal("0.2")))).toBe("0.3");
    expect(String(addNumeric(decimal("1234567890123456789.01"), 1))).toBe("1234567890123456790.01");
    expect(String(subtractNumeric(decimal("10.00"), decimal("0.01")))).toBe("9.99");
    expect(String(multiplyNumeric(decimal("19.99"), 3))).toBe("59.97");
    expect(String(divideNumeric(decimal("10"), 4))).toBe("2.5");
  });

  it("widens int64 but keeps it exact", () => {
    expect(addNumeric(9007199254740993n, 1)).toBe(9007199254740994n);
    expect(addNumeric(5n, 0.5)).toBe(5.5);
  });

  it("sums decimals without drift", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -100_000_00, max: 100_000_00 }), { maxLength: 60 }), (cents) => {
        let total: ReturnType<typeof addNumeric> = decimal("0");
        for (const value of cents) total = addNumeric(total, decimal((value / 100).toFixed(2)));
        const expected = cents.reduce((sum, value) => sum + BigInt(value), 0n);
        expect(compareValues(total, decimal(`${expected}E-2`))).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
