/**
 * Issue 24, invariant (b): whatever sequence of imports of emitidos (numbers chosen at random, repeats
 * included), FE/TE issues, notas de crédito and simultaneous issues an organization goes through, no
 * two issued documents share a consecutivo — except an imported one the import kept with its warning
 * (`consecutivoHeldBy`, decision 190), which never holds the number.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceFormSchema } from "../../app/domain/invoicing/form";
import { createDraft } from "../../app/services/invoicing/drafts.server";
import { issueInvoice } from "../../app/services/invoicing/issue-invoice.server";
import { importFiles } from "../../app/services/receipts/receipts-upload.server";
import { ensureOrganization } from "../../models/organization";
import { Receipt } from "../../models/receipt";
import { generateComprobante, type SampleParty } from "../../scripts/hacienda-samples/src/generate";
import { configureDemoIssuer } from "../../scripts/seed-demo-issuer";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { createTestUser } from "../support/users";

const FERRETERIA = "CR:3101123456";
const EMISOR: SampleParty = {
  nombre: "Ferretería El Clavo S.A.",
  identificacion: { tipo: "02", numero: "3101123456" },
};
const CUSTOMER: SampleParty = {
  nombre: "Distribuidora La Sabana S.A.",
  identificacion: { tipo: "02", numero: "3101456789" },
};

let environment: AppEnvironment;
let adminId: string;
let imported = 0;
/** Claves of the documents the app issued during the run. */
const issuedHere = new Set<string>();

type Step =
  | { kind: "import"; documents: Array<{ tipo: "FE" | "TE" | "NC"; numero: number }> }
  | { kind: "issue"; tipo: "FE" | "TE" }
  | { kind: "nota" }
  | { kind: "together"; count: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("import" as const),
    documents: fc.array(
      fc.record({
        tipo: fc.constantFrom("FE" as const, "TE" as const, "NC" as const),
        numero: fc.integer({ min: 1, max: 12 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  }),
  fc.record({ kind: fc.constant("issue" as const), tipo: fc.constantFrom("FE" as const, "TE" as const) }),
  fc.record({ kind: fc.constant("nota" as const) }),
  fc.record({ kind: fc.constant("together" as const), count: fc.integer({ min: 2, max: 3 }) }),
);

async function importEmitidos(documents: Array<{ tipo: "FE" | "TE" | "NC"; numero: number }>) {
  const files = documents.map(({ tipo, numero }) => {
    const document = generateComprobante({
      kind: tipo,
      version: "4.4",
      seed: `invariante-${imported++}`,
      emisor: EMISOR,
      receptor: tipo === "TE" ? undefined : CUSTOMER,
      date: new Date("2026-10-10T15:00:00Z"),
      sequence: numero,
      currency: "CRC",
    });
    return { name: document.fileName, bytes: new TextEncoder().encode(document.xml) };
  });
  const report = await importFiles(files, { id: FERRETERIA, cedula: "3101123456", name: "Ferretería" });
  expect(report.counts.rechazado).toBe(0);
}

async function issue(tipo: "FE" | "TE" | "NC", reference?: string) {
  const form = invoiceFormSchema.parse({
    kind: tipo,
    ...(tipo === "TE" ? {} : { receptorTipo: "02", receptorNumero: "3101456789", receptorNombre: CUSTOMER.nombre }),
    ...(reference ? { referenceReceiptId: reference, referenceCodigo: "01", referenceRazon: "Devolución total" } : {}),
    condicionVenta: "01",
    mediosPago: ["01"],
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
  });
  const draft = await createDraft(FERRETERIA, adminId, form);
  if (!draft.ok) throw new Error(draft.refusals.map((r) => r.message).join(" "));
  const outcome = await issueInvoice(FERRETERIA, draft.draft.id, adminId);
  if (!outcome.ok) throw new Error(outcome.refusals.map((r) => r.message).join(" "));
  issuedHere.add(outcome.clave);
  return outcome;
}

/** The invariant, read from the database after every step. */
async function expectNoSharedConsecutivo() {
  const issued = await Receipt.find(
    { organizationId: FERRETERIA, direction: "issued" },
    { clave: 1, consecutivo: 1, issuedConsecutivo: 1, consecutivoHeldBy: 1 },
  ).lean();
  const holders = new Map<string, number>();
  for (const receipt of issued) {
    // Every issued document either holds its own number or names the one that does.
    if (receipt.issuedConsecutivo !== undefined) {
      expect(receipt.issuedConsecutivo).toBe(receipt.consecutivo);
      holders.set(receipt.consecutivo, (holders.get(receipt.consecutivo) ?? 0) + 1);
    } else {
      expect(typeof receipt.consecutivoHeldBy).toBe("string");
    }
  }
  expect([...holders].filter(([, count]) => count > 1)).toEqual([]);
  // A document issued here always holds its number: the app never issues a number already in the books.
  for (const receipt of issued) {
    if (issuedHere.has(receipt.clave)) expect(receipt.issuedConsecutivo).toBe(receipt.consecutivo);
    if (receipt.consecutivoHeldBy !== undefined) expect(holders.has(receipt.consecutivo)).toBe(true);
  }
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS.slice(0, 1)) await ensureOrganization(organization);
  adminId = (await createTestUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } })).id;
  await configureDemoIssuer({ organizationId: FERRETERIA, userId: adminId });
}, 120_000);

afterAll(async () => {
  await environment?.close();
});

describe("no two issued documents share a consecutivo", () => {
  it("holds after every step of random sequences of imports, issues, notas and simultaneous issues", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 5 }), async (steps) => {
        for (const current of steps) {
          if (current.kind === "import") await importEmitidos(current.documents);
          else if (current.kind === "issue") await issue(current.tipo);
          else if (current.kind === "nota") {
            const factura = await Receipt.findOne({ organizationId: FERRETERIA, direction: "issued", kind: "FE" });
            await issue(factura ? "NC" : "FE", factura ? String(factura._id) : undefined);
          } else {
            await Promise.all(Array.from({ length: current.count }, () => issue("FE")));
          }
          await expectNoSharedConsecutivo();
        }
      }),
      { numRuns: 6, seed: 20261126, endOnFailure: true },
    );
    // The sequences did exercise repeats (imports kept with a warning) and issues after imports.
    expect(issuedHere.size).toBeGreaterThan(5);
    expect(
      await Receipt.countDocuments({ organizationId: FERRETERIA, consecutivoHeldBy: { $exists: true } }),
    ).toBeGreaterThan(0);
  }, 600_000);
});
