import { Decimal128, Long, ObjectId } from "mongodb";
import { beforeAll, describe, expect, it } from "vitest";
import { useDatabase } from "./harness";

// Data and expectations follow the examples of MongoDB's query operator reference.
const harness = useDatabase();

const inventory = [
  { _id: 1, item: "journal", qty: 25, tags: ["blank", "red"], size: { h: 14, w: 21, uom: "cm" }, status: "A" },
  { _id: 2, item: "notebook", qty: 50, tags: ["red", "blank"], size: { h: 8.5, w: 11, uom: "in" }, status: "A" },
  { _id: 3, item: "paper", qty: 100, tags: ["red", "blank", "plain"], size: { h: 8.5, w: 11, uom: "in" }, status: "D" },
  { _id: 4, item: "planner", qty: 75, tags: ["blank", "red"], size: { h: 22.85, w: 30, uom: "cm" }, status: "D" },
  { _id: 5, item: "postcard", qty: 45, tags: ["blue"], size: { h: 10, w: 15.25, uom: "cm" }, status: "A" },
  { _id: 6, item: "nothing", qty: null },
  { _id: 7, item: "missing" },
];

async function ids(filter: Record<string, unknown>, collection = "inventory"): Promise<unknown[]> {
  const docs = await harness.db.collection(collection).find(filter).sort({ _id: 1 }).toArray();
  return docs.map((doc) => doc._id);
}

beforeAll(async () => {
  await harness.db.collection("inventory").insertMany(inventory as never[]);
  await harness.db.collection("scores").insertMany([
    { _id: 1, results: [82, 85, 88] },
    { _id: 2, results: [75, 88, 89] },
  ] as never[]);
  await harness.db.collection("survey").insertMany([
    {
      _id: 1,
      results: [
        { product: "abc", score: 10 },
        { product: "xyz", score: 5 },
      ],
    },
    {
      _id: 2,
      results: [
        { product: "abc", score: 8 },
        { product: "xyz", score: 7 },
      ],
    },
    {
      _id: 3,
      results: [
        { product: "abc", score: 7 },
        { product: "xyz", score: 8 },
      ],
    },
    {
      _id: 4,
      results: [
        { product: "abc", score: 7 },
        { product: "def", score: 8 },
      ],
    },
  ] as never[]);
});

describe("comparison operators", () => {
  it("$eq matches implicitly and explicitly, on embedded documents exactly (field order matters)", async () => {
    expect(await ids({ status: "D" })).toEqual([3, 4]);
    expect(await ids({ qty: { $eq: 50 } })).toEqual([2]);
    expect(await ids({ size: { h: 14, w: 21, uom: "cm" } })).toEqual([1]);
    expect(await ids({ size: { w: 21, h: 14, uom: "cm" } })).toEqual([]);
    expect(await ids({ "size.uom": "in" })).toEqual([2, 3]);
  });

  it("$ne also matches documents where the field is null or missing", async () => {
    expect(await ids({ qty: { $ne: 25 } })).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it("$gt/$gte/$lt/$lte compare only within the same type (no nulls)", async () => {
    expect(await ids({ qty: { $gt: 45 } })).toEqual([2, 3, 4]);
    expect(await ids({ qty: { $gte: 45 } })).toEqual([2, 3, 4, 5]);
    expect(await ids({ qty: { $lt: 50 } })).toEqual([1, 5]);
    expect(await ids({ qty: { $lte: 50, $gt: 25 } })).toEqual([2, 5]);
    expect(await ids({ item: { $gt: "p" } })).toEqual([3, 4, 5]);
  });

  it("$in and $nin, with null matching missing fields", async () => {
    expect(await ids({ qty: { $in: [25, 50] } })).toEqual([1, 2]);
    expect(await ids({ qty: { $nin: [25, 50] } })).toEqual([3, 4, 5, 6, 7]);
    expect(await ids({ qty: { $in: [null] } })).toEqual([6, 7]);
    expect(await ids({ tags: { $in: ["blue", "plain"] } })).toEqual([3, 5]);
    expect(await ids({ item: { $in: [/^no/, "paper"] } })).toEqual([2, 3, 6]);
  });

  it("compares numbers across int, double, long and decimal", async () => {
    const numbers = harness.db.collection("numbers");
    await numbers.insertMany([
      { _id: 1, v: 1 },
      { _id: 2, v: 2.5 },
      { _id: 3, v: Long.fromNumber(3) },
      { _id: 4, v: Decimal128.fromString("4.00") },
      { _id: 5, v: Decimal128.fromString("10") },
    ] as never[]);
    expect(await ids({ v: { $gt: 2 } }, "numbers")).toEqual([2, 3, 4, 5]);
    expect(await ids({ v: 4 }, "numbers")).toEqual([4]);
    expect(await ids({ v: Decimal128.fromString("3") }, "numbers")).toEqual([3]);
    expect(await ids({ v: { $lt: Decimal128.fromString("9.99") } }, "numbers")).toEqual([1, 2, 3, 4]);
  });
});

describe("null and missing", () => {
  it("{field: null} matches null and missing; $type null only null; $exists distinguishes", async () => {
    expect(await ids({ qty: null })).toEqual([6, 7]);
    expect(await ids({ qty: { $type: "null" } })).toEqual([6]);
    expect(await ids({ qty: { $exists: false } })).toEqual([7]);
    expect(await ids({ qty: { $exists: true } })).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await ids({ qty: { $ne: null } })).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("element and evaluation operators", () => {
  it("$type by alias, number and the 'number' group; arrays match 'array' and their elements' type", async () => {
    expect(await ids({ item: { $type: "string" } })).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await ids({ item: { $type: 2 } })).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await ids({ qty: { $type: "number" } })).toEqual([1, 2, 3, 4, 5]);
    expect(await ids({ tags: { $type: "array" } })).toEqual([1, 2, 3, 4, 5]);
    expect(await ids({ tags: { $type: "string" } })).toEqual([1, 2, 3, 4, 5]);
    expect(await ids({ size: { $type: "object" } })).toEqual([1, 2, 3, 4, 5]);
    const types = harness.db.collection("types");
    await types.insertMany([
      { _id: 1, v: Long.fromString("9007199254740993") },
      { _id: 2, v: Decimal128.fromString("1.5") },
      { _id: 3, v: new ObjectId() },
      { _id: 4, v: new Date() },
      { _id: 5, v: true },
    ] as never[]);
    expect(await ids({ v: { $type: "long" } }, "types")).toEqual([1]);
    expect(await ids({ v: { $type: "decimal" } }, "types")).toEqual([2]);
    expect(await ids({ v: { $type: "objectId" } }, "types")).toEqual([3]);
    expect(await ids({ v: { $type: ["date", "bool"] } }, "types")).toEqual([4, 5]);
  });

  it("$regex with options and regular expression literals", async () => {
    expect(await ids({ item: /^p/ })).toEqual([3, 4, 5]);
    expect(await ids({ item: { $regex: "^P", $options: "i" } })).toEqual([3, 4, 5]);
    expect(await ids({ item: { $regex: /card$/ } })).toEqual([5]);
    expect(await ids({ item: { $not: /^p/ } })).toEqual([1, 2, 6, 7]);
  });

  it("$mod", async () => {
    expect(await ids({ qty: { $mod: [25, 0] } })).toEqual([1, 2, 3, 4]);
  });

  it("$expr compares fields of the same document", async () => {
    const budgets = harness.db.collection("budgets");
    await budgets.insertMany([
      { _id: 1, spent: 450, budget: 400 },
      { _id: 2, spent: 50, budget: 100 },
      { _id: 3, spent: 500, budget: 500 },
    ] as never[]);
    expect(await ids({ $expr: { $gt: ["$spent", "$budget"] } }, "budgets")).toEqual([1]);
    expect(await ids({ $expr: { $gte: ["$spent", "$budget"] } }, "budgets")).toEqual([1, 3]);
  });
});

describe("logical operators", () => {
  it("$and, $or, $nor and $not", async () => {
    expect(await ids({ $and: [{ status: "A" }, { qty: { $lt: 30 } }] })).toEqual([1]);
    expect(await ids({ $or: [{ qty: { $lt: 30 } }, { status: "D" }] })).toEqual([1, 3, 4]);
    expect(await ids({ $nor: [{ status: "A" }, { qty: { $gt: 60 } }] })).toEqual([6, 7]);
    expect(await ids({ qty: { $not: { $gt: 45 } } })).toEqual([1, 5, 6, 7]);
    expect(await ids({ status: "A", $or: [{ qty: { $lt: 30 } }, { item: /^p/ }] })).toEqual([1, 5]);
  });

  it("rejects unknown operators with BadValue", async () => {
    await expect(harness.db.collection("inventory").findOne({ qty: { $foo: 1 } })).rejects.toMatchObject({ code: 2 });
    await expect(harness.db.collection("inventory").findOne({ $foo: [] })).rejects.toMatchObject({ code: 2 });
  });
});

describe("arrays", () => {
  it("matches an element, the exact array, $all and $size", async () => {
    expect(await ids({ tags: "red" })).toEqual([1, 2, 3, 4]);
    expect(await ids({ tags: ["red", "blank"] })).toEqual([2]);
    expect(await ids({ tags: { $all: ["red", "blank"] } })).toEqual([1, 2, 3, 4]);
    expect(await ids({ tags: { $size: 3 } })).toEqual([3]);
    expect(await ids({ tags: { $all: [] } })).toEqual([]);
  });

  it("conditions on array elements: any element may satisfy each condition, $elemMatch needs one element for all", async () => {
    expect(await ids({ results: { $gte: 80, $lt: 85 } }, "scores")).toEqual([1, 2]);
    expect(await ids({ results: { $elemMatch: { $gte: 80, $lt: 85 } } }, "scores")).toEqual([1]);
  });

  it("$elemMatch on embedded documents and dotted paths through arrays", async () => {
    expect(await ids({ results: { $elemMatch: { product: "xyz", score: { $gte: 8 } } } }, "survey")).toEqual([3]);
    expect(await ids({ "results.product": "xyz", "results.score": { $gte: 8 } }, "survey")).toEqual([1, 2, 3]);
    expect(await ids({ "results.product": "xyz", "results.score": { $gte: 9 } }, "survey")).toEqual([1]);
    expect(await ids({ "results.product": "def" }, "survey")).toEqual([4]);
    expect(await ids({ "results.0.score": 10 }, "survey")).toEqual([1]);
    expect(await ids({ results: { $elemMatch: { product: "def" } } }, "survey")).toEqual([4]);
  });
});

describe("sort order", () => {
  it("orders different BSON types by MongoDB's comparison order", async () => {
    const mixed = harness.db.collection("mixed");
    const oid = new ObjectId("5f0000000000000000000000");
    const date = new Date("2024-01-01T00:00:00Z");
    await mixed.insertMany([
      { _id: "date", v: date },
      { _id: "true", v: true },
      { _id: "oid", v: oid },
      { _id: "object", v: { x: 1 } },
      { _id: "string-b", v: "b" },
      { _id: "string-a", v: "a" },
      { _id: "number-5", v: 5 },
      { _id: "long-3", v: Long.fromNumber(3) },
      { _id: "double", v: 2.5 },
      { _id: "false", v: false },
      { _id: "null", v: null },
      { _id: "missing" },
    ] as never[]);
    const ascending = (await mixed.find().sort({ v: 1, _id: 1 }).toArray()).map((doc) => doc._id);
    expect(ascending).toEqual([
      "missing",
      "null",
      "double",
      "long-3",
      "number-5",
      "string-a",
      "string-b",
      "object",
      "oid",
      "false",
      "true",
      "date",
    ]);
    const descending = (await mixed.find().sort({ v: -1, _id: 1 }).toArray()).map((doc) => doc._id);
    expect(descending.slice(0, 4)).toEqual(["date", "true", "false", "oid"]);
  });

  it("sorts arrays by their smallest element ascending and largest descending", async () => {
    const arrays = harness.db.collection("arrays");
    await arrays.insertMany([
      { _id: "a", v: [1, 10] },
      { _id: "b", v: [5] },
      { _id: "c", v: [3, 4] },
    ] as never[]);
    expect((await arrays.find().sort({ v: 1 }).toArray()).map((doc) => doc._id)).toEqual(["a", "c", "b"]);
    expect((await arrays.find().sort({ v: -1 }).toArray()).map((doc) => doc._id)).toEqual(["a", "b", "c"]);
  });

  it("skip and limit apply after sort", async () => {
    const docs = await harness.db
      .collection("inventory")
      .find({ qty: { $type: "number" } })
      .sort({ qty: -1 })
      .skip(1)
      .limit(2)
      .toArray();
    expect(docs.map((doc) => doc.qty)).toEqual([75, 50]);
  });
});

describe("invalid queries", () => {
  it("reports an invalid regular expression as an error, not a crash", async () => {
    const error = await harness.db
      .collection("inventory")
      .findOne({ item: { $regex: "(" } })
      .catch((caught) => caught);
    expect(error.code).toBe(51091);
    expect(await harness.db.collection("inventory").countDocuments()).toBe(7);
  });
});
