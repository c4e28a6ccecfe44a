import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { addBusinessDays, easterSunday, holidaysOf, isBusinessDay, onOrNextBusinessDay } from "./business-days";

const d = (text: string) => text as CalendarDate;

describe("Costa Rican holidays", () => {
  it("computes Easter Sunday", () => {
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
  });

  it.each([
    [
      2025,
      ["01-01", "04-11", "04-17", "04-18", "05-01", "07-25", "08-02", "08-15", "08-31", "09-15", "12-01", "12-25"],
    ],
    [
      2026,
      ["01-01", "04-02", "04-03", "04-11", "05-01", "07-25", "08-02", "08-15", "08-31", "09-15", "12-01", "12-25"],
    ],
    [
      2027,
      ["01-01", "03-25", "03-26", "04-11", "05-01", "07-25", "08-02", "08-15", "08-31", "09-15", "12-01", "12-25"],
    ],
  ])("lists the twelve holidays of %i as the docs do", (year, days) => {
    expect(holidaysOf(year).map((holiday) => holiday.date.slice(5))).toEqual(days);
  });

  it("marks 2 August, 31 August and 1 December as of non-obligatory pay", () => {
    expect(
      holidaysOf(2026)
        .filter((holiday) => !holiday.paid)
        .map((holiday) => holiday.date),
    ).toEqual(["2026-08-02", "2026-08-31", "2026-12-01"]);
  });

  it("refuses years without a known calendar", () => {
    expect(() => holidaysOf(2024)).toThrow(RangeError);
  });
});

describe("business days", () => {
  it("skips weekends and holidays", () => {
    expect(isBusinessDay(d("2025-09-15"))).toBe(false); // Monday, Independencia
    expect(isBusinessDay(d("2025-09-13"))).toBe(false); // Saturday
    expect(isBusinessDay(d("2025-09-16"))).toBe(true);
    expect(isBusinessDay(d("2026-04-02"))).toBe(false); // Jueves Santo
  });

  it("adds business days across Holy Week and a month end", () => {
    // Mon 30 Mar 2026 + 8: 31 Mar, 1 Apr, (2–3 Santo, 4–5 weekend) 6, 7, 8, 9, 10, (11 Sat holiday, 12 Sun) 13.
    expect(addBusinessDays(d("2026-03-30"), 8)).toBe("2026-04-13");
    expect(addBusinessDays(d("2025-12-22"), 8)).toBe("2026-01-05");
    expect(addBusinessDays(d("2025-07-01"), 0)).toBe("2025-07-01");
  });

  it("moves a day to the next business day", () => {
    expect(onOrNextBusinessDay(d("2025-11-15"))).toBe("2025-11-17");
    expect(onOrNextBusinessDay(d("2025-12-15"))).toBe("2025-12-15");
  });

  it("bounds the count", () => {
    expect(() => addBusinessDays(d("2025-01-01"), -1)).toThrow(RangeError);
    expect(() => addBusinessDays(d("2025-01-01"), 10_000)).toThrow(RangeError);
  });
});
