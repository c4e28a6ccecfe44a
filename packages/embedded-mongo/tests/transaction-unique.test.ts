import { describe, expect, it } from "vitest";
import { idKeyOf } from "../src/storage/collection";
import { Engine } from "../src/storage/engine";
import { IndexInstance } from "../src/storage/index-instance";

// A transaction that inserts many documents into a collection with a unique index (a bank statement's
// lines, unique by fingerprint) checks each one against its own earlier writes by key, not by looking
// at every one of them: these tests count the keys computed and check the duplicates are still found.
function setUp() {
  const engine = new Engine();
  const collection = engine.ensureCollection("t", "lines");
  engine.createIndexes(collection, [{ key: { account: 1, fingerprint: 1 }, name: "fingerprint", unique: true }]);
  let keyed = 0;
  const keysFor = IndexInstance.prototype.keysFor;
  const index = collection.indexes.get("fingerprint")!;
  index.keysFor = function (doc) {
    keyed += 1;
    return keysFor.call(this, doc);
  };
  const write = (
    transaction: ReturnType<Engine["beginTransaction"]>,
    id: string,
    doc: Record<string, unknown> | null,
  ) => engine.transactionalWrite(transaction, collection, idKeyOf(id), doc ? { _id: id, ...doc } : null, doc !== null);
  return { engine, write, keyed: () => keyed };
}

describe("unique keys inside one transaction", () => {
  it("checks n inserts with a number of key computations linear in n", () => {
    const { engine, write, keyed } = setUp();
    const transaction = engine.beginTransaction(1n);
    for (let i = 0; i < 2_000; i++) write(transaction, `l${i}`, { account: "a", fingerprint: `f${i}` });
    expect(keyed()).toBeLessThan(3 * 2_000);
  });

  it("still refuses a key the transaction wrote before, and frees a key it changed or deleted", () => {
    const { engine, write } = setUp();
    const transaction = engine.beginTransaction(1n);
    write(transaction, "l1", { account: "a", fingerprint: "f1" });
    write(transaction, "l2", { account: "a", fingerprint: "f2" });
    expect(() => write(transaction, "l3", { account: "a", fingerprint: "f1" })).toThrow(/E11000/);
    // l1 takes another key: f1 is free again; l2 is deleted: f2 is free again.
    engine.transactionalWrite(
      transaction,
      engine.collection("t", "lines")!,
      idKeyOf("l1"),
      {
        _id: "l1",
        account: "a",
        fingerprint: "f9",
      },
      false,
    );
    write(transaction, "l2", null);
    expect(() => write(transaction, "l4", { account: "a", fingerprint: "f1" })).not.toThrow();
    expect(() => write(transaction, "l5", { account: "a", fingerprint: "f2" })).not.toThrow();
    expect(() => write(transaction, "l6", { account: "a", fingerprint: "f9" })).toThrow(/E11000/);
  });
});
