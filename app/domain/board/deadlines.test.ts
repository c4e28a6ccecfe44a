import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { deadlineState, ivaDueDate, nearestDeadline, receptorAnswerDeadline } from "./deadlines";

const d = (text: string) => text as CalendarDate;

describe("receptor answer deadline", () => {
  it("is 8 business days after receipt", () => {
    expect(receptorAnswerDeadline(d("2025-11-03"))).toBe("2025-11-13");
  });
  it("skips holidays and weekends across a month end", () => {
    // Fri 28 Nov 2025: 1 Dec is a holiday → 2,3,4,5,8,9,10,11.
    expect(receptorAnswerDeadline(d("2025-11-28"))).toBe("2025-12-11");
  });
  it("counts from a weekend day to the business days after it", () => {
    expect(receptorAnswerDeadline(d("2025-08-30"))).toBe("2025-09-10"); // Sat: Mon 1 Sep is the first
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
