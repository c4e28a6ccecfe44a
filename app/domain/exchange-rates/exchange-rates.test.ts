import { describe, expect, it } from "vitest";
import type { CalendarDate } from "../calendar";
import { formatAmount } from "../money";
import {
  fillDays,
  foreignToColones,
  pairIndicators,
  parseBccrAnswer,
  parseHaciendaEuro,
  parseHaciendaHistory,
  parseHaciendaToday,
  rateOn,
  readRate,
  type PublishedRate,
} from ".";

const day = (text: string) => text as CalendarDate;
const rate = (text: string) => readRate(text)!;

function bccrAnswer(rows: Array<[string, string, string]>): string {
  const inner = `<Datos_de_INGC011_CAT_INDICADORECONOMIC>${rows
    .map(
      ([indicator, date, value]) =>
        `<INGC011_CAT_INDICADORECONOMIC><COD_INDICADORINTERNO>${indicator}</COD_INDICADORINTERNO><DES_FECHA>${date}T00:00:00-06:00</DES_FECHA><NUM_VALOR>${value}</NUM_VALOR></INGC011_CAT_INDICADORECONOMIC>`,
    )
    .join("")}</Datos_de_INGC011_CAT_INDICADORECONOMIC>`;
  const escaped = inner.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="http://ws.sdde.bccr.fi.cr">${escaped}</string>`;
}

describe("readRate", () => {
  it("keeps five decimals, rounding the web service's eight half away from zero", () => {
    expect(formatAmount(rate("604.97000000"))).toBe("604.97000");
    expect(formatAmount(rate("512.123455"))).toBe("512.12346");
    expect(formatAmount(rate("512.123454999"))).toBe("512.12345");
    expect(formatAmount(rate("579.2"))).toBe("579.20000");
  });

  it("refuses what is not a positive rate", () => {
    for (const text of ["", "0", "0.000001", "-5", "5e2", "1,5", "abc", "100000.00001", "1234567"]) {
      expect(readRate(text), text).toBeNull();
    }
    expect(readRate("100000")).not.toBeNull();
  });
});

describe("foreignToColones", () => {
  it("rounds the exact product once to the céntimo (docs/domain/exchange-rates.md §5)", () => {
    // 1 234.56 × 512.345 = 632 520.6432 → ₡632 520.64
    expect(foreignToColones(123_456_000n, rate("512.345"))).toBe(63_252_064n);
    // 0.01 × 512.5 = 5.125 → 5.13 (half away from zero)
    expect(foreignToColones(1_000n, rate("512.5"))).toBe(513n);
    // −0.01 × 512.5 = −5.125 → −5.13
    expect(foreignToColones(-1_000n, rate("512.5"))).toBe(-513n);
  });
});

describe("parseBccrAnswer", () => {
  it("reads the escaped document inside the string element, one value per indicator and day", () => {
    const answer = parseBccrAnswer(
      bccrAnswer([
        ["317", "2026-11-20", "503.12000000"],
        ["317", "2026-11-21", "503.45000000"],
      ]),
    );
    expect(answer).toEqual({
      ok: true,
      values: [
        { indicator: "317", date: "2026-11-20", value: rate("503.12") },
        { indicator: "317", date: "2026-11-21", value: rate("503.45") },
      ],
    });
  });

  it("reads an empty range as no values", () => {
    expect(parseBccrAnswer(bccrAnswer([]))).toEqual({ ok: true, values: [] });
  });

  it("refuses malformed answers with a Spanish reason", () => {
    const cases = [
      "<html><body>Service unavailable</body></html>",
      "not xml at all <",
      '<string xmlns="http://ws.sdde.bccr.fi.cr">El token ingresado no es válido</string>',
      bccrAnswer([["317", "2026-02-30", "503.12"]]),
      bccrAnswer([["317", "2026-11-20", "quinientos"]]),
    ];
    for (const body of cases) {
      const answer = parseBccrAnswer(body);
      expect(answer.ok, body).toBe(false);
      if (!answer.ok) expect(answer.reason).toMatch(/Banco Central/);
    }
  });

  it("does not expand entities declared by the answer", () => {
    const hostile = `<!DOCTYPE string [<!ENTITY x "&#x3C;Datos_de_INGC011_CAT_INDICADORECONOMIC/&#x3E;">]><string>&x;</string>`;
    const answer = parseBccrAnswer(hostile);
    expect(answer.ok).toBe(false);
  });
});

describe("pairIndicators", () => {
  it("pairs buy (317) and sell (318) by day and leaves out a day with only one", () => {
    const answer = parseBccrAnswer(
      bccrAnswer([
        ["317", "2026-11-20", "503.12"],
        ["318", "2026-11-20", "509.87"],
        ["317", "2026-11-21", "503.45"],
      ]),
    );
    if (!answer.ok) throw new Error(answer.reason);
    expect(pairIndicators(answer.values)).toEqual([{ date: "2026-11-20", buy: rate("503.12"), sell: rate("509.87") }]);
  });
});

describe("Hacienda's answers", () => {
  it("reads today's rate", () => {
    const body =
      '{"venta":{"fecha":"2019-10-24T00:00:00-06:00","valor":586},"compra":{"fecha":"2019-10-24T00:00:00-06:00","valor":579.2}}';
    expect(parseHaciendaToday(body)).toEqual({
      ok: true,
      rates: [{ date: "2019-10-24", buy: rate("579.2"), sell: rate("586") }],
    });
  });

  it("reads the documented history, weekends included", () => {
    const body =
      '[{"fecha":"2019-12-07 00:00:00","compra":565.08,"venta":572.22},{"fecha":"2019-12-08 00:00:00","compra":565.08,"venta":572.22}]';
    const answer = parseHaciendaHistory(body);
    expect(answer.ok && answer.rates.map((r) => [r.date, formatAmount(r.sell)])).toEqual([
      ["2019-12-07", "572.22000"],
      ["2019-12-08", "572.22000"],
    ]);
  });

  it("refuses malformed answers", () => {
    for (const body of [
      "",
      "<html>503</html>",
      "{}",
      '{"venta":{"fecha":"2019-10-24","valor":"586"},"compra":{"fecha":"2019-10-24","valor":579.2}}',
      '{"venta":{"fecha":"2019-10-24","valor":586},"compra":{"fecha":"2019-10-23","valor":579.2}}',
      '[{"fecha":"2019-12-07 00:00:00","compra":-1,"venta":572.22}]',
      '{"fecha":"2019-12-07"}',
    ]) {
      expect(parseHaciendaToday(body).ok && parseHaciendaHistory(body).ok, body).toBe(false);
    }
  });
});

describe("Hacienda's euro", () => {
  it("reads the colones per euro as buy and sell, and no rate while colones is null", () => {
    expect(parseHaciendaEuro('{"fecha":"2019-10-24T00:00:00-06:00","dolares":1.1115,"colones":651.34}')).toEqual({
      ok: true,
      rates: [{ date: "2019-10-24", buy: rate("651.34"), sell: rate("651.34") }],
    });
    expect(parseHaciendaEuro('{"fecha":"2026-03-13","dolares":null,"colones":null}')).toEqual({ ok: true, rates: [] });
  });

  it("refuses malformed answers", () => {
    for (const body of [
      "",
      "[]",
      '{"fecha":"2019-10-24","colones":"651.34"}',
      '{"fecha":"ayer","colones":651.34}',
      '{"colones":651.34}',
      '{"fecha":"2019-10-24","colones":-1}',
    ]) {
      expect(parseHaciendaEuro(body).ok, body).toBe(false);
    }
  });
});

describe("carry-forward", () => {
  const friday: PublishedRate = { date: day("2026-11-20"), buy: rate("503.12"), sell: rate("509.87") };
  const monday: PublishedRate = { date: day("2026-11-23"), buy: rate("504"), sell: rate("510.5") };

  it("gives a weekend the last rate published before it, never a later one", () => {
    const days = fillDays([monday, friday], day("2026-11-20"), day("2026-11-24"));
    expect(days.map((d) => [d.date, formatAmount(d.sell, 2), d.carriedFrom ?? null])).toEqual([
      ["2026-11-20", "509.87", null],
      ["2026-11-21", "509.87", "2026-11-20"],
      ["2026-11-22", "509.87", "2026-11-20"],
      ["2026-11-23", "510.50", null],
      ["2026-11-24", "510.50", "2026-11-23"],
    ]);
  });

  it("leaves out the days before the first known rate", () => {
    expect(fillDays([monday], day("2026-11-20"), day("2026-11-23")).map((d) => d.date)).toEqual(["2026-11-23"]);
  });

  it("finds the rate of one day", () => {
    expect(rateOn([friday, monday], day("2026-11-22"))).toEqual({
      ...friday,
      date: "2026-11-22",
      carriedFrom: "2026-11-20",
    });
    expect(rateOn([friday, monday], day("2026-11-23"))).toEqual(monday);
    expect(rateOn([monday], day("2026-11-22"))).toBeNull();
  });
});
