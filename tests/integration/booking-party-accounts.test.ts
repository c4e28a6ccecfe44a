import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookReceipt } from "../../app/services/booking/booking.server";
import { verifyLedger, getEntry } from "../../app/services/ledger/ledger.server";
import { saveCounterparty } from "../../app/services/open-items/counterparties.server";
import { simulateMonth } from "../../app/services/rules/simulate.server";
import { Counterparty } from "../../models/counterparty";
import { ensureOrganization } from "../../models/organization";
import { Receipt } from "../../models/receipt";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
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

async function partyIdOf(cedula: string): Promise<string> {
  const party = await Counterparty.findOne({ organizationId: FERRETERIA.id, cedula }, { _id: 1 }).lean();
  return String(party!._id);
}

async function bookedAccounts(receiptId: string): Promise<string[]> {
  const booked = await bookReceipt(FERRETERIA.id, receiptId, actor);
  expect(booked.kind).toBe("contabilizado");
  const entry = await getEntry(FERRETERIA.id, booked.entryId!);
  return entry!.lines.map((line) => line.account);
}

describe("a customer's and a supplier's usual account in booking", () => {
  const supplier = BUSINESS_PARTIES[3];
  const customer = BUSINESS_PARTIES[4];
  const purchase = (seed: string) =>
    generateComprobante({
      kind: "FE",
      version: "4.4",
      seed,
      emisor: supplier,
      receptor: FERRETERIA_EL_CLAVO,
      date: "2025-07-08",
    });

  it("refuses an account that is not a movement account of the client's catalog, saving nothing", async () => {
    const document = purchase("party-accounts-first");
    await importDocuments([document]);
    const partyId = await partyIdOf(supplier.identificacion.numero);
    for (const [account, message] of [
      ["60-02-00-00-00", "La cuenta 60-02-00-00-00 tiene subcuentas; elija una cuenta de movimiento."],
      ["60-02-99-00-00", "La cuenta 60-02-99-00-00 no existe en el catálogo de este cliente."],
    ]) {
      const saved = await saveCounterparty(FERRETERIA.id, partyId, { purchaseAccount: account }, actor.by);
      expect(saved).toEqual({ ok: false, refusals: [{ field: "purchaseAccount", message }] });
    }
    const party = await Counterparty.findById(partyId).lean();
    expect(party?.purchaseAccount).toBeUndefined();
    // Without an account of the supplier the purchase waits in 70 Por clasificar.
    expect(await bookedAccounts(await receiptIdOf(document.clave))).toContain("70-01-01-00-00");
  });

  it("books a supplier's purchase to its account instead of 70, and «Simular» shows the same", async () => {
    const partyId = await partyIdOf(supplier.identificacion.numero);
    expect(await saveCounterparty(FERRETERIA.id, partyId, { purchaseAccount: "60-02-05-00-00" }, actor.by)).toEqual({
      ok: true,
      value: true,
    });
    const document = purchase("party-accounts-second");
    await importDocuments([document]);
    const id = await receiptIdOf(document.clave);

    const simulation = await simulateMonth(FERRETERIA.id, "2025-07");
    const simulated = simulation.receipts.find((receipt) => receipt.id === id);
    expect(simulated?.result).toMatchObject({ status: "plan", unclassified: false });
    const simulatedLines = simulated?.result.status === "plan" ? simulated.result.lines : [];
    expect(simulatedLines.map((line) => line.account)).toContain("60-02-05-00-00");

    const accounts = await bookedAccounts(id);
    expect(accounts).toContain("60-02-05-00-00");
    expect(accounts).not.toContain("70-01-01-00-00");
    expect(await verifyLedger(FERRETERIA.id)).toEqual([]);
  });

  it("books a sale to the customer's sales account", async () => {
    const sale = generateComprobante({
      kind: "FE",
      version: "4.4",
      seed: "party-accounts-sale",
      emisor: FERRETERIA_EL_CLAVO,
      receptor: customer,
      date: "2025-07-09",
    });
    await importDocuments([sale]);
    const partyId = await partyIdOf(customer.identificacion.numero);
    expect(await saveCounterparty(FERRETERIA.id, partyId, { salesAccount: "40-01-01-06-00" }, actor.by)).toEqual({
      ok: true,
      value: true,
    });
    const accounts = await bookedAccounts(await receiptIdOf(sale.clave));
    expect(accounts).toContain("40-01-01-06-00");
    expect(accounts.filter((account) => account.startsWith("40-01-"))).toEqual(
      accounts.filter((account) => account === "40-01-01-06-00"),
    );
    expect(await verifyLedger(FERRETERIA.id)).toEqual([]);
  });
});
