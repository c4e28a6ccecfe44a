/**
 * Practice board benchmark (issue 26): organizations with a year of receipts and period balances,
 * inserted directly in batches (the board reads them, it does not care how they arrived). Times the
 * board's server work as the page does it (with its budget, decision 311) for 50 and for 200
 * organizations — with nothing kept (the first board after a deploy that changed the summaries, or on
 * a restored database): its first response, how many clients it left «Calculando…», and the time
 * until the background has built every client; with every client's month summary kept; the first
 * board of the next day; a process's first board (nothing in its memory, everything kept in the
 * database); with the pago-parcial inputs not kept; after one client imported — the summary rebuild
 * (`npm run board:rebuild`'s work), and the work the board replaces: opening the 50 month views one
 * after another.
 * Quick size by default: 200 organizations with 600 receipts and 240 period balances each, in memory.
 * `--full` is the issue's size for the first 50 organizations (`--full-organizations`): 5 000 receipts
 * (answered, booked) and 100 000 posted entries (`--full-entries`) over ten years each folded into
 * their period balances, and the months before the board's declared (`bench/board-full-seed.ts`).
 * The first `--full-books` organizations (default 1) store every entry with its posted lines, and the
 * ledger's verify is run on the first; the others store the 2 500 entries their receipts are booked
 * to (the board reads balances, not entries, and the embedded database stores about 1 100 entries a
 * second here: 5 million would take hours). The other organizations stay at the quick size. The
 * full size lives in a data directory served by its own database process (`--data`, default in the
 * system's temporary directory); `--reuse` measures a directory an earlier `--full` run seeded
 * instead of seeding again.
 * Run: NODE_ENV=production npx tsx bench/board.ts [--full [--reuse] [--data dir] [--full-books 1]]
 *   [--receipts 600] [--balances 240] [--rounds 3]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mongoose, { Types } from "mongoose";
import type { MonthKey } from "../app/domain/calendar";
import { parseComprobante } from "../app/domain/hacienda";
import { backgroundBuildsSettled } from "../app/services/board/board-builds.server";
import { BOARD_PAGE_BUDGET, loadBoard } from "../app/services/board/board.server";
import { rebuildBoardSummaries } from "../app/services/board/month-summaries.server";
import { forgetPartialPayments } from "../app/services/board/partial-payments.server";
import { forgetReportCache } from "../app/services/reports/report-cache.server";
import { receiptRecordFrom } from "../app/services/receipts/receipt-import.server";
import { loadMonthView } from "../app/services/receipts/receipts.server";
import { connectDatabase, disconnectDatabase } from "../app/utils/db.server";
import { BoardMonthSummary } from "../models/board-month-summary";
import { Entry } from "../models/entry";
import { ensureOrganization, Organization } from "../models/organization";
import { PeriodBalance } from "../models/period-balance";
import { insertReceipts, type ReceiptRecord } from "../models/receipt";
import { createRandom } from "../scripts/hacienda-samples/src/random";
import { generatedEntry } from "./generated-entries";
import { startEmbeddedMongo } from "../packages/embedded-mongo/src/index";
import { BUSINESS_PARTIES, generateComprobante } from "../scripts/hacienda-samples/src/generate";
import { useBenchEnvironment } from "./app-environment";
import { declareMonths, seedFullLedger, seedReceiptStates, verifySampledBook } from "./board-full-seed";
import { startDatabaseProcess } from "./database-process";

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
const full = process.argv.includes("--full");
const reuse = full && process.argv.includes("--reuse");
const dataIndex = process.argv.indexOf("--data");
const dataPath =
  dataIndex === -1 ? path.join(os.tmpdir(), "contabilidad-board-bench") : path.resolve(process.argv[dataIndex + 1]);
const QUICK = { receipts: flag("--receipts", 600), balances: flag("--balances", 240), entries: flag("--entries", 0) };
/** The issue's size, for the first 50 organizations with `--full`. */
const FULL = { receipts: 5_000, balances: 0, entries: flag("--full-entries", 100_000) };
const fullOrganizations = full ? flag("--full-organizations", 50) : 0;
const fullBooks = flag("--full-books", 1);
const sizeOf = (organization: number) => (organization < fullOrganizations ? FULL : QUICK);
const rounds = flag("--rounds", 3);
/** Receipts imported during the run are numbered past this, so a run over reused data adds new claves. */
const runOffset = 1_000 + (Date.now() % 900) * 1_000;
const BATCH = 5_000;

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

/** Receipts number `from` to `to` (exclusive) of organization `o`. */
async function seedReceipts(o: number, from: number, to: number) {
  const organizationId = `CR:3101${String(o).padStart(6, "0")}`;
  for (let start = from; start < to; start += BATCH) {
    const records: ReceiptRecord[] = [];
    for (let r = start; r < Math.min(to, start + BATCH); r++) {
      const base = r % 3 === 0 ? templates.issued : templates.received;
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
    // The importer's own insert: one round trip per batch, and it renews the organization's board token.
    await insertReceipts(records);
  }
}

/** Made-up period balances on a few accounts (the quick size). */
async function seedBalances(organizationId: string, count: number) {
  const accounts = ["70-01-01-00-00", "10-01-01-01-00", "10-01-01-03-01", "60-02-08-00-00", "40-01-01-00-00"];
  const balances = [];
  for (let b = 0; b < count; b++) {
    balances.push({
      organizationId,
      account: `${accounts[b % accounts.length].slice(0, 12)}${String(Math.floor(b / accounts.length) % 100).padStart(2, "0")}`,
      period: MONTHS[b % MONTHS.length],
      debit: BigInt(1_000 * (b + 1)),
      credit: BigInt(700 * (b + 1)),
      lineCount: 3,
    });
  }
  if (balances.length > 0) await PeriodBalance.collection.insertMany(balances, { ordered: false });
}

/**
 * A year of posted entries (the ledger benchmark's generator), inserted as stored documents in
 * batches, and the period balances they fold into.
 */
async function seedEntries(organizationId: string, count: number, o: number) {
  if (count === 0) return;
  const random = createRandom(`bench-board-entries-${o}`);
  const folded = new Map<
    string,
    { account: string; period: string; debit: bigint; credit: bigint; lineCount: number }
  >();
  const now = new Date();
  for (let start = 0; start < count; start += BATCH) {
    const documents = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const input = generatedEntry(i, count, 2025, random);
      const lines = input.lines.map((line) => ({
        account: line.account,
        description: line.description ?? "",
        debit: line.debit ?? 0n,
        credit: line.credit ?? 0n,
      }));
      for (const line of lines) {
        const period = input.date.slice(0, 7);
        const key = `${line.account}|${period}`;
        const sum = folded.get(key) ?? { account: line.account, period, debit: 0n, credit: 0n, lineCount: 0 };
        sum.debit += line.debit;
        sum.credit += line.credit;
        sum.lineCount += 1;
        folded.set(key, sum);
      }
      documents.push({
        _id: new Types.ObjectId(),
        organizationId,
        number: `2025-${String(i + 1).padStart(6, "0")}`,
        fiscalYear: 2025,
        date: input.date,
        description: input.description,
        reference: "",
        lines,
        totalDebit: lines.reduce((sum, line) => sum + line.debit, 0n),
        source: { kind: "manual" },
        status: "contabilizado",
        createdBy: "bench",
        createdAt: now,
        updatedBy: "bench",
        updatedAt: now,
        postedAt: now,
        history: [],
      });
    }
    await Entry.collection.insertMany(documents, { ordered: false });
  }
  await PeriodBalance.collection.insertMany(
    [...folded.values()].map((sum) => ({ organizationId, ...sum })),
    { ordered: false },
  );
}

async function seed(organizations: number) {
  let entriesSeeded = 0;
  const started = performance.now();
  for (let o = 0; o < organizations; o++) {
    const cedula = `3101${String(o).padStart(6, "0")}`;
    const organizationId = `CR:${cedula}`;
    const size = sizeOf(o);
    await ensureOrganization({ _id: organizationId, name: `Cliente ${o}`, identificationType: "02" });
    await seedReceipts(o, 0, size.receipts);
    if (o < fullOrganizations) {
      // The issue's size: ten years of posted entries with every document the ledger keeps for them,
      // the receipts' states and the declared months before the board's.
      // Only the first `--full-books` organizations store every entry (the others keep the balances
      // those entries fold into, and the entries their receipts are booked to): the board reads the
      // balances, and storing 5 million entries with their lines takes hours on two cores.
      const entryIds = await seedFullLedger(organizationId, size.entries, o, o < fullBooks ? size.entries : 2_500);
      await seedReceiptStates(organizationId, entryIds);
      await declareMonths(organizationId, MONTHS.slice(0, -1) as MonthKey[]);
      entriesSeeded += size.entries;
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `  organization ${o + 1}/${fullOrganizations}: ${entriesSeeded} entries folded in ${seconds.toFixed(0)} s ` +
          `(${(entriesSeeded / seconds).toFixed(0)} entries/s, with the receipts; stored with their lines: ` +
          `${Math.min(o + 1, fullBooks) * size.entries + Math.max(0, o + 1 - fullBooks) * 2_500})`,
      );
      continue;
    }
    // With entries, the period balances are theirs.
    if (size.entries === 0) await seedBalances(organizationId, size.balances);
    await seedEntries(organizationId, size.entries, o);
  }
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const templates = {
  issued: template("issued", "3101000000"),
  received: template("received", "3101000000"),
};

if (full && !reuse) fs.rmSync(dataPath, { recursive: true, force: true });
if (full) fs.mkdirSync(dataPath, { recursive: true });
// The full size does not fit in memory: it lives in a data directory served by its own process.
const server = full
  ? await startDatabaseProcess(dataPath).then((process) => ({ uri: process.uri, close: () => process.stop() }))
  : await startEmbeddedMongo({ port: 0 });
try {
  useBenchEnvironment(`${server.uri}/bench_board`);
  await connectDatabase(process.env.MONGODB_URI);
  const seeded = reuse && (await Organization.countDocuments({})) === 200;
  if (!seeded) await mongoose.connection.dropDatabase();
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
  const describe = (size: typeof QUICK) =>
    `${size.receipts} receipts, ${size.entries > 0 ? `${size.entries} posted entries` : `${size.balances} period balances`}`;
  console.log(
    `board: ${full ? `organizations 1–${fullOrganizations}: ${describe(FULL)} each; the others: ${describe(QUICK)} each` : `${describe(QUICK)} per organization`}; ` +
      `load ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(" / ")} (${os.cpus().length} cores)`,
  );
  if (seeded) console.log(`reusing the data seeded in ${dataPath}`);
  else {
    const seedStarted = performance.now();
    await seed(200);
    console.log(`seeded 200 organizations in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  }
  if (fullOrganizations > 0) {
    const verifyStarted = performance.now();
    await verifySampledBook("CR:3101000000");
    console.log(
      `ledger verify of organization 1 (rebuild from the entries and the posted lines equals the kept balances): ` +
        `passed in ${((performance.now() - verifyStarted) / 1000).toFixed(1)} s`,
    );
  }
  const all = Array.from({ length: 200 }, (_, o) => ({
    id: `CR:3101${String(o).padStart(6, "0")}`,
    name: `Cliente ${o}`,
  }));
  const forgetAll = async () => {
    await forgetPartialPayments();
    forgetReportCache();
    await BoardMonthSummary.deleteMany({});
  };
  const page = (organizations: typeof all, now?: Date) => loadBoard(organizations, MONTH, now, BOARD_PAGE_BUDGET);
  for (const size of [50, 200]) {
    const organizations = all.slice(0, size);
    const coldFirst: number[] = [];
    const coldPending: number[] = [];
    const coldAll: number[] = [];
    const kept: number[] = [];
    const afterImport: number[] = [];
    const newDay: number[] = [];
    const processFirst: number[] = [];
    const inputsNotKept: number[] = [];
    for (let round = 0; round < rounds; round++) {
      // Nothing kept: the first response builds what fits its budget, the background the rest.
      await forgetAll();
      const started = performance.now();
      const first = await page(organizations);
      coldFirst.push(performance.now() - started);
      coldPending.push(first.filter((row) => row.calculation !== "done").length);
      await backgroundBuildsSettled();
      coldAll.push(performance.now() - started);
      const left = (await page(organizations)).filter((row) => row.calculation !== "done").length;
      if (left > 0) throw new Error(`${left} clients still not built after the background finished`);
      kept.push(await time(() => page(organizations)));
      // The first board of the next day: nothing written meanwhile, only the day moved.
      const nextDay = new Date(Date.now() + (round + 1) * 86_400_000);
      newDay.push(await time(() => page(organizations, nextDay)));
      // A new process: its report cache empty, the summaries and the pago-parcial inputs in the database.
      forgetReportCache();
      processFirst.push(await time(() => page(organizations, nextDay)));
      // The pago-parcial inputs not kept (the summaries kept): the page builds what fits, the rest waits.
      await forgetPartialPayments();
      inputsNotKept.push(await time(() => page(organizations, nextDay)));
      await backgroundBuildsSettled();
      // One client imports: its summary alone is recomputed on the next board.
      // Numbered so that it falls in the board's month (receipt r is dated in MONTHS[r % 12]).
      const after = sizeOf(round).receipts + runOffset + size + round;
      const next = after + ((MONTHS.indexOf(MONTH) - (after % MONTHS.length) + MONTHS.length) % MONTHS.length);
      await seedReceipts(round, next, next + 1);
      afterImport.push(await time(() => page(organizations)));
      await backgroundBuildsSettled();
    }
    console.log(
      `board, ${size} organizations: nothing kept: first response ${median(coldFirst).toFixed(0)} ms ` +
        `(${median(coldPending)} clients «Calculando…»), every client built ${median(coldAll).toFixed(0)} ms; ` +
        `summaries kept ${median(kept).toFixed(0)} ms (target < 300 ms for 50); ` +
        `first board of a day ${median(newDay).toFixed(0)} ms; a process's first board ${median(processFirst).toFixed(0)} ms; ` +
        `pago-parcial inputs not kept (summaries kept) ${median(inputsNotKept).toFixed(0)} ms; ` +
        `after one client imported ${median(afterImport).toFixed(0)} ms`,
    );
  }
  const rebuilds: number[] = [];
  let rebuilt = 0;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const outcome = await rebuildBoardSummaries();
    rebuilds.push(performance.now() - started);
    rebuilt = outcome.compared + outcome.stale;
    if (outcome.differences.length > 0) throw new Error(`the rebuild found ${outcome.differences.length} differences`);
  }
  console.log(`summary rebuild (board:rebuild), ${rebuilt} summaries: median ${median(rebuilds).toFixed(0)} ms`);
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
