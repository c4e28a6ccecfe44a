/**
 * /admin/exchange-rates: admins read the month, super admins enter or correct a day as a browser without
 * JavaScript posts it (audited), everyone else is refused with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInCostaRica } from "../../app/domain/calendar";
import { readRate } from "../../app/domain/exchange-rates";
import { action, loader } from "../../app/routes/_app.admin.exchange-rates";
import { ExchangeRate, storeFetchedRates } from "../../models/exchange-rate";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";
import { startRateStandIn, type RateStandIn } from "../support/exchange-rate-stand-in";
import { rateFetchStatus } from "../../models/exchange-rate-fetch";

let environment: AppEnvironment;
let standIn: RateStandIn;
let adminCookie: string;
let superCookie: string;
let clientCookie: string;
const PATH = "/admin/exchange-rates";
const context = { cspNonce: "" };
const today = todayInCostaRica(new Date());
const yesterday = addDays(today, -1);
const ddmmyyyy = (date: string) => date.split("-").reverse().join("/");

async function post(cookie: string, values: Record<string, string>) {
  return respond(() => action({ request: postRequest(PATH, values, cookie), params: {}, context }));
}

async function page(cookie: string, path = PATH) {
  return respond(() => loader({ request: getRequest(path, cookie), params: {}, context }));
}

beforeAll(async () => {
  standIn = await startRateStandIn();
  standIn.publish(today, "504.4", "510.1");
  standIn.today = today;
  standIn.publishEuro(today, "590.4", "1.1531");
  environment = await startAppEnvironment({ HACIENDA_INDICATORS_URL: standIn.haciendaUrl });
  const orgs = { "CR:3101123456": "admin" as const };
  adminCookie = await sessionCookieFor((await createTestUser({ persona: "admin", orgs })).id);
  superCookie = await sessionCookieFor((await createTestUser({ persona: "superadmin", orgs: {} })).id);
  clientCookie = await sessionCookieFor(
    (await createTestUser({ persona: "client", orgs: { "CR:3101123456": "client" } })).id,
  );
  await storeFetchedRates(
    "USD",
    "hacienda",
    [{ date: yesterday, buy: readRate("503.12")!, sell: readRate("509.87")! }],
    new Date(),
  );
  await storeFetchedRates(
    "EUR",
    "hacienda",
    [{ date: yesterday, buy: readRate("588.21")!, sell: readRate("588.21")! }],
    new Date(),
  );
}, 60_000);

afterAll(async () => {
  await environment?.close();
  await standIn?.close();
});

describe("/admin/exchange-rates", () => {
  it("shows admins the month with today carrying yesterday's rate and a warning, without the form", async () => {
    const response = await page(adminCookie);
    expect(response.status).toBe(200);
    const data = (await response.json()) as {
      canEdit: boolean;
      rows: Array<{ date: string; sell: string; origin: string; carried: boolean }>;
      warning: string | null;
    };
    expect(data.canEdit).toBe(false);
    const ofToday = data.rows.find((row) => row.date === today);
    expect(ofToday).toMatchObject({ sell: "₡509,87", carried: true, origin: `Del ${ddmmyyyy(yesterday)} (Hacienda)` });
    expect(data.warning).toBe(
      `Aún no se obtuvo el tipo de cambio del ${ddmmyyyy(today)}; se usa el último conocido, del ${ddmmyyyy(yesterday)}.`,
    );
  });

  it("shows the euro beside the dollar, carried with its own warning", async () => {
    const data = (await (await page(adminCookie)).json()) as {
      euro: {
        todayRate: { buy: string; sell: string } | null;
        rows: Array<{ date: string; sell: string; origin: string; carried: boolean }>;
        warning: string | null;
      };
    };
    expect(data.euro.todayRate).toMatchObject({ buy: "₡588,21", sell: "₡588,21" });
    expect(data.euro.rows.find((row) => row.date === today)).toMatchObject({
      sell: "₡588,21",
      carried: true,
      origin: `Del ${ddmmyyyy(yesterday)} (Hacienda)`,
    });
    expect(data.euro.warning).toBe(
      `Aún no se obtuvo el tipo de cambio del ${ddmmyyyy(today)}; se usa el último conocido, del ${ddmmyyyy(yesterday)}.`,
    );
  });

  it("sends client users to /", async () => {
    const response = await page(clientCookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("refuses an admin's entry with 403 and writes nothing", async () => {
    const response = await post(adminCookie, {
      date: ddmmyyyy(today),
      buy: "504",
      sell: "510",
      reason: "Publicado tarde",
    });
    expect(response.status).toBe(403);
    expect(JSON.stringify(await response.json())).toContain(
      "Solo un superadministrador puede ingresar o corregir el tipo de cambio.",
    );
    expect(await ExchangeRate.countDocuments({ date: today })).toBe(0);
  });

  it("refuses bad input in Spanish, field by field, and writes nothing", async () => {
    const response = await post(superCookie, { date: "31/02/2026", buy: "0", sell: "abc", reason: "" });
    expect(response.status).toBe(400);
    const reply = (await response.json()) as { error: Record<string, string[]> };
    expect(reply.error.buy).toEqual(["El tipo de cambio debe estar entre ₡1 y ₡10 000."]);
    expect(reply.error.sell).toHaveLength(1);
    expect(reply.error.reason).toEqual(["Escriba el motivo del cambio (de 3 a 200 caracteres)."]);
    expect(reply.error.date).toHaveLength(1);
    expect(await ExchangeRate.countDocuments({ source: "manual" })).toBe(0);
  });

  it("lets a super admin correct a day, audited, and the page shows it", async () => {
    const response = await post(superCookie, {
      date: ddmmyyyy(yesterday),
      buy: "503,50",
      sell: "509,9",
      reason: "Corrección según el BCCR",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/exchange-rates?month=${yesterday.slice(0, 7)}`);
    const stored = await ExchangeRate.findById(`USD/${yesterday}`).lean();
    expect(stored).toMatchObject({
      source: "manual",
      history: [expect.objectContaining({ action: "update", reason: "Corrección según el BCCR" })],
    });
    const data = (await (await page(superCookie, `${PATH}?month=${yesterday.slice(0, 7)}`)).json()) as {
      canEdit: boolean;
      rows: Array<{ date: string; sell: string; origin: string }>;
      changes: Array<{ line: string }>;
    };
    expect(data.canEdit).toBe(true);
    expect(data.rows.find((row) => row.date === yesterday)).toMatchObject({
      sell: "₡509,90",
      origin: "Ingresado a mano",
    });
    expect(data.changes[0].line).toContain(
      "compra ₡503,12 → ₡503,50, venta ₡509,87 → ₡509,90 (Corrección según el BCCR)",
    );
  });

  it("lets a super admin correct the euro of a day, audited, apart from the dollar", async () => {
    const dollarBefore = await ExchangeRate.findById(`USD/${yesterday}`).lean();
    const refused = await post(superCookie, {
      currency: "GBP",
      date: ddmmyyyy(yesterday),
      buy: "588",
      sell: "588",
      reason: "Según el BCCR",
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: Record<string, string[]> }).error.currency).toEqual([
      "Elija el dólar o el euro.",
    ]);
    const response = await post(superCookie, {
      currency: "EUR",
      date: ddmmyyyy(yesterday),
      buy: "587,5",
      sell: "589,75",
      reason: "Según el BCCR",
    });
    expect(response.status).toBe(302);
    expect(await ExchangeRate.findById(`EUR/${yesterday}`).lean()).toMatchObject({
      currency: "EUR",
      source: "manual",
      history: [expect.objectContaining({ action: "update", by: expect.any(String), reason: "Según el BCCR" })],
    });
    expect(await ExchangeRate.findById(`USD/${yesterday}`).lean()).toEqual(dollarBefore);
    const data = (await (await page(adminCookie, `${PATH}?month=${yesterday.slice(0, 7)}`)).json()) as {
      euro: { rows: Array<{ date: string; sell: string; origin: string }>; changes: Array<{ line: string }> };
      changes: Array<{ line: string }>;
    };
    expect(data.euro.rows.find((row) => row.date === yesterday)).toMatchObject({
      sell: "₡589,75",
      origin: "Ingresado a mano",
    });
    expect(data.euro.changes.map((change) => change.line)).toEqual([
      expect.stringContaining("compra ₡588,21 → ₡587,50, venta ₡588,21 → ₡589,75 (Según el BCCR)"),
    ]);
    expect(data.changes.every((change) => !change.line.includes("Según el BCCR"))).toBe(true);
  });

  it("reads Costa Rican decimals, a decimal point when it is unambiguous, the colón sign and spaces", async () => {
    const twoDaysAgo = addDays(today, -2);
    const response = await post(superCookie, {
      date: ddmmyyyy(twoDaysAgo),
      buy: " ₡ 506,345 ",
      sell: "512.345",
      reason: "Publicado tarde",
    });
    expect(response.status).toBe(302);
    const stored = await ExchangeRate.findById(`USD/${twoDaysAgo}`).lean();
    expect([stored?.buy, stored?.sell].map(String)).toEqual([readRate("506.345"), readRate("512.345")].map(String));
  });

  it("refuses a rate that reads two ways, with the reason, and writes nothing", async () => {
    const threeDaysAgo = addDays(today, -3);
    const response = await post(superCookie, {
      date: ddmmyyyy(threeDaysAgo),
      buy: "1.234",
      sell: "10 000,5",
      reason: "Publicado tarde",
    });
    expect(response.status).toBe(400);
    const reply = (await response.json()) as { error: Record<string, string[]> };
    expect(reply.error.buy).toEqual([
      "«1.234» puede leerse como decimales o como miles: escriba el tipo de cambio con coma decimal y sin separar los miles, por ejemplo 512,34.",
    ]);
    expect(reply.error.sell).toEqual(["El tipo de cambio debe estar entre ₡1 y ₡10 000."]);
    expect(await ExchangeRate.countDocuments({ date: threeDaysAgo })).toBe(0);
  });

  it("ignores a month outside the accepted window and shows the current one", async () => {
    const data = (await (await page(adminCookie, `${PATH}?month=1999-01`)).json()) as { month: string };
    expect(data.month).toBe(today.slice(0, 7));
  });

  it("«Consultar ahora»: refused to an admin, fetched at once for a super admin", async () => {
    const refused = await post(adminCookie, { intent: "consultar" });
    expect(refused.status).toBe(403);
    expect(standIn.requests).toHaveLength(0);
    const response = await post(superCookie, { intent: "consultar" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/exchange-rates");
    expect(standIn.requests.map((request) => request.split("?")[0])).toEqual([
      "/indicadores/tc/dolar/historico",
      "/indicadores/tc/euro",
    ]);
    expect(await rateFetchStatus("USD")).toMatchObject({ coveredThrough: today, lastError: null });
    expect(await rateFetchStatus("EUR")).toMatchObject({ coveredThrough: today, lastError: null });
    const data = (await (await page(adminCookie)).json()) as {
      warning: string | null;
      todayRate: { sell: string };
      euro: { warning: string | null; todayRate: { sell: string } };
    };
    expect(data.warning).toBeNull();
    expect(data.todayRate.sell).toBe("₡510,10");
    expect(data.euro.warning).toBeNull();
    expect(data.euro.todayRate.sell).toBe("₡590,40");
  });
});
