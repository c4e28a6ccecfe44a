import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { cents } from "../money";
import { withClosedYears, withoutClosings } from "./closing";
import { parseReportQuery, type ReportQuery } from "./query";
import { balanceSheet, incomeStatement } from "./statements";
import { BOOKS, CLOSING_2025, balancesOf, c, testTree } from "./test-fixtures";

const tree = testTree();
const TODAY = "2026-04-15" as CalendarDate;
const CLOSED = new Set([2025]);

function query(kind: ReportQuery["kind"], search: string): ReportQuery {
  const result = parseReportQuery(kind, new URLSearchParams(search), TODAY);
  if (!result.ok) throw new Error(result.messages.join(" | "));
  return result.query;
}

const closingLines = CLOSING_2025.lines.map(([account, debit, credit]) => ({
  account,
  date: CLOSING_2025.date as CalendarDate,
  debit: cents(debit),
  credit: cents(credit),
}));
const keys = (sheet: { rows: ReadonlyArray<{ key: string }> }) => sheet.rows.map((row) => row.key);

describe("Balance General with and without the year close", () => {
  it("without a close: the year's result is a line of Patrimonio and Activo = Pasivo + Patrimonio", () => {
    const sheet = withClosedYears(
      balanceSheet(tree, balancesOf(BOOKS), query("general", "to=2025-12-31")),
      null,
      new Set(),
    );
    expect(sheet.rows.find((row) => row.key === "yearResult")?.amount).toBe(c("300000"));
    expect(sheet.check).toMatchObject({ assets: c("1300000"), liabilities: 0n, equity: c("1300000"), difference: 0n });
  });

  it("at the end of a closed year: no result line, retained earnings carry it, and it still balances", () => {
    const books = balancesOf([...BOOKS, CLOSING_2025]);
    const sheet = withClosedYears(balanceSheet(tree, books, query("general", "to=2025-12-31")), null, CLOSED);
    expect(keys(sheet)).not.toContain("yearResult");
    expect(sheet.rows.find((row) => row.key === "30-04-01-00-00")?.amount).toBe(c("300000"));
    expect(sheet.rows.find((row) => row.key === "totalEquity")?.amount).toBe(c("1300000"));
    expect(sheet.check).toMatchObject({ assets: c("1300000"), equity: c("1300000"), difference: 0n });
  });

  it("inside the closed year, or in the open year after it, the result line stays and the check holds", () => {
    const books = balancesOf([...BOOKS, CLOSING_2025]);
    const midYear = withClosedYears(balanceSheet(tree, books, query("general", "to=2025-11-30")), null, CLOSED);
    expect(midYear.rows.find((row) => row.key === "yearResult")?.amount).toBe(c("500000"));
    expect(midYear.check.difference).toBe(0n);
    const next = withClosedYears(balanceSheet(tree, books, query("general", "to=2026-03-31")), null, CLOSED);
    expect(keys(next)).toContain("yearResult");
    expect(keys(next)).not.toContain("priorResults");
    expect(next.check.difference).toBe(0n);
  });

  it("compared with an open date the line stays (it has a figure there)", () => {
    const books = balancesOf([...BOOKS, CLOSING_2025]);
    const q = query("general", "to=2025-12-31&compare=date&compareTo=2025-11-30");
    const sheet = withClosedYears(balanceSheet(tree, books, q), q.compared!.range.to, CLOSED);
    expect(sheet.rows.find((row) => row.key === "yearResult")).toMatchObject({ amount: 0n, compared: c("500000") });
    expect(sheet.comparedCheck?.difference).toBe(0n);
  });
});

describe("Estado de Resultados of a closed year", () => {
  it("leaves the closing entry out: the year still shows what it earned", () => {
    const books = balancesOf([...BOOKS, CLOSING_2025]);
    const withClose = incomeStatement(tree, books, query("results", "year=2025"));
    expect(withClose.current.resultBeforeTax).toBe(0n);
    const statement = incomeStatement(tree, withoutClosings(books, closingLines), query("results", "year=2025"));
    expect(statement.current).toMatchObject({
      income: c("500000"),
      expenses: c("200000"),
      resultBeforeTax: c("300000"),
    });
  });

  it("the next year starts at zero", () => {
    const books = withoutClosings(balancesOf([...BOOKS, CLOSING_2025]), closingLines);
    const january = incomeStatement(tree, books, query("results", "month=2026-01"));
    expect(january.current).toMatchObject({ income: c("1000000"), costs: c("400000"), resultBeforeTax: c("600000") });
  });

  it("subtracts from a day row, the opening row, or adds a row when the account has none", () => {
    const byDay = balancesOf([...BOOKS, CLOSING_2025], { byDay: ["2025-12"] });
    const cut = withoutClosings(byDay, closingLines);
    expect(cut.rows.find((row) => row.account === "40-01-00-00-00" && row.period === "2025-12-31")).toMatchObject({
      debit: 0n,
      credit: 0n,
    });
    const opening = withoutClosings(balancesOf([...BOOKS, CLOSING_2025], { since: "2026-01" }), closingLines);
    expect(opening.rows.find((row) => row.account === "40-01-00-00-00" && row.period === "")?.credit).toBe(c("500000"));
    const missing = withoutClosings({ since: "2025-01", rows: [] }, closingLines);
    expect(missing.rows).toHaveLength(3);
    expect(missing.rows[0]).toMatchObject({ account: "40-01-00-00-00", period: "2025-12", debit: c("-500000") });
  });
});
