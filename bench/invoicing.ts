/**
 * Invoicing benchmark: 1 000 invoices issued end to end — consecutive, clave, XML, XAdES-EPES signature,
 * XSD validation of the signed document, storage as an issued receipt (parsed back with the import
 * checks), booking through the ledger and queueing for Hacienda, one transaction each — then the PDF of
 * each. Laid out as `npm start` runs the app (decision 116): the embedded database in its own process
 * with its data on disk (every write durable), and the issuing done by as many worker processes as
 * the machine has cores. Invoices of one organization queue on its consecutive counter, so they are
 * issued by several organizations at once (each its own series), as an accounting office issues for
 * its clients. Targets: at least 50 invoices per second; the PDF of an invoice under 100 ms.
 * Run: npx tsx bench/invoicing.ts [invoices] [organizations] [--workers N]
 */
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import mongoose from "mongoose";
import { invoiceFormSchema } from "../app/domain/invoicing/form";
import { createDraft } from "../app/services/invoicing/drafts.server";
import { issueInvoice } from "../app/services/invoicing/issue-invoice.server";
import { stopXsdValidator } from "../app/services/invoicing/xsd.server";
import { renderInvoicePdf } from "../app/services/pdf/invoice-pdf.server";
import { InvoiceDraftModel } from "../models/invoice-draft";
import { ensureOrganization } from "../models/organization";
import { findReceipt, Receipt } from "../models/receipt";
import { User } from "../models/user";
import { connectDatabase, disconnectDatabase } from "../app/utils/db.server";
import { configureDemoIssuer } from "../scripts/seed-demo-issuer";
import { useBenchEnvironment } from "./app-environment";
import { startDatabaseProcess } from "./database-process";

const TARGET_PER_SECOND = 50;
const TARGET_PDF_MS = 100;
const positional = process.argv
  .slice(2)
  .filter((arg, index, all) => !arg.startsWith("--") && all[index - 1] !== "--workers");
const invoicesWanted = Number(positional[0] ?? 1_000);
const organizationCount = Number(positional[1] ?? 10);
const workersFlag = process.argv.indexOf("--workers");
const workerCount = workersFlag === -1 ? os.availableParallelism() : Number(process.argv[workersFlag + 1]);

type Batch = Array<{ organizationId: string; ids: string[] }>;
type ToIssuer = { kind: "issue"; userId: string; batch: Batch };
type FromIssuer =
  | { kind: "ready" }
  | { kind: "issued"; receipts: Array<{ organizationId: string; receiptId: string }>; cpuMs: number }
  | { kind: "failed"; message: string };

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

/** A worker process: issues its organizations' drafts, each organization's one after the other. */
async function runIssuer(): Promise<void> {
  const send = (message: FromIssuer) => process.send!(message);
  await connectDatabase(process.env.MONGODB_URI);
  send({ kind: "ready" });
  process.on("message", async (message: ToIssuer) => {
    try {
      const cpuBefore = process.cpuUsage();
      const receipts: Array<{ organizationId: string; receiptId: string }> = [];
      await Promise.all(
        message.batch.map(async ({ organizationId, ids }) => {
          for (const id of ids) {
            const outcome = await issueInvoice(organizationId, id, message.userId);
            if (!outcome.ok) throw new Error(outcome.refusals.map((r) => r.message).join(" "));
            if (outcome.booking.kind !== "contabilizado") throw new Error(`no contabilizada: ${outcome.booking.kind}`);
            receipts.push({ organizationId, receiptId: outcome.receiptId });
          }
        }),
      );
      const cpu = process.cpuUsage(cpuBefore);
      send({ kind: "issued", receipts, cpuMs: (cpu.user + cpu.system) / 1000 });
    } catch (error) {
      send({ kind: "failed", message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    } finally {
      await stopXsdValidator();
      await disconnectDatabase();
      process.disconnect();
    }
  });
}

/** CPU time a process has used so far (Linux /proc), NaN where that cannot be read. */
function processCpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime, fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

function startIssuer(): Promise<ChildProcess> {
  const child = fork(process.argv[1], ["--issuer"], { execArgv: process.execArgv, env: process.env });
  return new Promise((resolve, reject) => {
    child.once("message", (message: FromIssuer) =>
      message.kind === "ready" ? resolve(child) : reject(new Error("el proceso emisor no arrancó")),
    );
    child.once("exit", (code) => reject(new Error(`el proceso emisor terminó (${code})`)));
  });
}

function issueIn(child: ChildProcess, userId: string, batch: Batch) {
  return new Promise<Extract<FromIssuer, { kind: "issued" }>>((resolve, reject) => {
    child.once("message", (message: FromIssuer) => {
      if (message.kind === "issued") resolve(message);
      else reject(new Error(message.kind === "failed" ? message.message : "respuesta inesperada"));
    });
    child.send({ kind: "issue", userId, batch } satisfies ToIssuer);
  });
}

async function main(): Promise<void> {
  const dataDirectory = mkdtempSync(path.join(os.tmpdir(), "bench-invoicing-"));
  const database = await startDatabaseProcess(path.join(dataDirectory, "db"));
  const issuers: ChildProcess[] = [];
  try {
    useBenchEnvironment(`${database.uri}/bench_invoicing`);
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
    const drafts: Batch = [];
    let created = 0;
    for (const organizationId of organizations) {
      const ids: string[] = [];
      for (let index = 0; index < perOrganization && created < invoicesWanted; index++, created++) {
        const outcome = await createDraft(organizationId, userId, values(index));
        if (!outcome.ok) throw new Error(outcome.refusals.map((r) => r.message).join(" "));
        ids.push(outcome.draft.id);
      }
      drafts.push({ organizationId, ids });
    }
    const total = created;
    for (let n = 0; n < workerCount; n++) issuers.push(await startIssuer());
    const batches: Batch[] = issuers.map((_, n) => drafts.filter((_, index) => index % workerCount === n));
    console.log(
      `${total} facturas de 3 líneas, ${organizationCount} organizaciones emitiendo a la vez desde ` +
        `${workerCount} procesos; base de datos en su propio proceso, en disco; NODE_ENV=${process.env.NODE_ENV ?? ""}`,
    );

    const databaseCpuBefore = processCpuMs(database.pid);
    const start = performance.now();
    const answers = await Promise.all(issuers.map((child, n) => issueIn(child, userId, batches[n])));
    const seconds = (performance.now() - start) / 1000;
    const databaseCpu = processCpuMs(database.pid) - databaseCpuBefore;
    const issued = answers.flatMap((answer) => answer.receipts);
    const issuingCpu = answers.reduce((sum, answer) => sum + answer.cpuMs, 0);
    const rate = total / seconds;
    const stillDrafts = await InvoiceDraftModel.countDocuments({ state: "borrador" });
    const stored = await Receipt.countDocuments({ direction: "issued" });
    if (stillDrafts !== 0 || stored !== total || issued.length !== total)
      throw new Error(`${stillDrafts} borradores sin emitir, ${stored} comprobantes guardados de ${total}`);
    console.log(
      `emisión: ${seconds.toFixed(2)} s, ${rate.toFixed(1)} facturas/s ` +
        `(meta ≥ ${TARGET_PER_SECOND}/s: ${rate >= TARGET_PER_SECOND ? "cumplida" : "NO cumplida"}); ` +
        `carga de la máquina ${os
          .loadavg()
          .map((value) => value.toFixed(1))
          .join(" / ")}`,
    );
    console.log(
      `CPU por factura: ${(issuingCpu / total).toFixed(1)} ms en los procesos emisores` +
        (Number.isNaN(databaseCpu) ? "" : `, ${(databaseCpu / total).toFixed(1)} ms en la base de datos`),
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
    for (const child of issuers) if (child.exitCode === null) child.kill();
    await disconnectDatabase();
    await database.stop();
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}

if (process.argv.includes("--issuer")) await runIssuer();
else await main();
