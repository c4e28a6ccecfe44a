import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { parseReportQuery, queryParams } from "./query";
import { comparedColumnLabel, filterValues } from "./view";

const TODAY = "2026-04-15" as CalendarDate;
const parse = (kind: "results" | "general" | "all", search: string) =>
  parseReportQuery(kind, new URLSearchParams(search), TODAY);

describe("Balance General compared with another date", () => {
  it("reads compare=date&compareTo=YYYY-MM-DD as the balance at that date, and gives it back", () => {
    const result = parse("general", "to=2026-03-31&compare=date&compareTo=2025-06-30");
    expect(result.ok).toBe(true);
    expect(result.query.comparison).toBe("date");
    expect(result.query.compared).toEqual({
      period: { kind: "range", from: "2025-01-01", to: "2025-06-30" },
      range: { from: "2025-01-01", to: "2025-06-30" },
    });
    expect(queryParams(result.query)).toMatchObject({ to: "2026-03-31", compare: "date", compareTo: "2025-06-30" });
    expect(filterValues(result.query)).toMatchObject({ compare: "date", compareTo: "2025-06-30" });
    expect(comparedColumnLabel(result.query)).toBe("Al 30/06/2025");
  });

  it("a later date is a valid comparison too", () => {
    const result = parse("general", "to=2025-12-31&compare=date&compareTo=2026-01-31");
    expect(result.ok && result.query.compared?.range.to).toBe("2026-01-31");
  });

  it("a malformed or missing date gives a Spanish message and no comparison, never an error", () => {
    for (const [search, message] of [
      ["to=2026-03-31&compare=date&compareTo=2025-13-45", "La fecha de comparación 45/13/2025 no existe."],
      [
        "to=2026-03-31&compare=date&compareTo=ayer",
        "Escriba la fecha de comparación como dd/mm/aaaa, por ejemplo 31/12/2025.",
      ],
      ["to=2026-03-31&compare=date", "Indique la fecha con la que quiere comparar."],
    ] as const) {
      const result = parse("general", search);
      expect(result.ok, search).toBe(false);
      expect(!result.ok && result.messages, search).toEqual([message]);
      expect(result.query.comparison).toBe("none");
      expect(result.query.compared).toBeNull();
      expect(result.query.range.to).toBe("2026-03-31");
      expect(queryParams(result.query).compareTo).toBeUndefined();
    }
  });

  it("only the Balance General compares with a date; the other reports say which comparisons exist", () => {
    const result = parse("results", "month=2026-03&compare=date&compareTo=2025-06-30");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.messages).toEqual([
      "La comparación debe ser «ninguna», «período anterior» o «mismo período del año anterior».",
    ]);
    expect(result.query.compared).toBeNull();
    const general = parse("general", "to=2026-03-31&compare=mañana");
    expect(!general.ok && general.messages[0]).toContain("«otra fecha»");
  });

  it("the existing comparisons keep working: previous month end and same date last year", () => {
    expect(parse("general", "to=2026-03-31&compare=previous").query.compared?.range.to).toBe("2026-02-28");
    expect(parse("general", "to=2026-03-31&compare=lastYear").query.compared?.range.to).toBe("2025-03-31");
  });
});
