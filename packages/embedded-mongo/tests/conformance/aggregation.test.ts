import { Decimal128 } from "mongodb";
import { beforeAll, describe, expect, it } from "vitest";
import { useDatabase } from "./harness";

const harness = useDatabase();

const sales = [
  { _id: 1, item: "abc", price: 10, quantity: 2, date: new Date("2014-03-01T08:00:00Z"), tags: ["a", "b"] },
  { _id: 2, item: "jkl", price: 20, quantity: 1, date: new Date("2014-03-01T09:00:00Z"), tags: ["b"] },
  { _id: 3, item: "xyz", price: 5, quantity: 10, date: new Date("2014-03-15T09:00:00Z"), tags: [] },
  { _id: 4, item: "xyz", price: 5, quantity: 20, date: new Date("2014-04-04T11:21:39Z") },
  { _id: 5, item: "abc", price: 10, quantity: 10, date: new Date("2014-04-04T21:23:13Z"), tags: ["c"] },
];

function aggregate(pipeline: Record<string, unknown>[], collection = "sales") {
  return harness.db.collection(collection).aggregate(pipeline).toArray();
}

beforeAll(async () => {
  await harness.db.collection("sales").insertMany(sales as never[]);
  await harness.db
    .collection("orders")
    .insertMany([
      { _id: 1, item: "almonds", price: 12, quantity: 2 },
      { _id: 2, item: "pecans", price: 20, quantity: 1 },
      { _id: 3 },
    ] as never[]);
  await harness.db
    .collection("inventory")
    .insertMany([
      { _id: 1, sku: "almonds", description: "product 1", instock: 120 },
      { _id: 2, sku: "bread", description: "product 2", instock: 80 },
      { _id: 3, sku: "cashews", description: "product 3", instock: 60 },
      { _id: 4, sku: "pecans", description: "product 4", instock: 70 },
      { _id: 5, sku: null, description: "Incomplete" },
      { _id: 6 },
    ] as never[]);
});

describe("$group and accumulators", () => {
  it("groups by a field with $sum, $avg, $min, $max, $first, $last, $push and $addToSet", async () => {
    const groups = await aggregate([
      { $sort: { _id: 1 } },
      {
        $group: {
          _id: "$item",
          total: { $sum: { $multiply: ["$price", "$quantity"] } },
          averageQuantity: { $avg: "$quantity" },
          minQuantity: { $min: "$quantity" },
          maxQuantity: { $max: "$quantity" },
          firstSale: { $first: "$_id" },
          lastSale: { $last: "$_id" },
          quantities: { $push: "$quantity" },
          prices: { $addToSet: "$price" },
          count: { $sum: 1 },
        },
      },
      { $sort: { _id: 1 } },
    ]);
    expect(groups).toEqual([
      {
        _id: "abc",
        total: 120,
        averageQuantity: 6,
        minQuantity: 2,
        maxQuantity: 10,
        firstSale: 1,
        lastSale: 5,
        quantities: [2, 10],
        prices: [10],
        count: 2,
      },
      {
        _id: "jkl",
        total: 20,
        averageQuantity: 1,
        minQuantity: 1,
        maxQuantity: 1,
        firstSale: 2,
        lastSale: 2,
        quantities: [1],
        prices: [20],
        count: 1,
      },
      {
        _id: "xyz",
        total: 150,
        averageQuantity: 15,
        minQuantity: 10,
        maxQuantity: 20,
        firstSale: 3,
        lastSale: 4,
        quantities: [10, 20],
        prices: [5],
        count: 2,
      },
    ]);
  });

  it("groups everything with _id null and by computed keys", async () => {
    expect(await aggregate([{ $group: { _id: null, n: { $sum: 1 }, quantity: { $sum: "$quantity" } } }])).toEqual([
      { _id: null, n: 5, quantity: 43 },
    ]);
    const byDay = await aggregate([
      { $group: { _id: { $dateToString: { format: "%Y-%m-%d", date: "$date" } }, n: { $count: {} } } },
      { $sort: { _id: 1 } },
    ]);
    expect(byDay).toEqual([
      { _id: "2014-03-01", n: 2 },
      { _id: "2014-03-15", n: 1 },
      { _id: "2014-04-04", n: 2 },
    ]);
  });

  it("sums Decimal128 exactly", async () => {
    const money = harness.db.collection("money");
    await money.insertMany([
      { amount: Decimal128.fromString("0.10") },
      { amount: Decimal128.fromString("0.20") },
      { amount: Decimal128.fromString("1234567.89") },
    ]);
    const [result] = await aggregate([{ $group: { _id: null, total: { $sum: "$amount" } } }], "money");
    expect(result.total).toBeInstanceOf(Decimal128);
    expect(Number(result.total.toString())).toBe(1234568.19);
  });
});

describe("document stages", () => {
  it("$match, $project, $addFields/$set, $unset", async () => {
    const docs = await aggregate([
      { $match: { item: "abc" } },
      { $project: { item: 1, total: { $multiply: ["$price", "$quantity"] } } },
      { $addFields: { discounted: { $subtract: ["$total", 1] } } },
      { $set: { "meta.source": "sales" } },
      { $unset: "item" },
      { $sort: { total: -1 } },
    ]);
    expect(docs).toEqual([
      { _id: 5, total: 100, discounted: 99, meta: { source: "sales" } },
      { _id: 1, total: 20, discounted: 19, meta: { source: "sales" } },
    ]);
  });

  it("$sort, $skip, $limit and $count", async () => {
    const docs = await aggregate([
      { $sort: { quantity: -1, _id: 1 } },
      { $skip: 1 },
      { $limit: 2 },
      { $project: { _id: 1 } },
    ]);
    expect(docs).toEqual([{ _id: 3 }, { _id: 5 }]);
    expect(await aggregate([{ $match: { price: { $gte: 10 } } }, { $count: "expensive" }])).toEqual([{ expensive: 3 }]);
    expect(await aggregate([{ $match: { price: 1000 } }, { $count: "none" }])).toEqual([]);
  });

  it("$unwind with includeArrayIndex and preserveNullAndEmptyArrays", async () => {
    const plain = await aggregate([{ $unwind: "$tags" }, { $project: { tags: 1 } }, { $sort: { _id: 1, tags: 1 } }]);
    expect(plain).toEqual([
      { _id: 1, tags: "a" },
      { _id: 1, tags: "b" },
      { _id: 2, tags: "b" },
      { _id: 5, tags: "c" },
    ]);
    const preserved = await aggregate([
      { $unwind: { path: "$tags", includeArrayIndex: "position", preserveNullAndEmptyArrays: true } },
      { $project: { tags: 1, position: 1 } },
      { $sort: { _id: 1, position: 1 } },
    ]);
    expect(preserved).toEqual([
      { _id: 1, tags: "a", position: 0 },
      { _id: 1, tags: "b", position: 1 },
      { _id: 2, tags: "b", position: 0 },
      { _id: 3, position: null },
      { _id: 4, position: null },
      { _id: 5, tags: "c", position: 0 },
    ]);
  });

  it("$sortByCount and $replaceRoot", async () => {
    const counts = await aggregate([{ $unwind: "$tags" }, { $sortByCount: "$tags" }]);
    expect(counts[0]).toEqual({ _id: "b", count: 2 });
    expect(
      counts
        .slice(1)
        .map((entry) => entry._id)
        .sort(),
    ).toEqual(["a", "c"]);
    const roots = await aggregate([
      { $match: { _id: 1 } },
      { $replaceRoot: { newRoot: { name: "$item", n: "$quantity" } } },
    ]);
    expect(roots).toEqual([{ name: "abc", n: 2 }]);
  });

  it("$facet runs several pipelines over the same input", async () => {
    const [result] = await aggregate([
      {
        $facet: {
          byItem: [{ $group: { _id: "$item", n: { $sum: 1 } } }, { $sort: { _id: 1 } }],
          total: [{ $count: "n" }],
          top: [{ $sort: { quantity: -1 } }, { $limit: 1 }, { $project: { _id: 1 } }],
        },
      },
    ]);
    expect(result).toEqual({
      byItem: [
        { _id: "abc", n: 2 },
        { _id: "jkl", n: 1 },
        { _id: "xyz", n: 2 },
      ],
      total: [{ n: 5 }],
      top: [{ _id: 4 }],
    });
  });
});

describe("$lookup", () => {
  it("joins by equality; a missing local field matches null and missing foreign fields", async () => {
    const joined = await aggregate(
      [
        { $lookup: { from: "inventory", localField: "item", foreignField: "sku", as: "inventory_docs" } },
        { $sort: { _id: 1 } },
      ],
      "orders",
    );
    expect(
      joined.map((doc) => [doc._id, doc.inventory_docs.map((inventory: { _id: number }) => inventory._id)]),
    ).toEqual([
      [1, [1]],
      [2, [4]],
      [3, [5, 6]],
    ]);
  });

  it("joins with let variables and a pipeline", async () => {
    const joined = await aggregate(
      [
        { $match: { _id: { $in: [1, 2] } } },
        {
          $lookup: {
            from: "inventory",
            let: { wanted: "$item", need: "$quantity" },
            pipeline: [
              { $match: { $expr: { $and: [{ $eq: ["$sku", "$$wanted"] }, { $gte: ["$instock", "$$need"] }] } } },
              { $project: { _id: 0, sku: 1, instock: 1 } },
            ],
            as: "stock",
          },
        },
        { $sort: { _id: 1 } },
      ],
      "orders",
    );
    expect(joined.map((doc) => doc.stock)).toEqual([
      [{ sku: "almonds", instock: 120 }],
      [{ sku: "pecans", instock: 70 }],
    ]);
  });
});

describe("counting and distinct", () => {
  it("countDocuments, estimatedDocumentCount and distinct", async () => {
    const collection = harness.db.collection("sales");
    expect(await collection.countDocuments({ item: "xyz" })).toBe(2);
    expect(await collection.countDocuments({}, { skip: 1, limit: 2 })).toBe(2);
    expect(await collection.estimatedDocumentCount()).toBe(5);
    expect((await collection.distinct("item")).sort()).toEqual(["abc", "jkl", "xyz"]);
    expect((await collection.distinct("tags", { price: 10 })).sort()).toEqual(["a", "b", "c"]);
  });

  it("rejects unknown stages", async () => {
    await expect(aggregate([{ $noSuchStage: {} }])).rejects.toMatchObject({ code: 40324 });
  });
});
