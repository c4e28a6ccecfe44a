/**
 * An invoice in dollars starts with the day's reference sell rate (docs/domain/exchange-rates.md §4): the
 * page offers it, a form posted without JavaScript and a blank TipoCambio gets it, a typed rate is kept,
 * and a received document keeps its own rate.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInCostaRica } from "../../app/domain/calendar";
import { readRate } from "../../app/domain/exchange-rates";
import { action, loader } from "../../app/routes/_app.admin.invoice.($invoiceID)";
import { InvoiceDraftModel } from "../../models/invoice-draft";
import { storeFetchedRates } from "../../models/exchange-rate";
import { ensureOrganization } from "../../models/organization";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateComprobante,
} from "../../scripts/hacienda-samples/src/generate";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";
import { importDocuments } from "./receipts-fixtures";
import { findReceipt, Receipt } from "../../models/receipt";

const FERRETERIA = "CR:3101123456";
const PATH = "/admin/invoice?org=3101123456";
const context = { cspNonce: "" };
let environment: AppEnvironment;
let admin: string;

const FACTURA_USD: Record<string, string> = {
  kind: "FE",
  receptorTipo: "02",
  receptorNumero: "3101456789",
  receptorNombre: "Distribuidora La Sabana S.A.",
  condicionVenta: "01",
  mediosPago: "04",
  moneda: "USD",
  tipoCambio: "",
  "lines[0].cabys": "4299900000000",
  "lines[0].cantidad": "1",
  "lines[0].unidadMedida": "Unid",
  "lines[0].detalle": "Martillo de uña 16 oz",
  "lines[0].precioUnitario": "100",
  "lines[0].codigoTarifaIVA": "08",
};

async function post(fields: Record<string, string>) {
  return respond(() => action({ request: postRequest(PATH, fields, admin), params: {}, context }));
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS.slice(0, 2)) await ensureOrganization(organization);
  const user = await createTestUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } });
  admin = await sessionCookieFor(user.id);
  const today = todayInCostaRica(new Date());
  await storeFetchedRates(
    "USD",
    "bccr",
    [{ date: today, buy: readRate("503.12")!, sell: readRate("509.87")! }],
    new Date(),
  );
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

describe("TipoCambio of an invoice in dollars", () => {
  it("offers the day's sell rate on the form", async () => {
    const response = await respond(() => loader({ request: getRequest(PATH, admin), params: {}, context }));
    const data = (await response.json()) as { exchangeRate: { text: string; hint: string; warning: string | null } };
    const day = todayInCostaRica(new Date()).split("-").reverse().join("/");
    expect(data.exchangeRate).toEqual({
      currency: "USD",
      text: "509,87",
      hint: `Venta de referencia del ${day}: ₡509,87`,
      warning: null,
    });
  });

  it("fills a blank TipoCambio when the form is posted without JavaScript, and shows it back", async () => {
    const response = await post({ ...FACTURA_USD, intent: "recalcular" });
    expect(response.status).toBe(200);
    const reply = (await response.json()) as {
      initialValue: Record<string, unknown>;
      totals: { rows: unknown } | null;
    };
    expect(reply.initialValue.tipoCambio).toBe("509,87");
    expect(reply.totals).not.toBeNull();
    const saved = await post({ ...FACTURA_USD, intent: "guardar" });
    expect(saved.status).toBe(302);
    const draft = await InvoiceDraftModel.findOne().sort({ _id: -1 }).lean();
    expect(String((draft as unknown as { draft: { tipoCambio: string } }).draft.tipoCambio)).toBe("509.87000");
  });

  it("keeps the rate the user typed", async () => {
    const response = await post({ ...FACTURA_USD, tipoCambio: "515,5", intent: "recalcular" });
    const reply = (await response.json()) as { initialValue: Record<string, unknown> };
    expect(reply.initialValue.tipoCambio).toBe("515,5");
  });

  it("leaves an invoice in colones without a rate", async () => {
    const response = await post({ ...FACTURA_USD, moneda: "CRC", intent: "recalcular" });
    const reply = (await response.json()) as { initialValue: Record<string, unknown> };
    expect(reply.initialValue.tipoCambio ?? "").toBe("");
  });

  it("keeps a received document's own TipoCambio", async () => {
    const received = generateComprobante({
      kind: "FE",
      version: "4.4",
      seed: "invoice-rate-received",
      emisor: BUSINESS_PARTIES[1],
      receptor: FERRETERIA_EL_CLAVO,
      date: todayInCostaRica(new Date()),
      currency: "USD",
      tipoCambio: "498.25",
    });
    await importDocuments([received]);
    const stored = await Receipt.findOne({ clave: received.clave }).lean();
    const receipt = await findReceipt(FERRETERIA, String(stored!._id));
    expect(receipt!.moneda).toBe("USD");
    expect(String(receipt!.tipoCambio)).toBe(String(readRate("498.25")));
  });
});
