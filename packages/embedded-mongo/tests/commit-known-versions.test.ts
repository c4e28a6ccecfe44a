import { describe, expect, it } from "vitest";
import { type Collection, idKeyOf } from "../src/storage/collection";
import type { Engine } from "../src/storage/engine";
import { temporaryDirectories, withDataDirectory } from "./data-directory";

// Committing a transaction that updated thousands of documents read and decoded each of them a second
// time (its old index keys) and looked each new unique key up in the committed index again. The commit
// now uses the version the transaction read at its snapshot when nothing was stored since, and repeats a
// unique check only when another commit or a new unique index can have made it stale.

const newDirectory = temporaryDirectories("embedded-mongo-known-");

const line = (id: string, fingerprint: string, state: string) => ({ _id: id, fingerprint, state });

/** Statement lines with a unique fingerprint and an index on their state; counts reads and unique looks. */
function lines(engine: Engine) {
  const collection = engine.ensureCollection("bank", "lines");
  engine.createIndexes(collection, [
    { key: { fingerprint: 1 }, name: "fingerprint", unique: true },
    { key: { state: 1 }, name: "state" },
  ]);
  const counts = { reads: 0, looks: 0 };
  const get = collection.records.get.bind(collection.records);
  collection.records.get = (id: string) => {
    counts.reads += 1;
    return get(id);
  };
  countLooks(collection, "fingerprint", counts);
  const put = (id: string, fingerprint: string, state = "pendiente") =>
    engine.commit([{ collection, id: idKeyOf(id), doc: line(id, fingerprint, state) }]);
  return { collection, counts, put };
}

function countLooks(collection: Collection, name: string, counts: { looks: number }): void {
  const index = collection.indexes.get(name)!;
  const idsWithKey = index.idsWithKey.bind(index);
  index.idsWithKey = (key) => {
    counts.looks += 1;
    return idsWithKey(key);
  };
}

const idsInState = (collection: Collection, state: string) =>
  [...collection.indexes.get("state")!.idsWithKey([state])].sort();

describe("a transaction's commit in a data directory", () => {
  it("updates documents without reading them again, and moves their index entries", async () => {
    await withDataDirectory(newDirectory(), async (engine) => {
      const { collection, counts, put } = lines(engine);
      for (let i = 0; i < 50; i++) put(`l${i}`, `f${i}`);
      const transaction = engine.beginTransaction(1n);
      for (let i = 0; i < 50; i++) {
        const id = idKeyOf(`l${i}`);
        const current = transaction.read(collection, id)!;
        engine.transactionalWrite(transaction, collection, id, { ...current, state: "conciliado" }, false);
      }
      counts.reads = 0;
      counts.looks = 0;
      engine.commitTransaction(transaction);
      expect(counts).toEqual({ reads: 0, looks: 0 });
      expect(idsInState(collection, "pendiente")).toEqual([]);
      expect(idsInState(collection, "conciliado")).toHaveLength(50);
      expect(collection.records.get(idKeyOf("l7"))?.doc.state).toBe("conciliado");
      expect(collection.lastChange(idKeyOf("l7"))).toBe(engine.clock);
      await engine.durable();
    });
  });

  it("deletes documents it read without reading them again, and removes their index entries", async () => {
    await withDataDirectory(newDirectory(), async (engine) => {
      const { collection, counts, put } = lines(engine);
      for (let i = 0; i < 5; i++) put(`l${i}`, `f${i}`);
      const transaction = engine.beginTransaction(1n);
      for (let i = 0; i < 3; i++) {
        const id = idKeyOf(`l${i}`);
        transaction.read(collection, id);
        engine.transactionalWrite(transaction, collection, id, null, false);
      }
      counts.reads = 0;
      engine.commitTransaction(transaction);
      expect(counts.reads).toBe(0);
      expect(idsInState(collection, "pendiente")).toHaveLength(2);
      expect([...collection.indexes.get("fingerprint")!.idsWithKey(["f1"])]).toEqual([]);
      // A fingerprint freed by the delete can be stored again.
      put("l9", "f1");
      expect(collection.records.get(idKeyOf("l9"))?.doc.fingerprint).toBe("f1");
    });
  });

  it("a transaction open while another commits keeps its snapshot's versions", async () => {
    await withDataDirectory(newDirectory(), async (engine) => {
      const { collection, put } = lines(engine);
      put("l1", "f1");
      put("l2", "f2");
      const reader = engine.beginTransaction(1n);
      const writer = engine.beginTransaction(2n);
      const current = writer.read(collection, idKeyOf("l1"))!;
      engine.transactionalWrite(writer, collection, idKeyOf("l1"), { ...current, state: "conciliado" }, false);
      engine.commitTransaction(writer);
      expect(reader.read(collection, idKeyOf("l1"))?.state).toBe("pendiente");
      expect(collection.records.get(idKeyOf("l1"))?.doc.state).toBe("conciliado");
      engine.abortTransaction(reader);
    });
  });

  it("inserts with unique keys checked once, at the write, when nothing else committed meanwhile", async () => {
    await withDataDirectory(newDirectory(), async (engine) => {
      const { collection, counts, put } = lines(engine);
      put("l0", "f0");
      const transaction = engine.beginTransaction(1n);
      counts.looks = 0;
      for (let i = 1; i <= 20; i++)
        engine.transactionalWrite(transaction, collection, idKeyOf(`l${i}`), line(`l${i}`, `f${i}`, "pendiente"), true);
      expect(counts.looks).toBe(20);
      engine.commitTransaction(transaction);
      expect(counts.looks).toBe(20);
      expect(collection.records.size).toBe(21);
    });
  });

  it("checks again at the commit when another commit took the same key meanwhile", async () => {
    await withDataDirectory(newDirectory(), async (engine) => {
      const { collection, counts, put } = lines(engine);
      const transaction = engine.beginTransaction(1n);
      engine.transactionalWrite(transaction, collection, idKeyOf("a"), line("a", "same", "pendiente"), true);
      put("b", "same");
      counts.looks = 0;
      expect(() => engine.commitTransaction(transaction)).toThrow(/WriteConflict|Write conflict/i);
      expect(counts.looks).toBeGreaterThan(0);
      expect([...collection.indexes.get("fingerprint")!.idsWithKey(["same"])]).toEqual([idKeyOf("b")]);
      expect(collection.records.get(idKeyOf("a"))).toBeUndefined();
    });
  });

  it("checks again at the commit when a unique index was created after the write", async () => {
    await withDataDirectory(newDirectory(), async (engine) => {
      const { collection, put } = lines(engine);
      put("b", "f-b");
      engine.commit([{ collection, id: idKeyOf("b"), doc: { ...line("b", "f-b", "pendiente"), reference: "R1" } }]);
      const transaction = engine.beginTransaction(1n);
      engine.transactionalWrite(
        transaction,
        collection,
        idKeyOf("a"),
        { ...line("a", "f-a", "pendiente"), reference: "R1" },
        true,
      );
      engine.createIndexes(collection, [{ key: { reference: 1 }, name: "reference", unique: true }]);
      expect(() => engine.commitTransaction(transaction)).toThrow(/WriteConflict|Write conflict/i);
      expect([...collection.indexes.get("reference")!.idsWithKey(["R1"])]).toEqual([idKeyOf("b")]);
    });
  });
});
