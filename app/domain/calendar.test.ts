import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  CALENDAR_DATE_MESSAGE,
  calendarDateOf,
  compareDates,
  currentMonth,
  firstDayOfMonth,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  lastDayOfMonth,
  monthLabel,
  monthOf,
  parseCalendarDate,
  parseMonth,
  shiftMonth,
  startOfDay,
  todayInCostaRica,
  type CalendarDate,
} from "./calendar";
import { calendarDateSchema } from "./calendar-schema";

const date = (text: string): CalendarDate => parseCalendarDate(text)!;

describe("months in Costa Rica time", () => {
  it("buckets an instant by its Costa Rica date, not UTC", () => {
    expect(monthOf(new Date("2025-11-01T05:59:59Z"))).toBe("2025-10");
    expect(monthOf(new Date("2025-11-01T06:00:00Z"))).toBe("2025-11");
    expect(currentMonth(new Date("2026-01-01T03:00:00Z"))).toBe("2025-12");
  });

  it("parses, shifts and names months", () => {
    expect(parseMonth("2025-10")).toBe("2025-10");
    expect(parseMonth(" 2025-10 ")).toBe("2025-10");
    for (const bad of ["2025-13", "2025-1", "octubre", "", null, "1999-10"]) expect(parseMonth(bad)).toBeNull();
    expect(shiftMonth("2025-01", -1)).toBe("2024-12");
    expect(shiftMonth("2025-12", 1)).toBe("2026-01");
    expect(shiftMonth("2025-06", -18)).toBe("2023-12");
    expect(monthLabel("2025-09")).toBe("septiembre de 2025");
  });

  it("writes dates as dd/mm/aaaa in Costa Rica time", () => {
    expect(formatDate(new Date("2025-10-01T04:30:00Z"))).toBe("30/09/2025");
    expect(formatDate("2025-10-15T14:05:00-06:00")).toBe("15/10/2025");
    expect(formatDateTime("2025-10-15T14:05:00-06:00")).toBe("15/10/2025 14:05");
  });
});

describe("CalendarDate", () => {
  it("accepts only days that exist, never rolling over to the next month", () => {
    expect(parseCalendarDate("2025-02-28")).toBe("2025-02-28");
    expect(parseCalendarDate(" 2024-02-29 ")).toBe("2024-02-29");
    for (const bad of [
      "2025-02-30",
      "2025-02-29",
      "2100-02-29",
      "2025-04-31",
      "2025-13-01",
      "2025-00-10",
      "2025-1-5",
      "31/12/2025",
      "",
      null,
    ]) {
      expect(parseCalendarDate(bad)).toBeNull();
    }
    expect(parseCalendarDate("2000-02-29")).toBe("2000-02-29");
  });

  it("has a zod schema with a Spanish message", () => {
    expect(calendarDateSchema.parse("2025-12-31")).toBe("2025-12-31");
    expect(calendarDateSchema.safeParse("2025-02-30").error?.issues[0].message).toBe(CALENDAR_DATE_MESSAGE);
    expect(CALENDAR_DATE_MESSAGE).toBe(
      "La fecha debe ser una fecha válida con el formato AAAA-MM-DD, por ejemplo 2025-10-31.",
    );
  });

  it("reads today in Costa Rica (UTC−6 all year), not in UTC", () => {
    expect(todayInCostaRica(new Date("2026-01-01T05:59:59Z"))).toBe("2025-12-31");
    expect(todayInCostaRica(new Date("2026-01-01T06:00:00Z"))).toBe("2026-01-01");
    // July: no daylight saving shift.
    expect(todayInCostaRica(new Date("2025-07-01T05:59:59Z"))).toBe("2025-06-30");
    expect(startOfDay(date("2025-10-01")).toISOString()).toBe("2025-10-01T06:00:00.000Z");
  });

  it("adds days, finds months and their first and last days, and compares", () => {
    expect(addDays(date("2025-12-31"), 1)).toBe("2026-01-01");
    expect(addDays(date("2024-03-01"), -1)).toBe("2024-02-29");
    expect(addDays(date("2025-03-01"), -1)).toBe("2025-02-28");
    expect(monthOf(date("2025-10-31"))).toBe("2025-10");
    expect(firstDayOfMonth("2025-02")).toBe("2025-02-01");
    expect(lastDayOfMonth("2025-02")).toBe("2025-02-28");
    expect(lastDayOfMonth("2024-02")).toBe("2024-02-29");
    expect(lastDayOfMonth("2025-12")).toBe("2025-12-31");
    expect(compareDates(date("2025-09-30"), date("2025-10-01"))).toBeLessThan(0);
    expect(compareDates(date("2025-10-01"), date("2025-10-01"))).toBe(0);
    expect(compareDates(date("2026-01-01"), date("2025-12-31"))).toBeGreaterThan(0);
    expect(formatCalendarDate(date("2025-03-07"))).toBe("07/03/2025");
  });

  const days = fc.integer({ min: 0, max: 200 * 366 }).map((offset) => addDays(date("1950-01-01"), offset));

  it("property: adding and removing days returns the same date, and the order follows the days", () => {
    fc.assert(
      fc.property(days, fc.integer({ min: -5000, max: 5000 }), (day, delta) => {
        const moved = addDays(day, delta);
        expect(parseCalendarDate(moved)).toBe(moved);
        expect(addDays(moved, -delta)).toBe(day);
        expect(Math.sign(compareDates(moved, day))).toBe(Math.sign(delta));
      }),
    );
  });

  it("property: every instant of a Costa Rica day belongs to that day and its month", () => {
    fc.assert(
      fc.property(days, fc.integer({ min: 0, max: 24 * 60 * 60 * 1000 - 1 }), (day, millisecond) => {
        const instant = new Date(startOfDay(day).getTime() + millisecond);
        expect(calendarDateOf(instant)).toBe(day);
        expect(monthOf(instant)).toBe(monthOf(day));
        expect(compareDates(firstDayOfMonth(monthOf(day)), day)).toBeLessThanOrEqual(0);
        expect(compareDates(day, lastDayOfMonth(monthOf(day)))).toBeLessThanOrEqual(0);
      }),
    );
  });
});
