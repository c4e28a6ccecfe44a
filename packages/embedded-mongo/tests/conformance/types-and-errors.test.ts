import { Binary, Decimal128, Long, MongoBulkWriteError, MongoServerError, ObjectId, UUID } from "mongodb";
import { describe, expect, it } from "vitest";
import { useDatabase } from "./harness";

const harness = useDatabase();

describe("BSON types round-trip", () => {
  it("keeps Decimal128, Long, Date, ObjectId, Binary, UUID and nested values", async () => {
    const collection = harness.db.collection("types");
    const doc = {
      _id: new ObjectId(),
      amount: Decimal128.fromString("12345678901234567890.1234"),
      big: Long.fromString("9223372036854775807"),
      small: Long.fromNumber(42),
      when: new Date("2024-02-29T12:34:56.789Z"),
      ref: new ObjectId(),
      bytes: new Binary(Buffer.from([1, 2, 3])),
      uuid: new UUID("0d4b1a4e-6d8e-4f4e-8a3f-2b1c9d8e7f6a"),
      nested: { list: [1, "two", { three: 3 }, [4]], flag: false, nothing: null },
      negativeZero: -0.5,
    };
    await collection.insertOne(doc);
    const stored = await collection.findOne({ _id: doc._id });
    expect(stored?.amount).toBeInstanceOf(Decimal128);
    expect(stored?.amount.toString()).toBe("12345678901234567890.1234");
    expect(stored?.big).toBeInstanceOf(Long);
    expect(stored?.big.toString()).toBe("9223372036854775807");
    // The driver turns an Int64 that fits in a double into a number (promoteLongs).
    expect(stored?.small).toBe(42);
    expect(stored?.when).toEqual(doc.when);
    expect(stored?.ref).toEqual(doc.ref);
    expect(Buffer.from(stored?.bytes.buffer)).toEqual(Buffer.from([1, 2, 3]));
    expect(stored?.uuid.toString("hex")).toBe(doc.uuid.toString("hex"));
    expect(stored?.nested).toEqual(doc.nested);
    expect(stored?.negativeZero).toBe(-0.5);
    expect(await collection.countDocuments({ big: Long.fromString("9223372036854775807") })).toBe(1);
    expect(await collection.countDocuments({ ref: doc.ref })).toBe(1);
    expect(await collection.countDocuments({ when: { $gte: new Date("2024-01-01") } })).toBe(1);
    expect(await collection.countDocuments({ uuid: doc.uuid })).toBe(1);
  });

  it("treats 1, 1.0, Long(1) and Decimal128('1.0') as the same _id", async () => {
    const collection = harness.db.collection("numeric_ids");
    await collection.insertOne({ _id: 1, v: "int" } as never);
    await expect(collection.insertOne({ _id: Long.fromNumber(1), v: "long" } as never)).rejects.toMatchObject({
      code: 11000,
    });
    expect(await collection.findOne({ _id: Decimal128.fromString("1.0") } as never)).toEqual({ _id: 1, v: "int" });
  });
});

describe("duplicate key errors", () => {
  it("insertOne reports E11000 with keyPattern and keyValue", async () => {
    const collection = harness.db.collection("users");
    await collection.createIndex({ email: 1 }, { unique: true });
    await collection.insertOne({ email: "a@example.com" });
    const error = await collection.insertOne({ email: "a@example.com" }).catch((caught) => caught);
    expect(error).toBeInstanceOf(MongoServerError);
    expect(error.code).toBe(11000);
    expect(error.message).toMatch(
      /^E11000 duplicate key error collection: \S+\.users index: email_1 dup key: \{ email: "a@example.com" \}$/,
    );
    expect(error.keyPattern).toEqual({ email: 1 });
    expect(error.keyValue).toEqual({ email: "a@example.com" });
  });

  it("ordered insertMany stops at the first duplicate, unordered continues", async () => {
    const collection = harness.db.collection("bulk");
    await collection.insertOne({ _id: 2 } as never);
    const ordered = await collection
      .insertMany([{ _id: 1 }, { _id: 2 }, { _id: 3 }] as never[])
      .catch((caught) => caught);
    expect(ordered).toBeInstanceOf(MongoBulkWriteError);
    expect(ordered.code).toBe(11000);
    expect(ordered.result.insertedCount).toBe(1);
    expect(ordered.writeErrors[0].index).toBe(1);
    expect(await collection.countDocuments({ _id: 3 } as never)).toBe(0);
    const unordered = await collection
      .insertMany([{ _id: 4 }, { _id: 2 }, { _id: 5 }] as never[], { ordered: false })
      .catch((caught) => caught);
    expect(unordered.result.insertedCount).toBe(2);
    expect(await collection.countDocuments()).toBe(4);
  });

  it("updates and findOneAndUpdate that would duplicate a unique key fail with 11000", async () => {
    const collection = harness.db.collection("codes");
    await collection.createIndex({ code: 1 }, { unique: true });
    await collection.insertMany([
      { _id: 1, code: "A" },
      { _id: 2, code: "B" },
    ] as never[]);
    await expect(collection.updateOne({ _id: 2 } as never, { $set: { code: "A" } })).rejects.toMatchObject({
      code: 11000,
    });
    const error = await collection
      .findOneAndUpdate({ _id: 2 } as never, { $set: { code: "A" } })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(MongoServerError);
    expect(error).toMatchObject({ code: 11000, codeName: "DuplicateKey", keyValue: { code: "A" } });
    expect((await collection.findOne({ _id: 2 } as never))?.code).toBe("B");
  });

  it("compound, sparse and partial unique indexes", async () => {
    const collection = harness.db.collection("compound");
    await collection.createIndex({ org: 1, number: 1 }, { unique: true });
    await collection.createIndex({ nick: 1 }, { unique: true, sparse: true });
    await collection.createIndex({ taxId: 1 }, { unique: true, partialFilterExpression: { active: true } });
    await collection.insertMany([
      { org: "a", number: 1, active: true, taxId: "T1" },
      { org: "b", number: 1, active: false, taxId: "T1" },
      { org: "a", number: 2 },
    ]);
    const error = await collection.insertOne({ org: "a", number: 1 }).catch((caught) => caught);
    expect(error.code).toBe(11000);
    expect(error.keyValue).toEqual({ org: "a", number: 1 });
    expect(error.message).toContain('dup key: { org: "a", number: 1 }');
    await expect(collection.insertOne({ org: "c", number: 1, nick: "x" })).resolves.toBeDefined();
    await expect(collection.insertOne({ org: "c", number: 2, nick: "x" })).rejects.toMatchObject({ code: 11000 });
    await expect(collection.insertOne({ org: "c", number: 3, active: true, taxId: "T1" })).rejects.toMatchObject({
      code: 11000,
    });
    await expect(collection.insertOne({ org: "c", number: 4, active: false, taxId: "T1" })).resolves.toBeDefined();
  });

  it("creating a unique index over duplicates fails", async () => {
    const collection = harness.db.collection("dupes");
    await collection.insertMany([{ v: 1 }, { v: 1 }]);
    await expect(collection.createIndex({ v: 1 }, { unique: true })).rejects.toMatchObject({ code: 11000 });
  });
});

describe("cursors", () => {
  it("returns batches through getMore and closes exhausted cursors", async () => {
    const collection = harness.db.collection("batches");
    await collection.insertMany(Array.from({ length: 250 }, (_, i) => ({ i })));
    const first = await harness.db.command({ find: "batches", filter: {}, sort: { i: 1 }, batchSize: 100 });
    expect(first.cursor.firstBatch).toHaveLength(100);
    expect(first.cursor.id.toString()).not.toBe("0");
    expect(first.cursor.ns).toBe(`${harness.db.databaseName}.batches`);
    const second = await harness.db.command({ getMore: first.cursor.id, collection: "batches", batchSize: 100 });
    expect(second.cursor.nextBatch.map((doc: { i: number }) => doc.i)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 100),
    );
    const third = await harness.db.command({ getMore: first.cursor.id, collection: "batches", batchSize: 100 });
    expect(third.cursor.nextBatch).toHaveLength(50);
    expect(third.cursor.id.toString()).toBe("0");
    await expect(harness.db.command({ getMore: first.cursor.id, collection: "batches" })).rejects.toMatchObject({
      code: 43,
    });
  });

  it("iterates all documents with small batches and honours limit", async () => {
    const collection = harness.db.collection("batches");
    const all = await collection.find({}, { batchSize: 7 }).sort({ i: -1 }).toArray();
    expect(all).toHaveLength(250);
    expect(all[0].i).toBe(249);
    const limited = await collection.find({}, { batchSize: 3 }).sort({ i: 1 }).limit(10).toArray();
    expect(limited.map((doc) => doc.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("killCursors closes an open cursor", async () => {
    const first = await harness.db.command({ find: "batches", filter: {}, batchSize: 2 });
    const killed = await harness.db.command({ killCursors: "batches", cursors: [first.cursor.id] });
    expect(killed.cursorsKilled.map(String)).toEqual([first.cursor.id.toString()]);
    await expect(harness.db.command({ getMore: first.cursor.id, collection: "batches" })).rejects.toMatchObject({
      code: 43,
    });
  });
});

describe("commands and errors", () => {
  it("answers ping and buildInfo, and rejects unknown commands", async () => {
    expect(await harness.db.admin().ping()).toMatchObject({ ok: 1 });
    const info = await harness.db.admin().command({ buildInfo: 1 });
    expect(info.version).toMatch(/^\d+\.\d+/);
    await expect(harness.db.command({ noSuchCommand: 1 })).rejects.toMatchObject({
      code: 59,
      codeName: "CommandNotFound",
    });
  });

  it("manages collections", async () => {
    await harness.db.createCollection("made");
    await expect(harness.db.createCollection("made")).rejects.toMatchObject({ code: 48 });
    const names = (await harness.db.listCollections({}, { nameOnly: true }).toArray()).map((entry) => entry.name);
    expect(names).toContain("made");
    expect(await harness.db.collection("made").drop()).toBe(true);
    const after = (await harness.db.listCollections({ name: "made" }).toArray()).length;
    expect(after).toBe(0);
    await harness.db.collection("renamed_from").insertOne({ a: 1 });
    await harness.db.renameCollection("renamed_from", "renamed_to");
    expect(await harness.db.collection("renamed_to").countDocuments()).toBe(1);
  });

  it("manages indexes", async () => {
    const collection = harness.db.collection("indexed");
    expect(await collection.createIndex({ a: 1, b: -1 })).toBe("a_1_b_-1");
    expect(await collection.createIndex({ a: 1, b: -1 })).toBe("a_1_b_-1");
    await collection.createIndex({ c: 1 }, { name: "by_c", expireAfterSeconds: 3600 });
    const indexes = await collection.listIndexes().toArray();
    expect(indexes.map((index) => index.name)).toEqual(["_id_", "a_1_b_-1", "by_c"]);
    expect(indexes[2]).toMatchObject({ key: { c: 1 }, expireAfterSeconds: 3600 });
    await expect(collection.createIndex({ d: 1 }, { name: "by_c" })).rejects.toMatchObject({ code: 86 });
    await collection.dropIndex("a_1_b_-1");
    expect((await collection.listIndexes().toArray()).map((index) => index.name)).toEqual(["_id_", "by_c"]);
    await expect(collection.dropIndex("nope")).rejects.toMatchObject({ code: 27 });
    await expect(harness.db.collection("never_created").listIndexes().toArray()).rejects.toMatchObject({ code: 26 });
  });
});
