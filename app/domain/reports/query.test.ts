import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { comparisonPeriod, periodLabel, rangeOf } from "./period";
import { QUERY_MESSAGES, parseReportQuery, queryParams } from "./query";

const TODAY = "2026-10-15" as CalendarDate;
const parse = (kind: "results" | "general" | "all", search: string) =>
  parseReportQuery(kind, new URLSearchParams(search), TODAY);

describe("the report query read from the URL", () => {
  it("reads month, quarter, year and a from–to range", () => {
    expect(parse("results", "month=2026-10")).toMatchObject({
      ok: true,
      query: { period: { kind: "month", month: "2026-10" }, range: { from: "2026-10-01", to: "2026-10-31" } },
    });
    expect(parse("results", "quarter=2026-Q3").query.range).toEqual({ from: "2026-07-01", to: "2026-09-30" });
    expect(parse("results", "year=2024").query.range).toEqual({ from: "2024-01-01", to: "2024-12-31" });
    expect(parse("all", "from=2026-02-03&to=2026-03-04").query.range).toEqual({ from: "2026-02-03", to: "2026-03-04" });
  });

  it("defaults to this month, level 5, zero rows hidden, no comparison", () => {
    expect(parse("results", "")).toEqual({
      ok: true,
      query: {
        kind: "results",
        period: { kind: "month", month: "2026-10" },
        range: { from: "2026-10-01", to: "2026-10-31" },
        level: 5,
        hideZero: true,
        comparison: "none",
        compared: null,
        leafOnly: false,
      },
    });
  });

  it("puts the Balance General at a date (today by default, or the end of the chosen period)", () => {
    expect(parse("general", "").query.range).toEqual({ from: "2026-01-01", to: "2026-10-15" });
    expect(parse("general", "to=2025-06-30").query.range).toEqual({ from: "2025-01-01", to: "2025-06-30" });
    expect(parse("general", "month=2026-02").query.range.to).toBe("2026-02-28");
    expect(parse("general", "to=2026-03-31&compare=previous").query.compared?.range.to).toBe("2026-02-28");
    expect(parse("general", "to=2028-02-29&compare=lastYear").query.compared?.range.to).toBe("2027-02-28");
    expect(parse("general", "to=2026-03-15&compare=lastYear").query.compared?.range.to).toBe("2025-03-15");
  });

  it("an explicit period choice wins over the other filled fields (the GET form sends them all)", () => {
    const search = "period=quarter&month=2026-10&quarter=2026-Q2&year=2026&from=2026-01-01&to=2026-01-31";
    expect(parse("results", search).query.period).toEqual({ kind: "quarter", year: 2026, quarter: 2 });
    expect(parse("results", search.replace("period=quarter", "period=year")).query.period).toEqual({
      kind: "year",
      year: 2026,
    });
  });

  it("answers a malformed query with Spanish messages and a usable default, never an exception", () => {
    const bad = parse("results", "month=2026-13&level=9&compare=ayer&zero=quizá");
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.messages).toEqual([
      QUERY_MESSAGES.month,
      QUERY_MESSAGES.level,
      QUERY_MESSAGES.zero,
      QUERY_MESSAGES.compare,
    ]);
    expect(bad.query).toMatchObject({
      period: { kind: "month", month: "2026-10" },
      level: 5,
      hideZero: true,
      comparison: "none",
    });
    const reversed = parse("all", "from=2026-05-01&to=2026-04-01");
    expect(reversed.ok ? [] : reversed.messages).toEqual([QUERY_MESSAGES.order]);
    for (const search of [
      "quarter=2026-Q5",
      "year=26",
      "from=2026-02-30&to=2026-03-01",
      "period=semana",
      "level=2.5",
      "to=mañana",
      "from=2026-01-01",
    ]) {
      expect(parse("results", search).ok, search).toBe(false);
    }
  });

  it("reads the dates as the date field writes them (dd/mm/aaaa) and says why a day is refused", () => {
    expect(parse("all", "from=3/2/2026&to=04/03/2026").query.range).toEqual({ from: "2026-02-03", to: "2026-03-04" });
    expect(parse("general", "to=31/10/2026&compare=date&compareTo=30/09/2026")).toMatchObject({
      ok: true,
      query: { range: { to: "2026-10-31" }, compared: { range: { to: "2026-09-30" } } },
    });
    const missing = parse("all", "from=01/11/2026&to=31/11/2026");
    expect(missing.ok ? [] : missing.messages).toEqual(["La fecha final 31/11/2026 no existe."]);
    const unreadable = parse("results", "from=ayer&to=2026-10-31");
    expect(unreadable.ok ? [] : unreadable.messages).toEqual([QUERY_MESSAGES.from]);
  });

  it("gives the previous period and the same period last year", () => {
    expect(comparisonPeriod({ kind: "month", month: "2026-01" }, "previous")).toEqual({
      kind: "month",
      month: "2025-12",
    });
    expect(comparisonPeriod({ kind: "quarter", year: 2026, quarter: 1 }, "previous")).toEqual({
      kind: "quarter",
      year: 2025,
      quarter: 4,
    });
    expect(comparisonPeriod({ kind: "quarter", year: 2026, quarter: 3 }, "lastYear")).toEqual({
      kind: "quarter",
      year: 2025,
      quarter: 3,
    });
    expect(comparisonPeriod({ kind: "year", year: 2026 }, "previous")).toEqual({ kind: "year", year: 2025 });
    const range = { kind: "range", from: "2026-03-10", to: "2026-03-19" } as const;
    expect(comparisonPeriod(range as never, "previous")).toEqual({
      kind: "range",
      from: "2026-02-28",
      to: "2026-03-09",
    });
    expect(comparisonPeriod({ kind: "range", from: "2024-02-01", to: "2024-02-29" } as never, "lastYear")).toEqual({
      kind: "range",
      from: "2023-02-01",
      to: "2023-02-28",
    });
    expect(comparisonPeriod({ kind: "range", from: "2026-01-01", to: "2026-02-28" } as never, "previous")).toEqual({
      kind: "range",
      from: "2025-11-01",
      to: "2025-12-31",
    });
    expect(comparisonPeriod({ kind: "month", month: "2026-01" }, "none")).toBeNull();
  });

  it("writes the query back as URL parameters and labels the period in Spanish", () => {
    const { query } = parse("all", "quarter=2026-Q3&level=2&zero=show&compare=previous&leaf=1");
    expect(queryParams(query)).toEqual({
      quarter: "2026-Q3",
      level: "2",
      zero: "show",
      compare: "previous",
      leaf: "1",
    });
    expect(parse("all", new URLSearchParams(queryParams(query)).toString()).query).toEqual(query);
    expect(periodLabel({ kind: "quarter", year: 2026, quarter: 3 })).toBe("3.er trimestre de 2026");
    expect(periodLabel({ kind: "month", month: "2026-09" })).toBe("septiembre de 2026");
    expect(periodLabel({ kind: "range", from: "2026-01-05" as CalendarDate, to: "2026-02-01" as CalendarDate })).toBe(
      "del 05/01/2026 al 01/02/2026",
    );
    expect(rangeOf({ kind: "month", month: "2028-02" }).to).toBe("2028-02-29");
  });
});

describe("bounds of a report query (decision 195)", () => {
  const today = "2026-11-26" as CalendarDate;
  const read = (search: string) => parseReportQuery("results", new URLSearchParams(search), today);

  it("marks a day outside the accepted window or a range over five years as out of bounds, with the defaults", () => {
    for (const search of [
      "from=0001-01-01&to=9999-12-31",
      "from=2020-01-01&to=2025-12-31",
      "year=2040",
      "month=2099-01",
    ]) {
      const result = read(search);
      expect(result.ok, search).toBe(false);
      if (result.ok) continue;
      expect(result.outOfBounds, search).toBe(true);
      expect(result.query.period).toEqual({ kind: "month", month: "2026-11" });
    }
    expect(read("from=2021-01-01&to=2025-12-31").ok).toBe(true);
    const malformed = read("month=2026-13");
    expect(!malformed.ok && malformed.outOfBounds).toBe(false);
  });
});
