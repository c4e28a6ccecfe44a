import fs from "node:fs";
import path from "node:path";
import { MongoClient, MongoServerError } from "mongodb";
import { describe, expect, it } from "vitest";
import { ErrorCode, ServerError } from "../src/errors";
import { Store } from "../src/persist/store";
import { EmbeddedServer } from "../src/server";
import { type Collection, idKeyOf } from "../src/storage/collection";
import { Engine } from "../src/storage/engine";
import { temporaryDirectories } from "./data-directory";

// Engine changes made while the journal is being synced share one LMDB transaction
// (docs/decisions/291-embedded-database-group-commit-in-lmdb.md); a failed one is undone by writing its
// group-mates again (docs/decisions/322-embedded-database-writes-through-the-map.md).

const dataDirectory = temporaryDirectories("embedded-mongo-group-");

const TRANSACTIONS = 48;
/** Transactions that repeat the number of an earlier one: exactly one of each pair may commit. */
const DUPLICATES = 8;
const ACCOUNTS = 4;

/**
 * Posts entry number `i` as the ledger does: the entry, its lines, a shared counter and an account's
 * balance; `tag` tells two postings of the same number apart. Resolves to whether it committed.
 */
async function post(client: MongoClient, i: number, tag: string): Promise<boolean> {
  const db = client.db("books");
  const session = client.startSession();
  try {
    await session.withTransaction(async () => {
      await db
        .collection("lines")
        .insertMany([0, 1, 2].map((line) => ({ _id: `${tag}${i}/${line}`, entry: i, line })) as never[], { session });
      await db.collection("entries").insertOne({ _id: `${tag}${i}`, number: `N-${i}` } as never, { session });
      await db
        .collection("counters")
        .updateOne({ _id: "entries" } as never, { $inc: { n: 1 } }, { upsert: true, session });
      await db
        .collection("balances")
        .updateOne({ _id: `a${i % ACCOUNTS}` } as never, { $inc: { total: i } }, { upsert: true, session });
    });
    return true;
  } catch (error) {
    if (error instanceof MongoServerError && error.code === 11000) return false;
    throw error;
  } finally {
    await session.endSession();
  }
}

async function expectBooks(client: MongoClient): Promise<void> {
  const db = client.db("books");
  const entries = await db.collection("entries").find().toArray();
  expect(new Set(entries.map((entry) => entry.number)).size).toBe(TRANSACTIONS);
  expect(entries).toHaveLength(TRANSACTIONS);
  // The lines of exactly the committed entries.
  const lines = await db.collection("lines").find().toArray();
  expect(new Set(lines.map((line) => String(line._id).split("/")[0]))).toEqual(
    new Set(entries.map((entry) => String(entry._id))),
  );
  expect(await db.collection("lines").countDocuments()).toBe(TRANSACTIONS * 3);
  expect(await db.collection("counters").findOne({ _id: "entries" } as never)).toEqual({
    _id: "entries",
    n: TRANSACTIONS,
  });
  for (let account = 0; account < ACCOUNTS; account++) {
    let total = 0;
    for (let i = account; i < TRANSACTIONS; i += ACCOUNTS) total += i;
    expect(await db.collection("balances").findOne({ _id: `a${account}` } as never)).toEqual({
      _id: `a${account}`,
      total,
    });
  }
  // The unique index holds each number once: a second insert of one is refused.
  const error = await db
    .collection("entries")
    .insertOne({ _id: -1, number: "N-0" } as never)
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(MongoServerError);
  expect((error as MongoServerError).code).toBe(11000);
}

describe("group commit into the data file", () => {
  it("writes concurrent conflicting transactions together, retrying the conflicts and losing none", async () => {
    const dbPath = dataDirectory();
    const server = new EmbeddedServer({ dbPath });
    const port = await server.start();
    const uri = `mongodb://127.0.0.1:${port}/?directConnection=true`;
    try {
      const client = await MongoClient.connect(uri, { maxPoolSize: TRANSACTIONS });
      try {
        await client.db("books").collection("entries").createIndex({ number: 1 }, { unique: true });
        for (const name of ["lines", "counters", "balances"]) await client.db("books").createCollection(name);
        const before = { ...server.engine.storage!.groupStats };
        const committed = await Promise.all([
          ...Array.from({ length: TRANSACTIONS }, (_, i) => post(client, i, "e")),
          ...Array.from({ length: DUPLICATES }, (_, i) => post(client, i * 5, "d")),
        ]);
        expect(committed.filter((done) => !done)).toHaveLength(DUPLICATES);
        const stats = server.engine.storage!.groupStats;
        const changes = stats.changes - before.changes;
        const groups = stats.groups - before.groups;
        // Every committed transaction went to the data file through the groups. How many shared one
        // depends on how the commits met the journal's flushes (on a loaded machine each may meet its
        // own), so it is not asserted here; that changes made together share one group is the next
        // test's, exactly.
        expect(changes).toBeGreaterThanOrEqual(TRANSACTIONS);
        expect(groups).toBeGreaterThan(0);
        await expectBooks(client);
      } finally {
        await client.close();
      }
    } finally {
      await server.close();
    }
    const reopened = new EmbeddedServer({ dbPath });
    const reopenedPort = await reopened.start();
    try {
      const client = await MongoClient.connect(`mongodb://127.0.0.1:${reopenedPort}/?directConnection=true`);
      try {
        await expectBooks(client);
      } finally {
        await client.close();
      }
    } finally {
      await reopened.close();
    }
  });

  it("reports the data file's trees, free list and groups in serverStatus, and nothing without a directory", async () => {
    const dbPath = dataDirectory();
    const server = new EmbeddedServer({ dbPath });
    const memory = new EmbeddedServer({});
    try {
      const client = await MongoClient.connect(`mongodb://127.0.0.1:${await server.start()}/?directConnection=true`);
      const inMemory = await MongoClient.connect(`mongodb://127.0.0.1:${await memory.start()}/?directConnection=true`);
      try {
        await client.db("books").collection("entries").createIndex({ number: 1 });
        await client
          .db("books")
          .collection("entries")
          .insertMany(Array.from({ length: 50 }, (_, i) => ({ number: i })));
        const { embeddedStorage } = await client.db("admin").command({ serverStatus: 1 });
        expect(embeddedStorage.pageSize).toBe(4096);
        expect(embeddedStorage.docs.entries).toBe(50);
        // One entry per document in each of its two indexes (_id and number).
        expect(embeddedStorage.index.entries).toBe(100);
        for (const tree of [embeddedStorage.docs, embeddedStorage.index]) {
          expect(tree.depth).toBeGreaterThanOrEqual(1);
          expect(tree.leafPages).toBeGreaterThanOrEqual(1);
        }
        expect(embeddedStorage.groups).toBe(server.engine.storage!.groupStats.groups);
        expect(embeddedStorage.groups).toBeGreaterThan(0);
        expect(embeddedStorage.freeList.records).toBeGreaterThanOrEqual(0);
        expect(embeddedStorage.commits).toBeGreaterThanOrEqual(embeddedStorage.groups);
        // Pages are written in place in the mapped file, which may extend past the last page in use.
        const pagesInUse = embeddedStorage.lastPageNumber + 1;
        expect(pagesInUse).toBeGreaterThan(4);
        expect(pagesInUse * embeddedStorage.pageSize).toBeLessThanOrEqual(
          fs.statSync(path.join(dbPath, "data.mdb")).size,
        );
        expect(embeddedStorage.unmaps).toBe(0);
        const status = await inMemory.db("admin").command({ serverStatus: 1 });
        expect(status.embeddedStorage).toBeUndefined();
      } finally {
        await client.close();
        await inMemory.close();
      }
    } finally {
      await server.close();
      await memory.close();
    }
  });

  it("undoes a failed change entirely while its group-mates stay, in the file and after a restart", async () => {
    const dbPath = dataDirectory();
    const engine = new Engine();
    const store = await Store.open(dbPath, engine, { snapshotOnClose: false });
    const open = (): Collection => engine.collection("books", "codes")!;
    try {
      const codes = engine.ensureCollection("books", "codes");
      engine.createIndexes(codes, [
        { key: { code: 1 }, name: "code_1", unique: true },
        { key: { note: 1 }, name: "note_1" },
      ]);
      await engine.durable();
      const put = (doc: { _id: number; code: string; note?: string }) => ({
        collection: codes,
        id: idKeyOf(doc._id),
        doc,
        insertOnly: true,
      });
      engine.commit([put({ _id: 1, code: "x" })]);
      // A batch whose second document repeats a unique code: none of it stays.
      expect(() => engine.commit([put({ _id: 2, code: "y" }), put({ _id: 3, code: "x" })])).toThrow(
        expect.objectContaining({ code: ErrorCode.DuplicateKey }),
      );
      // A document whose second index key is too long fails after its first index entry was written.
      const failed = (() => {
        try {
          engine.commit([put({ _id: 4, code: "w", note: "n".repeat(3000) })]);
          return null;
        } catch (error) {
          return error;
        }
      })();
      expect(failed).toBeInstanceOf(ServerError);
      expect((failed as ServerError).code).toBe(ErrorCode.KeyTooLong);
      engine.commit([put({ _id: 5, code: "z" })]);
      // The four changes were made in one group; the two that succeeded wait in it.
      expect(engine.storage!.openGroupChanges).toBe(2);
      await engine.durable();
      expect(engine.storage!.openGroupChanges).toBe(0);
      expectCodes(open());
    } finally {
      await store.close();
    }
    const again = new Engine();
    const reopened = await Store.open(dbPath, again, {});
    try {
      expect(reopened.report.replayedCommits).toBe(0);
      expectCodes(again.collection("books", "codes")!);
    } finally {
      await reopened.close();
    }
  });
});

function expectCodes(codes: Collection): void {
  expect([...codes.records.keys()].sort()).toEqual([idKeyOf(1), idKeyOf(5)].sort());
  const byCode = (code: string) => [...codes.indexes.get("code_1")!.idsWithKey([code])];
  expect(byCode("x")).toEqual([idKeyOf(1)]);
  expect(byCode("z")).toEqual([idKeyOf(5)]);
  expect(byCode("y")).toEqual([]);
  expect(byCode("w")).toEqual([]);
  expect([...codes.indexes.get("code_1")!.entries.all(false)]).toHaveLength(2);
  expect([...codes.indexes.get("note_1")!.entries.all(false)]).toHaveLength(2);
  expect(codes.records.size).toBe(2);
}
