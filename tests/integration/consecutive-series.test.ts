/**
 * Issue 24, finding 3: each issued series (sucursal, terminal, tipo) continues after the highest number
 * the organization holds — issued here or imported as emitido — and a number is never held twice (a
 * unique index on the organization's issued documents); a repeated number in an import is kept with a
 * warning; the issuer settings show the last number of each series from the data; the demo numbers
 * its series across months (decision 190).
 */
import { Types } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceFormSchema } from "../../app/domain/invoicing/form";
import { createDraft } from "../../app/services/invoicing/drafts.server";
import { issueInvoice } from "../../app/services/invoicing/issue-invoice.server";
import { consecutiveCounters } from "../../app/services/issuer/consecutive.server";
import { importFiles } from "../../app/services/receipts/receipts-upload.server";
import { loadReceiptDetail } from "../../app/services/receipts/receipts-detail.server";
import { ensureOrganization } from "../../models/organization";
import {
  Receipt,
  backfillIssuedConsecutivos,
  findReceipt,
  insertReceipts,
  receiptXmlBytes,
} from "../../models/receipt";
import { configureDemoIssuer } from "../../scripts/seed-demo-issuer";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { demoReceiptDocuments, seedDemoReceipts } from "../../scripts/seed-demo-receipts";
import {
  generateComprobante,
  type GeneratedDocument,
  type SampleParty,
} from "../../scripts/hacienda-samples/src/generate";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { createTestUser } from "../support/users";

const FERRETERIA = "CR:3101123456";
const SODA = "CR:3102654321";
const FERRETERIA_PARTY: SampleParty = {
  nombre: "Ferretería El Clavo S.A.",
  identificacion: { tipo: "02", numero: "3101123456" },
};
const SODA_PARTY: SampleParty = {
  nombre: "Soda La Esquina S.R.L.",
  identificacion: { tipo: "02", numero: "3102654321" },
};
const CUSTOMER: SampleParty = {
  nombre: "Distribuidora La Sabana S.A.",
  identificacion: { tipo: "02", numero: "3101456789" },
};

let environment: AppEnvironment;
let adminId: string;

function emitido(
  kind: "FE" | "TE" | "NC",
  sequence: number,
  seed: string,
  emisor = FERRETERIA_PARTY,
): GeneratedDocument {
  return generateComprobante({
    kind,
    version: "4.4",
    seed,
    emisor,
    receptor: kind === "TE" ? undefined : CUSTOMER,
    date: new Date("2026-10-10T15:00:00Z"),
    sequence,
    currency: "CRC",
  });
}

async function importDocuments(organizationId: string, documents: GeneratedDocument[]) {
  const cedula = organizationId.slice(3);
  return importFiles(
    documents.map((document) => ({ name: document.fileName, bytes: new TextEncoder().encode(document.xml) })),
    { id: organizationId, cedula, name: organizationId },
  );
}

async function issue(kind: "FE" | "TE" | "NC", extra: Record<string, unknown> = {}) {
  const form = invoiceFormSchema.parse({
    kind,
    ...(kind === "TE"
      ? {}
      : {
          receptorTipo: "02",
          receptorNumero: CUSTOMER.identificacion.numero,
          receptorNombre: CUSTOMER.nombre,
          receptorCorreo: "facturas@lasabana.cr",
        }),
    condicionVenta: "01",
    mediosPago: ["04"],
    moneda: "CRC",
    lines: [
      {
        cabys: "4299900000000",
        cantidad: "1",
        unidadMedida: "Unid",
        detalle: "Martillo",
        precioUnitario: "8500",
        codigoTarifaIVA: "08",
      },
    ],
    ...extra,
  });
  const draft = await createDraft(FERRETERIA, adminId, form);
  if (!draft.ok) throw new Error(draft.refusals.map((r) => r.message).join(" "));
  const outcome = await issueInvoice(FERRETERIA, draft.draft.id, adminId);
  if (!outcome.ok) throw new Error(outcome.refusals.map((r) => r.message).join(" "));
  return outcome;
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS.slice(0, 2)) await ensureOrganization(organization);
  adminId = (await createTestUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } })).id;
  await configureDemoIssuer({ organizationId: FERRETERIA, userId: adminId });
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

describe("issued series continue after the organization's own documents", () => {
  it("numbers a new FE, NC and TE after the highest emitido imported in each series", async () => {
    const report = await importDocuments(FERRETERIA, [
      emitido("FE", 1, "fe-1"),
      emitido("FE", 2, "fe-2"),
      emitido("FE", 4, "fe-4"),
      emitido("NC", 7, "nc-7"),
      emitido("TE", 3, "te-3"),
    ]);
    expect(report.counts).toMatchObject({ importado: 5, rechazado: 0 });

    expect((await issue("FE")).consecutivo).toBe("00100001010000000005");
    expect((await issue("FE")).consecutivo).toBe("00100001010000000006");
    expect((await issue("TE")).consecutivo).toBe("00100001040000000004");
    const fe = await Receipt.findOne({ organizationId: FERRETERIA, consecutivo: "00100001010000000005" });
    const nc = await issue("NC", {
      referenceReceiptId: String(fe!._id),
      referenceCodigo: "01",
      referenceRazon: "Devolución",
    });
    expect(nc.consecutivo).toBe("00100001030000000008");
  });

  it("shows the last number of each series from the data in the issuer settings", async () => {
    const counters = await consecutiveCounters(FERRETERIA);
    const current = (series: string) => counters.find((counter) => counter.series === series && counter.current);
    expect(current("FE")).toMatchObject({ lastIssued: 6, next: 7, place: { sucursal: "001", terminal: "00001" } });
    expect(current("NC")).toMatchObject({ lastIssued: 8, next: 9 });
    expect(current("TE")).toMatchObject({ lastIssued: 4, next: 5 });
    expect(current("ND")).toMatchObject({ lastIssued: 0, next: 1 });
  });

  it("keeps an imported emitido whose consecutivo another document holds, with a warning, and numbers past it", async () => {
    const repeated = emitido("FE", 6, "fe-6-otra-clave");
    const report = await importDocuments(FERRETERIA, [repeated, emitido("FE", 9, "fe-9"), emitido("FE", 9, "fe-9b")]);
    expect(report.counts).toMatchObject({ importado: 3, rechazado: 0 });
    const messages = report.results.map((result) => result.message);
    expect(messages.filter((message) => message.includes("ya lo tiene otro comprobante emitido"))).toHaveLength(2);

    const kept = await Receipt.findOne({ organizationId: FERRETERIA, clave: repeated.clave }).lean();
    const holder = await Receipt.findOne({ organizationId: FERRETERIA, issuedConsecutivo: "00100001010000000006" });
    expect(kept).toMatchObject({ consecutivo: "00100001010000000006", consecutivoHeldBy: holder!.clave });
    expect(kept!.issuedConsecutivo).toBeUndefined();
    const detail = await loadReceiptDetail(
      { id: FERRETERIA, cedula: "3101123456", name: "Ferretería" } as never,
      (await findReceipt(FERRETERIA, String(kept!._id)))!,
      false,
    );
    expect(detail.warnings.join(" ")).toContain(`ya lo tiene otro comprobante emitido (clave ${holder!.clave})`);

    expect((await issue("FE")).consecutivo).toBe("00100001010000000010");
  });

  it("refuses a second holder of one consecutivo at the database, not only in the counter", async () => {
    const original = await Receipt.findOne({
      organizationId: FERRETERIA,
      issuedConsecutivo: "00100001010000000010",
    }).lean();
    const copy = {
      ...original!,
      // A record to insert carries the document's own bytes; the stored field is their compressed form.
      xml: receiptXmlBytes(original!.xml),
      _id: new Types.ObjectId(),
      clave: original!.clave.replace(/\d{8}$/, "00000000"),
    };
    const outcome = await insertReceipts([copy as never]);
    expect([...outcome.consecutivoTaken]).toEqual([0]);
    expect(await Receipt.countDocuments({ organizationId: FERRETERIA, consecutivo: "00100001010000000010" })).toBe(1);
  });

  it("gives documents stored before the index their numbers, the first stored keeping a repeated one", async () => {
    const documents = [emitido("FE", 30, "old-a", SODA_PARTY), emitido("FE", 30, "old-b", SODA_PARTY)];
    await importDocuments(SODA, documents);
    // As stored by a version without the field.
    await Receipt.updateMany({ organizationId: SODA }, { $unset: { issuedConsecutivo: "", consecutivoHeldBy: "" } });
    const first = await Receipt.findOne({ organizationId: SODA }).sort({ importedAt: 1, _id: 1 }).lean();
    expect(await backfillIssuedConsecutivos()).toEqual({ held: 1, repeated: 1 });
    const stored = await Receipt.find({ organizationId: SODA }).lean();
    expect(stored.find((r) => r.clave === first!.clave)?.issuedConsecutivo).toBe("00100001010000000030");
    expect(stored.find((r) => r.clave !== first!.clave)?.consecutivoHeldBy).toBe(first!.clave);
    expect(await backfillIssuedConsecutivos()).toEqual({ held: 0, repeated: 0 });
  });
});

describe("the demo numbers each series consecutively across months", () => {
  it("never gives two of an organization's documents of one series the same number", () => {
    for (const organization of DEMO_ORGANIZATIONS.filter((candidate) => candidate.active !== false)) {
      const documents = demoReceiptDocuments(organization, new Date("2026-11-20T18:00:00Z"));
      const seen = new Map<string, string>();
      for (const document of documents) {
        if (!document.consecutivo) continue;
        const key = `${document.emisor.identificacion.numero}|${document.consecutivo}`;
        expect(seen.get(key), `${organization._id} ${key}`).toBeUndefined();
        seen.set(key, document.clave);
      }
    }
  });

  it("stores a fresh demo with no consecutivo held twice and none kept as repeated", async () => {
    for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
    await seedDemoReceipts({ log: () => undefined });
    const others = { $nin: [FERRETERIA, SODA] };
    expect(await Receipt.countDocuments({ organizationId: others, direction: "issued" })).toBeGreaterThan(20);
    expect(await Receipt.countDocuments({ organizationId: others, consecutivoHeldBy: { $exists: true } })).toBe(0);
    const repeated = await Receipt.aggregate([
      { $match: { organizationId: others, direction: "issued" } },
      { $group: { _id: { organizationId: "$organizationId", consecutivo: "$consecutivo" }, count: { $sum: 1 } } },
      { $match: { count: { $gt: 1 } } },
    ]);
    expect(repeated).toEqual([]);
  }, 120_000);
});

describe("counters kept by type only", () => {
  it("move into the series of the issuer's place at start, forward only", async () => {
    const { Sequence } = await import("../../models/sequence");
    const { carryTypeCounters } = await import("../../app/services/issuer/consecutive.server");
    await Sequence.create({
      _id: `${FERRETERIA}|consecutivo-ND`,
      organizationId: FERRETERIA,
      name: "consecutivo-ND",
      value: 40,
    });
    expect(await carryTypeCounters()).toBe(1);
    expect((await consecutiveCounters(FERRETERIA)).find((c) => c.series === "ND" && c.current)?.next).toBe(41);
    expect(await Sequence.countDocuments({ name: "consecutivo-ND" })).toBe(0);
    expect(await carryTypeCounters()).toBe(0);
  });
});
