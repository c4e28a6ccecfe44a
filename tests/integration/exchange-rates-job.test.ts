import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarDate } from "../../app/domain/calendar";
import { formatRate, readRate } from "../../app/domain/exchange-rates";
import type { RateSourceConfig } from "../../app/services/exchange-rates/config.server";
import {
  fetchRatesIfDue,
  fetchRatesNow,
  startRateWorker,
  type RateFetchOptions,
} from "../../app/services/exchange-rates/rate-fetch.server";
import { enterRate, rateOfDay, ratesOfMonth } from "../../app/services/exchange-rates/rates.server";
import { ExchangeRate } from "../../models/exchange-rate";
import { RateFetch, rateFetchStatus } from "../../models/exchange-rate-fetch";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { startRateStandIn, type RateStandIn } from "../support/exchange-rate-stand-in";

let environment: AppEnvironment;
let standIn: RateStandIn;

const day = (text: string) => text as CalendarDate;
/** Noon in Costa Rica of a day. */
const noon = (date: string) => new Date(`${date}T12:00:00-06:00`);
const SUPER_ADMIN = { isRoot: false, isSuperAdmin: true, email: "super@demo.cr" };

function options(now: Date, overrides: Partial<RateFetchOptions> = {}): RateFetchOptions {
  const config: RateSourceConfig = { kind: "hacienda", baseUrl: standIn.haciendaUrl, timeoutMs: 1000 };
  return { now: () => now, config, random: () => 0, log: () => undefined, ...overrides };
}

beforeAll(async () => {
  standIn = await startRateStandIn();
  environment = await startAppEnvironment({ HACIENDA_INDICATORS_URL: standIn.haciendaUrl });
  // Weekdays from 26 October to Thursday 26 November 2026; weekends are not published.
  for (let t = Date.parse("2026-10-26T00:00:00Z"); t <= Date.parse("2026-11-26T00:00:00Z"); t += 86_400_000) {
    const date = new Date(t);
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
    const index = (t - Date.parse("2026-10-26T00:00:00Z")) / 86_400_000;
    standIn.publish(date.toISOString().slice(0, 10), (500 + index / 10).toFixed(2), (506 + index / 10).toFixed(2));
  }
}, 60_000);

afterAll(async () => {
  await environment?.close();
  await standIn?.close();
});

describe("the exchange-rate job", () => {
  it("back-fills the last 31 days at the first run, then waits for tomorrow", async () => {
    standIn.requests.length = 0;
    const outcome = await fetchRatesNow(options(noon("2026-11-26")));
    expect(outcome).toEqual({ kind: "fetched", stored: 23, coveredThrough: "2026-11-26" });
    expect(standIn.requests).toEqual(["/indicadores/tc/dolar/historico?d=2026-10-27&h=2026-11-26"]);
    expect(await ExchangeRate.countDocuments({ currency: "USD" })).toBe(23);
    const status = await rateFetchStatus("USD");
    expect(status).toMatchObject({
      coveredThrough: "2026-11-26",
      lastError: null,
      failures: 0,
      lease: null,
      source: "hacienda",
    });
    expect(status!.nextFetchAt.toISOString()).toBe(new Date("2026-11-27T00:05:00-06:00").toISOString());
    expect(await fetchRatesIfDue(options(noon("2026-11-26")))).toEqual({ kind: "skipped" });
  });

  it("gives a weekend the Friday rate without a warning", async () => {
    const saturday = await rateOfDay(day("2026-11-21"));
    expect(saturday.rate).toMatchObject({ carriedFrom: "2026-11-20", source: "hacienda" });
    expect(saturday.warning).toBeNull();
    const thursday = await rateOfDay(day("2026-11-26"));
    expect(thursday.rate?.carriedFrom).toBeUndefined();
    expect(formatRate(thursday.rate!.sell)).toBe("₡509,10");
  });

  it("offline, keeps the last known rate with a visible warning and tries again later", async () => {
    standIn.failNext("historico", 503);
    standIn.failNext("today", 503);
    const friday = noon("2026-11-27");
    const outcome = await fetchRatesIfDue(options(friday));
    expect(outcome).toEqual({ kind: "failed", reason: "Hacienda respondió con el error HTTP 503." });
    const status = await rateFetchStatus("USD");
    expect(status).toMatchObject({
      coveredThrough: "2026-11-26",
      failures: 1,
      lastError: "Hacienda respondió con el error HTTP 503.",
    });
    expect(status!.nextFetchAt.getTime()).toBe(friday.getTime() + 5 * 60_000);
    const rate = await rateOfDay(day("2026-11-27"));
    expect(rate.rate).toMatchObject({ carriedFrom: "2026-11-26" });
    expect(rate.warning).toBe(
      "Aún no se obtuvo el tipo de cambio del 27/11/2026; se usa el último conocido, del 26/11/2026. La última consulta falló: Hacienda respondió con el error HTTP 503.",
    );
  });

  it("recovers with the days it missed", async () => {
    standIn.publish("2026-11-27", "503.5", "509.5");
    standIn.requests.length = 0;
    const outcome = await fetchRatesIfDue(options(new Date(noon("2026-11-27").getTime() + 6 * 60_000)));
    expect(outcome).toEqual({ kind: "fetched", stored: 1, coveredThrough: "2026-11-27" });
    expect(standIn.requests).toEqual(["/indicadores/tc/dolar/historico?d=2026-11-27&h=2026-11-27"]);
    expect((await rateOfDay(day("2026-11-27"))).warning).toBeNull();
  });

  it("never overwrites a rate a super admin entered, and keeps who changed what and why", async () => {
    const refused = await enterRate(
      { isRoot: false, isSuperAdmin: false, email: "admin@demo.cr" },
      { date: day("2026-11-25"), buy: readRate("1")!, sell: readRate("2")!, reason: "prueba" },
    );
    expect(refused).toEqual({
      ok: false,
      refusals: [
        { message: "Solo un superadministrador puede ingresar o corregir el tipo de cambio.", kind: "forbidden" },
      ],
    });
    const entered = await enterRate(SUPER_ADMIN, {
      date: day("2026-11-25"),
      buy: readRate("501.5")!,
      sell: readRate("507.25")!,
      reason: "Corrección según el BCCR",
    });
    expect(entered).toEqual({ ok: true, created: false });
    await RateFetch.updateOne({ _id: "USD" }, { $set: { coveredThrough: "2026-11-20" } });
    await fetchRatesNow(options(noon("2026-11-27")));
    const stored = await ExchangeRate.findById("USD/2026-11-25").lean();
    expect(stored).toMatchObject({ source: "manual", enteredBy: "super@demo.cr" });
    expect(formatRate(BigInt(stored!.sell))).toBe("₡507,25");
    expect(stored!.history).toHaveLength(1);
    expect(stored!.history[0]).toMatchObject({
      by: "super@demo.cr",
      action: "update",
      reason: "Corrección según el BCCR",
    });
    const month = await ratesOfMonth("2026-11", day("2026-11-27"));
    expect(month.changes).toHaveLength(1);
    expect(month.changes[0].line).toMatch(
      /^25\/11\/2026 · Corregido por super@demo\.cr el .*: compra ₡503,00 → ₡501,50, venta ₡509,00 → ₡507,25 \(Corrección según el BCCR\)$/,
    );
    expect(month.days).toHaveLength(27);
    expect(month.days[0]).toMatchObject({ date: "2026-11-27", source: "hacienda" });
    expect(month.days.find((d) => d.date === "2026-11-25")).toMatchObject({ source: "manual" });
  });

  it("is taken by one process at a time", async () => {
    const outcomes = await Promise.all([
      fetchRatesNow(options(noon("2026-11-27"))),
      fetchRatesNow(options(noon("2026-11-27"))),
    ]);
    expect(outcomes.filter((outcome) => outcome.kind === "skipped")).toHaveLength(1);
  });

  it("runs on the polling loop the server starts", async () => {
    await RateFetch.updateOne({ _id: "USD" }, { $set: { nextFetchAt: new Date(0), lastError: "pendiente" } });
    const worker = startRateWorker({ ...options(noon("2026-11-27")), idleMs: 20 });
    try {
      const deadline = Date.now() + 15_000;
      while ((await rateFetchStatus("USD"))?.lastError !== null) {
        if (Date.now() > deadline) throw new Error("the worker did not fetch");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await worker.stop();
    }
    expect((await rateFetchStatus("USD"))?.lease).toBeNull();
  });
});

describe("the euro's daily rate", () => {
  const euro = (now: Date) => options(now, { currency: "EUR" });

  it("is fetched from tc/euro, kept per day apart from the dollar, and carried over a day without publication", async () => {
    standIn.publishEuro("2026-11-26", "588.21", "1.1523");
    standIn.requests.length = 0;
    expect(await fetchRatesNow(euro(noon("2026-11-26")))).toEqual({
      kind: "fetched",
      stored: 1,
      coveredThrough: "2026-11-26",
    });
    expect(standIn.requests).toEqual(["/indicadores/tc/euro"]);
    const stored = await ExchangeRate.findById("EUR/2026-11-26").lean();
    expect(stored).toMatchObject({ currency: "EUR", source: "hacienda" });
    expect([formatRate(BigInt(stored!.buy)), formatRate(BigInt(stored!.sell))]).toEqual(["₡588,21", "₡588,21"]);
    expect((await rateOfDay(day("2026-11-26"))).rate?.sell).not.toBe(stored!.sell);
    // The next day Hacienda still answers the 26th: nothing new, the 27th carries it with the warning.
    const friday = noon("2026-11-27");
    expect(await fetchRatesIfDue(euro(friday))).toEqual({ kind: "fetched", stored: 0, coveredThrough: "2026-11-26" });
    expect((await rateFetchStatus("EUR"))!.nextFetchAt.getTime()).toBe(friday.getTime() + 60 * 60_000);
    const carried = await rateOfDay(day("2026-11-27"), "EUR");
    expect(carried.rate).toMatchObject({ carriedFrom: "2026-11-26" });
    expect(formatRate(carried.rate!.sell)).toBe("₡588,21");
    expect(carried.warning).toBe(
      "Aún no se obtuvo el tipo de cambio del 27/11/2026; se usa el último conocido, del 26/11/2026.",
    );
  });

  it("offline, keeps the last known euro with the warning naming the failure", async () => {
    standIn.failNext("euro", 503);
    const later = new Date(noon("2026-11-27").getTime() + 61 * 60_000);
    expect(await fetchRatesIfDue(euro(later))).toEqual({
      kind: "failed",
      reason: "Hacienda respondió con el error HTTP 503.",
    });
    expect(await rateFetchStatus("EUR")).toMatchObject({ coveredThrough: "2026-11-26", failures: 1 });
    expect((await rateOfDay(day("2026-11-27"), "EUR")).warning).toBe(
      "Aún no se obtuvo el tipo de cambio del 27/11/2026; se usa el último conocido, del 26/11/2026. La última consulta falló: Hacienda respondió con el error HTTP 503.",
    );
  });

  it("keeps a euro rate a super admin entered, audited, against a later fetch", async () => {
    const entered = await enterRate(
      SUPER_ADMIN,
      { date: day("2026-11-26"), buy: readRate("587")!, sell: readRate("589.5")!, reason: "Según el BCCR" },
      "EUR",
    );
    expect(entered).toEqual({ ok: true, created: false });
    await RateFetch.updateOne({ _id: "EUR" }, { $set: { coveredThrough: "2026-11-20" } });
    await fetchRatesNow(euro(noon("2026-11-27")));
    const stored = await ExchangeRate.findById("EUR/2026-11-26").lean();
    expect(stored).toMatchObject({ source: "manual", history: [expect.objectContaining({ reason: "Según el BCCR" })] });
    expect(formatRate(BigInt(stored!.sell))).toBe("₡589,50");
    const month = await ratesOfMonth("2026-11", day("2026-11-27"), "EUR");
    expect(month.changes.map((change) => change.line)).toEqual([
      expect.stringContaining("compra ₡588,21 → ₡587,00, venta ₡588,21 → ₡589,50 (Según el BCCR)"),
    ]);
    expect(month.days.map((d) => d.date)).toEqual(["2026-11-27", "2026-11-26"]);
    expect((await ratesOfMonth("2026-11", day("2026-11-27"))).changes).toHaveLength(1);
  });
});
