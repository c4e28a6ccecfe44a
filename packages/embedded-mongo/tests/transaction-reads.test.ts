import { describe, expect, it } from "vitest";
import type { Doc } from "../src/bson/values";
import { compileFilter } from "../src/query/matcher";
import { idKeyOf } from "../src/storage/collection";
import { Engine } from "../src/storage/engine";
import { findMatches } from "../src/storage/read-view";

// While transactions overlap, the engine keeps the versions committed writes replaced. A read in a
// transaction must not visit every document changed meanwhile (on a data directory each visit
// decodes a document from disk): these tests count the documents a read looks at.
function setUp() {
  const engine = new Engine();
  const collection = engine.ensureCollection("t", "balances");
  engine.createIndexes(collection, [{ key: { account: 1 }, name: "account_1" }]);
  engine.commit(
    Array.from({ length: 200 }, (_, i) => ({
      collection,
      id: idKeyOf(`b${i}`),
      doc: { _id: `b${i}`, account: `a${i % 20}`, n: 0 },
    })),
  );
  // An older transaction stays open, so every later commit keeps history.
  const old = engine.beginTransaction(1n);
  for (let i = 0; i < 200; i++) {
    engine.commit([{ collection, id: idKeyOf(`b${i}`), doc: { _id: `b${i}`, account: `a${i % 20}`, n: 1 } }]);
  }
  let reads = 0;
  const read = collection.versionAt.bind(collection);
  collection.versionAt = (id: string, ts: number) => {
    reads += 1;
    return read(id, ts);
  };
  return { engine, collection, old, reads: () => reads };
}

function find(engine: Engine, filter: Doc, snapshotOf: ReturnType<Engine["beginTransaction"]>) {
  const { collection } = { collection: engine.collection("t", "balances")! };
  return findMatches({ transaction: snapshotOf }, collection, { filter, matcher: compileFilter(filter), sort: [] });
}

describe("reads inside a transaction while others commit", () => {
  it("by _id look at the named documents only", () => {
    const { engine, reads } = setUp();
    const transaction = engine.beginTransaction(2n);
    const found = find(engine, { _id: { $in: ["b7", "b8", "missing"] } }, transaction);
    expect(found.map((match) => match.doc.n)).toEqual([1, 1]);
    expect(reads()).toBe(3);
  });

  it("by index skip history the snapshot already includes, and still see older snapshots right", () => {
    const { engine, collection, old, reads } = setUp();
    const transaction = engine.beginTransaction(2n);
    const found = find(engine, { account: "a3" }, transaction);
    expect(found.map((match) => match.doc.n)).toEqual(Array(10).fill(1));
    expect(reads()).toBe(10);
    // The older transaction sees the versions of its snapshot.
    const before = find(engine, { account: "a3" }, old);
    expect(before.map((match) => match.doc.n)).toEqual(Array(10).fill(0));
    // A document that moved to another account after the old snapshot is still found where it was.
    engine.commit([{ collection, id: idKeyOf("b3"), doc: { _id: "b3", account: "a99", n: 2 } }]);
    expect(find(engine, { account: "a3" }, old).map((match) => match.id)).toContain(idKeyOf("b3"));
  });
});

describe("a transaction's own reads of one document", () => {
  it("decode it once while it is among the latest read, and again once it has been pushed out", () => {
    const { engine, collection, reads } = setUp();
    const transaction = engine.beginTransaction(2n);
    transaction.read(collection, idKeyOf("b7"));
    transaction.read(collection, idKeyOf("b7"));
    transaction.atSnapshot(collection, idKeyOf("b7"));
    expect(reads()).toBe(1);
    // A write conflict check and the write itself need no further read of it.
    engine.transactionalWrite(transaction, collection, idKeyOf("b7"), { _id: "b7", account: "a7", n: 5 }, false);
    expect(transaction.read(collection, idKeyOf("b7"))?.n).toBe(5);
    expect(transaction.atSnapshot(collection, idKeyOf("b7"))?.n).toBe(1);
    expect(reads()).toBe(1);
    for (let i = 0; i < 199; i++) if (i !== 7) transaction.read(collection, idKeyOf(`b${i}`));
    expect(reads()).toBe(199);
    for (let i = 0; i < 199; i++) transaction.read(collection, idKeyOf(`x${i}`));
    transaction.atSnapshot(collection, idKeyOf("b7"));
    expect(reads()).toBe(199 + 199 + 1);
  });
});
