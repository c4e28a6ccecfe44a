import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DATE_INPUT_MESSAGES, DATE_INPUT_PATTERN, formatCalendarDate, readDateInput } from "./calendar";
import { dateInputSchema } from "./calendar-schema";

describe("dates typed by a person (readDateInput)", () => {
  it("reads dd/mm/aaaa, one-digit day and month, and YYYY-MM-DD as a CalendarDate", () => {
    expect(readDateInput("31/10/2026")).toEqual({ ok: true, date: "2026-10-31" });
    expect(readDateInput(" 1/9/2026 ")).toEqual({ ok: true, date: "2026-09-01" });
    expect(readDateInput("2026-10-31")).toEqual({ ok: true, date: "2026-10-31" });
    expect(readDateInput("29/02/2024")).toEqual({ ok: true, date: "2024-02-29" });
  });

  it("refuses a day that does not exist, naming it, instead of rolling it over", () => {
    expect(readDateInput("30/02/2025")).toEqual({ ok: false, message: "La fecha 30/02/2025 no existe." });
    expect(readDateInput("29/2/2025")).toEqual({ ok: false, message: "La fecha 29/02/2025 no existe." });
    expect(readDateInput("31/04/2026")).toEqual({ ok: false, message: "La fecha 31/04/2026 no existe." });
    expect(readDateInput("2025-02-30")).toEqual({ ok: false, message: "La fecha 30/02/2025 no existe." });
    expect(readDateInput("00/10/2026")).toEqual({ ok: false, message: "La fecha 00/10/2026 no existe." });
    expect(readDateInput("10/13/2026")).toEqual({ ok: false, message: "La fecha 10/13/2026 no existe." });
  });

  it("refuses other shapes with the message that shows how to write the date", () => {
    for (const text of [
      "",
      "31-10-2026",
      "31/10/26",
      "2026/10/31",
      "31.10.2026",
      "mañana",
      "31/10/2026x",
      "2026-1-5",
    ]) {
      expect(readDateInput(text)).toEqual({
        ok: false,
        message: "Escriba la fecha como dd/mm/aaaa, por ejemplo 31/10/2026.",
      });
    }
  });

  it("round-trips with formatCalendarDate", () => {
    const date = readDateInput("05/01/2026");
    expect(date.ok && formatCalendarDate(date.date)).toBe("05/01/2026");
  });

  it("has a native pattern that accepts what the parser reads and refuses other shapes", () => {
    const pattern = new RegExp(`^(?:${DATE_INPUT_PATTERN})$`, "v");
    expect(pattern.test("31/10/2026")).toBe(true);
    expect(pattern.test("1/9/2026")).toBe(true);
    expect(pattern.test("2026-10-31")).toBe(true);
    expect(pattern.test("31-10-2026")).toBe(false);
    expect(pattern.test("31/10/26")).toBe(false);
  });
});

describe("dateInputSchema", () => {
  const form = z.object({ date: dateInputSchema, until: dateInputSchema.optional() });

  it("yields a CalendarDate", () => {
    expect(form.parse({ date: "31/10/2026" })).toEqual({ date: "2026-10-31" });
    expect(form.parse({ date: "2026-10-31", until: "1/11/2026" })).toEqual({ date: "2026-10-31", until: "2026-11-01" });
  });

  it("refuses in Spanish: missing, malformed, not a real day", () => {
    const messages = (value: unknown) => form.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(messages({})).toEqual([DATE_INPUT_MESSAGES.format]);
    expect(messages({ date: "10/31/2026x" })).toEqual([DATE_INPUT_MESSAGES.format]);
    expect(messages({ date: "30/02/2025" })).toEqual(["La fecha 30/02/2025 no existe."]);
  });
});
