import { describe, expect, it } from "vitest";
import {
  dateWindowMessage,
  isDateAccepted,
  lastAcceptedDate,
  MAX_RANGE_MONTHS,
  monthsSpanned,
  parseMonth,
  RANGE_TOO_LONG_MESSAGE,
  rangeSpanProblem,
  readDateInput,
  type CalendarDate,
} from "./calendar";

const TODAY = "2026-11-26" as CalendarDate;
const day = (text: string) => text as CalendarDate;

describe("the accepted window of dates (decision 195)", () => {
  it("runs from 1 January 2000 to 31 December of the fifth year after today's", () => {
    expect(lastAcceptedDate(TODAY)).toBe("2031-12-31");
    expect(isDateAccepted(day("2000-01-01"), TODAY)).toBe(true);
    expect(isDateAccepted(day("2031-12-31"), TODAY)).toBe(true);
    for (const outside of ["0001-01-01", "1999-12-31", "2032-01-01", "9999-12-31"])
      expect(isDateAccepted(day(outside), TODAY)).toBe(false);
    expect(dateWindowMessage(TODAY)).toBe("La fecha debe estar entre el 01/01/2000 y el 31/12/2031.");
  });

  it("refuses a typed day outside it, and a month outside it", () => {
    expect(readDateInput("31/12/9999", TODAY)).toEqual({ ok: false, message: dateWindowMessage(TODAY) });
    expect(readDateInput("0001-01-01", TODAY)).toEqual({ ok: false, message: dateWindowMessage(TODAY) });
    expect(readDateInput("01/01/2000", TODAY)).toEqual({ ok: true, date: "2000-01-01" });
    expect(parseMonth("2031-12", TODAY)).toBe("2031-12");
    expect(parseMonth("2032-01", TODAY)).toBeNull();
  });

  it("counts a range's months without listing them and refuses more than five years", () => {
    expect(MAX_RANGE_MONTHS).toBe(60);
    expect(monthsSpanned(day("2021-01-15"), day("2025-12-01"))).toBe(60);
    expect(rangeSpanProblem(day("2021-01-01"), day("2025-12-31"))).toBeNull();
    expect(rangeSpanProblem(day("2020-12-31"), day("2025-12-31"))).toBe(RANGE_TOO_LONG_MESSAGE);
    expect(monthsSpanned(day("0001-01-01"), day("9999-12-31"))).toBe(119_988);
  });
});
