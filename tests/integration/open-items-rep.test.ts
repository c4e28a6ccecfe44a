/**
 * A recibo electrónico de pago (REP) that names an open invoice is listed on the statement of
 * account; an admin registers the cobro it documents from a plain form (no JavaScript), through the
 * ledger; the same REP cannot be registered twice, nor applied to a document it does not name.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { bookMonth } from "../../app/services/booking/booking.server";
import { Counterparty } from "../../models/counterparty";
import { OpenItem } from "../../models/open-item";
import { ensureOrganization } from "../../models/organization";
import { Settlement } from "../../models/settlement";
import {
  BUSINESS_PARTIES,
  generateComprobante,
  type GeneratedDocument,
} from "../../scripts/hacienda-samples/src/generate";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";
import { FERRETERIA, importDocuments } from "./receipts-fixtures";
import * as statementRoute from "../../app/routes/_app.receivables_.$partyId";

let environment: AppEnvironment;
let admin: string;
let partyId: string;
let invoice: GeneratedDocument;
let other: GeneratedDocument;
let rep: GeneratedDocument;
const CUSTOMER = BUSINESS_PARTIES[4];

function creditSale(day: number) {
  for (let attempt = 0; ; attempt++) {
    const document = generateComprobante({
      kind: "FE",
      version: "4.4",
      currency: "CRC",
      seed: `rep-${day}-${attempt}`,
      date: `2025-04-0${day}`,
      receptor: CUSTOMER,
    });
    if (/<CondicionVenta>02<\/CondicionVenta>/.test(document.xml)) return document;
  }
}

interface PageData {
  reps: Array<{
    clave: string;
    label: string;
    isoDate: string;
    applications: Array<{ itemId: string; amountInput: string; label: string }>;
  }>;
}

const path = () => `/receivables/${partyId}?org=3101123456&from=2025-04-01&to=2025-04-30`;

async function page(): Promise<PageData> {
  const response = await respond(() =>
    statementRoute.loader({
      request: getRequest(path(), admin),
      params: { partyId },
      context: { cspNonce: "" },
    } as LoaderFunctionArgs),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as PageData;
}

function post(fields: Record<string, string>) {
  return respond(() =>
    statementRoute.action({
      request: postRequest(path(), fields, admin),
      params: { partyId },
      context: { cspNonce: "" },
    } as ActionFunctionArgs),
  );
}

/** The fields the page's REP form posts. */
function repForm(listed: PageData["reps"][number], itemIds?: string[]) {
  const fields: Record<string, string> = {
    intent: "register",
    rep: listed.clave,
    date: listed.isoDate,
    reference: listed.label,
    moneyAccount: "10-01-01-03-01",
  };
  listed.applications.forEach((application, index) => {
    fields[`items[${index}].id`] = itemIds?.[index] ?? application.itemId;
    fields[`items[${index}].selected`] = "on";
    fields[`items[${index}].amount`] = application.amountInput;
  });
  return fields;
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  admin = await sessionCookieFor((await createTestUser({ persona: "admin", orgs: { [FERRETERIA.id]: "admin" } })).id);
  invoice = creditSale(2);
  other = creditSale(3);
  rep = generateComprobante({
    kind: "REP",
    version: "4.4",
    seed: "rep-payment",
    date: "2025-04-20",
    receptor: CUSTOMER,
    reference: { clave: invoice.clave, fechaEmision: invoice.fechaEmision, kind: "FE" },
  });
  await importDocuments([invoice, other, rep]);
  await bookMonth(FERRETERIA.id, "2025-04", { by: "rep-test" });
  partyId = String(
    (await Counterparty.findOne({ organizationId: FERRETERIA.id, cedula: CUSTOMER.identificacion.numero }).lean())!._id,
  );
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

async function itemOf(document: GeneratedDocument) {
  return (await OpenItem.findOne({ organizationId: FERRETERIA.id, key: document.clave }).lean())!;
}

describe("settling from a REP", () => {
  it("lists the REP with the invoice it names, and refuses it applied to another document", async () => {
    const data = await page();
    expect(data.reps).toHaveLength(1);
    const [listed] = data.reps;
    expect(listed.clave).toBe(rep.clave);
    expect(listed.label).toBe(`REP ${rep.consecutivo}`);
    expect(listed.applications.map((application) => application.itemId)).toEqual([String((await itemOf(invoice))._id)]);

    const wrong = await post(repForm(listed, [String((await itemOf(other))._id)]));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      intent: "rep",
      error: `El recibo electrónico de pago no menciona FE ${other.consecutivo}.`,
    });
    expect(await Settlement.countDocuments({ organizationId: FERRETERIA.id, kind: "cobro" })).toBe(0);
  });

  it("registers the cobro the REP documents through the ledger, once", async () => {
    const before = await itemOf(invoice);
    const [listed] = (await page()).reps;
    const response = await post(repForm(listed));
    expect(response.status).toBe(302);
    const settlement = (await Settlement.findOne({ organizationId: FERRETERIA.id, kind: "cobro" }).lean())!;
    expect(settlement).toMatchObject({ repKey: rep.clave, date: "2025-04-20", reference: `REP ${rep.consecutivo}` });
    expect(settlement.entryNumber).toMatch(/^2025-\d{6}$/);
    const applied = -BigInt(settlement.lines[0].delta);
    expect(applied).toBeGreaterThan(0n);
    expect(BigInt((await itemOf(invoice)).balance)).toBe(BigInt(before.balance) - applied);
    expect((await page()).reps).toEqual([]);

    const again = await post(repForm(listed));
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe(
      "Ese recibo electrónico de pago ya tiene su cobro o pago registrado.",
    );
    expect(await Settlement.countDocuments({ organizationId: FERRETERIA.id, kind: "cobro" })).toBe(1);
  });

  it("lists the REP again once its cobro is undone", async () => {
    const settlement = (await Settlement.findOne({ organizationId: FERRETERIA.id, kind: "cobro" }).lean())!;
    const undo = await post({ intent: "undo", settlementId: String(settlement._id), date: "30/04/2025" });
    expect(undo.status).toBe(302);
    expect((await page()).reps.map((listed) => listed.clave)).toEqual([rep.clave]);
  });

  it("refuses a REP clave that is not one of the organization's issued REPs", async () => {
    const [listed] = (await page()).reps;
    const response = await post({ ...repForm(listed), rep: invoice.clave });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(
      "El recibo electrónico de pago no está entre los comprobantes de esta cuenta.",
    );
  });
});
