import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/_app.admin.invoice.($invoiceID)";
import { loader as pdfLoader } from "../../app/routes/_app.admin.invoice_.$invoiceID.pdf";
import { INVOICE_FORM_MESSAGES } from "../../app/domain/invoicing/form";
import { DRAFT_MESSAGES } from "../../app/services/invoicing/drafts.server";
import { InvoiceDraftModel } from "../../models/invoice-draft";
import { ensureOrganization } from "../../models/organization";
import { Receipt, receiptXmlBytes } from "../../models/receipt";
import { configureDemoIssuer } from "../../scripts/seed-demo-issuer";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { readPdfText } from "../support/pdf-tools";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const FERRETERIA = "CR:3101123456";
const SODA = "CR:3102654321";
const context = { cspNonce: "" };
let environment: AppEnvironment;
let admin: string;
let sodaAdmin: string;

const FACTURA: Record<string, string> = {
  kind: "FE",
  receptorTipo: "02",
  receptorNumero: "3101456789",
  receptorNombre: "Distribuidora La Sabana S.A.",
  receptorCorreo: "facturas@lasabana.cr",
  condicionVenta: "01",
  mediosPago: "04",
  moneda: "CRC",
  "lines[0].cabys": "4299900000000",
  "lines[0].cantidad": "2",
  "lines[0].unidadMedida": "Unid",
  "lines[0].detalle": "Martillo de uña 16 oz",
  "lines[0].precioUnitario": "8500",
  "lines[0].codigoTarifaIVA": "08",
  "lines[1].cabys": "2392000000100",
  "lines[1].cantidad": "3",
  "lines[1].unidadMedida": "Unid",
  "lines[1].detalle": "Arroz 1 kg",
  "lines[1].precioUnitario": "1200",
  "lines[1].codigoTarifaIVA": "02",
};

async function post(path: string, fields: Record<string, string>, params: Record<string, string> = {}, cookie = admin) {
  return respond(() => action({ request: postRequest(path, fields, cookie), params, context }));
}

async function get(path: string, params: Record<string, string> = {}, cookie = admin) {
  return respond(() => loader({ request: getRequest(path, cookie), params, context }));
}

const draftCount = () => InvoiceDraftModel.countDocuments();

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS.slice(0, 2)) await ensureOrganization(organization);
  const user = await createTestUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } });
  const other = await createTestUser({ persona: "admin", orgs: { [SODA]: "admin" } });
  await configureDemoIssuer({ organizationId: FERRETERIA, userId: user.id });
  admin = await sessionCookieFor(user.id);
  sodaAdmin = await sessionCookieFor(other.id);
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

describe("/admin/invoice", () => {
  it("refuses a line with a short CABYS and no price with Spanish messages, writing nothing", async () => {
    const before = await draftCount();
    const response = await post("/admin/invoice?org=3101123456", {
      ...FACTURA,
      intent: "guardar",
      "lines[0].cabys": "123",
      "lines[0].precioUnitario": "",
    });
    expect(response.status).toBe(400);
    const reply = await response.json();
    expect(reply.error["lines[0].cabys"]).toEqual([INVOICE_FORM_MESSAGES.cabys]);
    expect(reply.error["lines[0].precioUnitario"]).toEqual([INVOICE_FORM_MESSAGES.precio]);
    expect(await draftCount()).toBe(before);
  });

  it("recalculates the totals without saving anything", async () => {
    const before = await draftCount();
    const response = await post("/admin/invoice?org=3101123456", { ...FACTURA, intent: "recalcular" });
    expect(response.status).toBe(200);
    const reply = await response.json();
    const total = reply.totals.rows.at(-1);
    expect(total.label).toBe("Total del comprobante");
    expect(total.amount.replace(/\s/g, " ")).toBe("₡22 846,00");
    expect(await draftCount()).toBe(before);
  });

  it("adds a line row without judging or saving («Agregar línea» without JavaScript)", async () => {
    const before = await draftCount();
    const response = await post("/admin/invoice?org=3101123456", {
      ...FACTURA,
      __intent__: JSON.stringify({ type: "insert", payload: { name: "lines" } }),
    });
    expect(response.status).toBe(200);
    const reply = await response.json();
    expect(reply.initialValue.lines).toHaveLength(3);
    expect(await draftCount()).toBe(before);
  });

  it("saves a borrador, issues it, then refuses to change it", async () => {
    const saved = await post("/admin/invoice?org=3101123456", { ...FACTURA, intent: "guardar" });
    expect(saved.status).toBe(302);
    const location = saved.headers.get("Location")!;
    const id = /\/admin\/invoice\/([0-9a-f]{24})/.exec(location)![1];
    const page = await (await get(`/admin/invoice/${id}?org=3101123456`, { invoiceID: id })).json();
    expect(page.draft).toEqual({ id, state: "borrador", kindLabel: "Factura electrónica", stateLabel: "borrador" });

    const issued = await post(
      `/admin/invoice/${id}?org=3101123456`,
      { ...FACTURA, intent: "emitir" },
      { invoiceID: id },
    );
    expect(issued.status).toBe(302);
    const view = await (await get(`/admin/invoice/${id}?org=3101123456`, { invoiceID: id })).json();
    expect(view.draft.state).toBe("emitido");
    expect(view.issued).toMatchObject({ statusLabel: "Firmado" });
    expect(view.issued.consecutivo).toMatch(/^0010000101\d{10}$/);

    const receipts = await Receipt.countDocuments();
    const again = await post(
      `/admin/invoice/${id}?org=3101123456`,
      { ...FACTURA, intent: "emitir" },
      { invoiceID: id },
    );
    expect(again.status).toBe(409);
    expect((await again.json()).error[""]).toEqual([DRAFT_MESSAGES.issued]);
    expect(await Receipt.countDocuments()).toBe(receipts);

    const pdf = await respond(() =>
      pdfLoader({
        request: getRequest(`/admin/invoice/${id}/pdf?org=3101123456`, admin),
        params: { invoiceID: id },
        context,
      }),
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toContain("application/pdf");
    expect(readPdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain(view.issued.clave);

    // The receptor of the issued invoice is now a counterparty the search finds.
    const search = await (await get("/admin/invoice?org=3101123456&buscar=sabana")).json();
    expect(search.search.results).toContainEqual(
      expect.objectContaining({ nombre: "Distribuidora La Sabana S.A.", numero: "3101456789", tipo: "02" }),
    );
    const prefilled = await (await get("/admin/invoice?org=3101123456&receptor=3101456789")).json();
    expect(prefilled.defaults).toMatchObject({ receptorNombre: "Distribuidora La Sabana S.A.", receptorTipo: "02" });
  });

  it("splits the total between two payment methods, and refuses a split that is missing or does not add up", async () => {
    const { mediosPago: _single, ...rest } = FACTURA;
    const split = { ...rest, "mediosPago[0]": "01", "mediosPago[1]": "04" };
    const before = await draftCount();
    const missing = await post("/admin/invoice?org=3101123456", {
      ...split,
      intent: "guardar",
      "montosMedioPago.01": "846",
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error["montosMedioPago.04"]).toEqual([
      INVOICE_FORM_MESSAGES.montoMedioPago("Transferencia o depósito bancario"),
    ]);
    expect(await draftCount()).toBe(before);

    // A borrador may keep an unfinished split; issuing it is refused, with the sums, and issues nothing.
    const wrongSplit = { ...split, "montosMedioPago.01": "846", "montosMedioPago.04": "20000" };
    const unfinished = await post("/admin/invoice?org=3101123456", { ...wrongSplit, intent: "guardar" });
    expect(unfinished.status).toBe(302);
    const unfinishedId = /\/admin\/invoice\/([0-9a-f]{24})/.exec(unfinished.headers.get("Location")!)![1];
    const receipts = await Receipt.countDocuments();
    const refused = await post(
      `/admin/invoice/${unfinishedId}?org=3101123456`,
      { ...wrongSplit, intent: "emitir" },
      { invoiceID: unfinishedId },
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).error[""]).toEqual([
      expect.stringContaining(
        "Los montos de los medios de pago suman ₡20\u00a0846,00 pero el total del comprobante es ₡22\u00a0846,00",
      ),
    ]);
    expect(await Receipt.countDocuments()).toBe(receipts);

    const saved = await post("/admin/invoice?org=3101123456", {
      ...split,
      intent: "guardar",
      "montosMedioPago.01": "846",
      "montosMedioPago.04": "22 000,00",
    });
    expect(saved.status).toBe(302);
    const id = /\/admin\/invoice\/([0-9a-f]{24})/.exec(saved.headers.get("Location")!)![1];
    const page = await (await get(`/admin/invoice/${id}?org=3101123456`, { invoiceID: id })).json();
    expect(page.defaults).toMatchObject({
      mediosPago: ["01", "04"],
      montosMedioPago: { "01": "846,00", "04": "22000,00" },
    });
    const issued = await post(
      `/admin/invoice/${id}?org=3101123456`,
      { ...split, intent: "emitir", "montosMedioPago.01": "846", "montosMedioPago.04": "22000" },
      { invoiceID: id },
    );
    expect(issued.status).toBe(302);
    const receipt = await Receipt.findOne({ direction: "issued" }).sort({ _id: -1 }).lean();
    const xml = receiptXmlBytes(receipt!.xml).toString("utf8");
    expect(xml).toMatch(
      /<MedioPago>\s*<TipoMedioPago>01<\/TipoMedioPago>\s*<TotalMedioPago>846\.00000<\/TotalMedioPago>\s*<\/MedioPago>\s*<MedioPago>\s*<TipoMedioPago>04<\/TipoMedioPago>\s*<TotalMedioPago>22000\.00000<\/TotalMedioPago>/,
    );
  });

  it("answers another organization's draft, an unknown id and a borrador's PDF with 404", async () => {
    const saved = await post("/admin/invoice?org=3101123456", { ...FACTURA, intent: "guardar" });
    const id = /\/admin\/invoice\/([0-9a-f]{24})/.exec(saved.headers.get("Location")!)![1];
    expect((await get(`/admin/invoice/${id}?org=3102654321`, { invoiceID: id }, sodaAdmin)).status).toBe(404);
    expect((await post(`/admin/invoice/${id}?org=3102654321`, FACTURA, { invoiceID: id }, sodaAdmin)).status).toBe(404);
    expect((await get("/admin/invoice/nada?org=3101123456", { invoiceID: "nada" })).status).toBe(404);
    const pdf = await respond(() =>
      pdfLoader({
        request: getRequest(`/admin/invoice/${id}/pdf?org=3101123456`, admin),
        params: { invoiceID: id },
        context,
      }),
    );
    expect(pdf.status).toBe(404);
  });
});
