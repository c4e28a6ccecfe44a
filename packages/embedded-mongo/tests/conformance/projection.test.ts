import { beforeAll, describe, expect, it } from "vitest";
import { useDatabase } from "./harness";

const harness = useDatabase();

beforeAll(async () => {
  await harness.db.collection("inventory").insertMany([
    {
      _id: 1,
      item: "journal",
      tags: ["blank", "red", "plain"],
      size: { h: 14, w: 21, uom: "cm" },
      instock: [
        { warehouse: "A", qty: 5 },
        { warehouse: "C", qty: 15 },
      ],
    },
    {
      _id: 2,
      item: "notebook",
      tags: ["red"],
      size: { h: 8.5, w: 11, uom: "in" },
      instock: [{ warehouse: "C", qty: 5 }],
    },
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
  ] as never[]);
});

function first(
  projection: Record<string, unknown>,
  filter: Record<string, unknown> = { _id: 1 },
  collection = "inventory",
) {
  return harness.db.collection(collection).findOne(filter, { projection });
}

describe("find projections", () => {
  it("inclusion keeps _id unless excluded", async () => {
    expect(await first({ item: 1 })).toEqual({ _id: 1, item: "journal" });
    expect(await first({ item: 1, _id: 0 })).toEqual({ item: "journal" });
  });

  it("exclusion removes only the named fields", async () => {
    expect(await first({ tags: 0, instock: 0 })).toEqual({
      _id: 1,
      item: "journal",
      size: { h: 14, w: 21, uom: "cm" },
    });
    expect(await first({ _id: 0, item: 0, tags: 0, instock: 0, "size.h": 0 })).toEqual({ size: { w: 21, uom: "cm" } });
  });

  it("dotted inclusion into embedded documents and arrays of documents", async () => {
    expect(await first({ "size.uom": 1, _id: 0 })).toEqual({ size: { uom: "cm" } });
    expect(await first({ "instock.qty": 1, _id: 0 })).toEqual({ instock: [{ qty: 5 }, { qty: 15 }] });
  });

  it("$slice returns the first, last or a skipped range of elements", async () => {
    expect((await first({ tags: { $slice: 1 } }))?.tags).toEqual(["blank"]);
    expect((await first({ tags: { $slice: -1 } }))?.tags).toEqual(["plain"]);
    expect((await first({ tags: { $slice: [1, 1] } }))?.tags).toEqual(["red"]);
    const sliced = await first({ tags: { $slice: 2 } });
    expect(sliced?.item).toBe("journal");
    expect(sliced?.tags).toEqual(["blank", "red"]);
  });

  it("$elemMatch returns the first matching element only", async () => {
    const docs = await harness.db
      .collection("survey")
      .find({}, { projection: { results: { $elemMatch: { product: "xyz", score: { $gte: 7 } } } } })
      .sort({ _id: 1 })
      .toArray();
    expect(docs).toEqual([
      { _id: 1 },
      { _id: 2, results: [{ product: "xyz", score: 7 }] },
      { _id: 3, results: [{ product: "xyz", score: 8 }] },
    ]);
  });

  it("the positional $ projects the element that matched the query", async () => {
    const docs = await harness.db
      .collection("survey")
      .find({ results: { $elemMatch: { score: { $gte: 8 } } } }, { projection: { "results.$": 1 } })
      .sort({ _id: 1 })
      .toArray();
    expect(docs).toEqual([
      { _id: 1, results: [{ product: "abc", score: 10 }] },
      { _id: 2, results: [{ product: "abc", score: 8 }] },
      { _id: 3, results: [{ product: "xyz", score: 8 }] },
    ]);
  });

  it("computed fields in find projections (MongoDB 4.4+)", async () => {
    expect(await first({ _id: 0, name: "$item", area: { $multiply: ["$size.h", "$size.w"] } })).toEqual({
      name: "journal",
      area: 294,
    });
  });

  it("rejects mixing inclusion and exclusion", async () => {
    await expect(first({ item: 1, tags: 0 })).rejects.toMatchObject({ code: 31254 });
  });
});
