/**
 * Open documents in dollars in the month-end revaluation (decision 300): listed per counterparty at
 * the closing rate, and the control account's line is exactly the sum of the documents' differences
 * less what earlier months left standing — before and after posting, across a payment and a reversal.
 */
import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarDate, MonthKey } from "../../app/domain/calendar";
import { foreignToColones, readRate, type ControlRevaluation } from "../../app/domain/exchange-rates";
import { cents } from "../../app/domain/money";
import { bookMonth } from "../../app/services/booking/booking.server";
import { getDefaultAccounts } from "../../app/services/default-accounts/default-accounts.server";
import { verifyLedger } from "../../app/services/ledger/ledger.server";
import { registerPayment } from "../../app/services/open-items/payments.server";
import {
  postRevaluation,
  revaluationReport,
  reverseRevaluation,
} from "../../app/services/revaluation/revaluation.server";
import { Counterparty } from "../../models/counterparty";
import { storeFetchedRates } from "../../models/exchange-rate";
import { OpenItem, storedBigInt } from "../../models/open-item";
import { ensureOrganization } from "../../models/organization";
import { BUSINESS_PARTIES, generateComprobante } from "../../scripts/hacienda-samples/src/generate";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { FERRETERIA, importDocuments } from "./receipts-fixtures";
import { getRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";
import * as differencePage from "../../app/routes/_app.admin.exchange-difference";
import type { LoaderFunctionArgs } from "@remix-run/node";

const MARCH = "2025-03" as MonthKey;
const APRIL = "2025-04" as MonthKey;
const actor = { by: "revaluation-open-items-test" };
let environment: AppEnvironment;
let partyId: string;
let control: string;

function creditSale(seed: number, currency: "CRC" | "USD", tipoCambio?: string) {
  for (let attempt = 0; ; attempt++) {
    const document = generateComprobante({
      kind: "FE",
      version: "4.4",
      currency,
      ...(tipoCambio ? { tipoCambio } : {}),
      seed: `revaluation-items-${seed}-${attempt}`,
      date: `${MARCH}-0${seed}`,
      receptor: BUSINESS_PARTIES[3],
    });
    if (/<CondicionVenta>02<\/CondicionVenta>/.test(document.xml)) return document;
  }
}

async function usdItems() {
  const rows = await OpenItem.find({
    organizationId: FERRETERIA.id,
    partyId: new Types.ObjectId(partyId),
    currency: "USD",
  })
    .sort({ fecha: 1 })
    .lean();
  return rows.map((row) => ({
    id: String(row._id),
    balance: storedBigInt(row.balance),
    dollars: storedBigInt(row.foreignBalance),
  }));
}

/** The invariant: the control account's line is Σ of its documents' differences less what stands from before. */
async function reportOf(month: MonthKey) {
  const report = await revaluationReport(FERRETERIA.id, month, "sell");
  const clientes = report.items.find((entry) => entry.account === control) as ControlRevaluation;
  const line = report.plan!.lines.find((entry) => entry.account === control)!;
  expect(clientes.items.reduce((sum, item) => sum + item.difference, 0n) - clientes.prior).toBe(clientes.difference);
  expect(line.difference).toBe(clientes.difference);
  expect(line.after).toBe(clientes.items.reduce((sum, item) => sum + item.after, 0n));
  return { report, clientes, line };
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  await importDocuments([creditSale(2, "USD", "505.00"), creditSale(3, "USD", "512.345"), creditSale(5, "CRC")]);
  await bookMonth(FERRETERIA.id, MARCH, actor);
  partyId = String(
    (await Counterparty.findOne({
      organizationId: FERRETERIA.id,
      cedula: BUSINESS_PARTIES[3].identificacion.numero,
    }).lean())!._id,
  );
  control = (await getDefaultAccounts(FERRETERIA.id)).receivable;
  const day = (date: string, buy: string, sell: string) => ({
    date: date as CalendarDate,
    buy: readRate(buy)!,
    sell: readRate(sell)!,
  });
  await storeFetchedRates(
    "USD",
    "hacienda",
    [day("2025-03-31", "504", "510"), day("2025-04-15", "507", "513"), day("2025-04-30", "509", "515")],
    new Date(),
  );
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

describe("open documents in dollars in the month-end revaluation", () => {
  it("lists March's documents at ₡510,00 and revalues clientes (kept in colones) by their sum", async () => {
    const [first, second] = await usdItems();
    const { clientes, line } = await reportOf(MARCH);
    expect(clientes.prior).toBe(0n);
    const expected = [first, second].map((item) => foreignToColones(item.dollars, readRate("510")!) - item.balance);
    expect(clientes.items.map((item) => item.difference).sort()).toEqual(expected.sort());
    expect(clientes.items.every((item) => item.partyName !== "" && item.label.startsWith("FE "))).toBe(true);
    expect(line.foreign).toBe(first.dollars + second.dollars);
  });

  it("shows them on «Diferencial cambiario», per counterparty, with the month's line of clientes", async () => {
    const admin = await sessionCookieFor(
      (await createTestUser({ persona: "admin", orgs: { [FERRETERIA.id]: "admin" } })).id,
    );
    const response = await respond(() =>
      differencePage.loader({
        request: getRequest(`/admin/exchange-difference?org=3101123456&month=${MARCH}`, admin),
        params: {},
        context: { cspNonce: "" },
      } as LoaderFunctionArgs),
    );
    expect(response.status).toBe(200);
    const data = (await response.json()) as {
      openItems: Array<{ code: string; rows: Array<{ document: string; rate: string }>; difference: string }>;
      plan: { rows: Array<{ code: string; difference: string }> };
    };
    const clientes = data.openItems.find((entry) => entry.code === control)!;
    expect(clientes.rows).toHaveLength(2);
    expect(clientes.rows.every((row) => row.rate === "₡510,00")).toBe(true);
    expect(data.plan.rows.find((row) => row.code === control)!.difference).toBe(clientes.difference);
  });

  it("posts March once; the report reads the same afterwards", async () => {
    const before = await reportOf(MARCH);
    const posted = await postRevaluation(FERRETERIA.id, MARCH, "sell", actor);
    expect(posted.ok).toBe(true);
    const after = await reportOf(MARCH);
    expect(after.clientes.difference).toBe(before.clientes.difference);
    expect(after.report.posted).not.toBeNull();
    expect(await verifyLedger(FERRETERIA.id)).toEqual([]);
  });

  it("in April, after part of a document is collected, books only April's change; a reversed March stands no more", async () => {
    const [, second] = await usdItems();
    const paid = await registerPayment(
      FERRETERIA.id,
      "receivable",
      partyId,
      {
        date: "2025-04-15" as CalendarDate,
        moneyAccount: "10-01-01-03-01",
        applications: [{ itemId: second.id, amount: cents(5_000n) }],
      },
      actor,
    );
    expect(paid.ok).toBe(true);
    const march = await reportOf(MARCH);
    const april = await reportOf(APRIL);
    expect(april.clientes.prior).toBe(march.clientes.difference);
    const [first, rest] = await usdItems();
    expect(rest.dollars).toBe(second.dollars - readRate("50")!);
    const sinceBooked = [first, rest].map((item) => foreignToColones(item.dollars, readRate("515")!) - item.balance);
    expect(april.clientes.itemsDifference).toBe(sinceBooked[0] + sinceBooked[1]);

    // March's documents as they stood on the 31st: the April payment does not change them.
    expect(march.clientes.dollars).toBe(first.dollars + second.dollars);

    expect((await reverseRevaluation(FERRETERIA.id, MARCH, actor)).ok).toBe(true);
    expect((await reportOf(APRIL)).clientes.prior).toBe(0n);
    expect(await verifyLedger(FERRETERIA.id)).toEqual([]);
  });
});
