/**
 * A month liquidated before the app kept declarations has a settlement entry and no declaration
 * (decision 239): the IVA page says so and «Registrar declaración» records it from the entry, after
 * which late documents show the declaration desactualizada and «Rectificar» posts the difference.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstDayOfMonth, lastDayOfMonth } from "../../app/domain/calendar";
import { bookMonth } from "../../app/services/booking/booking.server";
import { getDefaultAccounts } from "../../app/services/default-accounts/default-accounts.server";
import { sourceTotalsBetween, verifyLedger } from "../../app/services/ledger/ledger.server";
import { loadVatPage } from "../../app/services/vat/vat-page.server";
import { recordDeclarationFromEntry } from "../../app/services/vat/vat-declaration-from-entry.server";
import { rectifyVat, settleVat } from "../../app/services/vat/vat-settlement.server";
import { ensureOrganization } from "../../models/organization";
import { currentDeclaration, VatDeclaration, type VatDeclarationRecord } from "../../models/vat-declaration";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateComprobante,
  type GeneratedDocument,
} from "../../scripts/hacienda-samples/src/generate";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";
import { FERRETERIA, importDocuments } from "./receipts-fixtures";

const MONTH = "2025-10";
const actor = { by: String(new Types.ObjectId()) };
let environment: AppEnvironment;
let cookie = "";
let original: VatDeclarationRecord;

function document(seed: string, date: string, purchase: boolean): GeneratedDocument {
  for (let attempt = 0; ; attempt++) {
    const generated = generateComprobante({
      kind: "FE",
      version: "4.4",
      currency: "CRC",
      seed: `from-entry-${seed}-${attempt}`,
      date,
      ...(purchase ? { emisor: BUSINESS_PARTIES[0], receptor: FERRETERIA_EL_CLAVO } : {}),
    });
    if (!/<CondicionVenta>10<\/CondicionVenta>/.test(generated.xml)) return generated;
  }
}

const route = async () =>
  (await import("../../app/routes/_app.admin.vat")) as { action: (args: ActionFunctionArgs) => Promise<unknown> };
async function register(month = MONTH) {
  const { action } = await route();
  const request = postRequest(`/admin/vat?org=${FERRETERIA.cedula}&month=${month}`, { intent: "registrar" }, cookie);
  return respond(() => action({ request, params: {}, context: { cspNonce: "" } }));
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  cookie = await sessionCookieFor((await createTestUser({ persona: "admin", orgs: { [FERRETERIA.id]: "admin" } })).id);
  await importDocuments([
    document("venta", "2025-10-03", false),
    document("compra-1", "2025-10-06", true),
    document("compra-2", "2025-10-09", true),
  ]);
  await bookMonth(FERRETERIA.id, MONTH, actor);
  const settled = await settleVat(FERRETERIA.id, MONTH, actor);
  expect(settled.ok, JSON.stringify(settled)).toBe(true);
  // The month as it was liquidated before declarations were kept: the entry stands, no declaration.
  original = (await currentDeclaration(FERRETERIA.id, MONTH))!;
  await VatDeclaration.deleteMany({ organizationId: FERRETERIA.id, month: MONTH });
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

describe("a month liquidated before declarations were kept", () => {
  it("the IVA page shows the settlement with no declaration, and offers to record it", async () => {
    const page = await loadVatPage(FERRETERIA.id, MONTH, null);
    expect(page.settlement?.number).toBe(original.entryNumber);
    expect(page.declaration).toBeNull();
    expect(page.undeclared).toBe(true);
  });

  it("«Registrar declaración» records it from the entry: the same figures, documents and accounts", async () => {
    const response = await register();
    expect(response.status).toBe(302);
    const recorded = await currentDeclaration(FERRETERIA.id, MONTH);
    expect(recorded).toMatchObject({ version: 1, status: "vigente", fromEntry: true, by: expect.any(String) });
    expect(recorded!.entryId).toBe(original.entryId);
    expect(recorded!.totals).toEqual(original.totals);
    expect(recorded!.accounts).toEqual(expect.arrayContaining(original.accounts));
    expect(recorded!.accounts).toHaveLength(original.accounts.length);
    expect(recorded!.receipts.map((row) => row.clave).sort()).toEqual(original.receipts.map((row) => row.clave).sort());
    const page = await loadVatPage(FERRETERIA.id, MONTH, null);
    expect(page.undeclared).toBe(false);
    expect(page.declaration).toMatchObject({ fromEntry: true, stale: false });
  });

  it("is refused once recorded (409) and for a month that is not liquidated (404), writing nothing", async () => {
    const before = await VatDeclaration.countDocuments({ organizationId: FERRETERIA.id });
    const again = await register();
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: "La declaración de octubre de 2025 ya está registrada." });
    expect((await register("2025-09")).status).toBe(404);
    expect(await recordDeclarationFromEntry(FERRETERIA.id, "2025-09", actor)).toMatchObject({
      ok: false,
      refusals: [{ kind: "not-found" }],
    });
    expect(await VatDeclaration.countDocuments({ organizationId: FERRETERIA.id })).toBe(before);
  });

  it("a document that arrives later shows it desactualizada, and «Rectificar» posts only the difference", async () => {
    const late = document("tardia", "2025-10-28", false);
    await importDocuments([late]);
    await bookMonth(FERRETERIA.id, MONTH, actor);
    const stale = await loadVatPage(FERRETERIA.id, MONTH, null);
    expect(stale.declaration?.stale).toBe(true);
    expect(stale.declaration?.arrived.map((receipt) => receipt.consecutivo)).toEqual([late.consecutivo]);

    const rectified = await rectifyVat(FERRETERIA.id, MONTH, actor);
    expect(rectified).toMatchObject({ ok: true, version: 2 });
    const latest = await currentDeclaration(FERRETERIA.id, MONTH);
    const moved = await sourceTotalsBetween(
      FERRETERIA.id,
      { kind: "iva" },
      firstDayOfMonth(MONTH),
      lastDayOfMonth(MONTH),
    );
    // What the entry and the rectification moved on each account is the latest declaration.
    const accounts = await getDefaultAccounts(FERRETERIA.id);
    for (const account of new Set([
      ...Object.values(accounts.ivaDebitByRate),
      ...Object.values(accounts.ivaCreditByRate),
    ])) {
      const totals = moved.get(account);
      const expected = BigInt(latest!.accounts.find((row) => row.account === account)?.amount ?? "0");
      expect(totals ? totals.debit - totals.credit : 0n, account).toBe(expected);
    }
    expect((await loadVatPage(FERRETERIA.id, MONTH, null)).declaration?.stale).toBe(false);
    expect(await verifyLedger(FERRETERIA.id)).toEqual([]);
  });
});
