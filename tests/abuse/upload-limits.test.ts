import { strToU8, zipSync } from "fflate";
import { Types } from "mongoose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ImportJob } from "../../models/import-job";
import { Receipt } from "../../models/receipt";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateComprobante,
} from "../../scripts/hacienda-samples/src/generate";
import { receiveUpload } from "../../app/services/receipts/import-jobs.server";
import {
  importFiles,
  InflatedBudget,
  MAX_INFLATED_BYTES_PER_HOUR,
  UPLOAD_MESSAGES,
} from "../../app/services/receipts/receipts-upload.server";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { FERRETERIA, uploadRequest } from "../integration/receipts-fixtures";

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

const receivedXml = (seed: string, padding = 0) =>
  generateComprobante({
    kind: "FE",
    version: "4.4",
    seed,
    emisor: BUSINESS_PARTIES[1],
    receptor: FERRETERIA_EL_CLAVO,
    date: "2025-10-16",
  }).xml.replace(/<\/FacturaElectronica>\s*$/, `${" ".repeat(padding)}</FacturaElectronica>`);

describe("what one upload and one user may inflate (issue 16)", () => {
  it("stops a ZIP at the upload's budget, with one Spanish refusal for the rest", async () => {
    const entries = Object.fromEntries(
      Array.from({ length: 10 }, (_, index) => [`f${index}.xml`, strToU8(receivedXml(`budget-${index}`, 500_000))]),
    );
    const report = await importFiles([{ name: "lote.zip", bytes: zipSync(entries) }], FERRETERIA, {
      budget: new InflatedBudget(2_200_000),
    });
    expect(report.counts.importado).toBe(4);
    expect(report.results.at(-1)).toEqual({
      file: "lote.zip",
      status: "rechazado",
      message: UPLOAD_MESSAGES.uploadBudget,
    });
    expect(await Receipt.countDocuments()).toBe(4);
  });

  it("refuses a user's upload once the hour's limit is spent (429, Spanish), nothing written", async () => {
    const userId = String(new Types.ObjectId());
    await ImportJob.collection.insertOne({
      organizationId: FERRETERIA.id,
      userId: new Types.ObjectId(userId),
      status: "terminada",
      createdAt: new Date(Date.now() - 10 * 60 * 1000),
      budgetBytes: MAX_INFLATED_BYTES_PER_HOUR,
      inflatedBytes: MAX_INFLATED_BYTES_PER_HOUR,
    });
    const request = uploadRequest("/detail?index&org=3101123456", [{ name: "a.xml", content: receivedXml("hour") }]);
    const outcome = await receiveUpload(request, { organization: FERRETERIA, userId, uploader: "client" });
    expect(outcome).toEqual({ ok: false, refusals: [{ message: UPLOAD_MESSAGES.hourSpent, kind: "too-many" }] });
    expect(await Receipt.countDocuments()).toBe(0);
  });
});
