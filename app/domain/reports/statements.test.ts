import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { cents } from "../money";
import { monthsNeedingDays } from "./balances";
import { parseReportQuery, type ReportQuery } from "./query";
import { balanceSheet, incomeStatement, monthlyResults, trialBalance, type StatementRow } from "./statements";
import { BOOKS, CLOSING_2025, TEST_ACCOUNTS, balancesOf, c, testTree } from "./test-fixtures";

const tree = testTree();
const TEST_WITHOUT_RENT = TEST_ACCOUNTS.filter(([code]) => code !== "60-02-00-00-00");
const TODAY = "2026-04-15" as CalendarDate;

function query(kind: ReportQuery["kind"], search: string): ReportQuery {
  const result = parseReportQuery(kind, new URLSearchParams(search), TODAY);
  if (!result.ok) throw new Error(result.messages.join(" | "));
  return result.query;
}

const byKey = (rows: readonly StatementRow[]) => new Map(rows.map((row) => [row.key, row]));

describe("Balance de Comprobación", () => {
  const books = balancesOf(BOOKS);

  it("gives every account at level 5 with opening, débitos, créditos and closing, debit positive", () => {
    const trial = trialBalance(tree, books, query("all", "quarter=2026-Q1"));
    const row = (code: string) => trial.rows.find((r) => r.code === code);
    expect(row("10-01-01-00-00")).toMatchObject({
      label: "Caja",
      level: 3,
      opening: c("500000"),
      debit: c("12345.67"),
      credit: c("150000"),
      closing: c("362345.67"),
    });
    expect(row("10-01-02-00-00")).toMatchObject({
      level: 2 + 1,
      opening: c("800000"),
      debit: c("1000000"),
      credit: 0n,
      closing: c("1800000"),
    });
    expect(row("40-00-00-00-00")).toMatchObject({
      opening: c("-500000"),
      debit: 0n,
      credit: c("1012345.67"),
      closing: c("-1512345.67"),
    });
    expect(row("30-04-01-00-00")).toBeUndefined(); // no movement, no balance: hidden
    expect(trial.totals.debit).toBe(trial.totals.credit);
    expect(trial.totals.debit).toBe(c("1000000") + c("400000") + c("150000") + c("25000.50") + c("12345.67"));
    expect(trial.totals.opening).toBe(0n);
    expect(trial.totals.closing).toBe(0n);
  });

  it("stops at the chosen level and its parents add their children", () => {
    const level1 = trialBalance(tree, books, query("all", "quarter=2026-Q1&level=1"));
    expect(level1.rows.map((r) => r.code)).toEqual([
      "10-00-00-00-00",
      "20-00-00-00-00",
      "30-00-00-00-00",
      "40-00-00-00-00",
      "50-00-00-00-00",
      "60-00-00-00-00",
      "70-00-00-00-00",
    ]);
    expect(level1.rows[0].closing).toBe(c("2162345.67"));
    const level2 = trialBalance(tree, books, query("all", "quarter=2026-Q1&level=2"));
    expect(level2.rows.every((r) => r.level <= 2)).toBe(true);
    expect(level2.rows.find((r) => r.code === "10-01-00-00-00")?.closing).toBe(c("2162345.67"));
    expect(level2.totals).toEqual(level1.totals);
  });

  it("shows zero accounts on request and only leaf accounts with «solo cuentas de detalle»", () => {
    const all = trialBalance(tree, books, query("all", "quarter=2026-Q1&zero=show"));
    expect(all.rows).toHaveLength(22);
    const leaves = trialBalance(tree, books, query("all", "quarter=2026-Q1&leaf=1&level=1"));
    expect(leaves.rows.every((r) => r.leaf)).toBe(true);
    expect(leaves.rows.map((r) => r.code)).toContain("10-01-02-01-00");
    expect(leaves.totals.debit).toBe(leaves.totals.credit);
    expect(leaves.totals.closing).toBe(0n);
  });

  it("cuts a range inside months with the days of the months it cuts", () => {
    const range = { from: "2026-01-15" as CalendarDate, to: "2026-02-10" as CalendarDate };
    expect(monthsNeedingDays([range])).toEqual(["2026-01", "2026-02"]);
    expect(() => trialBalance(tree, books, query("all", "from=2026-01-15&to=2026-02-10"))).toThrow(RangeError);
    const byDay = balancesOf(BOOKS, { byDay: ["2026-01", "2026-02"] });
    const trial = trialBalance(tree, byDay, query("all", "from=2026-01-15&to=2026-02-10"));
    const bcr = trial.rows.find((r) => r.code === "10-01-02-02-00");
    expect(bcr).toMatchObject({ opening: c("1000000"), debit: 0n, credit: 0n, closing: c("1000000") });
    expect(trial.rows.find((r) => r.code === "50-01-00-00-00")).toMatchObject({ opening: 0n, debit: c("400000") });
    expect(trial.rows.find((r) => r.code === "70-01-00-00-00")).toBeUndefined();
  });

  it("reads everything before `since` from one opening row", () => {
    const folded = balancesOf(BOOKS, { since: "2026-01" });
    expect(folded.rows.filter((r) => r.period === "").length).toBeGreaterThan(0);
    expect(trialBalance(tree, folded, query("all", "quarter=2026-Q1"))).toEqual(
      trialBalance(tree, balancesOf(BOOKS), query("all", "quarter=2026-Q1")),
    );
    expect(() => trialBalance(tree, folded, query("all", "month=2025-12"))).toThrow(RangeError);
  });

  it("keeps accounts the catalog no longer has", () => {
    const trial = trialBalance(testTree(TEST_WITHOUT_RENT), books, query("all", "quarter=2026-Q1"));
    expect(trial.rows.find((r) => r.code === "60-02-00-00-00")).toMatchObject({
      label: "Cuenta que ya no está en el catálogo",
      debit: c("150000"),
    });
    expect(trial.totals.debit).toBe(trial.totals.credit);
  });
});

describe("Estado de Resultados", () => {
  const books = balancesOf(BOOKS);

  it("computes utilidad bruta, antes de impuestos and neta; without an estimator the tax line is the booked one", () => {
    const statement = incomeStatement(tree, books, query("results", "quarter=2026-Q1"));
    expect(statement.current).toEqual({
      income: c("1012345.67"),
      costs: c("400000"),
      expenses: c("150000"),
      grossProfit: c("612345.67"),
      resultBeforeTax: c("462345.67"),
      bookedIncomeTax: 0n,
      incomeTax: 0n,
      incomeTaxLabel: "Impuesto sobre la renta registrado",
      netResult: c("462345.67"),
      unclassified: c("25000.50"),
    });
    const rows = statement.rows;
    expect(rows.map((r) => r.code ?? r.key)).toEqual([
      "40-00-00-00-00",
      "40-01-00-00-00",
      "40-02-00-00-00",
      "50-00-00-00-00",
      "50-01-00-00-00",
      "grossProfit",
      "60-00-00-00-00",
      "60-02-00-00-00",
      "resultBeforeTax",
      "incomeTax",
      "netResult",
    ]);
    expect(byKey(rows).get("incomeTax")?.label).toBe("Impuesto sobre la renta registrado");
    expect(byKey(rows).get("40-01-00-00-00")?.amount).toBe(c("1000000"));
    expect(statement.unclassifiedRows.map((r) => [r.code, r.amount])).toEqual([
      ["70-00-00-00-00", c("25000.50")],
      ["70-01-00-00-00", c("25000.50")],
    ]);
  });

  it("shows the income-tax estimate and keeps the booked tax out of the result before tax", () => {
    // The fixture's only 60 leaf besides salaries stands in for the provision's expense account.
    const seen: { income: bigint; resultBeforeTax: bigint; to: string }[] = [];
    const statement = incomeStatement(tree, books, query("results", "quarter=2026-Q1"), {
      expenseAccount: "60-02-00-00-00",
      estimate: ({ income, resultBeforeTax }, range) => {
        seen.push({ income, resultBeforeTax, to: range.to });
        // 30 % × 612 345,67 = 183 703,701 → 183 703,70
        return {
          amount: cents(c("183703.70")),
          label: "Impuesto sobre la renta estimado (tarifa general de 30 %, tabla 2026)",
        };
      },
    });
    // 1 012 345,67 − 400 000 − (150 000 − 150 000 booked as tax) = 612 345,67
    expect(seen).toEqual([{ income: c("1012345.67"), resultBeforeTax: c("612345.67"), to: "2026-03-31" }]);
    expect(statement.current).toMatchObject({
      expenses: c("150000"),
      resultBeforeTax: c("612345.67"),
      bookedIncomeTax: c("150000"),
      incomeTax: c("183703.70"),
      // 612 345,67 − 183 703,70 = 428 641,97
      netResult: c("428641.97"),
    });
    const taxRow = byKey(statement.rows).get("incomeTax");
    expect(taxRow?.label).toBe("Impuesto sobre la renta estimado (tarifa general de 30 %, tabla 2026)");
    expect(taxRow?.amount).toBe(c("183703.70"));
  });

  it("without a table the line shows the booked tax and says there is no table", () => {
    const statement = incomeStatement(tree, books, query("results", "quarter=2026-Q1"), {
      expenseAccount: "60-02-00-00-00",
      estimate: () => ({
        amount: null,
        label: "Impuesto sobre la renta registrado (sin tabla de 2026 para estimarlo)",
      }),
    });
    expect(statement.current.incomeTax).toBe(c("150000"));
    expect(byKey(statement.rows).get("incomeTax")?.label).toBe(
      "Impuesto sobre la renta registrado (sin tabla de 2026 para estimarlo)",
    );
    // 612 345,67 − 150 000 = 462 345,67: the same net result as the books
    expect(statement.current.netResult).toBe(c("462345.67"));
  });

  it("stops at level 1 and hides zero accounts unless asked", () => {
    const level1 = incomeStatement(tree, books, query("results", "quarter=2026-Q1&level=1"));
    expect(level1.rows.filter((r) => r.kind === "account").map((r) => r.code)).toEqual([
      "40-00-00-00-00",
      "50-00-00-00-00",
      "60-00-00-00-00",
    ]);
    const shown = incomeStatement(tree, books, query("results", "quarter=2026-Q1&zero=show"));
    expect(byKey(shown.rows).get("60-01-00-00-00")?.amount).toBe(0n);
  });

  it("compares with the previous period and the same period last year", () => {
    const previous = incomeStatement(tree, books, query("results", "quarter=2026-Q1&compare=previous"));
    expect(previous.compared).toMatchObject({
      income: c("500000"),
      expenses: c("200000"),
      resultBeforeTax: c("300000"),
    });
    // Salarios moved only in the compared quarter: shown, with zero now.
    expect(byKey(previous.rows).get("60-01-00-00-00")).toMatchObject({ amount: 0n, compared: c("200000") });
    expect(byKey(previous.rows).get("netResult")).toMatchObject({ amount: c("462345.67"), compared: c("300000") });
    const lastYear = incomeStatement(tree, books, query("results", "month=2026-01&compare=lastYear"));
    expect(lastYear.compared?.income).toBe(0n);
    expect(byKey(lastYear.rows).get("40-00-00-00-00")?.compared).toBe(0n);
    expect(incomeStatement(tree, books, query("results", "month=2026-01")).rows.every((r) => r.compared === null)).toBe(
      true,
    );
  });

  it("gives the result month by month for the chart", () => {
    expect(monthlyResults(books, query("results", "quarter=2026-Q1").range)).toEqual([
      { month: "2026-01", income: c("1000000"), costsAndExpenses: c("400000"), result: c("600000") },
      { month: "2026-02", income: 0n, costsAndExpenses: c("150000"), result: c("-150000") },
      { month: "2026-03", income: c("12345.67"), costsAndExpenses: 0n, result: c("12345.67") },
    ]);
  });
});

describe("Balance General", () => {
  it("shows the open years' results in Patrimonio so that Activo = Pasivo + Patrimonio", () => {
    const sheet = balanceSheet(tree, balancesOf(BOOKS), query("general", "to=2026-03-31"));
    const rows = byKey(sheet.rows);
    expect(rows.get("10-00-00-00-00")?.amount).toBe(c("2162345.67"));
    expect(rows.get("20-00-00-00-00")?.amount).toBe(c("425000.50"));
    expect(rows.get("30-00-00-00-00")?.amount).toBe(c("1000000"));
    expect(rows.get("priorResults")).toMatchObject({
      code: null,
      amount: c("300000"),
      label: "Resultados de años anteriores sin cerrar",
    });
    expect(rows.get("yearResult")).toMatchObject({ code: null, amount: c("462345.67") });
    expect(rows.get("totalEquity")?.amount).toBe(c("1762345.67"));
    expect(sheet.check).toEqual({
      assets: c("2162345.67"),
      liabilities: c("425000.50"),
      equity: c("1762345.67"),
      unclassified: c("25000.50"),
      difference: 0n,
    });
    expect(sheet.unclassifiedRows[0]).toMatchObject({ code: "70-00-00-00-00", amount: c("25000.50") });
    // No income or expense account appears in the Balance General.
    expect(sheet.rows.some((r) => r.code !== null && ["40", "50", "60", "70"].includes(r.code.slice(0, 2)))).toBe(
      false,
    );
  });

  it("after closing a year, its result sits in retained earnings and the check still holds", () => {
    const sheet = balanceSheet(tree, balancesOf([...BOOKS, CLOSING_2025]), query("general", "to=2026-03-31"));
    const rows = byKey(sheet.rows);
    expect(rows.has("priorResults")).toBe(false);
    expect(rows.get("30-04-01-00-00")?.amount).toBe(c("300000"));
    expect(rows.get("yearResult")?.amount).toBe(c("462345.67"));
    expect(rows.get("totalEquity")?.amount).toBe(c("1762345.67"));
    expect(sheet.check.difference).toBe(0n);
    const closedYear = balanceSheet(tree, balancesOf([...BOOKS, CLOSING_2025]), query("general", "to=2025-12-31"));
    expect(byKey(closedYear.rows).get("yearResult")?.amount).toBe(0n);
    expect(closedYear.check).toMatchObject({
      assets: c("1300000"),
      liabilities: 0n,
      equity: c("1300000"),
      difference: 0n,
    });
  });

  it("without the close the year's own result is the line at its end", () => {
    const sheet = balanceSheet(tree, balancesOf(BOOKS), query("general", "year=2025"));
    expect(sheet.date).toBe("2025-12-31");
    expect(byKey(sheet.rows).get("yearResult")?.amount).toBe(c("300000"));
    expect(byKey(sheet.rows).has("priorResults")).toBe(false);
    expect(sheet.check.difference).toBe(0n);
  });

  it("holds at every month end and compares with another date", () => {
    for (const to of ["2025-05-31", "2025-06-30", "2025-11-30", "2026-01-31", "2026-02-28", "2026-03-31"]) {
      expect(balanceSheet(tree, balancesOf(BOOKS), query("general", `to=${to}`)).check.difference).toBe(0n);
    }
    const compared = balanceSheet(tree, balancesOf(BOOKS), query("general", "to=2026-03-31&compare=lastYear&level=1"));
    expect(byKey(compared.rows).get("10-00-00-00-00")).toMatchObject({ amount: c("2162345.67"), compared: 0n });
    expect(compared.comparedCheck?.difference).toBe(0n);
    const previous = balanceSheet(tree, balancesOf(BOOKS), query("general", "to=2026-03-31&compare=previous&level=1"));
    expect(byKey(previous.rows).get("10-00-00-00-00")?.compared).toBe(c("2150000"));
  });
});
