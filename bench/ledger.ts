/**
 * Ledger benchmark (issue 11): one organization-year of posted entries on the embedded database with
 * a data directory (every acknowledged write fsynced):
 *  - posting throughput through the ledger service (createAndPost; target ≥ 1 000 entries/s),
 *  - movement list page 1 and page 40 of an account with half the entries' lines (target < 50 ms each,
 *    flat in the page number),
 *  - the journal export of the whole year, streamed (target < 5 s, memory flat),
 *  - ledger:verify of the year (rebuild of the period balances from the posted lines).
 * Run: NODE_ENV=production npx tsx bench/ledger.ts [--entries 100000] [--concurrency 128] (concurrent callers, as
 * several users and imports post at once: the service group-commits them, decision 090)
 * (`npm run bench` runs it at the stated scale; a smaller --entries is for a quick look).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mongoose from "mongoose";

import type { CalendarDate } from "../app/domain/calendar";
import type { EntryInput } from "../app/domain/ledger";
import { BUSY_ACCOUNT, GENERATED_LEAVES, generatedEntry } from "./generated-entries";
import { accountMovements, createAndPost, exportJournal, verifyLedger } from "../app/services/ledger/ledger.server";
import { connectDatabase, disconnectDatabase } from "../app/utils/db.server";
import { ensureOrganization } from "../models/organization";
import { startEmbeddedMongo } from "../packages/embedded-mongo/src/index";
import { createRandom, type Random } from "../scripts/hacienda-samples/src/random";
import { useBenchEnvironment } from "./app-environment";

const TARGETS = { postsPerSecond: 1_000, movementMs: 50, exportSeconds: 5 };
const ORG = "CR:3101777777";
const YEAR = 2025;

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const entriesWanted = flag("--entries", 100_000);
const concurrency = flag("--concurrency", 128);

/** Entry i of the benchmark year (the generator the reports benchmark uses too). */
const entryInput = (i: number, random: Random): EntryInput => generatedEntry(i, entriesWanted, YEAR, random);

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MB`;

const dataDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "bench-ledger-"));
const server = await startEmbeddedMongo({ port: 0, dbPath: path.join(dataDirectory, "db") });
let failed = false;
try {
  useBenchEnvironment(`${server.uri}/bench_ledger`);
  await connectDatabase(process.env.MONGODB_URI);
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
  await ensureOrganization({ _id: ORG, name: "Benchmark S.A.", identificationType: "02" });
  console.log(
    `${entriesWanted} asientos de 3 líneas en ${YEAR}, ${GENERATED_LEAVES.length + 1} cuentas de detalle, ${concurrency} en paralelo, NODE_ENV=${process.env.NODE_ENV ?? ""}`,
  );

  // Posting: `concurrency` workers take the next entry until none is left.
  const random = createRandom(`bench:${entriesWanted}`);
  const inputs = Array.from({ length: entriesWanted }, (_, i) => entryInput(i, random));
  let next = 0;
  const actor = { by: "bench" };
  const start = performance.now();
  let lastReport = start;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < inputs.length) {
        const i = next++;
        const outcome = await createAndPost(ORG, inputs[i], actor);
        if (!outcome.ok) throw new Error(outcome.refusals.map((refusal) => refusal.message).join(" "));
        if (performance.now() - lastReport > 10_000) {
          lastReport = performance.now();
          console.log(`  … ${next} asientos, ${Math.round(next / ((lastReport - start) / 1000))}/s`);
        }
      }
    }),
  );
  const postSeconds = (performance.now() - start) / 1000;
  const postRate = entriesWanted / postSeconds;
  console.log(
    `contabilizar: ${postSeconds.toFixed(1)} s, ${Math.round(postRate)} asientos/s (meta ≥ ${TARGETS.postsPerSecond}), durable (fsync)`,
  );
  if (postRate < TARGETS.postsPerSecond) failed = true;

  // Movement list: page 1 and page 40 of the busy account over the year.
  const query = {
    account: BUSY_ACCOUNT,
    from: `${YEAR}-01-01` as CalendarDate,
    to: `${YEAR}-12-31` as CalendarDate,
    pageSize: 50,
  };
  const first = await accountMovements(ORG, { ...query, page: 1 });
  console.log(`movimientos de ${BUSY_ACCOUNT}: ${first.count} líneas, ${first.pageCount} páginas`);
  for (const page of [1, 40, Math.max(1, first.pageCount - 1)]) {
    const times: number[] = [];
    for (let round = 0; round < 7; round++) {
      const t = performance.now();
      const result = await accountMovements(ORG, { ...query, page });
      times.push(performance.now() - t);
      if (result.rows.length === 0) throw new Error(`página ${page} vacía`);
    }
    const ms = median(times);
    console.log(`movimientos página ${page}: mediana ${ms.toFixed(1)} ms (meta < ${TARGETS.movementMs} ms)`);
    if ((page === 1 || page === 40) && ms >= TARGETS.movementMs) failed = true;
  }

  // Journal export of the year, streamed: timed on its own, then run again to watch the live heap —
  // with --expose-gc it is collected and sampled every 10 chunks, so garbage not yet collected does
  // not count as growth.
  const yearJournal = async () => (await exportJournal(ORG, { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` }))!;
  const exportStart = performance.now();
  let bytes = 0;
  let chunks = 0;
  for await (const chunk of await yearJournal()) {
    bytes += Buffer.byteLength(chunk);
    chunks++;
  }
  const exportSeconds = (performance.now() - exportStart) / 1000;
  const collect = global.gc;
  collect?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  let sampled = 0;
  for await (const chunk of await yearJournal()) {
    void chunk;
    if (++sampled % 10 === 0) {
      collect?.();
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }
  }
  console.log(
    `diario exportado: ${exportSeconds.toFixed(2)} s (meta < ${TARGETS.exportSeconds} s), ${mb(bytes)} en ${chunks} trozos; ` +
      `montículo ${collect ? "vivo" : "(sin --expose-gc, incluye basura)"} ${mb(heapBefore)} → pico ${mb(heapPeak)} (+${mb(heapPeak - heapBefore)})`,
  );
  if (exportSeconds >= TARGETS.exportSeconds) failed = true;

  const verifyStart = performance.now();
  const differences = await verifyLedger(ORG);
  console.log(
    `ledger:verify del año: ${((performance.now() - verifyStart) / 1000).toFixed(2)} s, ${differences.length} diferencias`,
  );
  if (differences.length > 0) failed = true;
} finally {
  await disconnectDatabase();
  await server.close();
  fs.rmSync(dataDirectory, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
