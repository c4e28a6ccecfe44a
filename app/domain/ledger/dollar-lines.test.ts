import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { buildCatalog, indexCatalog } from "../catalog";
import { parseAmount } from "../money";
import { balanceChanges, diffBalances, rebuildBalances } from "./balances";
import { dollarLineProblem, signedDollars } from "./dollar-lines";
import type { EntryLineInput } from "./types";
import { validateEntry, type LedgerContext } from "./validate";

const BANK_USD = "10-01-01-04-01"; // Banco Nacional – cta. corriente US$
const SALES = "40-01-01-01-00";
const accounts = indexCatalog(buildCatalog({ [BANK_USD]: { currency: "USD" } }));
const context: LedgerContext = { accounts, lockDate: null, today: "2026-10-31" as CalendarDate };
const amount = (text: string) => parseAmount(text)!;

function check(lines: EntryLineInput[]) {
  return validateEntry({ date: "2026-10-15", description: "Venta en dólares", lines }, context);
}
const messages = (lines: EntryLineInput[]) => {
  const result = check(lines);
  // Intl separates thousands and the currency code with no-break spaces.
  return result.ok
    ? []
    : result.refusals.map((refusal) => [refusal.line, refusal.field, refusal.message.replace(/[\u00a0\u202f]/g, " ")]);
};

describe("lines to an account kept in dollars", () => {
  it("marks the leaf only: the catalog node carries the currency", () => {
    expect(accounts.get(BANK_USD)?.currency).toBe("USD");
    expect(accounts.get("10-01-01-04-00")?.currency).toBeUndefined();
    // A mark on an account with subaccounts does not reach anything.
    expect(indexCatalog(buildCatalog({ "10-01-01-04-00": { currency: "USD" } })).get("10-01-01-04-00")?.currency).toBe(
      undefined,
    );
  });

  it("accepts US$1 234,56 at 512,345 as ₡632 520,64 (rounded once, half away from zero)", () => {
    const result = check([
      {
        account: BANK_USD,
        debit: amount("632520.64"),
        currency: "USD",
        foreignAmount: amount("1234.56"),
        rate: amount("512.345"),
      },
      { account: SALES, credit: amount("632520.64") },
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.entry.lines[0]).toMatchObject({ foreignAmount: amount("1234.56"), rate: amount("512.345") });
  });

  it("refuses a line without dollars, a rate missing, and colones that are not dollars × rate", () => {
    expect(
      messages([
        { account: BANK_USD, debit: amount("100") },
        { account: SALES, credit: amount("100") },
      ]),
    ).toEqual([
      [
        1,
        "foreignAmount",
        "Línea 1: la cuenta 10-01-01-04-01 se lleva en dólares: indique el monto en US$ y el tipo de cambio.",
      ],
    ]);
    expect(
      messages([
        { account: SALES, debit: amount("510") },
        { account: BANK_USD, credit: amount("510"), currency: "USD", foreignAmount: amount("1") },
      ]),
    ).toEqual([[2, "foreignAmount", "Línea 2: indique el tipo de cambio de los dólares."]]);
    expect(
      messages([
        {
          account: BANK_USD,
          debit: amount("50000"),
          currency: "USD",
          foreignAmount: amount("100"),
          rate: amount("510"),
        },
        { account: SALES, credit: amount("50000") },
      ]),
    ).toEqual([[1, "foreignAmount", "Línea 1: USD 100,00 × ₡510,00 = ₡51 000,00; la línea dice ₡50 000,00."]]);
  });

  it("accepts an adjustment in colones only: US$0 and no rate (the revaluation)", () => {
    const adjustment = { account: BANK_USD, debit: amount("10000"), currency: "USD", foreignAmount: 0n };
    expect(check([adjustment, { account: "40-02-02-00-00", credit: amount("10000") }]).ok).toBe(true);
    expect(
      dollarLineProblem({ ...adjustment, debit: 1_000_000n as never, credit: 0n as never, rate: amount("510") }, 1),
    ).toBe("Línea 1: sin monto en US$ la línea es un ajuste en colones y no lleva tipo de cambio.");
  });

  it("keeps the dollars per account and month, signed like the colones, and the rebuild agrees", () => {
    const result = check([
      {
        account: BANK_USD,
        debit: amount("510000"),
        currency: "USD",
        foreignAmount: amount("1000"),
        rate: amount("510"),
      },
      { account: SALES, credit: amount("510000") },
    ]);
    if (!result.ok) throw new Error("expected a valid entry");
    const posted = balanceChanges("2026-10-15", result.entry.lines, 1);
    expect(posted.find((row) => row.account === BANK_USD)?.dollars).toBe(amount("1000"));
    expect(posted.find((row) => row.account === SALES)?.dollars).toBeUndefined();
    const reversed = balanceChanges(
      "2026-10-20",
      result.entry.lines.map((line) => ({ ...line, debit: line.credit, credit: line.debit })),
      1,
    );
    expect(reversed.find((row) => row.account === BANK_USD)?.dollars).toBe(-amount("1000"));

    const rebuilt = rebuildBalances(
      result.entry.lines.map((line) => ({ ...line, date: "2026-10-15", dollars: signedDollars(line) })),
    );
    const stored = new Map(posted.map((row) => [`${row.account}|${row.period}`, row]));
    expect(diffBalances(rebuilt, stored)).toEqual([]);
    const wrong = new Map(stored);
    wrong.set(`${BANK_USD}|2026-10`, { ...stored.get(`${BANK_USD}|2026-10`)!, dollars: amount("999") });
    expect(diffBalances(rebuilt, wrong).map((difference) => difference.account)).toEqual([BANK_USD]);
  });
});
