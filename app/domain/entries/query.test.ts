import { describe, expect, it } from "vitest";
import {
  DATE_MESSAGE,
  PAGE_MESSAGE,
  RANGE_MESSAGE,
  SOURCE_MESSAGE,
  STATUS_MESSAGE,
  entryListParams,
  readEntryListQuery,
  readFilterDate,
  readJournalQuery,
  readMovementQuery,
} from "./query";

// 2025-11-01 03:00 UTC is still 31 October in Costa Rica (UTC−6).
const NOW = new Date("2025-11-01T03:00:00Z");
const params = (query: string) => new URLSearchParams(query);

describe("readFilterDate", () => {
  it("reads dd/mm/aaaa and AAAA-MM-DD, and only real days", () => {
    expect(readFilterDate("31/10/2025")).toBe("2025-10-31");
    expect(readFilterDate("1/2/2024")).toBe("2024-02-01");
    expect(readFilterDate(" 2025-10-31 ")).toBe("2025-10-31");
    expect(readFilterDate("29/02/2024")).toBe("2024-02-29");
    expect(readFilterDate("29/02/2025")).toBeNull();
    expect(readFilterDate("2025-02-30")).toBeNull();
    expect(readFilterDate("10/31/2025")).toBeNull();
    expect(readFilterDate("ayer")).toBeNull();
  });
});

describe("readEntryListQuery", () => {
  it("defaults to the current month in Costa Rica, page 1 and no filters", () => {
    expect(readEntryListQuery(params(""), NOW)).toEqual({
      query: { from: "2025-10-01", to: "2025-10-31", q: "", account: null, source: null, status: null, page: 1 },
      problems: [],
      outOfBounds: false,
    });
  });

  it("reads every filter", () => {
    const { query, problems } = readEntryListQuery(
      params("from=01/01/2025&to=2025-03-31&q=%20alquiler%20&account=10-01&source=comprobante&status=borrador&page=3"),
      NOW,
    );
    expect(problems).toEqual([]);
    expect(query).toEqual({
      from: "2025-01-01",
      to: "2025-03-31",
      q: "alquiler",
      account: "10-01-00-00-00",
      source: "comprobante",
      status: "borrador",
      page: 3,
    });
  });

  it("filters by the state an entry shows, reversed included", () => {
    for (const status of ["borrador", "contabilizado", "revertido"])
      expect(readEntryListQuery(params(`status=${status}`), NOW)).toMatchObject({ query: { status }, problems: [] });
  });

  it("keeps a one-sided range inside that side's month", () => {
    expect(readEntryListQuery(params("from=2025-03-15"), NOW).query).toMatchObject({
      from: "2025-03-15",
      to: "2025-03-31",
    });
    expect(readEntryListQuery(params("to=2025-02-10"), NOW).query).toMatchObject({
      from: "2025-02-01",
      to: "2025-02-10",
    });
  });

  it("reports each malformed field in Spanish and answers with its default", () => {
    const { query, problems } = readEntryListQuery(
      params("from=32/10/2025&account=99-01&source=magia&status=perdido&page=-2&q=caja"),
      NOW,
    );
    expect(query).toEqual({
      from: "2025-10-01",
      to: "2025-10-31",
      q: "caja",
      account: null,
      source: null,
      status: null,
      page: 1,
    });
    expect(problems.map((problem) => problem.field).sort()).toEqual(["account", "from", "page", "source", "status"]);
    expect(problems).toContainEqual({ field: "from", message: "La fecha 32/10/2025 no existe." });
    expect(problems).toContainEqual({ field: "source", message: SOURCE_MESSAGE });
    expect(problems).toContainEqual({ field: "status", message: STATUS_MESSAGE });
    expect(problems).toContainEqual({ field: "page", message: PAGE_MESSAGE });
    expect(problems.find((problem) => problem.field === "account")?.message).toBe(
      "El grupo principal debe ser 10, 20, 30, 40, 50, 60 o 70.",
    );
  });

  it("refuses a range that ends before it starts", () => {
    const { query, problems } = readEntryListQuery(params("from=2025-05-10&to=2025-04-01"), NOW);
    expect(problems).toEqual([{ field: "to", message: RANGE_MESSAGE }]);
    expect(query).toMatchObject({ from: "2025-05-10", to: "2025-05-31" });
  });

  it("cuts a long search text", () => {
    expect(readEntryListQuery(params(`q=${"a".repeat(500)}`), NOW).query.q).toHaveLength(100);
  });

  it("writes back only what differs from the defaults", () => {
    expect(
      entryListParams({
        from: "2025-01-01" as never,
        to: "2025-01-31" as never,
        q: "",
        account: null,
        source: "manual",
        status: null,
        page: 1,
      }),
    ).toEqual({
      from: "2025-01-01",
      to: "2025-01-31",
      source: "manual",
    });
  });
});

describe("readMovementQuery and readJournalQuery", () => {
  it("reads the account, the range and the page", () => {
    expect(readMovementQuery(params("account=1001010100&from=2025-01-01&to=2025-12-31&page=40"), NOW)).toEqual({
      query: { account: "10-01-01-01-00", from: "2025-01-01", to: "2025-12-31", page: 40 },
      problems: [],
      outOfBounds: false,
    });
    expect(readMovementQuery(params(""), NOW).query).toEqual({
      account: null,
      from: "2025-10-01",
      to: "2025-10-31",
      page: 1,
    });
  });

  it("reports bad journal dates", () => {
    expect(readJournalQuery(params("from=2025-13-01&to=2025-12-31"), NOW).problems).toEqual([
      { field: "from", message: "La fecha 01/13/2025 no existe." },
    ]);
    expect(readJournalQuery(params("from=ayer"), NOW).problems).toEqual([{ field: "from", message: DATE_MESSAGE }]);
    expect(readJournalQuery(params("from=2025-01-01&to=2025-12-31"), NOW)).toEqual({
      query: { from: "2025-01-01", to: "2025-12-31" },
      problems: [],
      outOfBounds: false,
    });
  });
});
