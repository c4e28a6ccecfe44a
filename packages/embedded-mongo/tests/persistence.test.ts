import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Decimal128, MongoClient } from "mongodb";
import { afterEach, describe, expect, it } from "vitest";
import { type EmbeddedMongo, startEmbeddedMongo } from "../src/index";

const directories: string[] = [];
const servers: EmbeddedMongo[] = [];

function dataDirectory(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-"));
  directories.push(directory);
  return directory;
}

async function start(dbPath: string, extra: Record<string, unknown> = {}): Promise<EmbeddedMongo> {
  const server = await startEmbeddedMongo({ dbPath, ...extra });
  servers.push(server);
  return server;
}

async function withClient<T>(server: EmbeddedMongo, use: (client: MongoClient) => Promise<T>): Promise<T> {
  const client = await MongoClient.connect(server.uri);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});

describe("persistence", () => {
  it("keeps documents, indexes and collection changes across a restart", async () => {
    const dbPath = dataDirectory();
    const first = await start(dbPath);
    await withClient(first, async (client) => {
      const db = client.db("books");
      await db.collection("entries").createIndex({ number: 1 }, { unique: true });
      await db.collection("entries").insertMany([
        { number: 1, amount: Decimal128.fromString("10.50") },
        { number: 2, amount: Decimal128.fromString("20.25") },
      ]);
      await db.collection("entries").updateOne({ number: 2 }, { $set: { memo: "corrected" } });
      await db.collection("entries").deleteOne({ number: 1 });
      await db.collection("scratch").insertOne({ temporary: true });
      await db.collection("scratch").drop();
      await db.collection("old_name").insertOne({ v: 1 });
      await db.renameCollection("old_name", "new_name");
    });
    await first.close();

    const second = await start(dbPath);
    await withClient(second, async (client) => {
      const db = client.db("books");
      const entries = await db
        .collection("entries")
        .find({}, { projection: { _id: 0 } })
        .toArray();
      expect(entries.map((doc) => ({ ...doc, amount: doc.amount.toString() }))).toEqual([
        { number: 2, amount: "20.25", memo: "corrected" },
      ]);
      await expect(db.collection("entries").insertOne({ number: 2 })).rejects.toMatchObject({ code: 11000 });
      const names = (await db.listCollections().toArray()).map((entry) => entry.name).sort();
      expect(names).toEqual(["entries", "new_name"]);
    });
  });

  it("ignores a torn record at the end of the journal", async () => {
    const dbPath = dataDirectory();
    const first = await start(dbPath, { compactAfterBytes: Number.MAX_SAFE_INTEGER });
    await withClient(first, async (client) => {
      await client
        .db("t")
        .collection("c")
        .insertMany(Array.from({ length: 20 }, (_, i) => ({ i })));
    });
    await first.close();
    const journals = fs.readdirSync(dbPath).filter((name) => name.startsWith("journal-"));
    const last = path.join(dbPath, journals.sort().at(-1)!);
    // A frame header announcing 1000 payload bytes, followed by only a few: a write cut short by a crash.
    const torn = Buffer.alloc(20);
    torn.writeUInt32LE(1000, 0);
    fs.appendFileSync(last, torn);
    const second = await start(dbPath);
    await withClient(second, async (client) => {
      expect(await client.db("t").collection("c").countDocuments()).toBe(20);
      await client.db("t").collection("c").insertOne({ i: 20 });
    });
    await second.close();
    const third = await start(dbPath);
    await withClient(third, async (client) => {
      expect(await client.db("t").collection("c").countDocuments()).toBe(21);
    });
  });

  it("checkpoints the journal into the data file and recovers from both", async () => {
    const dbPath = dataDirectory();
    const first = await start(dbPath, { compactAfterBytes: 20_000 });
    await withClient(first, async (client) => {
      const collection = client.db("c").collection("docs");
      for (let batch = 0; batch < 10; batch++) {
        await collection.insertMany(Array.from({ length: 50 }, (_, i) => ({ batch, i, text: "x".repeat(50) })));
      }
      await collection.updateMany({ batch: 0 }, { $set: { updated: true } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The first journal was covered by a checkpoint while the server ran.
      expect(fs.readdirSync(dbPath)).not.toContain("journal-00000001.log");
    });
    expect(fs.existsSync(path.join(dbPath, "data.mdb"))).toBe(true);
    await first.close();
    const journals = fs.readdirSync(dbPath).filter((name) => name.startsWith("journal-"));
    expect(journals.length).toBeLessThanOrEqual(2);
    const second = await start(dbPath);
    await withClient(second, async (client) => {
      const collection = client.db("c").collection("docs");
      expect(await collection.countDocuments()).toBe(500);
      expect(await collection.countDocuments({ updated: true })).toBe(50);
    });
  });

  it("refuses a data directory locked by a running process and takes over a stale lock", async () => {
    const dbPath = dataDirectory();
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
    try {
      fs.writeFileSync(path.join(dbPath, "embedded-mongo.lock"), `${holder.pid}\n`);
      await expect(start(dbPath)).rejects.toThrow(/already in use by another embedded MongoDB server \(pid \d+\)/);
    } finally {
      holder.kill("SIGKILL");
      await new Promise((resolve) => holder.once("exit", resolve));
    }
    const server = await start(dbPath);
    await withClient(server, async (client) => {
      expect(await client.db("x").command({ ping: 1 })).toMatchObject({ ok: 1 });
    });
    await expect(start(dbPath)).rejects.toThrow(/already in use/);
  });
});
