import { strToU8, zipSync } from "fflate";
import { Types } from "mongoose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { receiveUpload } from "../../app/services/receipts/import-jobs.server";
import {
  importFiles,
  MAX_STORED_BYTES_PER_DAY_PER_ORGANIZATION,
  MAX_STORED_BYTES_PER_DAY_PER_USER,
  UPLOAD_MESSAGES,
} from "../../app/services/receipts/receipts-upload.server";
import { ImportJob } from "../../models/import-job";
import { Receipt, receiptXmlBytes } from "../../models/receipt";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateComprobante,
} from "../../scripts/hacienda-samples/src/generate";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { FERRETERIA, uploadRequest } from "../integration/receipts-fixtures";

/**
 * Issue 25, finding 3: a 297 KB ZIP of 100 receipts padded to 1 000 KB each was stored with its
 * padding (the database grew by 100 MB). Documents are stored as gzip of their exact bytes — signed
 * XML stays verifiable — and what one organization or user stores in 24 hours is bounded (decision 199).
 */
let environment: AppEnvironment;
beforeAll(async () => {
  environment = await startAppEnvironment();
});
afterAll(async () => {
  await environment?.close();
});
beforeEach(async () => {
  await Promise.all([Receipt.deleteMany({}), ImportJob.deleteMany({})]);
});

const PADDED_TO = 1_000 * 1024;
const padded = (seed: string) => {
  const xml = generateComprobante({
    kind: "FE",
    version: "4.4",
    seed,
    emisor: BUSINESS_PARTIES[1],
    receptor: FERRETERIA_EL_CLAVO,
    date: "2025-10-16",
  }).xml;
  return xml.replace(/<\/FacturaElectronica>\s*$/, `${" ".repeat(PADDED_TO - xml.length)}</FacturaElectronica>`);
};

const storedSize = (xml: unknown) => {
  const binary = xml as { buffer?: Uint8Array; length?: number };
  return binary.buffer?.length ?? binary.length ?? 0;
};

describe("what an upload stores (issue 25, finding 3)", () => {
  it("stores padded receipts compressed, each byte for byte as uploaded", async () => {
    const documents = Array.from({ length: 20 }, (_, index) => padded(`padding-${index}`));
    const zip = zipSync(Object.fromEntries(documents.map((xml, index) => [`f${index}.xml`, strToU8(xml)])));
    expect(zip.length).toBeLessThan(100 * 1024);
    const report = await importFiles([{ name: "relleno.zip", bytes: zip }], FERRETERIA);
    expect(report.counts.importado).toBe(20);

    const stored = await Receipt.find({}, { xml: 1, clave: 1 }).lean();
    expect(stored).toHaveLength(20);
    const total = stored.reduce((sum, receipt) => sum + storedSize(receipt.xml), 0);
    // 20 MB uploaded once inflated; what the database keeps is what the documents mean.
    expect(total).toBeLessThan(20 * 20 * 1024);
    const originals = new Set(documents);
    for (const receipt of stored) expect(originals.has(receiptXmlBytes(receipt.xml).toString("utf8"))).toBe(true);
  });

  it("refuses an upload once the organization's day is spent (429, Spanish), writing nothing", async () => {
    await ImportJob.collection.insertOne({
      organizationId: FERRETERIA.id,
      userId: new Types.ObjectId(),
      status: "terminada",
      createdAt: new Date(Date.now() - 6 * 60 * 60 * 1000),
      budgetBytes: 0,
      inflatedBytes: 0,
      storedBytes: MAX_STORED_BYTES_PER_DAY_PER_ORGANIZATION,
    });
    const outcome = await receiveUpload(
      uploadRequest("/detail?index&org=3101123456", [{ name: "a.xml", content: padded("day") }]),
      { organization: FERRETERIA, userId: String(new Types.ObjectId()), uploader: "admin" },
    );
    expect(outcome).toEqual({
      ok: false,
      refusals: [{ message: UPLOAD_MESSAGES.organizationDaySpent, kind: "too-many" }],
    });
    expect(await Receipt.countDocuments()).toBe(0);
  });

  it("refuses a user whose day is spent over other organizations, and forgets what is older than a day", async () => {
    const userId = new Types.ObjectId();
    await ImportJob.collection.insertMany([
      {
        organizationId: "CR:3102654321",
        userId,
        status: "terminada",
        createdAt: new Date(Date.now() - 60 * 60 * 1000),
        budgetBytes: 0,
        inflatedBytes: 0,
        storedBytes: MAX_STORED_BYTES_PER_DAY_PER_USER,
      },
      {
        organizationId: FERRETERIA.id,
        userId: new Types.ObjectId(),
        status: "terminada",
        createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000),
        budgetBytes: 0,
        inflatedBytes: 0,
        storedBytes: MAX_STORED_BYTES_PER_DAY_PER_ORGANIZATION,
      },
    ]);
    const refused = await receiveUpload(
      uploadRequest("/detail?index&org=3101123456", [{ name: "a.xml", content: padded("user") }]),
      { organization: FERRETERIA, userId: String(userId), uploader: "admin" },
    );
    expect(refused).toEqual({ ok: false, refusals: [{ message: UPLOAD_MESSAGES.userDaySpent, kind: "too-many" }] });
    const accepted = await receiveUpload(
      uploadRequest("/detail?index&org=3101123456", [{ name: "a.xml", content: padded("other") }]),
      { organization: FERRETERIA, userId: String(new Types.ObjectId()), uploader: "admin" },
    );
    expect(accepted).toMatchObject({ ok: true, kind: "report" });
    const job = await ImportJob.findOne({ organizationId: FERRETERIA.id }).sort({ createdAt: -1 }).lean();
    expect(job?.storedBytes).toBeGreaterThan(0);
    expect(job?.storedBytes).toBeLessThan(20 * 1024);
  });
});
