import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bookLinesInBankCurrency, inBankCurrency } from "./currency";

// Colones in céntimos; dollars in Amount units (1 US$ = 100 000).
const line = (id: string, amount: bigint, dollars: bigint) => ({ id, amount, dollars });

describe("book figures in the bank account's currency", () => {
  it("reads colones for a colones account and the dollars, to the cent, for a dollar account", () => {
    const deposit = { amount: 25_625_000n, dollars: 50_000_000n }; // US$500,00 at ₡512,50
    expect(inBankCurrency("CRC", deposit)).toBe(25_625_000n);
    expect(inBankCurrency("USD", deposit)).toBe(50_000n);
    expect(inBankCurrency("USD", { amount: -6_406n, dollars: -1_250_000n })).toBe(-1_250n);
    // Dollars below the cent (a document's five decimals) round half away from zero.
    expect(inBankCurrency("USD", { amount: 0n, dollars: 1_234_500n })).toBe(1_235n);
    expect(inBankCurrency("USD", { amount: 0n, dollars: -1_234_500n })).toBe(-1_235n);
  });

  it("leaves a colones account's lines as they are", () => {
    const lines = [line("a", 100n, 0n), line("b", -40n, 5_000n)];
    expect(bookLinesInBankCurrency("CRC", lines)).toEqual(lines);
  });

  it("gives a dollar account's lines their dollars and leaves out the lines in colones only", () => {
    const lines = [
      line("deposit", 25_625_000n, 50_000_000n),
      line("revaluation", 150_000n, 0n),
      line("cheque", -6_406_250n, -12_500_000n),
    ];
    expect(bookLinesInBankCurrency("USD", lines)).toEqual([
      line("deposit", 50_000n, 50_000_000n),
      line("cheque", -12_500n, -12_500_000n),
    ]);
  });

  it("keeps a dollar account's dollar total: the lines kept add up to Σ dollars, whole cents", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            amount: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
            dollars: fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }).map((cents) => cents * 1_000n),
          }),
          { maxLength: 30 },
        ),
        (figures) => {
          const kept = bookLinesInBankCurrency("USD", figures);
          const total = figures.reduce((sum, figure) => sum + figure.dollars, 0n);
          expect(kept.reduce((sum, figure) => sum + figure.amount, 0n) * 1_000n).toBe(total);
          expect(kept.every((figure) => figure.amount !== 0n)).toBe(true);
        },
      ),
    );
  });
});
