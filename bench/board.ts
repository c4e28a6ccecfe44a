/**
 * Practice board benchmark (issue 26): organizations with a year of receipts and period balances,
 * inserted directly (the board reads them, it does not care how they arrived). Times the board's
 * server work for 50 and for 200 organizations, and the work it replaces: opening the 50 month views
 * one after another. Quick sizes by default; the full size is
 *   NODE_ENV=production npx tsx bench/board.ts --receipts 5000 --balances 1200
 * Run: NODE_ENV=production npx tsx bench/board.ts [--receipts 600] [--balances 240] [--rounds 3]
 */
import os from "node:os";
import mongoose, { Types } from "mongoose";
import { parseComprobante } from "../app/domain/hacienda";
import { loadBoard } from "../app/services/board/board.server";
import { forgetPartialPayments } from "../app/services/board/partial-payments.server";
import { forgetReportCache } from "../app/services/reports/report-cache.server";
import { receiptRecordFrom } from "../app/services/receipts/receipt-import.server";
import { loadMonthView } from "../app/services/receipts/receipts.server";
import { connectDatabase, disconnectDatabase } from "../app/utils/db.server";
import { ensureOrganization } from "../models/organization";
import { PeriodBalance } from "../models/period-balance";
import { Receipt, type ReceiptRecord } from "../models/receipt";
import { startEmbeddedMongo } from "../packages/embedded-mongo/src/index";
import { BUSINESS_PARTIES, generateComprobante } from "../scripts/hacienda-samples/src/generate";
import { useBenchEnvironment } from "./app-environment";

const MONTH = "2025-10";
const MONTHS = [
  "2024-11",
  "2024-12",
  ...Array.from({ length: 10 }, (_, i) => `2025-${String(i + 1).padStart(2, "0")}`),
];

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const receiptsPerOrg = flag("--receipts", 600);
const balancesPerOrg = flag("--balances", 240);
const rounds = flag("--rounds", 3);

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

function template(direction: "issued" | "received", cedula: string): ReceiptRecord {
  const self = { nombre: "Cliente", identificacion: { tipo: "02" as const, numero: cedula } };
  const document = generateComprobante({
    kind: "FE",
    version: "4.4",
    seed: `bench-board-${direction}`,
    emisor: direction === "issued" ? self : BUSINESS_PARTIES[1],
    receptor: direction === "issued" ? BUSINESS_PARTIES[2] : self,
  });
  const parsed = parseComprobante(document.xml);
  if (!parsed.ok || parsed.document.kind === "MH") throw new Error("the sample does not parse");
  return receiptRecordFrom(parsed.document, {
    organizationId: `CR:${cedula}`,
    direction,
    fileName: document.fileName,
    bytes: new TextEncoder().encode(document.xml),
    xmlSha256: "0".repeat(64),
    warnings: parsed.warnings,
  });
}

async function seed(organizations: number) {
  const issued = template("issued", "3101000000");
  const received = template("received", "3101000000");
  for (let o = 0; o < organizations; o++) {
    const cedula = `3101${String(o).padStart(6, "0")}`;
    const organizationId = `CR:${cedula}`;
    await ensureOrganization({ _id: organizationId, name: `Cliente ${o}`, identificationType: "02" });
    const records: ReceiptRecord[] = [];
    for (let r = 0; r < receiptsPerOrg; r++) {
      const base = r % 3 === 0 ? issued : received;
      const month = MONTHS[r % MONTHS.length];
      // Issued consecutivos are unique per organization and series.
      const consecutivo = `${base.consecutivo.slice(0, 10)}${String(r).padStart(10, "0")}`;
      records.push({
        ...base,
        ...(base.direction === "issued" ? { consecutivo, issuedConsecutivo: consecutivo } : {}),
        _id: new Types.ObjectId(),
        organizationId,
        clave: `${base.clave.slice(0, 40)}${String(o).padStart(4, "0")}${String(r).padStart(6, "0")}`,
        month,
        fechaEmision: new Date(`${month}-${String((r % 27) + 1).padStart(2, "0")}T12:00:00-06:00`),
        importedAt: new Date(Date.now() - r * 60_000),
      });
    }
    await Receipt.insertMany(records, { ordered: false });
    const accounts = ["70-01-01-00-00", "10-01-01-01-00", "10-01-01-03-01", "60-02-08-00-00", "40-01-01-00-00"];
    const balances = [];
    for (let b = 0; b < balancesPerOrg; b++) {
      balances.push({
        organizationId,
        account: `${accounts[b % accounts.length].slice(0, 12)}${String(Math.floor(b / accounts.length) % 100).padStart(2, "0")}`,
        period: MONTHS[b % MONTHS.length],
        debit: BigInt(1_000 * (b + 1)),
        credit: BigInt(700 * (b + 1)),
        lineCount: 3,
      });
    }
    await PeriodBalance.insertMany(balances, { ordered: false }).catch(() => undefined);
  }
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const server = await startEmbeddedMongo({ port: 0 });
try {
  useBenchEnvironment(`${server.uri}/bench_board`);
  await connectDatabase(process.env.MONGODB_URI);
  await mongoose.connection.dropDatabase();
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
  console.log(
    `board: ${receiptsPerOrg} receipts and ${balancesPerOrg} period balances per organization; load ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(" / ")} (${os.cpus().length} cores)`,
  );
  const seedStarted = performance.now();
  await seed(200);
  console.log(`seeded 200 organizations in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  const all = Array.from({ length: 200 }, (_, o) => ({
    id: `CR:3101${String(o).padStart(6, "0")}`,
    name: `Cliente ${o}`,
  }));
  for (const size of [50, 200]) {
    const organizations = all.slice(0, size);
    const first: number[] = [];
    const again: number[] = [];
    for (let round = 0; round < rounds; round++) {
      // A process's first board computes every schedule and report; the next ones reuse what still holds.
      forgetPartialPayments();
      forgetReportCache();
      first.push(await time(() => loadBoard(organizations, MONTH)));
      again.push(await time(() => loadBoard(organizations, MONTH)));
    }
    console.log(
      `board, ${size} organizations: median ${median(again).toFixed(0)} ms (target < 300 ms for 50); ` +
        `first board of a process ${median(first).toFixed(0)} ms`,
    );
  }
  const views: number[] = [];
  for (let round = 0; round < rounds; round++)
    views.push(
      await time(async () => {
        for (const organization of all.slice(0, 50))
          await loadMonthView(
            { id: organization.id, cedula: organization.id.slice(3), name: organization.name },
            { month: MONTH, tab: "recibidos", q: "", page: 1 },
          );
      }),
    );
  console.log(`50 month views one after another: median ${median(views).toFixed(0)} ms`);
} finally {
  await disconnectDatabase();
  await server.close();
}
