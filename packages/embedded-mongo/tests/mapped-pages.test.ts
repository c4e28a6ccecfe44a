import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MongoClient } from "mongodb";
import { afterEach, describe, expect, it } from "vitest";
import { residentFileBytes } from "../src/persist/mapped-memory";
import { EmbeddedServer } from "../src/server";

const directories: string[] = [];
const servers: EmbeddedServer[] = [];
const clients: MongoClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const server of servers.splice(0)) await server.close();
  for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});

async function start(options: ConstructorParameters<typeof EmbeddedServer>[0] = {}) {
  const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-mapped-"));
  directories.push(dbPath);
  const server = new EmbeddedServer({ dbPath, ...options });
  servers.push(server);
  const port = await server.start();
  const client = await MongoClient.connect(`mongodb://127.0.0.1:${port}/?directConnection=true`, { maxPoolSize: 20 });
  clients.push(client);
  return { server, client, dbPath };
}

describe("unmapping the data file between commands", () => {
  it("keeps every commit and every answer while the file is unmapped again and again under concurrent transactions", async () => {
    const { server, client } = await start({ mappedBudgetBytes: 0, mappedCheckMs: 5 });
    const db = client.db("mapped");
    await db.collection("balances").createIndex({ account: 1 }, { unique: true });
    const accounts = Array.from({ length: 10 }, (_, i) => `A${i}`);
    await db.collection("balances").insertMany(accounts.map((account) => ({ account, total: 0 })));

    const workers = Array.from({ length: 8 }, async (_, worker) => {
      for (let n = 0; n < 40; n++) {
        const session = client.startSession();
        try {
          await session.withTransaction(async () => {
            await db.collection("lines").insertOne({ worker, n, amount: 1 }, { session });
            await db
              .collection("balances")
              .updateOne({ account: accounts[(worker + n) % accounts.length] }, { $inc: { total: 1 } }, { session });
          });
        } finally {
          await session.endSession();
        }
        if (n % 10 === 0) await server.remapNow();
      }
    });
    await Promise.all(workers);

    expect(server.remaps).toBeGreaterThan(0);
    // serverStatus counts the unmappings too (the scale benchmark reports them). The timer may unmap
    // again while the command travels, so its count lies between the server's before and after.
    const remapsBefore = server.remaps;
    const { embeddedStorage } = await client.db("admin").command({ serverStatus: 1 });
    const remapsAfter = server.remaps;
    expect(embeddedStorage.unmaps).toBeGreaterThanOrEqual(remapsBefore);
    expect(embeddedStorage.unmaps).toBeLessThanOrEqual(remapsAfter);
    expect(await db.collection("lines").countDocuments()).toBe(320);
    const balances = await db.collection("balances").find().toArray();
    expect(balances.reduce((sum, balance) => sum + (balance.total as number), 0)).toBe(320);
    expect(await db.collection("balances").find({ account: "A3" }).hint({ account: 1 }).toArray()).toHaveLength(1);
  });

  it("survives a restart after unmapping, with the same documents and indexes", async () => {
    const first = await start({ mappedBudgetBytes: Infinity });
    await first.client.db("mapped").collection("docs").createIndex({ k: 1 });
    await first.client
      .db("mapped")
      .collection("docs")
      .insertMany(Array.from({ length: 500 }, (_, k) => ({ k, text: "x".repeat(200) })));
    expect(await first.server.remapNow()).toBe(true);
    await first.client.db("mapped").collection("docs").insertOne({ k: 500, text: "after" });
    await first.client.close();
    await first.server.close();
    clients.splice(0);
    servers.splice(0);

    const server = new EmbeddedServer({ dbPath: first.dbPath });
    servers.push(server);
    const port = await server.start();
    const client = await MongoClient.connect(`mongodb://127.0.0.1:${port}/?directConnection=true`);
    clients.push(client);
    const docs = client.db("mapped").collection("docs");
    expect(await docs.countDocuments()).toBe(501);
    expect(
      (
        await docs
          .find({ k: { $gte: 499 } })
          .sort({ k: 1 })
          .toArray()
      ).map((doc) => doc.text),
    ).toEqual(["x".repeat(200), "after"]);
  });

  it.runIf(residentFileBytes() !== null)(
    "gives the pages a large read mapped in back: the process's file-backed memory falls",
    async () => {
      const { server, client } = await start({ mappedBudgetBytes: Infinity });
      const docs = client.db("mapped").collection("docs");
      const body = "y".repeat(4000);
      for (let batch = 0; batch < 10; batch++) {
        await docs.insertMany(Array.from({ length: 1000 }, (_, i) => ({ n: batch * 1000 + i, body })));
      }
      await server.remapNow();
      const before = residentFileBytes()!;
      expect(await docs.find({ body: { $ne: "" } }).toArray()).toHaveLength(10_000);
      const mapped = residentFileBytes()!;
      expect(mapped - before).toBeGreaterThan(20 * 1024 * 1024);
      expect(await server.remapNow()).toBe(true);
      expect(residentFileBytes()! - before).toBeLessThan((mapped - before) / 4);
    },
  );
});
