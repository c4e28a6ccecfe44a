import { MongoClient } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddedServer } from "../src/index";

// Limits MongoDB enforces on its own schedule: idle cursor expiry, the transaction lifetime limit and
// TTL deletion. The server's clock is injected and moved past a limit, then housekeeping runs at once,
// so nothing waits for real time to pass.
const LIMIT_MS = 300;
let now = Date.now();
let server: EmbeddedServer;
let client: MongoClient;

beforeAll(async () => {
  server = new EmbeddedServer({ cursorTimeoutMs: LIMIT_MS, transactionLifetimeMs: LIMIT_MS, now: () => now });
  const port = await server.start();
  client = await MongoClient.connect(`mongodb://127.0.0.1:${port}`);
});

afterAll(async () => {
  await client?.close();
  await server?.close();
});

/** Moves the server's clock forward and runs its housekeeping, as its timers would by then. */
function elapse(ms: number) {
  now += ms;
  server.housekeep();
}

describe("housekeeping", () => {
  it("closes idle cursors", async () => {
    const db = client.db("hk");
    await db.collection("many").insertMany(Array.from({ length: 20 }, (_, i) => ({ i })));
    const first = await db.command({ find: "many", batchSize: 5 });
    expect(first.cursor.id.toString()).not.toBe("0");
    elapse(LIMIT_MS + 400);
    await expect(db.command({ getMore: first.cursor.id, collection: "many" })).rejects.toMatchObject({ code: 43 });
  });

  it("aborts transactions that outlive the lifetime limit", async () => {
    const items = client.db("hk").collection("txn");
    const session = client.startSession();
    try {
      session.startTransaction();
      await items.insertOne({ late: true }, { session });
      elapse(LIMIT_MS + 1200);
      const error = await items.insertOne({ later: true }, { session }).catch((caught) => caught);
      expect(error.code).toBe(251);
      expect(error.hasErrorLabel("TransientTransactionError")).toBe(true);
      await session.abortTransaction().catch(() => undefined);
    } finally {
      await session.endSession();
    }
    expect(await items.countDocuments()).toBe(0);
  });

  it("deletes expired documents through TTL indexes, also on embedded dates in arrays", async () => {
    const sessions = client.db("hk").collection("sessions");
    await sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    await sessions.createIndex({ createdAt: 1 }, { expireAfterSeconds: 60 });
    await sessions.insertMany([
      { name: "expired", expiresAt: new Date(Date.now() - 1000) },
      { name: "future", expiresAt: new Date(Date.now() + 60_000) },
      { name: "not a date", expiresAt: "yesterday" },
      { name: "old", createdAt: new Date(Date.now() - 120_000) },
      { name: "recent", createdAt: new Date() },
      { name: "array", expiresAt: [new Date(Date.now() + 60_000), new Date(Date.now() - 60_000)] },
    ]);
    now = Date.now();
    server.housekeep();
    const names = (await sessions.find().toArray()).map((doc) => doc.name).sort();
    expect(names).toEqual(["future", "not a date", "recent"]);
  });
});
