/**
 * The month-end loop of IVA: the return and the books follow one crédito rule, a liquidated month is a
 * declaration that later documents never change silently, and the next month carries what was declared.
 */
import { Types } from "mongoose";
import { parseCalendarDate } from "../../app/domain/calendar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookMonth, bookReceipt } from "../../app/services/booking/booking.server";
import { receiptBookingView } from "../../app/services/booking/booking-states.server";
import { getDefaultAccounts } from "../../app/services/default-accounts/default-accounts.server";
import { accountTotals, verifyLedger } from "../../app/services/ledger/ledger.server";
import { answerReceipt } from "../../app/services/receipts/receipt-answer.server";
import { loadVatPage } from "../../app/services/vat/vat-page.server";
import { reconcileVat } from "../../app/services/vat/vat-reconciliation.server";
import { loadVatMonth } from "../../app/services/vat/vat-return.server";
import { reviewVatReceipt } from "../../app/services/vat/vat-review.server";
import { rectifyVat, reverseSettlement, settleVat } from "../../app/services/vat/vat-settlement.server";
import { Entry } from "../../models/entry";
import { ensureOrganization, setLockDate } from "../../models/organization";
import { findReceipt, Receipt } from "../../models/receipt";
import { VatDeclaration } from "../../models/vat-declaration";
import { VatReview } from "../../models/vat-review";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateComprobante,
  type GeneratedDocument,
} from "../../scripts/hacienda-samples/src/generate";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import type { ActionFunctionArgs } from "@remix-run/node";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";
import { FERRETERIA, importDocuments } from "./receipts-fixtures";

const actor = { by: String(new Types.ObjectId()) };
let environment: AppEnvironment;

type Options = Partial<Parameters<typeof generateComprobante>[0]>;

/** A generated document that is not a condición-10 sale (whose IVA waits for its payment receipt). */
function generate(seed: string, options: Options): GeneratedDocument {
  for (let attempt = 0; ; attempt++) {
    const document = generateComprobante({
      kind: "FE",
      version: "4.4",
      currency: "CRC",
      ...options,
      seed: `month-end-${seed}-${attempt}`,
    });
    if (!/<CondicionVenta>10<\/CondicionVenta>/.test(document.xml)) return document;
  }
}
const sale = (seed: string, date: string, extra: Options = {}) => generate(seed, { date, ...extra });
const purchase = (seed: string, date: string, extra: Options = {}) =>
  generate(seed, { date, emisor: BUSINESS_PARTIES[1], receptor: FERRETERIA_EL_CLAVO, ...extra });

/** The same document with ₡100 less in its stated TotalImpuesto: its lines no longer add up to it. */
function withWrongTotal(document: GeneratedDocument): GeneratedDocument {
  const xml = document.xml.replace(/<TotalImpuesto>([\d.]+)<\/TotalImpuesto>/, (_, value: string) => {
    const [whole, fraction = "00"] = value.split(".");
    return `<TotalImpuesto>${Number(whole) - 100}.${fraction}</TotalImpuesto>`;
  });
  return { ...document, xml };
}

async function idOf(document: GeneratedDocument): Promise<string> {
  const receipt = await Receipt.findOne({ organizationId: FERRETERIA.id, clave: document.clave }, { _id: 1 }).lean();
  return String(receipt!._id);
}

async function accept(document: GeneratedDocument) {
  const stored = await findReceipt(FERRETERIA.id, await idOf(document));
  const outcome = await answerReceipt(
    FERRETERIA,
    stored!,
    { mensaje: "1", condicionImpuesto: "01", detalleMensaje: "" },
    actor.by,
  );
  expect(outcome.ok).toBe(true);
}

/** Net debit − credit of an account over the month's posted lines. */
async function monthNet(month: string, account: string): Promise<bigint> {
  const totals = (await accountTotals(FERRETERIA.id, { from: month, to: month })).get(account);
  return totals ? totals.debit - totals.credit : 0n;
}

const OCTOBER = "2025-10";
const NOVEMBER = "2025-11";
const tiquete = purchase("te", "2025-10-06", { kind: "TE" });
const fec = generate("fec", { kind: "FEC", date: "2025-10-07" });
const accepted = purchase("fe-aceptada", "2025-10-08");
const unanswered = purchase("fe-sin-respuesta", "2025-10-09");
const inconsistent = withWrongTotal(purchase("fe-descuadrada", "2025-10-10"));
const octoberSale = sale("fe-venta", "2025-10-03", { lineCount: 3 });

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  const report = await importDocuments([tiquete, fec, accepted, unanswered, inconsistent, octoberSale]);
  expect(report.counts.rechazado).toBe(0);
  await accept(accepted);
  await accept(inconsistent);
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

describe("one crédito rule for the return and the books (finding 2)", () => {
  it("a received tiquete and an FEC give no crédito in the return nor in the IVA crédito accounts", async () => {
    await bookMonth(FERRETERIA.id, OCTOBER, actor);
    const accounts = await getDefaultAccounts(FERRETERIA.id);
    const { ivaReturn } = await loadVatMonth(FERRETERIA.id, OCTOBER);
    const reasons = new Map(ivaReturn.excluded.map((row) => [row.kind, row.reason]));
    expect(reasons.get("TE")).toBe("Tiquete electrónico: no identifica al comprador, no da crédito fiscal");
    expect(reasons.get("FEC")).toBe(
      "Factura electrónica de compra: la emite el propio comprador, no da crédito fiscal",
    );
    const reconciliation = await reconcileVat(FERRETERIA.id, OCTOBER, ivaReturn, accounts);
    const credit = reconciliation.rows.filter((row) => row.side === "credito");
    expect(credit.length).toBeGreaterThan(0);
    // The only crédito difference is the pending receipt's: booked, but out of the return until reviewed.
    expect(ivaReturn.pending).toHaveLength(1);
    expect(credit.reduce((total, row) => total + row.difference, 0n)).toBe(-ivaReturn.pending[0].tax);
    const creditAccounts = new Set(Object.values(accounts.ivaCreditByRate));
    const tiqueteEntry = await Entry.findOne({ organizationId: FERRETERIA.id, reference: tiquete.consecutivo }).lean();
    expect(tiqueteEntry).not.toBeNull();
    expect(tiqueteEntry!.lines.some((line) => creditAccounts.has(line.account))).toBe(false);
  });

  it("a receipt whose lines do not add up is pending, with its reason, until the accountant decides", async () => {
    const { ivaReturn } = await loadVatMonth(FERRETERIA.id, OCTOBER);
    const id = await idOf(inconsistent);
    expect(ivaReturn.pending.map((row) => row.receiptId)).toEqual([id]);
    expect(ivaReturn.pending[0].reason).toMatch(/TotalImpuesto/);
    const refused = await settleVat(FERRETERIA.id, OCTOBER, actor);
    expect(refused).toMatchObject({
      ok: false,
      message: "Hay 1 comprobante pendiente de revisión: inclúyalo o exclúyalo antes de liquidar.",
    });
    expect(await reviewVatReceipt(FERRETERIA.id, OCTOBER, id, "exclude", actor.by)).toMatchObject({ ok: true });
    // A receipt that adds up is refused as invalid input (no kind: 400).
    expect(await reviewVatReceipt(FERRETERIA.id, OCTOBER, await idOf(accepted), "include", actor.by)).toEqual({
      ok: false,
      refusals: [{ message: "Ese comprobante cuadra: no necesita revisión." }],
    });
    const after = await loadVatMonth(FERRETERIA.id, OCTOBER);
    expect(after.ivaReturn.pending).toEqual([]);
    expect(after.ivaReturn.excluded.find((row) => row.receiptId === id)?.reason).toBe(
      "Excluido por el contador: su aritmética no cuadra",
    );
    const review = await VatReview.findOne({ organizationId: FERRETERIA.id, receiptId: id }).lean();
    expect(review?.history.map((change) => [change.by, change.to])).toEqual([[actor.by, "exclude"]]);
  });

  it("counts and flags the receipts without a receptor answer", async () => {
    const { ivaReturn } = await loadVatMonth(FERRETERIA.id, OCTOBER);
    expect(ivaReturn.unanswered).toBe(1);
    const page = await loadVatPage(FERRETERIA.id, OCTOBER, null);
    expect(page.unansweredCount).toBe(1);
  });
});

describe("a declared month (finding 1)", () => {
  it("asks for confirmation before liquidating a month that has not ended", async () => {
    const outcome = await settleVat(FERRETERIA.id, OCTOBER, actor, { now: new Date("2025-10-20T12:00:00-06:00") });
    expect(outcome).toMatchObject({ ok: false, needsConfirmation: true });
    expect(await VatDeclaration.countDocuments({ organizationId: FERRETERIA.id })).toBe(0);
  });

  it("does not liquidate while the IVA accounts and the return differ, unless an adjustment account is chosen", async () => {
    const refused = await settleVat(FERRETERIA.id, OCTOBER, actor);
    expect(refused).toMatchObject({ ok: false, needsAdjustment: true });
    expect(await Entry.countDocuments({ organizationId: FERRETERIA.id, "source.kind": "iva" })).toBe(0);
  });

  it("records the declaration with its entry, documents, who and when; the adjustment empties the IVA accounts", async () => {
    const accounts = await getDefaultAccounts(FERRETERIA.id);
    const outcome = await settleVat(FERRETERIA.id, OCTOBER, actor, {
      adjustmentAccount: accounts.ivaNonCreditableExpense,
    });
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    const declared = await VatDeclaration.findOne({ organizationId: FERRETERIA.id, month: OCTOBER }).lean();
    const { ivaReturn } = await loadVatMonth(FERRETERIA.id, OCTOBER);
    expect(declared).toMatchObject({ version: 1, status: "vigente", by: actor.by });
    expect(declared!.entryId).toBe(outcome.ok ? outcome.entry?.id : null);
    expect(declared!.totals.debit).toBe(String(ivaReturn.totals.debit));
    expect(declared!.receipts.map((row) => row.clave).sort()).toEqual(
      [octoberSale, accepted, unanswered].map((document) => document.clave).sort(),
    );
    for (const account of Object.values(accounts.ivaCreditByRate)) expect(await monthNet(OCTOBER, account)).toBe(0n);
    expect(await verifyLedger(FERRETERIA.id)).toEqual([]);
  });

  it("a late document of the declared month leaves the declaration as it was, shown as desactualizada", async () => {
    const before = await VatDeclaration.findOne({ organizationId: FERRETERIA.id, month: OCTOBER }).lean();
    const late = sale("fe-tardia", "2025-10-25");
    await importDocuments([late]);
    await bookMonth(FERRETERIA.id, OCTOBER, actor);
    const after = await VatDeclaration.findOne({ organizationId: FERRETERIA.id, month: OCTOBER }).lean();
    expect(after!.totals).toEqual(before!.totals);
    const page = await loadVatPage(FERRETERIA.id, OCTOBER, null);
    expect(page.declaration?.stale).toBe(true);
    expect(page.declaration?.arrived.map((receipt) => receipt.consecutivo)).toEqual([late.consecutivo]);
    expect(page.declaration?.differences.map((row) => row.label)).toContain("Débito fiscal");
  });

  it("the next month carries the declared saldo, not a recomputed one", async () => {
    await importDocuments([purchase("fe-noviembre", "2025-11-05")]);
    const november = await loadVatMonth(FERRETERIA.id, NOVEMBER);
    const declared = await VatDeclaration.findOne({ organizationId: FERRETERIA.id, month: OCTOBER }).lean();
    expect(november.previousMonth).toBe(OCTOBER);
    expect(november.carriedFromDeclaration).toBe(true);
    expect(String(november.ivaReturn.totals.previousCreditBalance)).toBe(declared!.totals.creditBalance);
  });

  it("«Rectificar» records a new version and posts only the difference", async () => {
    const accounts = await getDefaultAccounts(FERRETERIA.id);
    const debitAccount = accounts.ivaDebitByRate["08"];
    const options = { adjustmentAccount: accounts.ivaNonCreditableExpense };
    // Asked twice at the same time, one version is written.
    const both = await Promise.all([
      rectifyVat(FERRETERIA.id, OCTOBER, actor, options),
      rectifyVat(FERRETERIA.id, OCTOBER, actor, options),
    ]);
    expect(
      both.filter((outcome) => outcome.ok),
      JSON.stringify(both),
    ).toHaveLength(1);
    const versions = await VatDeclaration.find({ organizationId: FERRETERIA.id, month: OCTOBER })
      .sort({ version: 1 })
      .lean();
    expect(versions.map((row) => [row.version, row.status])).toEqual([
      [1, "rectificada"],
      [2, "vigente"],
    ]);
    const page = await loadVatPage(FERRETERIA.id, OCTOBER, null);
    expect(page.declaration?.stale).toBe(false);
    // The month's IVA débito account is emptied by the declared débito: nothing is left in it.
    expect(await monthNet(OCTOBER, debitAccount)).toBe(0n);
    expect(await verifyLedger(FERRETERIA.id)).toEqual([]);
    const again = await rectifyVat(FERRETERIA.id, OCTOBER, actor);
    expect(again).toMatchObject({
      ok: false,
      message: "La declaración de octubre de 2025 está al día: no hay nada que rectificar.",
    });
  });

  it("reversing undoes the settlement and its rectifications and frees the month", async () => {
    const reversed = await reverseSettlement(FERRETERIA.id, OCTOBER, actor);
    expect(reversed.ok).toBe(true);
    const versions = await VatDeclaration.find({ organizationId: FERRETERIA.id, month: OCTOBER }).lean();
    expect(versions.every((row) => row.status !== "vigente")).toBe(true);
    const standing = await Entry.countDocuments({
      organizationId: FERRETERIA.id,
      "source.kind": "iva",
      reversedBy: { $exists: false },
    });
    expect(standing).toBe(0);
    expect(await verifyLedger(FERRETERIA.id)).toEqual([]);
  });
});

describe("documents dated before the lock date (finding 1)", () => {
  it("are kept and flagged, and booked only on the open-period day the accountant chooses, keeping their date", async () => {
    await setLockDate(FERRETERIA.id, "2025-12-31", actor.by);
    const late = purchase("fe-tras-el-cierre", "2025-12-15");
    await importDocuments([late]);
    const id = await idOf(late);
    const stored = await findReceipt(FERRETERIA.id, id);
    expect(stored).not.toBeNull();
    const view = await receiptBookingView(FERRETERIA.id, stored!, true);
    expect(view.closedPeriod).toEqual({ date: "15/12/2025", lockDate: "31/12/2025" });

    const refused = await bookReceipt(FERRETERIA.id, id, actor);
    expect(refused.kind).toBe("error");
    expect(refused.message).toBe(
      "La fecha del comprobante (15/12/2025) está en un período cerrado (cierre contable: 31/12/2025): elija el día del período abierto en que se contabiliza; el comprobante conserva su fecha.",
    );
    const booked = await bookReceipt(FERRETERIA.id, id, actor, {
      bookingDate: parseCalendarDate("2026-01-05")!,
    });
    expect(booked.kind, booked.message).toBe("contabilizado");
    const entry = await Entry.findById(booked.entryId).lean();
    expect(entry!.date).toBe("2026-01-05");
    expect(entry!.description).toContain("(comprobante del 15/12/2025)");
    const after = await Receipt.findById(id, { month: 1 }).lean<{ month: string }>();
    expect(after!.month).toBe("2025-12");
  });
});

describe("the IVA page's forms refuse bad input with a Spanish message and write nothing", () => {
  it("answers 400 to a malformed adjustment account, confirmation or receipt to review", async () => {
    const route = (await import("../../app/routes/_app.admin.vat")) as {
      action: (args: ActionFunctionArgs) => Promise<unknown>;
    };
    const cookie = await sessionCookieFor(
      (await createTestUser({ persona: "admin", orgs: { [FERRETERIA.id]: "admin" } })).id,
    );
    const path = `/admin/vat?org=${FERRETERIA.cedula}&month=2025-09`;
    const call = (fields: Record<string, string>) =>
      respond(() =>
        route.action({ request: postRequest(path, fields, cookie), params: {}, context: { cspNonce: "" } }),
      );
    const before = await VatDeclaration.countDocuments({ organizationId: FERRETERIA.id });

    const badAccount = await call({ intent: "liquidar", adjustmentAccount: "60;drop" });
    expect(badAccount.status).toBe(400);
    expect(await badAccount.json()).toMatchObject({ message: "La cuenta del ajuste se escribe 00-00-00-00-00." });
    const badConfirm = await call({ intent: "liquidar", confirm: "sí" });
    expect(badConfirm.status).toBe(400);
    expect(await badConfirm.json()).toMatchObject({ message: "Confirmación inválida." });
    const badReview = await call({ intent: "revisar", receiptId: "x".repeat(24), decision: "include" });
    expect(badReview.status).toBe(400);
    const unknownReceipt = await call({ intent: "revisar", receiptId: "0".repeat(24), decision: "exclude" });
    expect(unknownReceipt.status).toBe(404);
    expect(await VatDeclaration.countDocuments({ organizationId: FERRETERIA.id })).toBe(before);
  });
});
