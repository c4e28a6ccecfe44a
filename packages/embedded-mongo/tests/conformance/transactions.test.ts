import { MongoServerError } from "mongodb";
import { describe, expect, it } from "vitest";
import { supportsTransactions } from "../../../../tests/support/database";
import { useDatabase } from "./harness";

const harness = useDatabase();
const supported = await supportsTransactions();
if (!supported) {
  console.warn(
    "Skipping transaction conformance tests: MONGODB_URI points to a standalone server (transactions need a replica set).",
  );
}

describe.runIf(supported)("transactions", () => {
  it("commits several writes atomically and hides them from others until commit", async () => {
    const accounts = harness.db.collection("accounts");
    await accounts.insertMany([
      { _id: "a", balance: 100 },
      { _id: "b", balance: 0 },
    ] as never[]);
    const session = harness.client.startSession();
    try {
      session.startTransaction();
      await accounts.updateOne({ _id: "a" } as never, { $inc: { balance: -30 } }, { session });
      await accounts.updateOne({ _id: "b" } as never, { $inc: { balance: 30 } }, { session });
      await accounts.insertOne({ _id: "log", note: "transfer" } as never, { session });
      expect((await accounts.findOne({ _id: "a" } as never, { session }))?.balance).toBe(70);
      expect((await accounts.findOne({ _id: "a" } as never))?.balance).toBe(100);
      expect(await accounts.countDocuments({ _id: "log" } as never)).toBe(0);
      await session.commitTransaction();
    } finally {
      await session.endSession();
    }
    expect((await accounts.find().sort({ _id: 1 }).toArray()).map((doc) => [doc._id, doc.balance])).toEqual([
      ["a", 70],
      ["b", 30],
      ["log", undefined],
    ]);
  });

  it("abort discards every write", async () => {
    const items = harness.db.collection("aborted");
    await items.insertOne({ _id: 1, v: 1 } as never);
    const session = harness.client.startSession();
    try {
      session.startTransaction();
      await items.insertOne({ _id: 2 } as never, { session });
      await items.updateOne({ _id: 1 } as never, { $set: { v: 2 } }, { session });
      await items.deleteOne({ _id: 1 } as never, { session });
      expect(await items.countDocuments({}, { session })).toBe(1);
      await session.abortTransaction();
    } finally {
      await session.endSession();
    }
    expect(await items.find().toArray()).toEqual([{ _id: 1, v: 1 }]);
  });

  it("reads a snapshot: commits by others after the transaction started stay invisible", async () => {
    const items = harness.db.collection("snapshot");
    await items.insertOne({ _id: 1, v: "before" } as never);
    const session = harness.client.startSession();
    try {
      session.startTransaction();
      expect((await items.findOne({ _id: 1 } as never, { session }))?.v).toBe("before");
      await items.updateOne({ _id: 1 } as never, { $set: { v: "after" } });
      await items.insertOne({ _id: 2, v: "new" } as never);
      expect((await items.findOne({ _id: 1 } as never, { session }))?.v).toBe("before");
      expect(await items.countDocuments({}, { session })).toBe(1);
      await session.commitTransaction();
    } finally {
      await session.endSession();
    }
  });

  it("a write conflict is transient and withTransaction retries it", async () => {
    const counters = harness.db.collection("conflicts");
    await counters.insertOne({ _id: "c", n: 0 } as never);
    const first = harness.client.startSession();
    const second = harness.client.startSession();
    try {
      first.startTransaction();
      await counters.updateOne({ _id: "c" } as never, { $inc: { n: 1 } }, { session: first });
      second.startTransaction();
      const conflict = await counters
        .updateOne({ _id: "c" } as never, { $inc: { n: 1 } }, { session: second })
        .catch((caught) => caught);
      expect(conflict).toBeInstanceOf(MongoServerError);
      expect(conflict.code).toBe(112);
      expect(conflict.hasErrorLabel("TransientTransactionError")).toBe(true);
      await second.abortTransaction().catch(() => undefined);
      await first.commitTransaction();
    } finally {
      await first.endSession();
      await second.endSession();
    }
    expect((await counters.findOne({ _id: "c" } as never))?.n).toBe(1);

    let attempts = 0;
    const runners = Array.from({ length: 5 }, async () => {
      const session = harness.client.startSession();
      try {
        await session.withTransaction(async () => {
          attempts += 1;
          const doc = await counters.findOne({ _id: "c" } as never, { session });
          await new Promise((resolve) => setTimeout(resolve, 5));
          await counters.updateOne({ _id: "c" } as never, { $set: { n: (doc?.n as number) + 1 } }, { session });
        });
      } finally {
        await session.endSession();
      }
    });
    await Promise.all(runners);
    expect((await counters.findOne({ _id: "c" } as never))?.n).toBe(6);
    expect(attempts).toBeGreaterThan(5);
  });

  it("a duplicate key aborts the transaction", async () => {
    const users = harness.db.collection("txn_users");
    await users.createIndex({ email: 1 }, { unique: true });
    await users.insertOne({ email: "taken@example.com" });
    const session = harness.client.startSession();
    try {
      const error = await session
        .withTransaction(async () => {
          await users.insertOne({ email: "fresh@example.com" }, { session });
          await users.insertOne({ email: "taken@example.com" }, { session });
        })
        .catch((caught) => caught);
      expect(error).toBeInstanceOf(MongoServerError);
      expect(error.code).toBe(11000);
    } finally {
      await session.endSession();
    }
    expect(await users.countDocuments({ email: "fresh@example.com" })).toBe(0);

    const manual = harness.client.startSession();
    try {
      manual.startTransaction();
      await users.insertOne({ email: "x@example.com" }, { session: manual });
      await expect(users.insertOne({ email: "taken@example.com" }, { session: manual })).rejects.toMatchObject({
        code: 11000,
      });
      await expect(manual.commitTransaction()).rejects.toMatchObject({ code: 251 });
    } finally {
      await manual.endSession();
    }
    expect(await users.countDocuments({ email: "x@example.com" })).toBe(0);
  });

  it("a write outside the transaction waits for the transaction to finish", async () => {
    const items = harness.db.collection("blocking");
    await items.insertOne({ _id: 1, v: 0 } as never);
    const session = harness.client.startSession();
    try {
      session.startTransaction();
      await items.updateOne({ _id: 1 } as never, { $set: { v: 1 } }, { session });
      let outsideDone = false;
      const outside = items.updateOne({ _id: 1 } as never, { $inc: { v: 10 } }).then(() => {
        outsideDone = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(outsideDone).toBe(false);
      await session.commitTransaction();
      await outside;
    } finally {
      await session.endSession();
    }
    expect((await items.findOne({ _id: 1 } as never))?.v).toBe(11);
  });
});
