import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CalendarDate } from "../../app/domain/calendar";
import { fillDays as fill } from "../../app/domain/exchange-rates";
import { formatAmount } from "../../app/domain/money";
import type { RateSourceConfig } from "../../app/services/exchange-rates/config.server";
import { RateAnswerInvalid, RateSourceUnavailable } from "../../app/services/exchange-rates/http.server";
import { fetchPublishedRates } from "../../app/services/exchange-rates/rate-sources.server";
import { startRateStandIn, type RateStandIn } from "../support/exchange-rate-stand-in";

let standIn: RateStandIn;
const day = (text: string) => text as CalendarDate;

function bccr(timeoutMs = 1000, token?: string): RateSourceConfig {
  return {
    kind: "bccr",
    bccr: { url: standIn.bccrUrl, name: standIn.name, email: standIn.email, token: token ?? standIn.token },
    timeoutMs,
  };
}

function hacienda(timeoutMs = 1000): RateSourceConfig {
  return { kind: "hacienda", baseUrl: standIn.haciendaUrl, timeoutMs };
}

const sells = (rates: Array<{ date: string; sell: bigint }>) => rates.map((r) => [r.date, formatAmount(r.sell, 2)]);

beforeAll(async () => {
  standIn = await startRateStandIn();
  // Friday 20 to Thursday 26 November 2026; the weekend and Monday 23 are not published (a missing day).
  standIn.publish("2026-11-20", "503.12", "509.87");
  standIn.publish("2026-11-24", "504.01", "510.5");
  standIn.publish("2026-11-25", "504.3", "511.02");
  standIn.publish("2026-11-26", "505", "511.9");
});

afterAll(async () => {
  await standIn.close();
});

beforeEach(() => {
  standIn.requests.length = 0;
});

describe("the BCCR web service client", () => {
  it("asks ObtenerIndicadoresEconomicosXML for 317 and 318 with every documented parameter, and pairs the answers", async () => {
    const rates = await fetchPublishedRates(bccr(), day("2026-11-20"), day("2026-11-26"), day("2026-11-26"));
    expect(sells(rates)).toEqual([
      ["2026-11-20", "509.87"],
      ["2026-11-24", "510.50"],
      ["2026-11-25", "511.02"],
      ["2026-11-26", "511.90"],
    ]);
    expect(formatAmount(rates[0].buy, 2)).toBe("503.12");
    expect(standIn.requests).toHaveLength(2);
    const [buy, sell] = standIn.requests.map((request) => new URL(request, "http://x"));
    expect(buy.pathname).toBe(
      "/Indicadores/Suscripciones/WS/wsindicadoreseconomicos.asmx/ObtenerIndicadoresEconomicosXML",
    );
    expect(Object.fromEntries(buy.searchParams)).toEqual({
      Indicador: "317",
      FechaInicio: "20/11/2026",
      FechaFinal: "26/11/2026",
      Nombre: standIn.name,
      SubNiveles: "N",
      CorreoElectronico: standIn.email,
      Token: standIn.token,
    });
    expect(sell.searchParams.get("Indicador")).toBe("318");
  });

  it("leaves a missing day out, and the carry-forward gives it the last rate before it", async () => {
    const rates = await fetchPublishedRates(bccr(), day("2026-11-21"), day("2026-11-24"), day("2026-11-26"));
    expect(sells(rates)).toEqual([["2026-11-24", "510.50"]]);
    const before = await fetchPublishedRates(bccr(), day("2026-11-20"), day("2026-11-20"), day("2026-11-26"));
    const days = fill([...before, ...rates], day("2026-11-21"), day("2026-11-24"));
    expect(days.map((d) => [d.date, formatAmount(d.sell, 2), d.carriedFrom ?? null])).toEqual([
      ["2026-11-21", "509.87", "2026-11-20"],
      ["2026-11-22", "509.87", "2026-11-20"],
      ["2026-11-23", "509.87", "2026-11-20"],
      ["2026-11-24", "510.50", null],
    ]);
  });

  it("refuses a malformed answer and a refused subscription with a Spanish reason", async () => {
    standIn.malformedNext("bccr");
    await expect(fetchPublishedRates(bccr(), day("2026-11-20"), day("2026-11-20"), day("2026-11-26"))).rejects.toThrow(
      RateAnswerInvalid,
    );
    await expect(
      fetchPublishedRates(bccr(1000, "OTRO"), day("2026-11-20"), day("2026-11-20"), day("2026-11-26")),
    ).rejects.toThrow(/El Banco Central respondió: «Token o correo electrónico inválido»/);
  });

  it("gives up after its deadline, and reports an HTTP error as unavailable", async () => {
    standIn.delayNext("bccr", 2500);
    const started = fetchPublishedRates(bccr(1000), day("2026-11-20"), day("2026-11-20"), day("2026-11-26"));
    await expect(started).rejects.toThrow(RateSourceUnavailable);
    await expect(started).rejects.toThrow("el Banco Central no respondió en 1 s.");
    standIn.failNext("bccr", 503);
    await expect(fetchPublishedRates(bccr(), day("2026-11-20"), day("2026-11-20"), day("2026-11-26"))).rejects.toThrow(
      "el Banco Central respondió con el error HTTP 503.",
    );
  });
});

describe("Hacienda's exchange-rate client", () => {
  it("asks tc/dolar/historico with d and h, and reads each day", async () => {
    const rates = await fetchPublishedRates(hacienda(), day("2026-11-20"), day("2026-11-26"), day("2026-11-26"));
    expect(sells(rates).map(([date]) => date)).toEqual(["2026-11-20", "2026-11-24", "2026-11-25", "2026-11-26"]);
    expect(standIn.requests).toEqual(["/indicadores/tc/dolar/historico?d=2026-11-20&h=2026-11-26"]);
  });

  it("falls back to today's tc/dolar when the history is unavailable", async () => {
    standIn.failNext("historico", 503);
    const rates = await fetchPublishedRates(hacienda(), day("2026-11-20"), day("2026-11-26"), day("2026-11-26"));
    expect(sells(rates)).toEqual([["2026-11-26", "511.90"]]);
    expect(standIn.requests).toEqual([
      "/indicadores/tc/dolar/historico?d=2026-11-20&h=2026-11-26",
      "/indicadores/tc/dolar",
    ]);
  });

  it("refuses a malformed answer", async () => {
    standIn.malformedNext("historico");
    await expect(
      fetchPublishedRates(hacienda(), day("2026-11-20"), day("2026-11-26"), day("2026-11-26")),
    ).rejects.toThrow(RateAnswerInvalid);
    standIn.malformedNext("today");
    standIn.failNext("historico", 503);
    await expect(
      fetchPublishedRates(hacienda(), day("2026-11-20"), day("2026-11-26"), day("2026-11-26")),
    ).rejects.toThrow("La respuesta de Hacienda no tiene el formato documentado.");
  });

  it("gives up after its deadline: a late history falls back to today's rate, a late today fails", async () => {
    standIn.delayNext("historico", 2500);
    const rates = await fetchPublishedRates(hacienda(1000), day("2026-11-20"), day("2026-11-26"), day("2026-11-26"));
    expect(sells(rates)).toEqual([["2026-11-26", "511.90"]]);
    standIn.delayNext("historico", 2500);
    standIn.delayNext("today", 2500);
    await expect(
      fetchPublishedRates(hacienda(1000), day("2026-11-20"), day("2026-11-26"), day("2026-11-26")),
    ).rejects.toThrow("Hacienda no respondió en 1 s.");
  });

  it("does not stand today's rate in for a past range", async () => {
    standIn.failNext("historico", 503);
    await expect(
      fetchPublishedRates(hacienda(), day("2026-11-20"), day("2026-11-24"), day("2026-11-26")),
    ).rejects.toThrow("Hacienda respondió con el error HTTP 503.");
  });

  it("returns nothing for a range with no published day", async () => {
    expect(await fetchPublishedRates(hacienda(), day("2026-11-21"), day("2026-11-23"), day("2026-11-26"))).toEqual([]);
  });
});

describe("Hacienda's euro (tc/euro)", () => {
  const euro = (timeoutMs = 1000) =>
    fetchPublishedRates(hacienda(timeoutMs), day("2026-11-20"), day("2026-11-26"), day("2026-11-26"), "EUR");

  it("reads no rate while the day's figure is not out (colones null)", async () => {
    expect(await euro()).toEqual([]);
    expect(standIn.requests).toEqual(["/indicadores/tc/euro"]);
  });

  it("reads the colones per euro of the last published day as buy and sell", async () => {
    standIn.publishEuro("2026-11-25", "588.21", "1.1523");
    const [rate, ...rest] = await euro();
    expect(rest).toEqual([]);
    expect(rate.date).toBe("2026-11-25");
    expect([formatAmount(rate.buy, 2), formatAmount(rate.sell, 2)]).toEqual(["588.21", "588.21"]);
    standIn.publishEuro("2026-11-26", "590.4", "1.1531");
    expect(sells(await euro())).toEqual([["2026-11-26", "590.40"]]);
    expect(standIn.requests).toEqual(["/indicadores/tc/euro", "/indicadores/tc/euro"]);
  });

  it("refuses a malformed answer, gives up after its deadline and reports an HTTP error", async () => {
    standIn.malformedNext("euro");
    await expect(euro()).rejects.toThrow("La respuesta de Hacienda no tiene el formato documentado.");
    standIn.delayNext("euro", 2500);
    await expect(euro(1000)).rejects.toThrow(new RateSourceUnavailable("Hacienda no respondió en 1 s."));
    standIn.failNext("euro", 503);
    await expect(euro()).rejects.toThrow("Hacienda respondió con el error HTTP 503.");
  });

  it("is never asked of the BCCR web service", async () => {
    await expect(
      fetchPublishedRates(bccr(), day("2026-11-20"), day("2026-11-26"), day("2026-11-26"), "EUR"),
    ).rejects.toThrow(RangeError);
    expect(standIn.requests).toEqual([]);
  });
});
