/**
 * Booking benchmark (issue 13): one organization's month of received receipts (default 5 000: FE, ND,
 * NC and FEC of the sample suppliers, colones and dollars) with 50 reception rules, on the embedded
 * database with a data directory (every acknowledged write fsynced):
 *  - «Contabilizar mes» end to end, as the page starts it: the background run books every pending
 *    receipt (plan, rules, entries posted with their balances, posted lines and receipt links) and
 *    records its progress; timed until the run says "terminada" (target ≥ 500 receipts/s),
 *  - «Simular» of the same month (target < 1 s).
 * Then checks that every bookable receipt has exactly one entry and that the books equal a rebuild.
 * Run: NODE_ENV=production npx tsx bench/booking.ts [--receipts 5000] [--rounds 3]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { strToU8 } from "fflate";
import mongoose, { Types } from "mongoose";
import type { RuleInput } from "../app/domain/rules/form";
import { startMonthBooking } from "../app/services/booking/booking-jobs.server";
import { listEntries, verifyLedger } from "../app/services/ledger/ledger.server";
import { importFiles } from "../app/services/receipts/receipts-upload.server";
import { createRule } from "../app/services/rules/rules.server";
import { simulateMonth } from "../app/services/rules/simulate.server";
import { connectDatabase, disconnectDatabase } from "../app/utils/db.server";
import { BookingJob, findBookingJob } from "../models/booking-job";
import { ensureOrganization } from "../models/organization";
import { Receipt } from "../models/receipt";
import { ReceiptBooking } from "../models/receipt-booking";
import { startEmbeddedMongo } from "../packages/embedded-mongo/src/index";
import { BUSINESS_PARTIES, FERRETERIA_EL_CLAVO, generateBatch } from "../scripts/hacienda-samples/src/generate";
import { useBenchEnvironment } from "./app-environment";

const TARGETS = { receiptsPerSecond: 500, simulateMs: 1_000 };
const ORG = { id: "CR:3101123456", cedula: "3101123456", name: FERRETERIA_EL_CLAVO.nombre };
const MONTH = "2025-10";
const RULE_COUNT = 50;

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const receiptsWanted = flag("--receipts", 5_000);
const rounds = flag("--rounds", 3);

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}

const load = () =>
  `carga de la máquina ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" / ")} (${os.cpus().length} núcleos)`;

/**
 * 50 rules as an accountant writes them: most name a supplier or a kind of goods that this month's
 * receipts do not have (so every receipt is tried against many rules before one matches), the last
 * ones classify the sample suppliers by cédula, by CABYS and by line text; some receipts match none.
 */
function benchRules(): RuleInput[] {
  const document = (account: string, post = true) => ({
    scope: "document" as const,
    account,
    ivaTreatment: "acreditable" as const,
    post,
  });
  const rules: RuleInput[] = [];
  for (let i = 0; rules.length < RULE_COUNT - 12; i++) {
    rules.push({
      name: `Proveedor ${i + 1} (otro mes)`,
      mode: i % 2 === 0 ? "all" : "any",
      conditions: [
        { field: "emisorNombre", operator: "contains", value: `Proveedor ausente ${i + 1}` },
        { field: "cabys", operator: "startsWith", value: `99${String(i).padStart(2, "0")}` },
        ...(i % 3 === 0
          ? [{ field: "lineDetail" as const, operator: "contains" as const, value: `artículo ${i}` }]
          : []),
      ],
      action: document("60-02-08-00-00"),
    });
  }
  const suppliers = BUSINESS_PARTIES.slice(0, 8);
  suppliers.forEach((supplier, index) =>
    rules.push({
      name: `Compras a ${supplier.nombre}`,
      mode: "all",
      conditions: [
        { field: "emisorCedula", operator: "equals", value: supplier.identificacion!.numero },
        { field: "total", operator: "lte", value: index % 2 === 0 ? "50000000" : "2000000" },
      ],
      action: document(index % 2 === 0 ? "60-02-08-00-00" : "60-02-01-00-00", index !== 3),
    }),
  );
  rules.push(
    {
      name: "Materiales de construcción",
      mode: "all",
      conditions: [
        { field: "cabys", operator: "startsWith", value: "4" },
        { field: "ivaRateCode", operator: "equals", value: "08" },
      ],
      action: { ...document("60-02-08-00-00"), scope: "lines", otherLinesAccount: "70-01-01-00-00" },
    },
    {
      name: "Servicios profesionales",
      mode: "any",
      conditions: [{ field: "lineDetail", operator: "contains", value: "servicio" }],
      action: { ...document("60-02-01-00-00"), ivaTreatment: "no-acreditable" },
    },
    {
      name: "Compras en dólares",
      mode: "all",
      conditions: [{ field: "currency", operator: "equals", value: "USD" }],
      action: { ...document("60-02-08-00-00"), ivaTreatment: "proporcional" },
    },
    {
      name: "Notas de débito",
      mode: "all",
      conditions: [{ field: "documentType", operator: "equals", value: "ND" }],
      action: document("60-02-08-00-00"),
    },
  );
  return rules;
}

const dataDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "bench-booking-"));
const server = await startEmbeddedMongo({ port: 0, dbPath: path.join(dataDirectory, "db") });
let failed = false;
try {
  useBenchEnvironment(`${server.uri}/bench_booking`);
  const simulateCold: number[] = [];
  const simulateWarm: number[] = [];
  const rates: number[] = [];
  console.log(
    `${receiptsWanted} comprobantes recibidos de ${MONTH}, ${RULE_COUNT} reglas, ${rounds} rondas (base de datos nueva en cada una), NODE_ENV=${process.env.NODE_ENV ?? ""}`,
  );
  for (let round = 1; round <= rounds; round++) {
    await connectDatabase(process.env.MONGODB_URI);
    await mongoose.connection.dropDatabase();
    await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
    await ensureOrganization({ _id: ORG.id, name: ORG.name, identificationType: "02" });
    const userId = String(new Types.ObjectId());
    for (const rule of benchRules()) {
      const outcome = await createRule(ORG.id, { userId }, rule);
      if (!outcome.ok) throw new Error(`regla «${rule.name}»: ${outcome.refusals.map((r) => r.message).join(" ")}`);
    }

    const documents = generateBatch({
      seed: `bench-booking-${round}`,
      count: receiptsWanted,
      month: MONTH,
      issuedShare: 0,
      kinds: { FE: 85, ND: 4, NC: 5, FEC: 6 },
      usdShare: 0.1,
      mensajeHaciendaShare: 0,
    });
    const importStart = performance.now();
    const report = await importFiles(
      documents.map((document) => ({ name: document.fileName, bytes: strToU8(document.xml) })),
      ORG,
    );
    const importSeconds = (performance.now() - importStart) / 1000;
    if (report.counts.importado !== receiptsWanted)
      throw new Error(`se esperaban ${receiptsWanted} importados: ${JSON.stringify(report.counts)}`);
    const received = await Receipt.countDocuments({ organizationId: ORG.id, month: MONTH, direction: "received" });

    // «Simular» before booking (what an accountant does first), twice: the first run reads every compact
    // form from the database, the second finds them in the process (decision 138).
    const simulated: number[] = [];
    let summary = "";
    for (let run = 0; run < 2; run++) {
      const start = performance.now();
      const simulation = await simulateMonth(ORG.id, MONTH);
      simulated.push(performance.now() - start);
      const { receipts, matched, unclassified, noEntry } = simulation.summary;
      summary = `${receipts} comprobantes: ${matched} con regla, ${unclassified} por clasificar, ${noEntry} sin asiento`;
    }
    simulateCold.push(simulated[0]);
    simulateWarm.push(simulated[1]);

    const loadBefore = load();
    const start = performance.now();
    const jobId = await startMonthBooking(ORG.id, MONTH, userId);
    // Polls as the progress page does, but often and reading only the status, to stop the clock on time.
    for (;;) {
      const status = await BookingJob.findById(jobId, { status: 1 }).lean<{ status: string }>();
      if (status?.status !== "procesando") break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const seconds = (performance.now() - start) / 1000;
    const job = await findBookingJob(ORG.id, jobId);
    if (job?.status !== "terminada") throw new Error(`la contabilización terminó en «${job?.status}»: ${job?.error}`);
    const rate = job.total / seconds;
    rates.push(rate);

    const counts: Record<string, number> = {};
    for (const result of job.results) counts[result.kind] = (counts[result.kind] ?? 0) + 1;
    const links = await ReceiptBooking.countDocuments({ organizationId: ORG.id });
    const entries = (await listEntries(ORG.id, { source: "comprobante" }, { pageSize: 1 })).count;
    const booked = (counts.contabilizado ?? 0) + (counts.borrador ?? 0);
    const differences = await verifyLedger(ORG.id);
    console.log(
      `ronda ${round}: importación ${importSeconds.toFixed(1)} s (${received} recibidos); Simular ${simulated
        .map((ms) => `${Math.round(ms)} ms`)
        .join(" / ")} (${summary}); Contabilizar mes ${job.total} pendientes en ${seconds.toFixed(2)} s = ` +
        `${Math.round(rate)} comprobantes/s (${Object.entries(counts)
          .map(([kind, count]) => `${kind} ${count}`)
          .join(", ")}); ${loadBefore}`,
    );
    if (links !== booked || entries !== booked)
      throw new Error(`${booked} contabilizados pero ${links} enlaces y ${entries} asientos`);
    if (differences.length > 0) throw new Error(`los saldos no cuadran con una reconstrucción: ${differences.length}`);
    await disconnectDatabase();
  }
  const bookingRate = median(rates);
  const simulateMs = median(simulateCold);
  console.log(
    `Contabilizar mes (${receiptsWanted} recibidos, ${RULE_COUNT} reglas, asientos durables): mediana ${Math.round(bookingRate)} comprobantes/s (meta ≥ ${TARGETS.receiptsPerSecond})`,
  );
  console.log(
    `Simular el mes: mediana ${Math.round(simulateMs)} ms la primera vez, ${Math.round(median(simulateWarm))} ms las siguientes (meta < ${TARGETS.simulateMs} ms); ${load()}`,
  );
  failed = bookingRate < TARGETS.receiptsPerSecond || simulateMs >= TARGETS.simulateMs;
} finally {
  await disconnectDatabase().catch(() => undefined);
  await server.close();
  fs.rmSync(dataDirectory, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
