import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { formatRate, RATE_INPUT_MESSAGES, rateEntrySchema, rateWarning, readRate, RATE_FORM_MESSAGES } from ".";

const day = (text: string) => text as CalendarDate;
const thursday = { date: day("2026-11-26"), buy: readRate("503")!, sell: readRate("509.1")! };

describe("formatRate", () => {
  it("shows at least two decimals and the significant ones beyond", () => {
    expect(formatRate(readRate("503")!)).toBe("₡503,00");
    expect(formatRate(readRate("507.25")!)).toBe("₡507,25");
    expect(formatRate(readRate("512.12345")!)).toBe("₡512,12345");
  });
});

describe("rateWarning", () => {
  it("says nothing for a published day or a weekend inside what the source confirmed", () => {
    expect(rateWarning(day("2026-11-26"), thursday, { coveredThrough: "2026-11-26", lastError: null })).toBeNull();
    const saturday = { ...thursday, date: day("2026-11-28"), carriedFrom: day("2026-11-27") };
    expect(rateWarning(day("2026-11-28"), saturday, { coveredThrough: "2026-11-30", lastError: null })).toBeNull();
  });

  it("warns when the rate is only the last known one, with the reason when a fetch failed", () => {
    const carried = { ...thursday, date: day("2026-11-27"), carriedFrom: day("2026-11-26") };
    expect(rateWarning(day("2026-11-27"), carried, { coveredThrough: "2026-11-26", lastError: null })).toBe(
      "Aún no se obtuvo el tipo de cambio del 27/11/2026; se usa el último conocido, del 26/11/2026.",
    );
    expect(rateWarning(day("2026-11-27"), carried, null)).toMatch(/^Aún no se obtuvo/);
    expect(
      rateWarning(day("2026-11-27"), null, { coveredThrough: null, lastError: "Hacienda no respondió en 20 s." }),
    ).toBe(
      "No hay tipo de cambio conocido para el 27/11/2026. La última consulta falló: Hacienda no respondió en 20 s. Escríbalo a mano.",
    );
  });
});

describe("rateEntrySchema", () => {
  it("reads rates as people type them", () => {
    const parsed = rateEntrySchema.safeParse({
      date: "26/11/2026",
      buy: "503,12",
      sell: "509.87",
      reason: "Publicado tarde",
    });
    expect(parsed.success && [parsed.data.date, formatRate(parsed.data.buy), formatRate(parsed.data.sell)]).toEqual([
      "2026-11-26",
      "₡503,12",
      "₡509,87",
    ]);
  });

  it("refuses zero, too many decimals, absurd rates, buy above sell and a missing reason", () => {
    const problems = (input: Record<string, string>) => {
      const parsed = rateEntrySchema.safeParse({
        date: "2026-11-26",
        buy: "503",
        sell: "509",
        reason: "Motivo",
        ...input,
      });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(problems({ buy: "0" })).toEqual([RATE_INPUT_MESSAGES.outOfRange]);
    expect(problems({ sell: "509,123456" })).toEqual([RATE_INPUT_MESSAGES.tooManyDecimals]);
    expect(problems({ sell: "10000,01" })).toEqual([RATE_INPUT_MESSAGES.outOfRange]);
    expect(problems({ buy: "510" })).toEqual([RATE_FORM_MESSAGES.buyAboveSell]);
    expect(problems({ reason: " a " })).toEqual([RATE_FORM_MESSAGES.reason]);
    expect(problems({ buy: "1".repeat(40) })).toEqual([RATE_INPUT_MESSAGES.invalid]);
  });
});
