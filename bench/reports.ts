/**
 * Financial statements benchmark (issue 12), one run, one data set:
 *  - one organization-year of posted entries (through the ledger service, as bench/ledger.ts posts them);
 *  - server time of the Estado de Resultados, Balance General and Balance de Comprobación for the full
 *    year at level 5, read as the page loaders read them (query from the URL, reports service, view);
 *    median of several runs computed from the balances (target < 100 ms each), and the same asked
 *    again while the balances are unchanged (answered from the reports' cache, decision 117);
 *  - the same year's journal exported as /entries/export.journal writes it, and `ledger -f … bal` and
 *    `hledger -f … bal` timed on it (whole process, median of 3): the ratios to the Balance de
 *    Comprobación (goal ≥ 12× faster than ledger, ≥ 90× faster than hledger). A tool that is not
 *    installed is named and its ratio skipped;
 *  - the same reports again after earlier years are posted (5 years of history: flat is the target);
 *  - the built app in production mode (`npm start`, so WEB_CONCURRENCY applies) on this database, with
 *    `--clients` users signed in through the password and second-factor forms asking for the
 *    Balance de Comprobación page for `--seconds` (target ≥ 200 req/s, p99 < 500 ms, 0 errors).
 * Run: npx tsx bench/reports.ts [--entries 100000] [--history-years 4] [--rounds 7] [--clients 50]
 * [--seconds 30] [--no-load]. A smaller --entries is for a quick look; the load needs `remix build`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mongoose from "mongoose";
import { DEFAULT_DATABASE_NAME } from "../app/boot/embedded-database.server";
import { checkView, monthlyView, statementRowsView, trialView, type ReportKind } from "../app/domain/reports";
import { createAndPost, exportJournal } from "../app/services/ledger/ledger.server";
import { forgetReportCache } from "../app/services/reports/report-cache.server";
import { generalReport, readReportQuery, resultsReport, trialReport } from "../app/services/reports/reports.server";
import { connectDatabase, disconnectDatabase } from "../app/utils/db.server";
import { ensureOrganization } from "../models/organization";
import { createRandom } from "../scripts/hacienda-samples/src/random";
import { startAppProcess } from "../tests/e2e/support/app-process";
import { createTestUser } from "../tests/support/users";
import { timeBalance, type ExternalTiming } from "./external-ledgers";
import { generatedEntry } from "./generated-entries";
import { checkPage, loadPage, signIn } from "./reports-load";
import { useBenchEnvironment } from "./app-environment";
import { startDatabaseProcess, type DatabaseProcess } from "./database-process";

const TARGETS = { reportMs: 100, ledgerRatio: 12, hledgerRatio: 90, perSecond: 200, p99Ms: 500 };
const CEDULA = "3101777777";
const ORG = `CR:${CEDULA}`;
const YEAR = 2025;

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const entries = flag("--entries", 100_000);
const historyYears = flag("--history-years", 4);
const rounds = flag("--rounds", 7);
const clients = flag("--clients", 50);
const seconds = flag("--seconds", 30);
const withLoad = !process.argv.includes("--no-load");
const concurrency = 128;

const load = () =>
  `carga ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ")} en ${os.cpus().length} núcleos`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** What each page's loader does after its guard: the query from the URL, the report, its view. */
const REPORTS: Array<{ kind: ReportKind; title: string; path: string; run: (url: URL) => Promise<unknown> }> = [
  {
    kind: "results",
    title: "Estado de Resultados",
    path: `/results?year=${YEAR}&level=5`,
    run: async (url) => {
      const { statement, monthly } = await resultsReport(ORG, readReportQuery("results", url).query);
      const shareBase = { current: statement.current.income, compared: statement.compared?.income ?? null };
      return [statementRowsView(statement.rows, shareBase), monthlyView(monthly)];
    },
  },
  {
    kind: "general",
    title: "Balance General",
    path: `/results-general?to=${YEAR}-12-31&level=5`,
    run: async (url) => {
      const sheet = await generalReport(ORG, readReportQuery("general", url).query);
      return [statementRowsView(sheet.rows, null), checkView(sheet.check)];
    },
  },
  {
    kind: "all",
    title: "Balance de Comprobación",
    path: `/results-all?year=${YEAR}&level=5`,
    run: async (url) => trialView(await trialReport(ORG, readReportQuery("all", url).query)),
  },
];

async function postYear(year: number, count: number) {
  const random = createRandom(`bench-reports:${year}:${count}`);
  const inputs = Array.from({ length: count }, (_, i) => generatedEntry(i, count, year, random));
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < inputs.length) {
        const outcome = await createAndPost(ORG, inputs[next++], { by: "bench" });
        if (!outcome.ok) throw new Error(outcome.refusals.map((refusal) => refusal.message).join(" "));
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  console.log(`  ${year}: ${count} asientos en ${elapsed.toFixed(1)} s (${Math.round(count / elapsed)}/s)`);
}

/**
 * Each report computed from the balances (the reports' cache forgotten before each round: the first
 * request after a post in the current year, which keeps the opening balances of earlier years,
 * decision 174), and then asked again unchanged (served from the cache, decision 117).
 */
async function measureReports(label: string): Promise<Map<ReportKind, number>> {
  const medians = new Map<ReportKind, number>();
  console.log(`informes del año ${YEAR}, nivel 5, ${label} (${load()}):`);
  const timed = async (run: () => Promise<unknown>, forget: boolean) => {
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      if (forget) forgetReportCache();
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    return times;
  };
  for (const report of REPORTS) {
    const url = new URL(report.path, "http://localhost");
    for (let warm = 0; warm < 2; warm++) {
      forgetReportCache();
      await report.run(url);
    }
    const times = await timed(() => report.run(url), true);
    const cached = await timed(() => report.run(url), false);
    const ms = median(times);
    medians.set(report.kind, ms);
    console.log(
      `  ${report.title}: mediana ${ms.toFixed(1)} ms de ${rounds} (mín ${Math.min(...times).toFixed(1)}, máx ${Math.max(...times).toFixed(1)}; meta < ${TARGETS.reportMs} ms); ` +
        `repetido sin cambios en los saldos: ${median(cached).toFixed(2)} ms`,
    );
  }
  return medians;
}

function ratioLine(timing: ExternalTiming, reportMs: number, goal: number): boolean {
  if (timing.ms === null) {
    console.log(`  ${timing.tool}: NO INSTALADO — se omite su comparación (Debian: apt-get install ${timing.tool})`);
    return true;
  }
  const ratio = timing.ms / reportMs;
  console.log(
    `  ${timing.tool} bal (${timing.version}): mediana ${(timing.ms / 1000).toFixed(2)} s de ${timing.runs.length} ` +
      `[${timing.runs.map((ms) => (ms / 1000).toFixed(2)).join(", ")}] → el Balance de Comprobación es ${ratio.toFixed(1)}× más rápido (meta ≥ ${goal}×)`,
  );
  return ratio >= goal;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-reports-"));
let failed = false;
// The database in its own process, as `npm start`'s primary runs it: the reports are timed in this
// process as a worker computes them, without the database's own work and heap in the same thread.
let database: DatabaseProcess | null = await startDatabaseProcess(path.join(dataDir, "db"));
try {
  useBenchEnvironment(`${database.uri}/${DEFAULT_DATABASE_NAME}`, "smtp://127.0.0.1:9");
  await connectDatabase(process.env.MONGODB_URI);
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
  await ensureOrganization({ _id: ORG, name: "Benchmark S.A.", identificationType: "02" });
  console.log(`${entries} asientos de 3 líneas por año, NODE_ENV=${process.env.NODE_ENV ?? ""}, ${load()}`);

  await postYear(YEAR, entries);
  const oneYear = await measureReports("1 año de historia");
  for (const [, ms] of oneYear) if (ms >= TARGETS.reportMs) failed = true;

  const journal = path.join(dataDir, `diario-${YEAR}.journal`);
  const exportStart = performance.now();
  const out = fs.createWriteStream(journal);
  for await (const chunk of (await exportJournal(ORG, { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` }))!) {
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
  console.log(
    `diario ${YEAR} exportado en ${((performance.now() - exportStart) / 1000).toFixed(2)} s, ` +
      `${(fs.statSync(journal).size / 1024 / 1024).toFixed(1)} MB; el mismo año con ledger y hledger (${load()}):`,
  );
  const trialMs = oneYear.get("all")!;
  if (!ratioLine(await timeBalance("ledger", journal), trialMs, TARGETS.ledgerRatio)) failed = true;
  if (!ratioLine(await timeBalance("hledger", journal), trialMs, TARGETS.hledgerRatio)) failed = true;

  if (historyYears > 0) {
    console.log(`${historyYears} años anteriores, ${entries} asientos cada uno:`);
    for (let year = YEAR - 1; year >= YEAR - historyYears; year--) await postYear(year, entries);
    const history = await measureReports(`${historyYears + 1} años de historia`);
    for (const report of REPORTS) {
      const ms = history.get(report.kind)!;
      if (ms >= TARGETS.reportMs) failed = true;
      console.log(
        `  ${report.title}: ${oneYear.get(report.kind)!.toFixed(1)} ms → ${ms.toFixed(1)} ms con ${historyYears + 1} años`,
      );
    }
  }

  if (withLoad) {
    if (!fs.existsSync("build/index.js")) throw new Error("Falta build/index.js: ejecute `npx remix build` antes.");
    const users = [];
    for (let i = 0; i < clients; i++)
      users.push(await createTestUser({ persona: "client", orgs: { [ORG]: "client" }, email: `cliente${i}@bench.cr` }));
    await disconnectDatabase();
    await database.stop();
    database = null;
    // The app as an operator starts it on this data directory: it owns the embedded database, and
    // runs as many processes as `npm start` would (WEB_CONCURRENCY, else one per core).
    const app = await startAppProcess(
      { MONGODB_URI: "", LOG_REQUESTS: "0", WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "" },
      // Opening a data directory of half a million entries takes the embedded database a while.
      { dataDir, keepData: true, healthyWithinMs: 300_000 },
    );
    try {
      const pagePath = REPORTS.find((report) => report.kind === "all")!.path;
      const sessions = await Promise.all(
        users.map((user) => signIn(app.url, user.email, user.password, user.totpSecret!)),
      );
      for (const session of sessions) await checkPage(app.url, session, pagePath, "Balance de Comprobación");
      console.log(
        `carga: ${clients} clientes con sesión y segundo factor piden ${pagePath} durante ${seconds} s ` +
          `(producción, WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY ?? "por defecto"}, ${load()})`,
      );
      await loadPage(app.url, sessions, pagePath, Math.min(5, seconds)); // warm-up, not counted
      const result = await loadPage(app.url, sessions, pagePath, seconds);
      console.log(
        `  ${result.requests} respuestas en ${result.seconds.toFixed(1)} s: ${result.perSecond.toFixed(0)} pet/s ` +
          `(meta ≥ ${TARGETS.perSecond}), p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms ` +
          `(meta < ${TARGETS.p99Ms}), errores ${result.errors}${result.firstError ? ` (${result.firstError})` : ""}, ` +
          `${(result.bytes / result.requests / 1024).toFixed(1)} KB comprimidos por página; al terminar ${load()}`,
      );
      if (result.perSecond < TARGETS.perSecond || result.p99 >= TARGETS.p99Ms || result.errors > 0) failed = true;
    } finally {
      await app.stop();
    }
  }
} finally {
  if (database) {
    await disconnectDatabase();
    await database.stop();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
