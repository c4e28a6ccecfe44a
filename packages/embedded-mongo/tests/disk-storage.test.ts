import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Binary, Decimal128, Long, MaxKey, MinKey, MongoClient, ObjectId, Timestamp } from "mongodb";
import { afterEach, describe, expect, it } from "vitest";
import { compareValues } from "../src/bson/values";
import { captureState, writeSnapshot } from "../src/persist/snapshot";
import { EmbeddedServer } from "../src/server";
import { idKeyOf } from "../src/storage/collection";
import { DiskStorage, MAX_FREE_PAGES_TO_LOAD } from "../src/storage/disk-storage";
import { Engine } from "../src/storage/engine";
import { ByteWriter, writeKey } from "../src/storage/key-encoding";

const directories: string[] = [];
const servers: EmbeddedServer[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});

async function start(dbPath?: string): Promise<{ server: EmbeddedServer; client: MongoClient }> {
  const server = new EmbeddedServer({ dbPath });
  servers.push(server);
  const port = await server.start();
  const client = await MongoClient.connect(`mongodb://127.0.0.1:${port}/?directConnection=true`);
  return { server, client };
}

function encoded(values: unknown[], direction: number): Buffer {
  const out = new ByteWriter();
  writeKey(out, values, [direction]);
  return out.result();
}

const VALUES: unknown[] = [
  new MinKey(),
  null,
  Number.NaN,
  -Infinity,
  -1e300,
  -2,
  new Long(-1),
  -0.5,
  0,
  1,
  2n ** 40n,
  Decimal128.fromString("1e50"),
  Infinity,
  "",
  "a",
  "a\u0000b",
  "ab",
  "b",
  "ñandú",
  {},
  { a: 1 },
  { a: 1, b: "x" },
  { a: "x" },
  { b: 1 },
  [],
  [1],
  [1, 2],
  [2],
  new Binary(Buffer.from([9, 9])),
  new Binary(Buffer.from([1, 2, 3])),
  new ObjectId("000000000000000000000001"),
  new ObjectId("ffffffffffffffffffffffff"),
  false,
  true,
  new Date(-1000),
  new Date(0),
  new Date(1_700_000_000_000),
  new Timestamp({ t: 1, i: 2 }),
  new Timestamp({ t: 2, i: 0 }),
  /a/,
  /b/i,
  new MaxKey(),
];

describe("index keys of a data directory", () => {
  it("sort as bytes in MongoDB's comparison order, reversed on a descending field", () => {
    const byValue = [...VALUES].sort(compareValues);
    const sign = (n: number) => Math.sign(n);
    for (let i = 0; i < byValue.length; i++) {
      for (let j = 0; j < byValue.length; j++) {
        const expected = sign(compareValues(byValue[i], byValue[j]));
        expect([i, j, sign(Buffer.compare(encoded([byValue[i]], 1), encoded([byValue[j]], 1)))]).toEqual([
          i,
          j,
          expected,
        ]);
        expect([i, j, sign(Buffer.compare(encoded([byValue[i]], -1), encoded([byValue[j]], -1)))]).toEqual([
          i,
          j,
          expected === 0 ? 0 : -expected,
        ]);
      }
    }
  });
});

describe("a data directory kept in LMDB", () => {
  it("answers indexed queries as the in-memory server does, before and after a restart", async () => {
    const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-disk-"));
    directories.push(dbPath);
    const memory = await start();
    let disk = await start(dbPath);
    const documents = Array.from({ length: 300 }, (_, i) => ({
      _id: i,
      org: `org-${i % 3}`,
      date: new Date(Date.UTC(2025, 0, 1 + (i % 40))),
      amount: i % 2 === 0 ? i / 4 : BigInt(i) * 3n,
      tags: [`t${i % 5}`, `t${(i + 1) % 5}`],
      name: i % 7 === 0 ? null : `n${String(i).padStart(3, "0")}`,
    }));
    const setUp = async (client: MongoClient) => {
      const collection = client.db("d").collection<{ _id: number }>("items");
      await collection.createIndex({ org: 1, date: -1 });
      await collection.createIndex({ tags: 1, amount: 1 });
      await collection.createIndex(
        { name: 1 },
        { unique: true, partialFilterExpression: { name: { $type: "string" } } },
      );
      await collection.insertMany(documents.map((doc) => ({ ...doc })));
      await collection.deleteMany({ amount: { $gt: 200 } });
      await collection.updateMany({ org: "org-1" }, { $set: { date: new Date(Date.UTC(2024, 5, 1)) } });
    };
    await setUp(memory.client);
    await setUp(disk.client);
    const queries: Array<[Record<string, unknown>, Record<string, 1 | -1>]> = [
      [{ org: "org-0", date: { $gte: new Date(Date.UTC(2025, 0, 10)), $lt: new Date(Date.UTC(2025, 0, 20)) } }, {}],
      [{ org: { $in: ["org-1", "org-2"] } }, { org: 1, date: -1 }],
      [{ org: "org-2" }, { date: 1 }],
      [{ tags: "t3", amount: { $gte: 10 } }, {}],
      [{ name: { $gt: "n100" } }, { name: -1 }],
      [{}, { org: -1, date: 1 }],
    ];
    const results = async (client: MongoClient) =>
      Promise.all(
        queries.map(([filter, sort]) =>
          client.db("d").collection("items").find(filter).sort(sort).project({ _id: 1 }).toArray(),
        ),
      );
    const expected = await results(memory.client);
    expect(expected.every((found) => found.length > 0)).toBe(true);
    expect(await results(disk.client)).toEqual(expected);
    const duplicate = disk.client
      .db("d")
      .collection<{ _id: number; name: string }>("items")
      .insertOne({ _id: 1000, name: "n001" });
    await expect(duplicate).rejects.toMatchObject({ code: 11000 });

    await disk.client.close();
    await disk.server.close();
    disk = await start(dbPath);
    expect(disk.server.engine.collection("d", "items")!.records).not.toBeInstanceOf(Map);
    expect(await results(disk.client)).toEqual(expected);
    expect(await disk.client.db("d").collection("items").countDocuments()).toBe(
      await memory.client.db("d").collection("items").countDocuments(),
    );
    await disk.client.close();
    await memory.client.close();
  });

  it("drops collections, indexes and databases from the data file", async () => {
    const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-disk-"));
    directories.push(dbPath);
    let disk = await start(dbPath);
    const db = disk.client.db("gone");
    await db.collection("a").createIndex({ x: 1 });
    await db.collection("a").insertMany([{ x: 1 }, { x: 2 }]);
    await db.collection("b").insertOne({ y: 1 });
    await db.collection("a").dropIndex("x_1");
    await db.collection("b").drop();
    await disk.client.db("kept").collection("c").insertOne({ z: 1 });
    await disk.client.close();
    await disk.server.close();
    disk = await start(dbPath);
    expect((await disk.client.db("gone").collection("a").listIndexes().toArray()).map((index) => index.name)).toEqual([
      "_id_",
    ]);
    expect(await disk.client.db("gone").listCollections().toArray()).toHaveLength(1);
    await disk.client.db("gone").dropDatabase();
    expect(await disk.client.db("kept").collection("c").countDocuments()).toBe(1);
    expect(await disk.client.db("gone").collection("a").countDocuments()).toBe(0);
    await disk.client.close();
  });
});

describe("a data directory of the earlier snapshot format", () => {
  it("is brought into LMDB on first open, its snapshot then removed", async () => {
    const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-disk-"));
    directories.push(dbPath);
    const engine = new Engine();
    const collection = engine.ensureCollection("old", "docs");
    engine.createIndexes(collection, [{ key: { code: 1 }, name: "code_1", unique: true }]);
    engine.commit(
      Array.from({ length: 20 }, (_, i) => ({ collection, id: idKeyOf(i), doc: { _id: i, code: `c${i}` } })),
    );
    await writeSnapshot(dbPath, captureState(engine));
    let disk = await start(dbPath);
    const docs = () => disk.client.db("old").collection<{ _id: number; code: string }>("docs");
    expect(await docs().countDocuments()).toBe(20);
    await expect(docs().insertOne({ _id: 99, code: "c3" })).rejects.toMatchObject({ code: 11000 });
    await disk.client.close();
    await disk.server.close();
    expect(fs.existsSync(path.join(dbPath, "snapshot.bson"))).toBe(false);
    disk = await start(dbPath);
    expect(
      await docs()
        .find({ code: { $in: ["c19", "c18"] } })
        .sort({ code: 1 })
        .toArray(),
    ).toEqual([
      { _id: 18, code: "c18" },
      { _id: 19, code: "c19" },
    ]);
    await disk.client.close();
  });
});

describe("LMDB's free-page list", () => {
  function keyOf(i: number): Buffer {
    const key = Buffer.alloc(8);
    // Spread over the whole table, so that each rewrite frees pages far apart.
    key.writeUInt32BE((i * 2654435761) >>> 0, 0);
    key.writeUInt32BE(i, 4);
    return key;
  }

  it("is read into memory only while saving it back fits one page of its table", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-free-"));
    directories.push(directory);
    let storage = new DiskStorage(directory);
    const { pageSize } = storage.stats() as { pageSize: number };
    // One overflow page of LMDB's free-page table holds (pageSize - 16) / 8 page numbers; saving a list
    // loaded beyond that takes a run of free pages, which the lmdb package looks for by reading the
    // table while it is rewriting it (docs/decisions/317-embedded-database-free-page-list-kept-small.md).
    expect(MAX_FREE_PAGES_TO_LOAD).toBeLessThan((pageSize - 16) / 8 - 2);
    const env = (storage as unknown as { env: { maxFreeSpaceToLoad?: number } }).env;
    expect(env.maxFreeSpaceToLoad).toBe(MAX_FREE_PAGES_TO_LOAD);

    // Scattered rewrites leave more free pages than that limit, in several records of the table;
    // after a restart, writes that reuse them keep working and the data stays whole.
    const value = (version: number) => Buffer.alloc(100, version);
    storage.transaction(() => {
      for (let i = 0; i < 20_000; i++) storage.index.putSync(keyOf(i), value(1));
    });
    for (let round = 0; round < 3; round++) {
      storage.transaction(() => {
        for (let i = 0; i < 400; i++) storage.index.putSync(keyOf(((round * 400 + i) * 37) % 20_000), value(2));
      });
    }
    await storage.close();
    storage = new DiskStorage(directory);
    try {
      for (let round = 0; round < 20; round++) {
        storage.transaction(() => {
          for (let i = 0; i < 50; i++) storage.index.putSync(keyOf(20_000 + round * 50 + i), value(3));
        });
      }
      const stats = storage.stats() as { index: { entries: number } };
      expect(stats.index.entries).toBe(21_000);
      expect(storage.index.get(keyOf(0))).toEqual(value(2));
      expect(storage.index.get(keyOf(20_999))).toEqual(value(3));
    } finally {
      await storage.close();
    }
  });
});
