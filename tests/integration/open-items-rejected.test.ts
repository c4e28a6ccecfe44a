/**
 * A receipt rejected after its open item was made: Hacienda's rejection imported later takes the item
 * out (with the kept balances); while the receipt's entry still stands, the agreement names the
 * difference as a rejected receipt to reverse, and agrees once the entry is reversed. An item a cobro
 * names keeps its history.
 */
import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarDate } from "../../app/domain/calendar";
import { bookMonth } from "../../app/services/booking/booking.server";
import { reverse } from "../../app/services/ledger/ledger.server";
import { agingView } from "../../app/services/open-items/aging.server";
import { registerPayment } from "../../app/services/open-items/payments.server";
import { withdrawRejectedItems } from "../../app/services/open-items/rejected.server";
import { allKeptRows } from "../../models/open-balance";
import { OpenItem } from "../../models/open-item";
import { ensureOrganization } from "../../models/organization";
import { Receipt } from "../../models/receipt";
import { bookingStatesOf } from "../../models/receipt-booking";
import {
  BUSINESS_PARTIES,
  generateComprobante,
  generateMensajeHacienda,
  type GeneratedDocument,
} from "../../scripts/hacienda-samples/src/generate";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { FERRETERIA, importDocuments } from "./receipts-fixtures";

let environment: AppEnvironment;
const actor = { by: String(new Types.ObjectId()) };
const AT = "2024-05-31" as CalendarDate;
let seed = 0;

/** An FE the organization issued on credit (condición 02) to a customer, in May 2024. */
function saleOnCredit(party: number): GeneratedDocument {
  for (;;) {
    seed += 1;
    const document = generateComprobante({
      kind: "FE",
      version: "4.4",
      seed: `rejected-${seed}`,
      currency: "CRC",
      date: "2024-05-10",
      receptor: BUSINESS_PARTIES[party],
    });
    if (/<CondicionVenta>02<\/CondicionVenta>/.test(document.xml)) return document;
  }
}

async function issueAndBook(document: GeneratedDocument) {
  await importDocuments([document]);
  await bookMonth(FERRETERIA.id, "2024-05", actor);
  return OpenItem.findOne({ organizationId: FERRETERIA.id, key: document.clave }).lean();
}

async function keptTotal(): Promise<bigint> {
  const { dueDates } = await allKeptRows(FERRETERIA.id);
  return dueDates.filter((row) => row.side === "receivable").reduce((sum, row) => sum + BigInt(row.balance), 0n);
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

describe("a receipt rejected after its open item was made", () => {
  it("leaves the open items; the agreement names its standing entry until it is reversed", async () => {
    const document = saleOnCredit(0);
    const item = await issueAndBook(document);
    expect(item).not.toBeNull();
    const before = await agingView(FERRETERIA.id, "receivable", AT);
    expect(before.agreement.difference).toBe(0n);
    expect(before.totals.total).toBe(BigInt(item!.amount));

    await importDocuments([generateMensajeHacienda({ document, estado: "rechazado" })]);
    const receipt = await Receipt.findOne({ organizationId: FERRETERIA.id, clave: document.clave }).lean();
    expect(receipt!.hacienda?.estado).toBe("rechazado");
    expect(await OpenItem.countDocuments({ organizationId: FERRETERIA.id, key: document.clave })).toBe(0);
    expect(await keptTotal()).toBe(0n);

    const after = await agingView(FERRETERIA.id, "receivable", AT);
    expect([after.totals.total, after.partyCount]).toEqual([0n, 0]);
    // Its entry still debits clientes: the difference is named, nothing is left unexplained.
    expect(after.agreement.difference).toBe(BigInt(item!.amount));
    expect([after.agreement.rejected, after.agreement.rejectedCount, after.agreement.other]).toEqual([
      BigInt(item!.amount),
      1,
      0n,
    ]);

    const booking = (await bookingStatesOf(FERRETERIA.id, [String(receipt!._id)])).get(String(receipt!._id));
    const reversed = await reverse(FERRETERIA.id, booking!.entryId, { ...actor, date: "2024-05-20" });
    expect(reversed.ok).toBe(true);
    const agreed = await agingView(FERRETERIA.id, "receivable", AT);
    expect([agreed.agreement.difference, agreed.agreement.rejected]).toEqual([0n, 0n]);
    // A later import of the organization does not bring the item back.
    await importDocuments([saleOnCredit(1)]);
    expect(await OpenItem.countDocuments({ organizationId: FERRETERIA.id, key: document.clave })).toBe(0);
  });

  it("keeps an item a cobro names, with its history, and says which", async () => {
    const document = saleOnCredit(2);
    const item = await issueAndBook(document);
    const paid = await registerPayment(
      FERRETERIA.id,
      "receivable",
      String(item!.partyId),
      {
        date: "2024-05-15" as CalendarDate,
        moneyAccount: "10-01-01-03-01",
        applications: [{ itemId: String(item!._id), amount: (BigInt(item!.amount) / 2n) as never }],
      },
      actor,
    );
    expect(paid.ok).toBe(true);
    await Receipt.updateOne(
      { organizationId: FERRETERIA.id, clave: document.clave },
      { $set: { "receptorMessage.mensaje": 3 } },
    );
    const receipt = await Receipt.findOne({ organizationId: FERRETERIA.id, clave: document.clave }).lean();
    const outcome = await withdrawRejectedItems(FERRETERIA.id, [String(receipt!._id)]);
    expect(outcome).toEqual({ withdrawn: 0, kept: [`FE ${item!.consecutivo}`] });
    expect(await OpenItem.countDocuments({ organizationId: FERRETERIA.id, key: document.clave })).toBe(1);
  });
});
