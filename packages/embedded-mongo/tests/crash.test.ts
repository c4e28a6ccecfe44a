import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Db, MongoClient, MongoServerError } from "mongodb";
import { afterAll, describe, expect, it } from "vitest";
import { readDataDirectory } from "../src/persist/store";
import { idKeyOf } from "../src/storage/collection";
import { Engine } from "../src/storage/engine";

// Runs the server (its CLI) as a child process, writes to it from concurrent workers and kills it with
// SIGKILL at random moments. After every kill the data directory must hold each acknowledged write,
// no half-applied transaction, and a unique index without duplicates.
const KILLS = Number(process.env.CRASH_KILLS ?? 50);
const WORKERS = 4;
const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));
const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-crash-"));

afterAll(() => {
  fs.rmSync(dbPath, { recursive: true, force: true });
});

interface Ledger {
  insertBegun: Set<number>;
  insertAcked: Set<number>;
  deleteBegun: Set<number>;
  deleteAcked: Set<number>;
  pairsAcked: Set<number>;
  counterBegun: Map<string, number>;
  counterAcked: Map<string, number>;
  acks: number;
}

function startServer(): Promise<{ child: ChildProcess; uri: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", cli, "--port", "0", "--dbpath", dbPath, "--quiet"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let stderr = "";
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (chunk: string) => {
      output += chunk;
      const match = /mongodb:\/\/127\.0\.0\.1:\d+/.exec(output);
      if (match) resolve({ child, uri: match[0] });
    });
    child.stderr!.on("data", (chunk) => {
      stderr += String(chunk);
    });
    child.on("exit", (code) => reject(new Error(`server exited early (${code}): ${stderr}`)));
  });
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

async function worker(
  db: Db,
  client: MongoClient,
  w: number,
  run: number,
  ledger: Ledger,
  stopped: () => boolean,
): Promise<void> {
  const mine: number[] = [];
  for (let i = 0; !stopped(); i++) {
    const seq = run * 1_000_000 + w * 100_000 + i;
    const choice = i % 5;
    if (choice <= 1) {
      ledger.insertBegun.add(seq);
      await db.collection("docs").insertOne({ _id: seq, code: `c${seq}`, payload: "x".repeat(seq % 300) } as never);
      ledger.insertAcked.add(seq);
      mine.push(seq);
    } else if (choice === 2) {
      bump(ledger.counterBegun, `w${w}`);
      await db.collection("counters").updateOne({ _id: `w${w}` } as never, { $inc: { n: 1 } }, { upsert: true });
      bump(ledger.counterAcked, `w${w}`);
    } else if (choice === 3) {
      const session = client.startSession();
      try {
        session.startTransaction();
        await db.collection("pairsA").insertOne({ _id: seq } as never, { session });
        await db.collection("pairsB").insertOne({ _id: seq } as never, { session });
        await session.commitTransaction();
        ledger.pairsAcked.add(seq);
      } catch (error) {
        // Two workers' first transactions may both create pairsA: as on MongoDB, one of them gets a
        // write conflict labelled transient, is aborted (neither insert stays) and is not acknowledged.
        if (!(error as { hasErrorLabel?: (label: string) => boolean }).hasErrorLabel?.("TransientTransactionError"))
          throw error;
        await session.abortTransaction().catch(() => undefined);
      } finally {
        await session.endSession().catch(() => undefined);
      }
    } else if (mine.length > 2) {
      const victim = mine.shift()!;
      ledger.deleteBegun.add(victim);
      await db.collection("docs").deleteOne({ _id: victim } as never);
      ledger.deleteAcked.add(victim);
      const duplicateOf = mine[mine.length - 1];
      const error = await db
        .collection("docs")
        .insertOne({ _id: -seq, code: `c${duplicateOf}` } as never)
        .then(
          () => null,
          (caught) => caught,
        );
      if (!(error instanceof MongoServerError) || error.code !== 11000) {
        if (stopped()) return;
        throw new Error(`duplicate code c${duplicateOf} was accepted`);
      }
    }
    ledger.acks += 1;
  }
}

function verify(ledger: Ledger, run: number): void {
  const engine = new Engine();
  readDataDirectory(dbPath, engine);
  const docs = engine.collection("crash", "docs");
  const pairsA = engine.collection("crash", "pairsA");
  const pairsB = engine.collection("crash", "pairsB");
  const counters = engine.collection("crash", "counters");
  for (const seq of ledger.insertAcked) {
    const present = docs?.records.has(idKeyOf(seq)) ?? false;
    if (ledger.deleteAcked.has(seq)) expect(present, `deleted ${seq} came back after run ${run}`).toBe(false);
    else if (!ledger.deleteBegun.has(seq)) expect(present, `acknowledged insert ${seq} lost in run ${run}`).toBe(true);
  }
  for (const record of docs?.records.values() ?? []) {
    expect(
      ledger.insertBegun.has(record.doc._id as number),
      `document ${String(record.doc._id)} was never written`,
    ).toBe(true);
  }
  for (const seq of ledger.pairsAcked)
    expect(pairsA?.records.has(idKeyOf(seq)), `transaction ${seq} lost in run ${run}`).toBe(true);
  const aIds = [...(pairsA?.records.keys() ?? [])].sort();
  const bIds = [...(pairsB?.records.keys() ?? [])].sort();
  expect(aIds, `a transaction was half-applied in run ${run}`).toEqual(bIds);
  for (const [key, acked] of ledger.counterAcked) {
    const value = counters?.records.get(idKeyOf(key))?.doc.n as number;
    expect(value, `counter ${key} after run ${run}`).toBeGreaterThanOrEqual(acked);
    expect(value, `counter ${key} after run ${run}`).toBeLessThanOrEqual(ledger.counterBegun.get(key) ?? 0);
  }
  const codes = new Set<string>();
  for (const record of docs?.records.values() ?? []) {
    const code = record.doc.code as string;
    expect(codes.has(code), `duplicate code ${code} after run ${run}`).toBe(false);
    codes.add(code);
  }
  if (docs) expect(docs.indexes.has("code_1")).toBe(true);
}

describe("crash safety", () => {
  it(`keeps every acknowledged write across ${KILLS} SIGKILLs`, { timeout: 170_000 }, async () => {
    const ledger: Ledger = {
      insertBegun: new Set(),
      insertAcked: new Set(),
      deleteBegun: new Set(),
      deleteAcked: new Set(),
      pairsAcked: new Set(),
      counterBegun: new Map(),
      counterAcked: new Map(),
      acks: 0,
    };
    for (let run = 1; run <= KILLS; run++) {
      const { child, uri } = await startServer();
      const exited = new Promise((resolve) => child.once("exit", resolve));
      const client = await MongoClient.connect(uri, {
        serverSelectionTimeoutMS: 300,
        retryWrites: false,
        retryReads: false,
        maxPoolSize: WORKERS + 1,
      });
      const db = client.db("crash");
      await db.collection("docs").createIndex({ code: 1 }, { unique: true });
      let killed = false;
      const workers = Array.from({ length: WORKERS }, (_, w) =>
        worker(db, client, w, run, ledger, () => killed).catch((error) => {
          if (!killed) throw error;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 30 + Math.floor(Math.random() * 220)));
      killed = true;
      child.kill("SIGKILL");
      await exited;
      await Promise.all(workers);
      await client.close(true).catch(() => undefined);
      verify(ledger, run);
    }
    expect(ledger.acks).toBeGreaterThan(KILLS * 10);
    console.log(
      `crash test: ${KILLS} kills, ${ledger.acks} acknowledged operations (${ledger.insertAcked.size} inserts, ${ledger.pairsAcked.size} transactions) verified after each`,
    );
  });
});
