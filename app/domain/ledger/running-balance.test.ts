import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cents } from "../money";
import { naturalSide, onNaturalSide, pageWindow, runningBalances, type Movement } from "./running-balance";

describe("running balance pagination", () => {
  it("keeps the page within range", () => {
    expect(pageWindow(40, 50, 10_000)).toEqual({ page: 40, pageSize: 50, offset: 1950, pageCount: 200 });
    expect(pageWindow(999, 50, 120)).toMatchObject({ page: 3, offset: 100 });
    expect(pageWindow(0, 50, 0)).toMatchObject({ page: 1, offset: 0, pageCount: 1 });
  });

  it("gives every page the same balances as one pass over all movements (property)", () => {
    const movement = fc.oneof(
      fc.bigInt({ min: 1n, max: 10n ** 15n }).map((debit): Movement => ({ debit: cents(debit), credit: cents(0n) })),
      fc.bigInt({ min: 1n, max: 10n ** 15n }).map((credit): Movement => ({ debit: cents(0n), credit: cents(credit) })),
    );
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.array(movement, { maxLength: 120 }),
        fc.integer({ min: 1, max: 17 }),
        (opening, all, size) => {
          const whole = runningBalances(cents(opening), { debit: cents(0n), credit: cents(0n) }, all).map(
            (row) => row.balance,
          );
          const paged: bigint[] = [];
          const { pageCount } = pageWindow(1, size, all.length);
          for (let page = 1; page <= pageCount; page++) {
            const { offset, pageSize } = pageWindow(page, size, all.length);
            const before = all.slice(0, offset).reduce(
              (sum, row): Movement => ({
                debit: cents(sum.debit + row.debit),
                credit: cents(sum.credit + row.credit),
              }),
              { debit: cents(0n), credit: cents(0n) },
            );
            paged.push(
              ...runningBalances(cents(opening), before, all.slice(offset, offset + pageSize)).map(
                (row) => row.balance,
              ),
            );
          }
          expect(paged).toEqual(whole);
        },
      ),
    );
  });

  it("reads balances on the account's natural side", () => {
    expect(naturalSide("10-01-01-01-00")).toBe("debit");
    expect(naturalSide("40-01-01-01-00")).toBe("credit");
    expect(naturalSide("70-01-00-00-00")).toBe("signed");
    expect(onNaturalSide("20-01-01-01-00", cents(-500n))).toBe(500n);
    expect(onNaturalSide("60-01-01-01-00", cents(500n))).toBe(500n);
  });
});
