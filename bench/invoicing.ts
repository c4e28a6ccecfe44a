/**
 * Invoicing benchmark: 1 000 invoices issued end to end — consecutive, clave, XML, XAdES-EPES signature,
 * XSD validation of the signed document, storage as an issued receipt (parsed back with the import
 * checks), booking through the ledger and queueing for Hacienda, one transaction each — then the PDF of
 * each. Invoices of one organization queue on its consecutive counter, so they are issued by several
 * organizations at once (each its own series), as an accounting office issues for its clients.
 * Targets: at least 50 invoices per second; the PDF of an invoice under 100 ms.
 * Run: npx tsx bench/invoicing.ts [invoices] [organizations]
 */
import { randomBytes } from "node:crypto";
import mongoose from "mongoose";
import { invoiceFormSchema } from "../app/domain/invoicing/form";
import { createDraft } from "../app/services/invoicing/drafts.server";
import { issueInvoice } from "../app/services/invoicing/issue-invoice.server";
import { stopXsdValidator } from "../app/services/invoicing/xsd.server";
import { renderInvoicePdf } from "../app/services/pdf/invoice-pdf.server";
import { InvoiceDraftModel } from "../models/invoice-draft";
import { ensureOrganization } from "../models/organization";
import { findReceipt } from "../models/receipt";
import { User } from "../models/user";
import { connectDatabase, disconnectDatabase } from "../app/utils/db.server";
import { startEmbeddedMongo } from "../packages/embedded-mongo/src/index";
import { configureDemoIssuer } from "../scripts/seed-demo-issuer";

const TARGET_PER_SECOND = 50;
const TARGET_PDF_MS = 100;
const invoicesWanted = Number(process.argv[2] ?? 1_000);
const organizationCount = Number(process.argv[3] ?? 10);

function values(index: number) {
  return invoiceFormSchema.parse({
    kind: index % 10 === 9 ? "TE" : "FE",
    receptorTipo: "02",
    receptorNumero: "3101456789",
    receptorNombre: "Distribuidora La Sabana S.A.",
    receptorCorreo: "facturas@lasabana.cr",
    condicionVenta: index % 3 === 0 ? "02" : "01",
    plazoCredito: index % 3 === 0 ? "30" : "",
    mediosPago: ["04"],
    lines: [
      {
        cabys: "4299900000000",
        cantidad: String(1 + (index % 5)),
        unidadMedida: "Unid",
        detalle: `Martillo de uña 16 oz (${index})`,
        precioUnitario: `${8_500 + index},50`,
        codigoTarifaIVA: "08",
      },
      {
        cabys: "2392000000100",
        cantidad: "3",
        unidadMedida: "Kg",
        detalle: "Arroz 99 % grano entero",
        precioUnitario: "1200",
        descuento: index % 4 === 0 ? "100" : "",
        codigoDescuento: index % 4 === 0 ? "07" : "",
        codigoTarifaIVA: "02",
      },
      {
        cabys: "8399000000000",
        cantidad: "1",
        unidadMedida: "Sp",
        detalle: "Instalación",
        precioUnitario: "15000",
        codigoTarifaIVA: "08",
      },
    ],
  });
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

const server = await startEmbeddedMongo({ port: 0 });
try {
  // The app's own connection and environment (production refuses to start without its secrets).
  Object.assign(process.env, {
    MONGODB_URI: `${server.uri}/bench_invoicing`,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    SMTP_URL: "smtp://127.0.0.1:2525",
    APP_URL: "http://localhost:3000",
  });
  await connectDatabase(process.env.MONGODB_URI);
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
  const user = await User.create({ email: "bench@demo.cr", passwordHash: "x", isAdmin: true, orgs: {} });
  const userId = String(user._id);

  const organizations: string[] = [];
  for (let n = 0; n < organizationCount; n++) {
    const cedula = `31015${String(n).padStart(5, "0")}`;
    const id = `CR:${cedula}`;
    await ensureOrganization({ _id: id, name: `Emisora ${n} S.A.`, identificationType: "02", active: true });
    await configureDemoIssuer({ organizationId: id, userId });
    organizations.push(id);
  }

  const perOrganization = Math.ceil(invoicesWanted / organizationCount);
  const drafts: Array<{ organizationId: string; ids: string[] }> = [];
  for (const organizationId of organizations) {
    const ids: string[] = [];
    for (
      let index = 0;
      index < perOrganization && drafts.length * perOrganization + ids.length < invoicesWanted;
      index++
    ) {
      const outcome = await createDraft(organizationId, userId, values(index));
      if (!outcome.ok) throw new Error(outcome.refusals.map((r) => r.message).join(" "));
      ids.push(outcome.draft.id);
    }
    drafts.push({ organizationId, ids });
  }
  const total = drafts.reduce((sum, { ids }) => sum + ids.length, 0);
  console.log(`${total} facturas de 3 líneas, ${organizationCount} organizaciones emitiendo a la vez`);

  const issued: Array<{ organizationId: string; receiptId: string }> = [];
  const start = performance.now();
  await Promise.all(
    drafts.map(async ({ organizationId, ids }) => {
      for (const id of ids) {
        const outcome = await issueInvoice(organizationId, id, userId);
        if (!outcome.ok) throw new Error(outcome.refusals.map((r) => r.message).join(" "));
        if (outcome.booking.kind !== "contabilizado") throw new Error(`no contabilizada: ${outcome.booking.kind}`);
        issued.push({ organizationId, receiptId: outcome.receiptId });
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const rate = total / seconds;
  const stillDrafts = await InvoiceDraftModel.countDocuments({ state: "borrador" });
  if (stillDrafts !== 0) throw new Error(`${stillDrafts} borradores sin emitir`);
  console.log(
    `emisión: ${seconds.toFixed(2)} s, ${rate.toFixed(1)} facturas/s ` +
      `(meta ≥ ${TARGET_PER_SECOND}/s: ${rate >= TARGET_PER_SECOND ? "cumplida" : "NO cumplida"})`,
  );

  const timings: number[] = [];
  for (const { organizationId, receiptId } of issued) {
    const receipt = await findReceipt(organizationId, receiptId);
    const begin = performance.now();
    const pdf = await renderInvoicePdf(receipt!);
    timings.push(performance.now() - begin);
    if (pdf.subarray(0, 5).toString("latin1") !== "%PDF-") throw new Error("PDF inválido");
  }
  timings.sort((a, b) => a - b);
  const p50 = percentile(timings, 0.5);
  const p95 = percentile(timings, 0.95);
  console.log(
    `PDF por factura: mediana ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, máx ${timings.at(-1)!.toFixed(1)} ms ` +
      `(meta < ${TARGET_PDF_MS} ms: ${p95 < TARGET_PDF_MS ? "cumplida" : "NO cumplida"})`,
  );
  if (rate < TARGET_PER_SECOND || p95 >= TARGET_PDF_MS) process.exitCode = 1;
} finally {
  await stopXsdValidator();
  await disconnectDatabase();
  await server.close();
}
