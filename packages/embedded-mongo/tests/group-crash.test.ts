import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Db, MongoClient } from "mongodb";
import { afterAll, describe, expect, it } from "vitest";
import { readDataDirectory } from "../src/persist/store";
import { idKeyOf } from "../src/storage/collection";
import { Engine } from "../src/storage/engine";

// Many concurrent transactions keep a group of changes open in LMDB most of the time
// (docs/decisions/291-embedded-database-group-commit-in-lmdb.md); killing the server with SIGKILL at
// random moments therefore lands inside groups. After every kill each acknowledged transaction must be
// there, whole, and no transaction may be there in part.
const KILLS = Number(process.env.GROUP_CRASH_KILLS ?? 12);
const WORKERS = 12;
const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));
const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-group-crash-"));

afterAll(() => {
  fs.rmSync(dbPath, { recursive: true, force: true });
});

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

interface Ledger {
  begun: Set<string>;
  acked: Set<string>;
}

async function worker(db: Db, client: MongoClient, id: string, ledger: Ledger, stopped: () => boolean) {
  for (let i = 0; !stopped(); i++) {
    const entry = `${id}-${i}`;
    ledger.begun.add(entry);
    const session = client.startSession();
    try {
      await session.withTransaction(async () => {
        await db.collection("entries").insertOne({ _id: entry, number: entry } as never, { session });
        await db
          .collection("lines")
          .insertMany([0, 1, 2].map((line) => ({ _id: `${entry}/${line}`, entry })) as never[], { session });
        // Every worker increments the same counter: the transactions conflict and are retried.
        await db
          .collection("counters")
          .updateOne({ _id: "entries" } as never, { $inc: { n: 1 } }, { upsert: true, session });
      });
      ledger.acked.add(entry);
    } finally {
      await session.endSession().catch(() => undefined);
    }
  }
}

function verify(ledger: Ledger, run: number): number {
  const engine = new Engine();
  readDataDirectory(dbPath, engine);
  const entries = engine.collection("crash", "entries");
  const lines = engine.collection("crash", "lines");
  const counter = engine.collection("crash", "counters")?.records.get(idKeyOf("entries"))?.doc.n ?? 0;
  for (const entry of ledger.acked) {
    expect(entries?.records.has(idKeyOf(entry)), `acknowledged ${entry} lost in run ${run}`).toBe(true);
  }
  const present = [...(entries?.records.values() ?? [])].map((record) => record.doc._id as string);
  for (const entry of present) {
    expect(ledger.begun.has(entry), `${entry} was never written`).toBe(true);
    for (const line of [0, 1, 2]) {
      expect(lines?.records.has(idKeyOf(`${entry}/${line}`)), `${entry} without line ${line} in run ${run}`).toBe(true);
    }
  }
  expect(lines?.records.size ?? 0, `lines of no entry in run ${run}`).toBe(present.length * 3);
  expect(counter, `counter against entries in run ${run}`).toBe(present.length);
  return present.length;
}

describe("group commit under SIGKILL", () => {
  it(
    `keeps every acknowledged transaction whole and no unacknowledged half across ${KILLS} kills`,
    {
      timeout: 170_000,
    },
    async () => {
      const ledger: Ledger = { begun: new Set(), acked: new Set() };
      let present = 0;
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
        let killed = false;
        const workers = Array.from({ length: WORKERS }, (_, w) =>
          worker(db, client, `r${run}w${w}`, ledger, () => killed).catch((error) => {
            if (!killed) throw error;
          }),
        );
        // Kill once transactions flow (the machine may be slow to start them), at a random moment after.
        const ackedBefore = ledger.acked.size;
        for (let waited = 0; ledger.acked.size < ackedBefore + 3 && waited < 30_000; waited += 20) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 200)));
        killed = true;
        child.kill("SIGKILL");
        await exited;
        await Promise.all(workers);
        await client.close(true).catch(() => undefined);
        present = verify(ledger, run);
      }
      expect(ledger.acked.size).toBeGreaterThanOrEqual(KILLS * 3);
      expect(present).toBeGreaterThanOrEqual(ledger.acked.size);
      console.log(
        `group crash test: ${KILLS} kills, ${ledger.acked.size} acknowledged transactions, ${present} present, each whole`,
      );
    },
  );
});
