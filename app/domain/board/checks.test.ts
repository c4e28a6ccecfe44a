import { describe, expect, it } from "vitest";
import {
  countArithmeticWarnings,
  countInvalidSupplierIds,
  countNegativeCashOrBank,
  countPossibleDuplicates,
  countUnclassifiedAccounts,
  isValidSupplierId,
  unclassifiedBalance,
} from "./checks";

describe("review checks", () => {
  it("counts receipts with arithmetic warnings", () => {
    expect(
      countArithmeticWarnings([{ warnings: [] }, { warnings: ["TotalVenta no cuadra"] }, { warnings: ["a", "b"] }]),
    ).toBe(2);
  });

  it("counts possible duplicates: same supplier, total and day, different clave", () => {
    const base = { supplier: "3101123456", total: 113_000n, date: "2025-10-03" };
    expect(
      countPossibleDuplicates([
        { ...base, clave: "A" },
        { ...base, clave: "B" },
        { ...base, clave: "C", total: 113_001n },
        { ...base, clave: "D", date: "2025-10-04" },
        { ...base, clave: "E", supplier: "3101999999" },
      ]),
    ).toBe(2);
    expect(
      countPossibleDuplicates([
        { ...base, clave: "A" },
        { ...base, clave: "A" },
      ]),
    ).toBe(0);
  });

  it("reads 70 Por clasificar with its sign", () => {
    const balances = [
      { account: "70-01-01-00-00", balance: 5_000n },
      { account: "70-01-02-00-00", balance: -2_000n },
      { account: "70-01-03-00-00", balance: 0n },
      { account: "60-01-01-00-00", balance: 9_000n },
    ];
    expect(countUnclassifiedAccounts(balances)).toBe(2);
    expect(unclassifiedBalance(balances)).toBe(3_000n);
  });

  it("counts cash and bank accounts below zero", () => {
    expect(
      countNegativeCashOrBank([
        { account: "10-01-01-01-00", balance: -1n },
        { account: "10-01-01-03-01", balance: 0n },
        { account: "10-01-01-03-02", balance: -500n },
        { account: "10-01-02-01-00", balance: -9_000n },
      ]),
    ).toBe(2);
  });

  it("validates suppliers' identifications like a client's cédula", () => {
    expect(isValidSupplierId("02", "3101123456")).toBe(true);
    expect(isValidSupplierId("01", "112340567")).toBe(true);
    expect(isValidSupplierId("02", "4101123456")).toBe(false);
    expect(isValidSupplierId("01", "1-1234-0567")).toBe(false);
    expect(isValidSupplierId("05", "123")).toBe(false);
    expect(isValidSupplierId(undefined, undefined)).toBe(false);
    expect(countInvalidSupplierIds([{ tipo: "02", numero: "3101123456" }, { tipo: "03", numero: "123" }, {}])).toBe(2);
  });
});
