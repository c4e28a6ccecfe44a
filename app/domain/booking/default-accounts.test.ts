import { describe, expect, it } from "vitest";
import { buildCatalog, indexCatalog } from "~/domain/catalog";
import { DEFAULT_ACCOUNT_FIELDS, flattenDefaultAccounts, readDefaultAccounts } from "./default-account-fields";
import { DEFAULT_ACCOUNTS } from "./default-account-values";
import { validateDefaultAccounts } from "./validate-default-accounts";

const catalog = indexCatalog(buildCatalog());

describe("default accounts", () => {
  it("pre-fills only selectable leaves of the default chart", () => {
    expect(validateDefaultAccounts(flattenDefaultAccounts(DEFAULT_ACCOUNTS), catalog)).toEqual([]);
  });

  it("has one field per account and rate, each named once", () => {
    const names = DEFAULT_ACCOUNT_FIELDS.map((field) => field.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain("ivaDebitByRate-08");
    expect(names).toContain("salesServicesByRate-01");
    expect(names).toContain("retainedEarnings");
  });

  it("reads stored values over the defaults and ignores what cannot be an account", () => {
    const accounts = readDefaultAccounts({
      receivable: "10-01-02-02-00",
      "ivaDebitByRate-08": "20-01-02-01-05",
      payable: 42,
      yearResult: "",
      unknown: "10-01-01-01-00",
    });
    expect(accounts.receivable).toBe("10-01-02-02-00");
    expect(accounts.ivaDebitByRate["08"]).toBe("20-01-02-01-05");
    expect(accounts.ivaDebitByRate["04"]).toBe(DEFAULT_ACCOUNTS.ivaDebitByRate["04"]);
    expect(accounts.payable).toBe(DEFAULT_ACCOUNTS.payable);
    expect(accounts.yearResult).toBe(DEFAULT_ACCOUNTS.yearResult);
    expect(readDefaultAccounts(null)).toEqual(DEFAULT_ACCOUNTS);
  });

  it("an empty cash account means contado sales go to the receivable", () => {
    expect(readDefaultAccounts({ cash: "" }).cash).toBeUndefined();
    expect(validateDefaultAccounts({ ...flattenDefaultAccounts(DEFAULT_ACCOUNTS), cash: "" }, catalog)).toEqual([]);
  });

  it("refuses groups, accounts with subaccounts, disabled and unknown accounts, in Spanish", () => {
    const disabled = indexCatalog(buildCatalog({ "60-02-21-00-00": { disabled: true } }));
    const values = {
      ...flattenDefaultAccounts(DEFAULT_ACCOUNTS),
      receivable: "10-00-00-00-00",
      payable: "20-01-01-00-00",
      ivaNonCreditableExpense: "60-02-21-00-00",
      yearResult: "99-01-00-00-00",
      retainedEarnings: "",
    };
    const refusals = validateDefaultAccounts(values, disabled);
    expect(refusals).toEqual([
      {
        field: "receivable",
        message: "La cuenta 10-00-00-00-00 es un grupo del catálogo; elija una cuenta de movimiento.",
      },
      {
        field: "payable",
        message: "La cuenta 20-01-01-00-00 tiene subcuentas; elija una cuenta de movimiento.",
      },
      { field: "ivaNonCreditableExpense", message: "La cuenta 60-02-21-00-00 está deshabilitada." },
      { field: "retainedEarnings", message: "Indique la cuenta de «Utilidades retenidas»." },
      { field: "yearResult", message: "La cuenta 99-01-00-00-00 no existe en el catálogo de este cliente." },
    ]);
  });
});
