import { Decimal128, Long, ObjectId } from "mongodb";
import { describe, expect, it } from "vitest";
import { useDatabase } from "./harness";

// Examples and results from MongoDB's update operator reference pages.
const harness = useDatabase();
let counter = 0;

async function updated(
  doc: Record<string, unknown>,
  update: Record<string, unknown> | Record<string, unknown>[],
  options: Record<string, unknown> = {},
) {
  const collection = harness.db.collection(`updates_${counter++}`);
  await collection.insertOne({ _id: 1, ...doc } as never);
  await collection.updateOne({ _id: 1 } as never, update as never, options);
  return collection.findOne({ _id: 1 } as never);
}

describe("field operators", () => {
  it("$set creates nested fields, $unset removes them", async () => {
    expect(await updated({ a: 1 }, { $set: { "b.c": 2, a: 5 } })).toEqual({ _id: 1, a: 5, b: { c: 2 } });
    expect(await updated({ a: 1, b: { c: 2, d: 3 } }, { $unset: { "b.c": "", a: "" } })).toEqual({
      _id: 1,
      b: { d: 3 },
    });
    expect(await updated({ a: [1, 2, 3] }, { $set: { "a.1": 20 } })).toEqual({ _id: 1, a: [1, 20, 3] });
    expect(await updated({ a: [1, 2, 3] }, { $unset: { "a.1": "" } })).toEqual({ _id: 1, a: [1, null, 3] });
  });

  it("$inc and $mul, creating missing fields", async () => {
    expect(
      await updated(
        { quantity: 10, metrics: { orders: 2 } },
        { $inc: { quantity: -2, "metrics.orders": 1, fresh: 5 } },
      ),
    ).toEqual({
      _id: 1,
      quantity: 8,
      metrics: { orders: 3 },
      fresh: 5,
    });
    expect(await updated({ price: 10.5, qty: 2 }, { $mul: { price: 2, qty: 3, missing: 4 } })).toEqual({
      _id: 1,
      price: 21,
      qty: 6,
      missing: 0,
    });
  });

  it("$inc keeps Decimal128 exact and Long wide", async () => {
    const doc = await updated(
      { amount: Decimal128.fromString("0.10"), big: Long.fromString("9007199254740993") },
      {
        $inc: { amount: Decimal128.fromString("0.20"), big: Long.fromNumber(1) },
      },
    );
    expect(doc?.amount).toBeInstanceOf(Decimal128);
    expect(Number(doc?.amount.toString())).toBe(0.3);
    expect(doc?.amount.toString()).toMatch(/^0\.30*$/);
    expect(doc?.big.toString()).toBe("9007199254740994");
  });

  it("$min and $max compare with the current value", async () => {
    expect(
      await updated({ lowScore: 200, highScore: 800 }, { $min: { lowScore: 150 }, $max: { highScore: 950 } }),
    ).toEqual({
      _id: 1,
      lowScore: 150,
      highScore: 950,
    });
    expect(await updated({ lowScore: 200 }, { $min: { lowScore: 250 } })).toEqual({ _id: 1, lowScore: 200 });
    const dates = await updated({ d: new Date("2024-01-01") }, { $max: { d: new Date("2024-06-01") } });
    expect(dates?.d).toEqual(new Date("2024-06-01"));
  });

  it("$rename moves fields, also out of embedded documents", async () => {
    expect(
      await updated(
        { nmae: "x", name: { first: "A", last: "B" } },
        { $rename: { nmae: "nick", "name.first": "fname" } },
      ),
    ).toEqual({
      _id: 1,
      name: { last: "B" },
      nick: "x",
      fname: "A",
    });
  });

  it("$currentDate sets a date", async () => {
    const before = Date.now();
    const doc = await updated({}, { $currentDate: { lastModified: true, "cancellation.date": { $type: "date" } } });
    expect(doc?.lastModified).toBeInstanceOf(Date);
    expect((doc?.lastModified as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(doc?.cancellation.date).toBeInstanceOf(Date);
  });

  it("rejects conflicting paths, non-numeric $inc and _id changes", async () => {
    const collection = harness.db.collection("update_errors");
    await collection.insertOne({ _id: 1, a: "text" } as never);
    await expect(collection.updateOne({ _id: 1 } as never, { $set: { a: 1 }, $inc: { a: 1 } })).rejects.toMatchObject({
      code: 40,
    });
    await expect(collection.updateOne({ _id: 1 } as never, { $inc: { a: 1 } })).rejects.toMatchObject({ code: 14 });
    await expect(collection.updateOne({ _id: 1 } as never, { $set: { _id: 2 } })).rejects.toMatchObject({ code: 66 });
    await expect(collection.replaceOne({ _id: 1 } as never, { _id: 2, a: 1 } as never)).rejects.toMatchObject({
      code: 66,
    });
  });
});

describe("array operators", () => {
  it("$push with $each, $sort and $slice", async () => {
    const doc = await updated(
      {
        quizzes: [
          { wk: 1, score: 10 },
          { wk: 2, score: 8 },
          { wk: 3, score: 5 },
          { wk: 4, score: 6 },
        ],
      },
      {
        $push: {
          quizzes: {
            $each: [
              { wk: 5, score: 8 },
              { wk: 6, score: 7 },
              { wk: 7, score: 6 },
            ],
            $sort: { score: -1 },
            $slice: 3,
          },
        },
      },
    );
    expect(doc?.quizzes).toEqual([
      { wk: 1, score: 10 },
      { wk: 2, score: 8 },
      { wk: 5, score: 8 },
    ]);
    expect(
      (await updated({ scores: [100] }, { $push: { scores: { $each: [50, 60, 70], $position: 0 } } }))?.scores,
    ).toEqual([50, 60, 70, 100]);
    expect((await updated({}, { $push: { scores: 89 } }))?.scores).toEqual([89]);
  });

  it("$push on a non-array field is an error", async () => {
    const collection = harness.db.collection("push_errors");
    await collection.insertOne({ _id: 1, scores: 5 } as never);
    await expect(collection.updateOne({ _id: 1 } as never, { $push: { scores: 1 } } as never)).rejects.toMatchObject({
      code: 2,
    });
  });

  it("$addToSet only adds missing values", async () => {
    expect((await updated({ colors: ["blue", "green"] }, { $addToSet: { colors: "green" } }))?.colors).toEqual([
      "blue",
      "green",
    ]);
    expect(
      (await updated({ colors: ["blue"] }, { $addToSet: { colors: { $each: ["blue", "red", "red"] } } }))?.colors,
    ).toEqual(["blue", "red"]);
  });

  it("$pop removes the first or last element", async () => {
    expect((await updated({ scores: [8, 9, 10] }, { $pop: { scores: -1 } }))?.scores).toEqual([9, 10]);
    expect((await updated({ scores: [8, 9, 10] }, { $pop: { scores: 1 } }))?.scores).toEqual([8, 9]);
  });

  it("$pull by value, by condition and by document query; $pullAll", async () => {
    expect((await updated({ votes: [3, 5, 6, 7, 7, 8] }, { $pull: { votes: { $gte: 6 } } }))?.votes).toEqual([3, 5]);
    expect((await updated({ fruits: ["apple", "pear", "apple"] }, { $pull: { fruits: "apple" } }))?.fruits).toEqual([
      "pear",
    ]);
    const results = await updated(
      {
        results: [
          { item: "A", score: 5 },
          { item: "B", score: 8, comment: "Strongly agree" },
        ],
      },
      { $pull: { results: { score: 8, item: "B" } } },
    );
    expect(results?.results).toEqual([{ item: "A", score: 5 }]);
    expect((await updated({ scores: [0, 2, 5, 5, 1, 0] }, { $pullAll: { scores: [0, 5] } }))?.scores).toEqual([2, 1]);
  });

  it("the positional $ updates the element matched by the query", async () => {
    const collection = harness.db.collection("positional");
    await collection.insertMany([
      { _id: 1, grades: [85, 80, 80] },
      {
        _id: 2,
        grades: [
          { grade: 80, mean: 75 },
          { grade: 85, mean: 90 },
        ],
      },
    ] as never[]);
    await collection.updateOne({ _id: 1, grades: 80 } as never, { $set: { "grades.$": 82 } });
    expect((await collection.findOne({ _id: 1 } as never))?.grades).toEqual([85, 82, 80]);
    await collection.updateOne({ _id: 2, "grades.grade": 85 } as never, { $set: { "grades.$.mean": 6 } });
    expect((await collection.findOne({ _id: 2 } as never))?.grades).toEqual([
      { grade: 80, mean: 75 },
      { grade: 85, mean: 6 },
    ]);
  });

  it("$[] updates every element and $[identifier] the ones arrayFilters select", async () => {
    expect((await updated({ grades: [88, 90, 92] }, { $inc: { "grades.$[]": 10 } }))?.grades).toEqual([98, 100, 102]);
    expect(
      (
        await updated(
          { grades: [95, 102, 90] },
          { $set: { "grades.$[element]": 100 } },
          { arrayFilters: [{ element: { $gte: 100 } }] },
        )
      )?.grades,
    ).toEqual([95, 100, 90]);
    const nested = await updated(
      {
        grades: [
          { grade: 80, mean: 75 },
          { grade: 85, mean: 90 },
          { grade: 85, mean: 85 },
        ],
      },
      { $set: { "grades.$[elem].mean": 100 } },
      { arrayFilters: [{ "elem.grade": { $gte: 85 } }] },
    );
    expect(nested?.grades).toEqual([
      { grade: 80, mean: 75 },
      { grade: 85, mean: 100 },
      { grade: 85, mean: 100 },
    ]);
  });
});

describe("upserts, replacements and pipelines", () => {
  it("an upsert builds the new document from the query's equalities and $setOnInsert", async () => {
    const collection = harness.db.collection("upserts");
    const first = await collection.updateOne(
      { sku: "abc123", "dims.unit": "cm" },
      { $set: { qty: 5 }, $setOnInsert: { created: true } },
      { upsert: true },
    );
    expect(first.upsertedCount).toBe(1);
    expect(first.upsertedId).toBeInstanceOf(ObjectId);
    const doc = await collection.findOne({ sku: "abc123" });
    expect(doc).toEqual({ _id: first.upsertedId, sku: "abc123", dims: { unit: "cm" }, qty: 5, created: true });
    const second = await collection.updateOne(
      { sku: "abc123" },
      { $set: { qty: 6 }, $setOnInsert: { created: false } },
      { upsert: true },
    );
    expect(second).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
    expect(await collection.findOne({ sku: "abc123" }, { projection: { _id: 0 } })).toEqual({
      sku: "abc123",
      dims: { unit: "cm" },
      qty: 6,
      created: true,
    });
    const replaced = await collection.replaceOne({ _id: "fixed" } as never, { name: "replacement" }, { upsert: true });
    expect(replaced.upsertedId).toBe("fixed");
  });

  it("replaceOne keeps the _id", async () => {
    const collection = harness.db.collection("replacements");
    await collection.insertOne({ _id: 1, a: 1, b: 2 } as never);
    await collection.replaceOne({ _id: 1 } as never, { c: 3 });
    expect(await collection.findOne({ _id: 1 } as never)).toEqual({ _id: 1, c: 3 });
  });

  it("updateMany counts matched and modified documents separately", async () => {
    const collection = harness.db.collection("many");
    await collection.insertMany([
      { g: 1, v: 1 },
      { g: 1, v: 2 },
      { g: 2, v: 2 },
    ]);
    const result = await collection.updateMany({ g: 1 }, { $set: { v: 2 } });
    expect(result).toMatchObject({ matchedCount: 2, modifiedCount: 1 });
    const deleted = await collection.deleteMany({ v: 2 });
    expect(deleted.deletedCount).toBe(3);
  });

  it("pipeline-style updates compute from the document", async () => {
    const doc = await updated({ a: 2, b: 3, c: "x" }, [{ $set: { total: { $add: ["$a", "$b"] } } }, { $unset: "c" }]);
    expect(doc).toEqual({ _id: 1, a: 2, b: 3, total: 5 });
  });
});

describe("findAndModify", () => {
  it("returns the document before or after, honours sort, projection and upsert", async () => {
    const collection = harness.db.collection("fam");
    await collection.insertMany([
      { _id: 1, name: "a", score: 1 },
      { _id: 2, name: "a", score: 5 },
    ] as never[]);
    const before = await collection.findOneAndUpdate(
      { name: "a" },
      { $inc: { score: 1 } },
      { sort: { score: -1 }, returnDocument: "before" },
    );
    expect(before).toEqual({ _id: 2, name: "a", score: 5 });
    const after = await collection.findOneAndUpdate(
      { name: "a" },
      { $inc: { score: 1 } },
      { sort: { score: 1 }, returnDocument: "after", projection: { score: 1 } },
    );
    expect(after).toEqual({ _id: 1, score: 2 });
    const none = await collection.findOneAndUpdate({ name: "zzz" }, { $set: { x: 1 } });
    expect(none).toBeNull();
    const upserted = await collection.findOneAndUpdate(
      { name: "new" },
      { $set: { score: 0 } },
      { upsert: true, returnDocument: "after" },
    );
    expect(upserted).toMatchObject({ name: "new", score: 0 });
    const replaced = await collection.findOneAndReplace(
      { _id: 1 } as never,
      { name: "r" },
      { returnDocument: "after" },
    );
    expect(replaced).toEqual({ _id: 1, name: "r" });
    const removed = await collection.findOneAndDelete({ _id: 2 } as never);
    expect(removed).toEqual({ _id: 2, name: "a", score: 6 });
    expect(await collection.countDocuments()).toBe(2);
  });

  it("returns the raw result with includeResultMetadata", async () => {
    const collection = harness.db.collection("fam_raw");
    await collection.insertOne({ _id: 1, n: 1 } as never);
    const result = await collection.findOneAndUpdate(
      { _id: 1 } as never,
      { $inc: { n: 1 } },
      { includeResultMetadata: true, returnDocument: "after" },
    );
    expect(result.ok).toBe(1);
    expect(result.value).toEqual({ _id: 1, n: 2 });
    expect(result.lastErrorObject).toMatchObject({ n: 1, updatedExisting: true });
  });

  it("$inc counters stay consecutive under concurrent findOneAndUpdate calls", async () => {
    const collection = harness.db.collection("counters");
    const values = await Promise.all(
      Array.from({ length: 60 }, () =>
        collection.findOneAndUpdate(
          { _id: "invoice" } as never,
          { $inc: { seq: 1 } },
          { upsert: true, returnDocument: "after" },
        ),
      ),
    );
    const seqs = values.map((doc) => doc?.seq as number).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });
});
