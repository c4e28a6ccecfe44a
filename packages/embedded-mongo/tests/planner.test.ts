import { ObjectId } from "bson";
import { beforeAll, describe, expect, it } from "vitest";
import { compileFilter } from "../src/query/matcher";
import { parseSort } from "../src/query/sort";
import { type Collection, idKeyOf } from "../src/storage/collection";
import { Engine } from "../src/storage/engine";
import { planQuery } from "../src/storage/planner";
import { findMatches } from "../src/storage/read-view";

// Secondary indexes must really narrow reads: these tests count the candidates a plan hands out.
const DOCS = 100_000;
const ORGS = 50;
let collection: Collection;
const day = 86_400_000;
const start = Date.UTC(2024, 0, 1);

function plan(filter: Record<string, unknown>, sort: Record<string, 1 | -1> = {}) {
  const result = planQuery(collection, filter, parseSort(sort));
  return {
    index: result?.index ?? null,
    candidates: result ? [...result.ids].length : DOCS,
    ordered: result?.ordered ?? false,
  };
}

function bruteForce(filter: Record<string, unknown>): number {
  const matcher = compileFilter(filter);
  let n = 0;
  for (const record of collection.records.values()) if (matcher(record.doc)) n += 1;
  return n;
}

beforeAll(() => {
  const engine = new Engine();
  collection = engine.createCollection("planner", "entries");
  for (let i = 0; i < DOCS; i++) {
    const doc = {
      _id: new ObjectId(),
      orgId: `org-${i % ORGS}`,
      date: new Date(start + (i % 365) * day),
      number: i,
      tags: i % 10 === 0 ? ["rare", `t${i % 7}`] : [`t${i % 7}`],
    };
    engine.commit([{ collection, id: idKeyOf(doc._id), doc, insertOnly: true }]);
  }
  engine.createIndexes(collection, [
    { key: { orgId: 1, date: -1 }, name: "org_date" },
    { key: { number: 1 }, name: "number", unique: true },
    { key: { tags: 1 } },
  ]);
}, 60_000);

describe("query planning", () => {
  it("uses the compound index for equality on the leading field", () => {
    const result = plan({ orgId: "org-7" });
    expect(result.index).toBe("org_date");
    expect(result.candidates).toBe(DOCS / ORGS);
  });

  it("uses equality then a range on the next field", () => {
    const filter = { orgId: "org-3", date: { $gte: new Date(start + 10 * day), $lt: new Date(start + 20 * day) } };
    const result = plan(filter);
    expect(result.index).toBe("org_date");
    expect(result.candidates).toBe(bruteForce(filter));
    expect(result.candidates).toBeLessThan(100);
  });

  it("uses a range on a single-field index, with type bracketing", () => {
    const result = plan({ number: { $gt: 99_990 } });
    expect(result).toMatchObject({ index: "number", candidates: 9 });
    expect(plan({ number: { $lte: 4 } }).candidates).toBe(5);
  });

  it("expands $in into several intervals", () => {
    expect(plan({ number: { $in: [5, 50, 500, 5] } })).toMatchObject({ index: "number", candidates: 3 });
  });

  it("uses multikey indexes for array elements without repeating documents", () => {
    const result = plan({ tags: "rare" });
    expect(result.index).toBe("tags_1");
    expect(result.candidates).toBe(DOCS / 10);
  });

  it("serves the sort from the index so a limit stops early", () => {
    const ordered = plan({ orgId: "org-1" }, { date: -1 });
    expect(ordered.ordered).toBe(true);
    const matches = findMatches({ transaction: null }, collection, {
      filter: { orgId: "org-1" },
      matcher: compileFilter({ orgId: "org-1" }),
      sort: parseSort({ date: -1 }),
      limit: 5,
    });
    const expected = [...collection.records.values()]
      .map((record) => record.doc)
      .filter((doc) => doc.orgId === "org-1")
      .map((doc) => (doc.date as Date).getTime())
      .sort((a, b) => b - a)
      .slice(0, 5);
    expect(matches.map((match) => (match.doc.date as Date).getTime())).toEqual(expected);
    expect(plan({}, { number: -1 })).toMatchObject({ index: "number", ordered: true });
  });

  // The lookup's speed is measured in bench/embedded-mongo.ts; here, that it reads only the matching documents.
  it("hands an equality lookup on both index fields only the matching documents", () => {
    for (let i = 0; i < 20; i++) {
      const filter = { orgId: `org-${i}`, date: new Date(start + ((51 * i) % 365) * day) };
      const result = plan(filter);
      expect(result.index).toBe("org_date");
      expect(result.candidates).toBe(bruteForce(filter));
      expect(result.candidates).toBeGreaterThan(0);
      expect(result.candidates).toBeLessThan(50);
    }
  });

  it("falls back to a scan when no index applies", () => {
    expect(plan({ missingField: 1 }).index).toBeNull();
  });
});

describe("multikey ranges", () => {
  it("finds documents whose array elements meet each bound separately", () => {
    const engine = new Engine();
    const scores = engine.createCollection("planner", "scores");
    engine.createIndexes(scores, [{ key: { a: 1 } }]);
    const docs = [
      { _id: 1, a: [1, 20] },
      { _id: 2, a: [7] },
      { _id: 3, a: [30] },
    ];
    for (const doc of docs) engine.commit([{ collection: scores, id: idKeyOf(doc._id), doc, insertOnly: true }]);
    const filter = { a: { $gt: 5, $lt: 10 } };
    const matches = findMatches({ transaction: null }, scores, { filter, matcher: compileFilter(filter), sort: [] });
    expect(matches.map((match) => match.doc._id).sort()).toEqual([1, 2]);
  });
});

describe("indexes that bound the same fields", () => {
  function tiedCollection() {
    const engine = new Engine();
    const tied = engine.createCollection("planner", "receipts");
    for (let i = 0; i < 200; i++) {
      const doc = { _id: new ObjectId(), orgId: `org-${i % 2}`, clave: `c${i}`, importedAt: new Date(start + i * day) };
      engine.commit([{ collection: tied, id: idKeyOf(doc._id), doc, insertOnly: true }]);
    }
    engine.createIndexes(tied, [
      { key: { orgId: 1, clave: 1 }, name: "org_clave", unique: true },
      { key: { orgId: 1, importedAt: 1 }, name: "org_imported" },
    ]);
    return tied;
  }

  it("prefer the one already in the requested order, so a limit stops early", () => {
    const tied = tiedCollection();
    const planned = planQuery(tied, { orgId: "org-1" }, parseSort({ importedAt: -1 }));
    expect(planned).toMatchObject({ index: "org_imported", ordered: true });
    const first = planned!.ids[Symbol.iterator]().next().value as string;
    expect(tied.records.get(first)?.doc.importedAt).toEqual(new Date(start + 199 * day));
  });

  it("keep the first one when no sort is asked or several values make the order unusable", () => {
    const tied = tiedCollection();
    expect(planQuery(tied, { orgId: "org-1" }, parseSort({}))?.index).toBe("org_clave");
    expect(planQuery(tied, { orgId: { $in: ["org-0", "org-1"] } }, parseSort({ importedAt: 1 }))?.index).toBe(
      "org_clave",
    );
  });
});
