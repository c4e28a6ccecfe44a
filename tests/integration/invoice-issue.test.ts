import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeXmlBytes, parseComprobante } from "../../app/domain/hacienda";
import { createDraft, loadDraft } from "../../app/services/invoicing/drafts.server";
import { ISSUE_MESSAGES, issueInvoice } from "../../app/services/invoicing/issue-invoice.server";
import { ISSUER_NOT_READY } from "../../app/services/issuer/issuer-settings.server";
import { HaciendaSubmission } from "../../models/hacienda-submission";
import { insertInvoiceDraft } from "../../models/invoice-draft";
import { ensureOrganization } from "../../models/organization";
import { Receipt, findReceipt } from "../../models/receipt";
import { ReceiptBooking } from "../../models/receipt-booking";
import { currentSequenceValue } from "../../models/sequence";
import { configureDemoIssuer } from "../../scripts/seed-demo-issuer";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { createTestUser } from "../support/users";
import { facturaForm } from "../support/invoice-form";

const FERRETERIA = "CR:3101123456";
const SODA = "CR:3102654321";
let environment: AppEnvironment;
let adminId: string;

const factura = (overrides: Record<string, unknown> = {}) => facturaForm({ hammers: 2, rice: 3 }, overrides);

async function newDraft(organizationId = FERRETERIA, overrides: Record<string, unknown> = {}): Promise<string> {
  const outcome = await createDraft(organizationId, adminId, factura(overrides));
  if (!outcome.ok) throw new Error(outcome.refusals.map((r) => r.message).join(" "));
  return outcome.draft.id;
}

// The demo issuer numbers at sucursal 001, terminal 00001.
const counter = (kind: string) => currentSequenceValue(FERRETERIA, `consecutivo-${kind}-001-00001`);

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS.slice(0, 2)) await ensureOrganization(organization);
  adminId = (await createTestUser({ persona: "admin", orgs: { [FERRETERIA]: "admin", [SODA]: "admin" } })).id;
  await configureDemoIssuer({ organizationId: FERRETERIA, userId: adminId });
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

describe("issueInvoice", () => {
  let facturaId: string;
  let facturaClave: string;

  it("numbers, signs, stores, books and queues a factura with lines at 13 % and 1 %", async () => {
    const draftId = await newDraft();
    const outcome = await issueInvoice(FERRETERIA, draftId, adminId, { organizationCedula: "3101123456" });
    if (!outcome.ok) throw new Error(outcome.refusals.map((r) => r.message).join(" "));
    expect(outcome.consecutivo).toBe("00100001010000000001");
    expect(outcome.clave).toMatch(/^506\d{6}003101123456001000010100000000011\d{8}$/);
    expect(outcome.booking.kind).toBe("contabilizado");

    const receipt = await findReceipt(FERRETERIA, outcome.receiptId);
    expect(receipt).toMatchObject({
      kind: "FE",
      direction: "issued",
      clave: outcome.clave,
      warnings: [],
      arrivedBy: "issued",
    });
    // 2 × 8 500 at 13 % + 3 × 1 200 at 1 %: 17 000 + 2 210 + 3 600 + 36.
    expect(receipt!.totals.totalComprobante).toBe(2_284_600_000n);
    const xml = decodeXmlBytes(receipt!.xml);
    expect(xml).toContain("<ds:Signature");
    const reparsed = parseComprobante(xml);
    expect(reparsed.ok && reparsed.warnings).toEqual([]);

    expect(await ReceiptBooking.countDocuments({ organizationId: FERRETERIA, receiptId: receipt!._id })).toBe(1);
    const submissions = await HaciendaSubmission.find({ organizationId: FERRETERIA, receiptId: outcome.receiptId });
    expect(submissions.map((s) => [s.document, s.state])).toEqual([["comprobante", "firmado"]]);
    expect((await loadDraft(FERRETERIA, draftId))?.state).toBe("emitido");
    facturaId = outcome.receiptId;
    facturaClave = outcome.clave;
  });

  it("refuses to issue the same draft twice, consuming no number", async () => {
    const draftId = await newDraft();
    const first = await issueInvoice(FERRETERIA, draftId, adminId);
    expect(first.ok ? [] : first.refusals).toEqual([]);
    const again = await issueInvoice(FERRETERIA, draftId, adminId);
    expect(again).toEqual({ ok: false, refusals: [{ message: ISSUE_MESSAGES.alreadyIssued }] });
    expect(await counter("FE")).toBe(2);
  });

  it("gives two concurrent Emitir of different drafts consecutive numbers", async () => {
    const [a, b] = [await newDraft(), await newDraft()];
    const outcomes = await Promise.all([issueInvoice(FERRETERIA, a, adminId), issueInvoice(FERRETERIA, b, adminId)]);
    const numbers = outcomes.map((outcome) => (outcome.ok ? outcome.consecutivo.slice(10) : "refused")).sort();
    expect(numbers).toEqual(["0000000003", "0000000004"]);
  });

  it("issues a draft once when Emitir is pressed twice at the same time", async () => {
    const draftId = await newDraft();
    const outcomes = await Promise.all([
      issueInvoice(FERRETERIA, draftId, adminId),
      issueInvoice(FERRETERIA, draftId, adminId),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.ok)).toEqual({
      ok: false,
      refusals: [{ message: ISSUE_MESSAGES.alreadyIssued }],
    });
    expect(await counter("FE")).toBe(5);
    expect(await Receipt.countDocuments({ organizationId: FERRETERIA, kind: "FE" })).toBe(5);
  });

  it("aborts everything when the XML fails the schema: no receipt, no entry, no queue, the number is reused", async () => {
    // The form would refuse this name (over 100 characters); stored directly, the schema catches it.
    const base = (await loadDraft(FERRETERIA, await newDraft()))!.draft;
    const long = await insertInvoiceDraft(
      FERRETERIA,
      { ...base, receptor: { nombre: "N".repeat(120), identificacion: { tipo: "02", numero: "3101456789" } } },
      adminId,
    );
    const receipts = await Receipt.countDocuments();
    const bookings = await ReceiptBooking.countDocuments();
    const submissions = await HaciendaSubmission.countDocuments();
    const outcome = await issueInvoice(FERRETERIA, long.id, adminId);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.refusals[0].message).toContain(ISSUE_MESSAGES.schema);
    expect(await Receipt.countDocuments()).toBe(receipts);
    expect(await ReceiptBooking.countDocuments()).toBe(bookings);
    expect(await HaciendaSubmission.countDocuments()).toBe(submissions);
    expect(await counter("FE")).toBe(5);
    expect((await loadDraft(FERRETERIA, long.id))?.state).toBe("borrador");
    const next = await issueInvoice(FERRETERIA, await newDraft(), adminId);
    expect(next.ok && next.consecutivo.slice(10)).toBe("0000000006");
  });

  it("issues a nota de crédito against an issued factura picked from the list", async () => {
    const draftId = await newDraft(FERRETERIA, {
      kind: "NC",
      referenceReceiptId: facturaId,
      referenceCodigo: "01",
      referenceRazon: "Anula la factura por devolución total",
    });
    const outcome = await issueInvoice(FERRETERIA, draftId, adminId);
    if (!outcome.ok) throw new Error(outcome.refusals.map((r) => r.message).join(" "));
    expect(outcome.consecutivo).toBe("00100001030000000001");
    const receipt = await findReceipt(FERRETERIA, outcome.receiptId);
    expect(receipt).toMatchObject({ kind: "NC", referencedClaves: [facturaClave], warnings: [], effect: -1 });
  });

  it("sends an organization without issuer settings to them, writing nothing", async () => {
    const draftId = await newDraft(SODA, { receptorNumero: "3101456789" });
    const outcome = await issueInvoice(SODA, draftId, adminId);
    expect(outcome).toEqual({ ok: false, settings: true, refusals: [{ message: ISSUER_NOT_READY.notConfigured }] });
    expect(await Receipt.countDocuments({ organizationId: SODA })).toBe(0);
    expect(await currentSequenceValue(SODA, "consecutivo-FE-001-00001")).toBe(0);
  });

  it("answers another organization's draft as not found", async () => {
    const draftId = await newDraft();
    const outcome = await issueInvoice(SODA, draftId, adminId);
    expect(outcome).toMatchObject({ ok: false, refusals: [{ kind: "not-found" }] });
  });

  it("gives a burst of twelve concurrent Emitir of one organization twelve consecutive numbers, none skipped", async () => {
    const drafts = [];
    for (let n = 0; n < 12; n++) drafts.push(await newDraft());
    const before = await counter("FE");
    const outcomes = await Promise.all(drafts.map((id) => issueInvoice(FERRETERIA, id, adminId)));
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    const numbers = outcomes.map((outcome) => (outcome.ok ? Number(outcome.consecutivo.slice(10)) : 0));
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, n) => before + 1 + n));
    expect(await counter("FE")).toBe(before + 12);
  });
});
