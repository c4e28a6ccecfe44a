import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { deadlineState, ivaDueDate, nearestDeadline, receptorAnswerDeadline } from "./deadlines";

const d = (text: string) => text as CalendarDate;

describe("receptor answer deadline", () => {
  it("is the 8th business day counted from the first day of the next month, not from the issue", () => {
    // October 2025's documents: 1 Nov is a Saturday → 3,4,5,6,7,10,11,12 November.
    expect(receptorAnswerDeadline(d("2025-10-03"))).toBe("2025-11-12");
    expect(receptorAnswerDeadline(d("2025-10-31"))).toBe("2025-11-12");
  });
  it("counts the first of the month when it is a business day", () => {
    // 1 Oct 2025 is a Wednesday: 1,2,3,6,7,8,9,10 October.
    expect(receptorAnswerDeadline(d("2025-09-15"))).toBe("2025-10-10");
  });
  it("skips holidays and weekends", () => {
    // November 2025's documents: 1 Dec is a holiday → 2,3,4,5,8,9,10,11 December.
    expect(receptorAnswerDeadline(d("2025-11-28"))).toBe("2025-12-11");
    // March 2026's documents: 2 and 3 April are Jueves and Viernes Santo → 1,6,7,8,9,10,13,14 April.
    expect(receptorAnswerDeadline(d("2026-03-02"))).toBe("2026-04-14");
  });
  it("crosses the year", () => {
    // December 2025's documents: 1 Jan 2026 is a holiday → 2,5,6,7,8,9,12,13 January.
    expect(receptorAnswerDeadline(d("2025-12-20"))).toBe("2026-01-13");
  });
});

describe("IVA due date", () => {
  it("is the 15th of the next month", () => {
    expect(ivaDueDate("2025-11")).toBe("2025-12-15");
  });
  it("moves to the next business day after a weekend", () => {
    expect(ivaDueDate("2025-10")).toBe("2025-11-17"); // 15 Nov 2025 is a Saturday
  });
  it("moves after a holiday on the 15th", () => {
    expect(ivaDueDate("2025-08")).toBe("2025-09-16"); // 15 Sep Independencia
    expect(ivaDueDate("2026-07")).toBe("2026-08-17"); // 15 Aug 2026 Saturday, Día de la Madre
  });
  it("crosses the year", () => {
    expect(ivaDueDate("2025-12")).toBe("2026-01-15");
  });
});

describe("deadline state", () => {
  it("is overdue the day after, soon within five days, later before", () => {
    expect(deadlineState(d("2025-12-15"), d("2025-12-16"))).toBe("overdue");
    expect(deadlineState(d("2025-12-15"), d("2025-12-15"))).toBe("soon");
    expect(deadlineState(d("2025-12-15"), d("2025-12-10"))).toBe("soon");
    expect(deadlineState(d("2025-12-15"), d("2025-12-09"))).toBe("later");
  });
  it("finds the nearest", () => {
    expect(nearestDeadline([d("2025-12-15"), d("2025-11-30"), d("2026-01-02")])).toBe("2025-11-30");
    expect(nearestDeadline([])).toBeNull();
  });
});
