import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ACCOUNTS } from "../../app/domain/booking/default-account-values";
import { flattenDefaultAccounts } from "../../app/domain/booking/default-account-fields";
import { bookMonth, bookReceipt, pendingReceipts } from "../../app/services/booking/booking.server";
import { receiptBookingStates } from "../../app/services/booking/booking-states.server";
import {
  getBookingSettings,
  getDefaultAccounts,
  saveDefaultAccounts,
} from "../../app/services/default-accounts/default-accounts.server";
import { deleteDraft, getEntry, reverse, verifyLedger } from "../../app/services/ledger/ledger.server";
import { createRule } from "../../app/services/rules/rules.server";
import { Entry } from "../../models/entry";
import { ensureOrganization } from "../../models/organization";
import { Receipt } from "../../models/receipt";
import { ReceiptBooking } from "../../models/receipt-booking";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateBatch,
  generateComprobante,
} from "../../scripts/hacienda-samples/src/generate";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { FERRETERIA, importDocuments } from "./receipts-fixtures";

const actor = { by: String(new Types.ObjectId()) };
let environment: AppEnvironment;

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
});

afterAll(async () => {
  await environment?.close();
});

async function receiptIdOf(clave: string): Promise<string> {
  const receipt = await Receipt.findOne({ organizationId: FERRETERIA.id, clave }, { _id: 1 }).lean();
  return String(receipt!._id);
}

async function entriesOfReceipt(receiptId: string) {
  return Entry.find({ organizationId: FERRETERIA.id, "source.kind": "comprobante", "source.id": receiptId }).lean();
}

describe("default accounts", () => {
  it("reads the default chart's accounts until an admin saves others, and refuses what is not a movement account", async () => {
    expect(await getDefaultAccounts(FERRETERIA.id)).toEqual(DEFAULT_ACCOUNTS);
    const values = { ...flattenDefaultAccounts(DEFAULT_ACCOUNTS), payable: "20-01-01-00-00" };
    const refused = await saveDefaultAccounts(FERRETERIA.id, { values, importBooking: "espera" }, actor.by);
    expect(refused).toEqual({
      ok: false,
      refusals: [
        { field: "payable", message: "La cuenta 20-01-01-00-00 tiene subcuentas; elija una cuenta de movimiento." },
      ],
    });
    expect((await getBookingSettings(FERRETERIA.id)).values.payable).toBe(DEFAULT_ACCOUNTS.payable);

    const saved = await saveDefaultAccounts(
      FERRETERIA.id,
      { values: { ...values, payable: "20-01-01-06-00" }, importBooking: "borrador" },
      actor.by,
    );
    expect(saved).toEqual({ ok: true, changed: 2 });
    expect((await getDefaultAccounts(FERRETERIA.id)).payable).toBe("20-01-01-06-00");
    expect((await getBookingSettings(FERRETERIA.id)).importBooking).toBe("borrador");
    // Back to the defaults for the booking tests below.
    await saveDefaultAccounts(
      FERRETERIA.id,
      { values: flattenDefaultAccounts(DEFAULT_ACCOUNTS), importBooking: "espera" },
      actor.by,
    );
  });
});

describe("booking one receipt", () => {
  const document = generateComprobante({
    kind: "FE",
    version: "4.4",
    seed: "booking-one",
    emisor: BUSINESS_PARTIES[1],
    receptor: FERRETERIA_EL_CLAVO,
    date: "2025-09-10",
    features: { exoneration: false, otrosCargos: false },
  });

  it("posts a balanced entry linked both ways; booking it again gives no second entry", async () => {
    await importDocuments([document]);
    const id = await receiptIdOf(document.clave);
    const first = await bookReceipt(FERRETERIA.id, id, actor);
    expect(first.kind).toBe("contabilizado");
    expect(first.number).toMatch(/^2025-\d{6}$/);
    const entry = await getEntry(FERRETERIA.id, first.entryId!);
    expect(entry?.source).toEqual({ kind: "comprobante", id });
    expect(entry?.lines.some((line) => line.account === "70-01-01-00-00")).toBe(true);
    expect(entry?.lines.every((line) => line.receiptId === id)).toBe(true);

    const again = await bookReceipt(FERRETERIA.id, id, actor);
    expect(again).toMatchObject({ kind: "ya-contabilizado", entryId: first.entryId });
    expect(await entriesOfReceipt(id)).toHaveLength(1);
    expect((await receiptBookingStates(FERRETERIA.id, [id])).get(id)).toMatchObject({
      entryId: first.entryId,
      status: "contabilizado",
      number: first.number,
    });
    expect(await verifyLedger(FERRETERIA.id)).toEqual([]);
  });

  it("reversing the entry un-books the receipt, which can then be booked again", async () => {
    const id = await receiptIdOf(document.clave);
    const [entry] = await entriesOfReceipt(id);
    const reversal = await reverse(FERRETERIA.id, String(entry._id), { ...actor, date: "2025-09-30" });
    expect(reversal.ok).toBe(true);
    expect(await ReceiptBooking.countDocuments({ receiptId: new Types.ObjectId(id) })).toBe(0);
    expect((await receiptBookingStates(FERRETERIA.id, [id])).get(id)).toBeUndefined();
    expect(await pendingReceipts(FERRETERIA.id, "2025-09")).toContain(id);
    const rebooked = await bookReceipt(FERRETERIA.id, id, actor);
    expect(rebooked.kind).toBe("contabilizado");
    expect(rebooked.entryId).not.toBe(String(entry._id));
    expect(await verifyLedger(FERRETERIA.id)).toEqual([]);
  });

  it("a borrador links the receipt too; deleting the draft un-books it", async () => {
    const draftDocument = generateComprobante({
      kind: "FE",
      version: "4.4",
      seed: "booking-draft",
      emisor: BUSINESS_PARTIES[2],
      receptor: FERRETERIA_EL_CLAVO,
      date: "2025-09-12",
    });
    await importDocuments([draftDocument]);
    const id = await receiptIdOf(draftDocument.clave);
    const draft = await bookReceipt(FERRETERIA.id, id, actor, { post: false });
    expect(draft.kind).toBe("borrador");
    expect((await receiptBookingStates(FERRETERIA.id, [id])).get(id)?.status).toBe("borrador");
    expect((await bookReceipt(FERRETERIA.id, id, actor)).kind).toBe("ya-contabilizado");
    expect((await deleteDraft(FERRETERIA.id, draft.entryId!)).ok).toBe(true);
    expect(await pendingReceipts(FERRETERIA.id, "2025-09")).toContain(id);
  });
});

describe("booking a month", () => {
  const month = generateBatch({ seed: "booking-month", count: 60, month: "2025-10", mensajeHaciendaShare: 0 });

  it("10 concurrent runs book each receipt exactly once, and the books still equal a rebuild", async () => {
    await importDocuments(month);
    const pending = await pendingReceipts(FERRETERIA.id, "2025-10");
    expect(pending.length).toBeGreaterThan(30);
    const runs = await Promise.all(Array.from({ length: 10 }, () => bookMonth(FERRETERIA.id, "2025-10", actor)));
    const booked = runs.flat().filter((result) => result.kind === "contabilizado");
    expect(new Set(booked.map((result) => result.receiptId)).size).toBe(booked.length);

    const entries = await Entry.find(
      { organizationId: FERRETERIA.id, "source.kind": "comprobante" },
      { source: 1 },
    ).lean();
    const perReceipt = new Map<string, number>();
    for (const entry of entries) perReceipt.set(entry.source.id!, (perReceipt.get(entry.source.id!) ?? 0) + 1);
    for (const id of pending) expect(perReceipt.get(id) ?? 0).toBeLessThanOrEqual(1);
    const links = await ReceiptBooking.countDocuments({ organizationId: FERRETERIA.id });
    expect(links).toBe(perReceipt.size); // September's receipt was reversed and booked again: one link

    // What is left pending are receipts the plan refuses; each refusal says why in Spanish.
    const left = await pendingReceipts(FERRETERIA.id, "2025-10");
    const refusedIds = new Set(runs[0].filter((result) => result.kind === "error").map((result) => result.receiptId));
    for (const id of left) expect(refusedIds.has(id)).toBe(true);
    expect(booked.length).toBeGreaterThan(0);
    expect(await verifyLedger(FERRETERIA.id)).toEqual([]);
  });

  it("a second run finds nothing to book", async () => {
    const results = await bookMonth(FERRETERIA.id, "2025-10", actor);
    expect(results.filter((result) => result.kind === "contabilizado" || result.kind === "borrador")).toEqual([]);
  });
});

describe("booking on import", () => {
  const november = generateBatch({ seed: "booking-import", count: 12, month: "2025-11", mensajeHaciendaShare: 0 });

  it("books each imported receipt once when the organization books on import; importing again books nothing more", async () => {
    await saveDefaultAccounts(
      FERRETERIA.id,
      { values: flattenDefaultAccounts(DEFAULT_ACCOUNTS), importBooking: "contabilizado" },
      actor.by,
    );
    await importDocuments(november);
    const ids = (await Receipt.find({ organizationId: FERRETERIA.id, month: "2025-11" }, { _id: 1, kind: 1 }).lean())
      .filter((receipt) => receipt.kind !== "REP")
      .map((receipt) => String(receipt._id));
    expect(ids.length).toBeGreaterThan(5);
    const states = await receiptBookingStates(FERRETERIA.id, ids);
    expect(states.size).toBe(ids.length);
    expect([...states.values()].every((state) => state.status === "contabilizado")).toBe(true);
    const before = await Entry.countDocuments({ organizationId: FERRETERIA.id });

    await importDocuments(november);
    expect(await Entry.countDocuments({ organizationId: FERRETERIA.id })).toBe(before);
    expect(await verifyLedger(FERRETERIA.id)).toEqual([]);
  });

  it("books as borrador when the organization chose so, and waits when it chose to wait", async () => {
    const one = generateComprobante({
      kind: "FE",
      version: "4.4",
      seed: "booking-import-draft",
      emisor: BUSINESS_PARTIES[3],
      receptor: FERRETERIA_EL_CLAVO,
      date: "2025-12-03",
    });
    await saveDefaultAccounts(
      FERRETERIA.id,
      { values: flattenDefaultAccounts(DEFAULT_ACCOUNTS), importBooking: "borrador" },
      actor.by,
    );
    await importDocuments([one]);
    const id = await receiptIdOf(one.clave);
    expect((await receiptBookingStates(FERRETERIA.id, [id])).get(id)?.status).toBe("borrador");

    const two = generateComprobante({
      kind: "FE",
      version: "4.4",
      seed: "booking-import-wait",
      emisor: BUSINESS_PARTIES[3],
      receptor: FERRETERIA_EL_CLAVO,
      date: "2025-12-04",
    });
    await saveDefaultAccounts(
      FERRETERIA.id,
      { values: flattenDefaultAccounts(DEFAULT_ACCOUNTS), importBooking: "espera" },
      actor.by,
    );
    await importDocuments([two]);
    const waiting = await receiptIdOf(two.clave);
    expect((await receiptBookingStates(FERRETERIA.id, [waiting])).get(waiting)).toBeUndefined();
    expect(await pendingReceipts(FERRETERIA.id, "2025-12")).toEqual([waiting]);
  });
});

describe("booking with a reception rule", () => {
  it("books to the rule's account and records the rule and its version", async () => {
    const rule = await createRule(
      FERRETERIA.id,
      { userId: actor.by },
      {
        name: "Servicios profesionales",
        mode: "all",
        conditions: [{ field: "documentType", operator: "equals", value: "FE" }],
        action: { scope: "document", account: "60-02-07-00-00", ivaTreatment: "acreditable", post: true },
      },
    );
    if (!rule.ok) throw new Error(rule.refusals.map((refusal) => refusal.message).join(" "));
    const document = generateComprobante({
      kind: "FE",
      version: "4.4",
      seed: "booking-rule",
      emisor: BUSINESS_PARTIES[4],
      receptor: FERRETERIA_EL_CLAVO,
      date: "2026-01-05",
    });
    await importDocuments([document]);
    const id = await receiptIdOf(document.clave);
    const result = await bookReceipt(FERRETERIA.id, id, actor);
    expect(result.kind).toBe("contabilizado");
    const entry = await getEntry(FERRETERIA.id, result.entryId!);
    expect(entry?.lines.some((line) => line.account === "60-02-07-00-00")).toBe(true);
    expect(entry?.lines.some((line) => line.account === "70-01-01-00-00")).toBe(false);
    expect((await receiptBookingStates(FERRETERIA.id, [id])).get(id)).toMatchObject({
      rule: { id: rule.id, version: 1 },
      unclassified: false,
    });
  });
});
