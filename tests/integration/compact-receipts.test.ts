import type { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseComprobante } from "../../app/domain/hacienda";
import { compactReceiptOf, PARSED_VERSION } from "../../app/domain/receipts/compact";
import { backfillCompactForms, forgetCompactForms } from "../../app/services/receipts/compact-receipts.server";
import { simulateMonth } from "../../app/services/rules/simulate.server";
import { monthIvaReceipts } from "../../app/services/vat/receipts-iva.server";
import { ensureOrganization } from "../../models/organization";
import { Receipt, receiptXmlBytes } from "../../models/receipt";
import { generateBatch } from "../../scripts/hacienda-samples/src/generate";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { FERRETERIA, importDocuments } from "./receipts-fixtures";

let environment: AppEnvironment;
const MONTH = "2025-06";

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  const documents = generateBatch({ seed: "compact-forms", count: 60, month: MONTH, usdShare: 0.2 });
  await importDocuments(documents);
});

afterAll(async () => {
  await environment?.close();
});

async function storedReceipts() {
  return Receipt.find({ organizationId: FERRETERIA.id, month: MONTH }, { xml: 1, parsed: 1 })
    .sort({ _id: 1 })
    .setOptions({ useBigInt64: true })
    .lean<Array<{ _id: Types.ObjectId; xml: { buffer: Uint8Array }; parsed?: unknown }>>();
}

function compactOfStoredXml(xml: unknown) {
  const bytes = receiptXmlBytes(xml);
  const parsed = parseComprobante(bytes.toString("utf8"));
  if (!parsed.ok || parsed.document.kind === "MH") throw new Error("unreadable fixture");
  return compactReceiptOf(parsed.document);
}

describe("compact parsed form of stored receipts", () => {
  it("the import stores it, and it reads back (int64 amounts as bigint) equal to the XML's", async () => {
    const stored = await storedReceipts();
    expect(stored.length).toBeGreaterThan(40);
    for (const receipt of stored) {
      expect(receipt.parsed).toEqual(compactOfStoredXml(receipt.xml));
      expect(typeof (receipt.parsed as { resumen: { totalComprobante: unknown } }).resumen.totalComprobante).toBe(
        "bigint",
      );
    }
  });

  it("receipts stored without it (or with an older version) read the same, and get it saved on first read", async () => {
    const before = {
      simulation: await simulateMonth(FERRETERIA.id, MONTH),
      iva: await monthIvaReceipts(FERRETERIA.id, MONTH),
    };
    const ids = (await storedReceipts()).map((receipt) => receipt._id);
    await Receipt.updateMany({ _id: { $in: ids.filter((_, index) => index % 2 === 0) } }, { $unset: { parsed: 1 } });
    await Receipt.updateMany(
      { _id: { $in: ids.filter((_, index) => index % 2 === 1) } },
      { $set: { "parsed.parsedVersion": PARSED_VERSION - 1, "parsed.lines": [] } },
    );

    // As a process that has not read these receipts yet (a restart, another worker).
    forgetCompactForms();
    expect(await simulateMonth(FERRETERIA.id, MONTH)).toEqual(before.simulation);
    // Simular rebuilt the received ones; the IVA return reads (and rebuilds) the issued ones too.
    expect(await monthIvaReceipts(FERRETERIA.id, MONTH)).toEqual(before.iva);
    for (const receipt of await storedReceipts()) expect(receipt.parsed).toEqual(compactOfStoredXml(receipt.xml));
  });

  it("the backfill (run by the seed script) rebuilds every stale form once", async () => {
    const ids = (await storedReceipts()).map((receipt) => receipt._id);
    await Receipt.updateMany({ _id: { $in: ids.slice(0, 25) } }, { $unset: { parsed: 1 } });
    await Receipt.updateMany({ _id: { $in: ids.slice(25, 30) } }, { $set: { "parsed.parsedVersion": 0 } });

    const first = await backfillCompactForms(7);
    expect(first.rebuilt).toBeGreaterThanOrEqual(30);
    expect(first.unreadable).toBe(0);
    expect(await backfillCompactForms(7)).toEqual({ rebuilt: 0, unreadable: 0 });
    for (const receipt of await storedReceipts()) expect(receipt.parsed).toEqual(compactOfStoredXml(receipt.xml));
  });
});
