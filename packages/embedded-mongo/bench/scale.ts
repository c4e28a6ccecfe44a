import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Collection as MongoCollection, MongoClient } from "mongodb";
import type { Doc } from "../src/bson/values";
import { Store } from "../src/persist/store";
import { type Collection, idKeyOf } from "../src/storage/collection";
import { type Change, Engine } from "../src/storage/engine";
import { INDEXES, LATEST_MONTH, ORGANIZATION, postedEntry } from "./ledger-shape";

/**
 * How the embedded database behaves as a data directory grows (issue 32): at each size, the time to
 * open it, the posting throughput of new entries (each a transaction: the entry, its three posted
 * lines and the three period balances) through the driver, and the resident memory of the database
 * process; then MongoDB's specification tests' pass rate.
 *
 * The directory is filled in this process straight through the engine (the same commits the server
 * makes, without the network) so that a million entries take minutes, not hours; the open time and
 * the posting throughput are measured on the server's own process, as `npm start` runs it.
 *
 * At each size the posting rate is compared with an empty database's (same indexes, same workload) in
 * alternating rounds: the ratio of each round and their median, and for both database processes the
 * CPU time, page faults and bytes made dirty for the disk per entry, entries per LMDB commit, tree depths and free list.
 * The entries are dated over the ten years the directory was filled with (each posting lands at random
 * places of every index), then, in as many rounds again, all in the latest month, as a practice posts
 * its month (the indexes' ends by account and date).
 *
 * Sizes: EMBEDDED_MONGO_SCALE_SIZES=0,100000,500000,1000000 (the default); EMBEDDED_MONGO_SCALE_QUICK=1
 * for 0, 10 000 and 50 000. EMBEDDED_MONGO_SCALE_SPEC=0 skips the specification tests.
 * EMBEDDED_MONGO_SCALE_ROUNDS (default 10) sets the number of rounds; EMBEDDED_MONGO_SCALE_PROFILE=<dir>
 * makes both database processes write CPU profiles there.
 *
 * `--keep <dir>` fills that directory instead of a temporary one and leaves it there: a later run with
 * the same directory adds only the entries it lacks (a million take minutes to fill). The
 * directory records how many entries were filled in the same commit as them.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../..");
const cli = path.join(here, "../src/cli.ts");
const quick = process.env.EMBEDDED_MONGO_SCALE_QUICK === "1";
const sizes = (process.env.EMBEDDED_MONGO_SCALE_SIZES ?? (quick ? "0,10000,50000" : "0,100000,500000,1000000"))
  .split(",")
  .map(Number);
/**
 * The filled and the empty database are measured in alternating short rounds (filled, empty, empty,
 * filled, …), after a warm-up round on each that is not counted: a change of the machine's load
 * during the minutes of a measurement moves both rates of a round, not their ratio.
 */
const ROUNDS = Number(process.env.EMBEDDED_MONGO_SCALE_ROUNDS ?? 10);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1 || ROUNDS > 1000) {
  throw new Error("EMBEDDED_MONGO_SCALE_ROUNDS must be a whole number from 1 to 1000");
}
const ROUND_SIZE = quick ? 50 : 200;
const CONCURRENCY = 16;
const FILL_BATCH = 100;
/** The bench's own record in a kept directory: how many entries `fill` has added. */
const FILLED_ID = "filled";

function keptDirectory(): string | null {
  const at = process.argv.indexOf("--keep");
  if (at === -1) return null;
  const directory = process.argv[at + 1];
  if (!directory || directory.startsWith("--")) throw new Error("--keep needs a directory");
  return path.resolve(directory);
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function line(name: string, value: string, note?: string): void {
  console.log(`${name.padEnd(46)} ${value.padStart(14)}${note ? `   (${note})` : ""}`);
}

/** How many entries `fill` has added to the directory and how many the posting rounds (0 for a new one). */
async function countsOf(dbPath: string): Promise<{ filled: number; posted: number }> {
  const engine = new Engine();
  const store = await Store.open(dbPath, engine, {});
  try {
    const record = engine.collection("bench", "bench_meta")?.records.get(idKeyOf(FILLED_ID));
    const filled = (record?.doc.count as number | undefined) ?? 0;
    return { filled, posted: (engine.collection("bench", "entries")?.records.size ?? 0) - filled };
  } finally {
    await store.close();
  }
}

/**
 * Adds posted entries `from`…`to - 1` with their lines and balances, one commit per batch. The balances
 * start from the stored ones, so those the posting rounds moved in between stay right.
 */
async function fill(dbPath: string, from: number, to: number): Promise<void> {
  const engine = new Engine();
  const store = await Store.open(dbPath, engine, {});
  try {
    const collections: Record<string, Collection> = {};
    for (const [name, specs] of Object.entries(INDEXES)) {
      collections[name] = engine.ensureCollection("bench", name);
      engine.createIndexes(collections[name], specs);
    }
    const meta = engine.ensureCollection("bench", "bench_meta");
    const balances = new Map<string, Doc>();
    for (const record of collections.period_balances.records.values()) {
      balances.set(record.doc._id as string, record.doc);
    }
    for (let start = from; start < to; start += FILL_BATCH) {
      const end = Math.min(to, start + FILL_BATCH);
      const changes: Change[] = [{ collection: meta, id: idKeyOf(FILLED_ID), doc: { _id: FILLED_ID, count: end } }];
      for (let i = start; i < end; i++) {
        const { entry, lines, balances: moved } = postedEntry(i);
        changes.push({ collection: collections.entries, id: idKeyOf(entry._id), doc: entry, insertOnly: true });
        for (const posted of lines) {
          changes.push({
            collection: collections.posted_lines,
            id: idKeyOf(posted._id),
            doc: posted,
            insertOnly: true,
          });
        }
        for (const move of moved) {
          const _id = `${move.account}|${move.period}`;
          const previous = balances.get(_id);
          const next: Doc = {
            _id,
            organizationId: ORGANIZATION,
            account: move.account,
            period: move.period,
            debit: BigInt((previous?.debit as bigint | number) ?? 0) + move.debit,
            credit: BigInt((previous?.credit as bigint | number) ?? 0) + move.credit,
            lineCount: ((previous?.lineCount as number) ?? 0) + 1,
          };
          balances.set(_id, next);
          changes.push({ collection: collections.period_balances, id: idKeyOf(_id), doc: next });
        }
      }
      engine.commit(changes);
      await engine.durable();
    }
  } finally {
    await store.close();
  }
}

interface ServerProcess {
  uri: string;
  pid: number;
  readyMs: number;
  stop(): Promise<void>;
}

/** EMBEDDED_MONGO_SCALE_PROFILE=<dir>: each database process writes CPU profiles there when it stops. */
const profileDirectory = process.env.EMBEDDED_MONGO_SCALE_PROFILE;

async function startServer(dbPath: string, name: string): Promise<ServerProcess> {
  const started = performance.now();
  const profile = profileDirectory
    ? // One folder per process: its threads (the TypeScript loader's too) each write a profile there.
      ["--cpu-prof", "--cpu-prof-dir", path.join(path.resolve(profileDirectory), name)]
    : [];
  const args = [...profile, "--import", "tsx", cli, "--port", "0", "--dbpath", dbPath, "--quiet"];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const uri = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (mongodb:\/\/\S+)/.exec(output);
      if (found) resolve(found[1]);
    });
    void exited.then(() => reject(new Error(`the database process ended: ${output}`)));
  });
  return {
    uri,
    pid: child.pid!,
    readyMs: performance.now() - started,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

function memoryOf(pid: number): { rss: number; anonymous: number; file: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: field("VmRSS"), anonymous: field("RssAnon"), file: field("RssFile"), peak: field("VmHWM") };
}

async function createIndexes(uri: string): Promise<void> {
  const client = await MongoClient.connect(`${uri}/?directConnection=true`);
  try {
    for (const [name, specs] of Object.entries(INDEXES)) {
      await client
        .db("bench")
        .collection(name)
        .createIndexes(specs as unknown as Parameters<MongoCollection["createIndexes"]>[0]);
    }
  } finally {
    await client.close();
  }
}

interface Counters {
  /** CPU time in user space and in the kernel (ms). */
  userMs: number;
  systemMs: number;
  /** Page faults served from memory and from the disk. */
  minorFaults: number;
  majorFaults: number;
  /** Bytes passed to write calls: data file, journal, replies. */
  written: number;
}

function countersOf(pid: number): Counters {
  // The fields after the command name: minflt is the 8th, majflt the 10th, utime and stime (in clock
  // ticks) the 12th and 13th.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const io = fs.readFileSync(`/proc/${pid}/io`, "utf8");
  return {
    userMs: (Number(fields[11]) * 1000) / CLOCK_TICKS,
    systemMs: (Number(fields[12]) * 1000) / CLOCK_TICKS,
    minorFaults: Number(fields[7]),
    majorFaults: Number(fields[9]),
    // Bytes the process made dirty for the disk, through write calls or through the mapped file.
    written: Number(/write_bytes:\s+(\d+)/.exec(io)?.[1] ?? 0),
  };
}

/** The counters' growth from `before` to `after`, per posted entry. */
function perEntry(before: Counters, after: Counters, entries: number): Counters {
  const per = (key: keyof Counters) => (after[key] - before[key]) / entries;
  return {
    userMs: per("userMs"),
    systemMs: per("systemMs"),
    minorFaults: per("minorFaults"),
    majorFaults: per("majorFaults"),
    written: per("written"),
  };
}

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

interface StorageStats {
  pageSize: number;
  lastPageNumber: number;
  docs: { depth: number; leafPages: number; entries: number };
  index: { depth: number; leafPages: number; entries: number };
  freeList: { records: number; pages: number };
  groups: number;
  groupedChanges: number;
  commits: number;
  unmaps: number;
}

async function storageStatsOf(uri: string): Promise<StorageStats> {
  const client = await MongoClient.connect(`${uri}/?directConnection=true`);
  try {
    const status = await client.db("admin").command({ serverStatus: 1 });
    return status.embeddedStorage as StorageStats;
  } finally {
    await client.close();
  }
}

function describeStorage(stats: StorageStats): string {
  return (
    `depth docs/index ${stats.docs.depth}/${stats.index.depth}, ` +
    `${mb(stats.lastPageNumber * stats.pageSize)} file, free list ${stats.freeList.records} records in ` +
    `${stats.freeList.pages} pages, ${stats.groups} groups`
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

interface Side {
  rate: number;
  perEntry: Counters;
  storage: StorageStats;
  entriesPerCommit: number;
  /** Times the data file was unmapped during the rounds (the mapped-pages budget). */
  unmaps: number;
}

/**
 * Posts on the filled and the empty database in alternating rounds of `ROUND_SIZE` entries; returns
 * each one's rate over all rounds, the ratio filled/empty of each round, and per posted entry each
 * database process's CPU time and bytes written.
 */
async function compare(
  sized: ServerProcess,
  empty: ServerProcess,
  nextOffset: () => number,
  month?: string,
): Promise<{ sized: Side; empty: Side; ratios: number[]; load: number }> {
  const servers = [sized, empty];
  // The empty database's entries are numbered apart from the filled one's (numbers are unique).
  const offsets = [10_000_000, 20_000_000];
  // Every call of `nextOffset` is one round of ROUND_SIZE entries on each side (a kept directory
  // counts them to number the next run's entries).
  const warmUp = nextOffset();
  for (const [i, server] of servers.entries()) await post(server.uri, ROUND_SIZE, offsets[i] + warmUp, month);
  const before = servers.map((server) => countersOf(server.pid));
  const storageBefore = await Promise.all(servers.map((server) => storageStatsOf(server.uri)));
  const ms = [0, 0];
  const ratios: number[] = [];
  const loads: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    const offset = nextOffset();
    const rates = [0, 0];
    for (const i of order) {
      rates[i] = await post(servers[i].uri, ROUND_SIZE, offsets[i] + offset, month);
      ms[i] += (ROUND_SIZE / rates[i]) * 1000;
    }
    ratios.push(rates[0] / rates[1]);
    loads.push(os.loadavg()[0]);
  }
  const sides = await Promise.all(
    servers.map(async (server, i): Promise<Side> => {
      const after = countersOf(server.pid);
      const entries = ROUND_SIZE * ROUNDS;
      const storage = await storageStatsOf(server.uri);
      const commits = storage.commits - storageBefore[i].commits;
      return {
        rate: entries / (ms[i] / 1000),
        perEntry: perEntry(before[i], after, entries),
        storage,
        entriesPerCommit: entries / commits,
        unmaps: storage.unmaps - storageBefore[i].unmaps,
      };
    }),
  );
  return { sized: sides[0], empty: sides[1], ratios, load: median(loads) };
}

/**
 * Sets this run's posted entry numbers apart from earlier runs' on a kept directory (a run that
 * stopped halfway leaves entries its count of posted ones cannot tell); sorts after the filled ones.
 */
const RUN_TAG = `p${Date.now().toString(36)}`;

/**
 * Posts `count` new entries as the ledger does: one transaction each, `CONCURRENCY` at a time; spread
 * over the ten years, or all in `month`.
 */
async function post(uri: string, count: number, offset: number, month?: string): Promise<number> {
  const client = await MongoClient.connect(`${uri}/?directConnection=true`, { maxPoolSize: CONCURRENCY + 2 });
  try {
    const db = client.db("bench");
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < count) {
          const { entry, lines, balances } = postedEntry(offset + next++, RUN_TAG, month);
          const session = client.startSession();
          try {
            await session.withTransaction(async () => {
              await db.collection("entries").insertOne(entry, { session });
              await db.collection("posted_lines").insertMany(lines, { session });
              for (const move of balances) {
                await db.collection<{ _id: string }>("period_balances").updateOne(
                  { _id: `${move.account}|${move.period}` },
                  {
                    $inc: { debit: move.debit, credit: move.credit, lineCount: 1 },
                    $setOnInsert: { organizationId: ORGANIZATION, account: move.account, period: move.period },
                  },
                  { upsert: true, session },
                );
              }
            });
          } finally {
            await session.endSession();
          }
        }
      }),
    );
    return count / ((performance.now() - started) / 1000);
  } finally {
    await client.close();
  }
}

function specPassRate(): string {
  const run = spawnSync("npx", ["vitest", "run", "packages/embedded-mongo/tests/spec"], {
    cwd: root,
    encoding: "utf8",
  });
  const total = /total: (\d+\/\d+ \([\d.]+ %\))/.exec(`${run.stdout}${run.stderr}`);
  return total ? total[1] : `not found (exit ${run.status})`;
}

async function main(): Promise<void> {
  const kept = keptDirectory();
  const dbPath = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-scale-"));
  if (kept) fs.mkdirSync(kept, { recursive: true });
  // Posted entries are numbered after those of earlier runs on a kept directory (numbers are unique).
  let { filled, posted } = await countsOf(dbPath);
  console.log(
    `embedded MongoDB at scale (node ${process.version}, ${os.cpus().length} cores); sizes ${sizes.join(", ")}` +
      (kept ? `; kept directory with ${filled} entries filled` : ""),
  );
  try {
    for (const size of sizes) {
      if (size > filled) {
        const started = performance.now();
        await fill(dbPath, filled, size);
        console.log(`-- filled to ${size} entries in ${seconds(performance.now() - started)}`);
        filled = size;
      } else if (size < filled) {
        console.log(`-- skipped ${size} entries: the kept directory holds ${filled}`);
        continue;
      }
      const cachedMs = readIntoCache(dbPath);
      const opening = new Engine();
      const openStarted = performance.now();
      const store = await Store.open(dbPath, opening, {});
      const openMs = performance.now() - openStarted;
      await store.close();
      const server = await startServer(dbPath, `${size}`);
      const emptyPath = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-scale-empty-"));
      const empty = await startServer(emptyPath, `${size}-empty`);
      try {
        // The empty database gets the filled one's indexes (as the app creates them at start-up), so
        // that the two rates differ by the size of the data, not by the index writes per entry.
        await createIndexes(server.uri);
        await createIndexes(empty.uri);
        const opened = memoryOf(server.pid);
        const nextOffset = () => {
          const offset = posted;
          posted += ROUND_SIZE;
          return offset;
        };
        const compared = await compare(server, empty, nextOffset);
        const recent = await compare(server, empty, nextOffset, LATEST_MONTH);
        const memory = memoryOf(server.pid);
        const label = `${size.toLocaleString("en")} entries`;
        const percent = (ratio: number) => `${(ratio * 100).toFixed(0)} %`;
        line(`${label}: data file read into the cache`, seconds(cachedMs));
        line(`${label}: open (recovery)`, seconds(openMs), "target < 10 s at 1 000 000");
        line(`${label}: database process ready`, seconds(server.readyMs));
        line(`${label}: posting`, `${compared.sized.rate.toFixed(0)}/s`);
        line(`${label}: posting, empty database alternately`, `${compared.empty.rate.toFixed(0)}/s`);
        line(`${label}: ratio per round`, compared.ratios.map((ratio) => percent(ratio)).join(" "));
        line(`${label}: ratio, median of the rounds`, percent(median(compared.ratios)), "target ≥ 80 %");
        const [sized, emptied] = [compared.sized.perEntry, compared.empty.perEntry];
        line(
          `${label}: CPU of the database per entry`,
          `${(sized.userMs + sized.systemMs).toFixed(2)} ms`,
          `kernel ${sized.systemMs.toFixed(2)} ms; empty ${(emptied.userMs + emptied.systemMs).toFixed(2)} ms, ` +
            `kernel ${emptied.systemMs.toFixed(2)} ms`,
        );
        line(
          `${label}: page faults per entry`,
          `${sized.minorFaults.toFixed(1)}`,
          `from disk ${sized.majorFaults.toFixed(2)}; empty ${emptied.minorFaults.toFixed(1)}, ` +
            `from disk ${emptied.majorFaults.toFixed(2)}`,
        );
        line(
          `${label}: bytes written to disk per entry`,
          `${(sized.written / 1024).toFixed(1)} KB`,
          `empty ${(emptied.written / 1024).toFixed(1)} KB`,
        );
        line(
          `${label}: entries per LMDB commit`,
          compared.sized.entriesPerCommit.toFixed(1),
          `empty ${compared.empty.entriesPerCommit.toFixed(1)}`,
        );
        line(`${label}: data file unmapped during the rounds`, `${compared.sized.unmaps}`, "times");
        line(`${label}: LMDB`, "", describeStorage(compared.sized.storage));
        line(`${label}: LMDB of the empty database`, "", describeStorage(compared.empty.storage));
        line(`${label}: load average during the rounds`, compared.load.toFixed(2));
        line(`${label}: posting into ${LATEST_MONTH}`, `${recent.sized.rate.toFixed(0)}/s`);
        line(`${label}: posting into ${LATEST_MONTH}, empty database`, `${recent.empty.rate.toFixed(0)}/s`);
        line(`${label}: ${LATEST_MONTH}, ratio per round`, recent.ratios.map((ratio) => percent(ratio)).join(" "));
        line(`${label}: ${LATEST_MONTH}, ratio, median`, percent(median(recent.ratios)));
        line(
          `${label}: ${LATEST_MONTH}, CPU per entry`,
          `${(recent.sized.perEntry.userMs + recent.sized.perEntry.systemMs).toFixed(2)} ms`,
          `empty ${(recent.empty.perEntry.userMs + recent.empty.perEntry.systemMs).toFixed(2)} ms; page faults ` +
            `${recent.sized.perEntry.minorFaults.toFixed(1)} (from disk ${recent.sized.perEntry.majorFaults.toFixed(2)}), ` +
            `empty ${recent.empty.perEntry.minorFaults.toFixed(1)}`,
        );
        line(`${label}: RSS after open`, mb(opened.rss));
        line(`${label}: RSS after posting`, mb(memory.rss), "target < 1 GB");
        line(`${label}: RSS at its peak`, mb(memory.peak), "target < 1 GB");
        line(`${label}: RSS anonymous / file-backed`, `${mb(memory.anonymous)} / ${mb(memory.file)}`);
      } finally {
        await server.stop();
        await empty.stop();
        fs.rmSync(emptyPath, { recursive: true, force: true });
      }
    }
    line("data directory size", mb(directorySize(dbPath)));
  } finally {
    if (!kept) fs.rmSync(dbPath, { recursive: true, force: true });
  }
  if (process.env.EMBEDDED_MONGO_SCALE_SPEC !== "0")
    line("specification tests passed", specPassRate(), "target ≥ 95 %");
}

/**
 * Reads every file of the directory once, so that the rounds find it in the operating system's cache
 * as a freshly filled directory is; a kept one left idle may have been paged out by the host, and the
 * rounds would then measure the disk (the "from disk" page faults show what still came from it).
 * Returns the time taken.
 */
function readIntoCache(directory: string): number {
  const started = performance.now();
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  for (const name of fs.readdirSync(directory)) {
    const fd = fs.openSync(path.join(directory, name), "r");
    try {
      while (fs.readSync(fd, buffer, 0, buffer.length, null) > 0);
    } finally {
      fs.closeSync(fd);
    }
  }
  return performance.now() - started;
}

/** The disk space the directory's files take (the data file is sparse beyond its last page). */
function directorySize(directory: string): number {
  return fs
    .readdirSync(directory)
    .reduce((total, name) => total + fs.statSync(path.join(directory, name)).blocks * 512, 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
