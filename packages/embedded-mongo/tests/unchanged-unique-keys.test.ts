import { describe, expect, it } from "vitest";
import { type Collection, idKeyOf } from "../src/storage/collection";
import { Engine } from "../src/storage/engine";
import { temporaryDirectories, withDataDirectory } from "./data-directory";

// A ledger posting updates period balances whose unique key never changes: such an update must not look
// into the unique index (at a million entries each look is a walk down a tree the size of the books),
// while a changed key is still checked, inside and outside transactions.

const newDirectory = temporaryDirectories("embedded-mongo-unique-");

const balance = (id: string, account: string, debit: number) => ({ _id: id, account, period: "2026-11", debit });

function balances(engine: Engine): {
  collection: Collection;
  looks: () => number;
  put: (id: string, account: string, debit: number) => void;
} {
  const collection = engine.ensureCollection("books", "balances");
  engine.createIndexes(collection, [{ key: { account: 1, period: 1 }, name: "account_period", unique: true }]);
  const index = collection.indexes.get("account_period")!;
  const idsWithKey = index.idsWithKey.bind(index);
  let looks = 0;
  index.idsWithKey = (key) => {
    looks += 1;
    return idsWithKey(key);
  };
  const put = (id: string, account: string, debit: number) =>
    engine.commit([{ collection, id: idKeyOf(id), doc: balance(id, account, debit) }]);
  return { collection, looks: () => looks, put };
}

describe("updates that keep their unique keys", () => {
  it("outside a transaction: no look for an unchanged key, a refusal for a taken one", () => {
    const engine = new Engine();
    const { collection, looks, put } = balances(engine);
    put("b1", "1-01", 0);
    put("b2", "1-02", 0);
    const before = looks();
    put("b1", "1-01", 500);
    expect(looks()).toBe(before);
    expect(() => put("b1", "1-02", 0)).toThrow(/E11000/);
    expect(collection.records.get(idKeyOf("b1"))?.doc.debit).toBe(500);
    put("b1", "1-03", 0);
    expect(collection.records.get(idKeyOf("b1"))?.doc.account).toBe("1-03");
  });

  it("inside a transaction: no look at the write or the commit, and a taken key is still refused", () => {
    const engine = new Engine();
    const { collection, looks, put } = balances(engine);
    put("b1", "1-01", 0);
    put("b2", "1-02", 0);
    const before = looks();
    const transaction = engine.beginTransaction(1n);
    engine.transactionalWrite(transaction, collection, idKeyOf("b1"), balance("b1", "1-01", 700), false);
    engine.commitTransaction(transaction);
    expect(looks()).toBe(before);
    expect(collection.records.get(idKeyOf("b1"))?.doc.debit).toBe(700);

    const taking = engine.beginTransaction(2n);
    expect(() => engine.transactionalWrite(taking, collection, idKeyOf("b1"), balance("b1", "1-02", 0), false)).toThrow(
      /E11000/,
    );
    engine.abortTransaction(taking);
  });

  it("a key another transaction committed after the snapshot is a write conflict, as before", () => {
    const engine = new Engine();
    const { collection, put } = balances(engine);
    put("b1", "1-01", 0);
    const transaction = engine.beginTransaction(1n);
    put("b2", "1-02", 0);
    expect(() =>
      engine.transactionalWrite(transaction, collection, idKeyOf("b1"), balance("b1", "1-02", 0), false),
    ).toThrow(/WriteConflict|Write conflict/i);
  });

  it("a transaction reads the snapshot's version again after another commit changed the document", () => {
    const engine = new Engine();
    const { collection, put } = balances(engine);
    put("b1", "1-01", 100);
    const transaction = engine.beginTransaction(1n);
    expect(transaction.read(collection, idKeyOf("b1"))?.debit).toBe(100);
    put("b1", "1-01", 200);
    expect(transaction.read(collection, idKeyOf("b1"))?.debit).toBe(100);
    expect(() =>
      engine.transactionalWrite(transaction, collection, idKeyOf("b1"), balance("b1", "1-01", 300), false),
    ).toThrow(/WriteConflict|Write conflict/i);
  });

  it("in a data directory: the commit time read without the document, and the count kept", async () => {
    await withDataDirectory(newDirectory(), async (engine) => {
      const { collection, looks, put } = balances(engine);
      put("b1", "1-01", 0);
      const inserted = engine.clock;
      expect(collection.lastChange(idKeyOf("b1"))).toBe(inserted);
      const before = looks();
      put("b1", "1-01", 9);
      expect(looks()).toBe(before);
      expect(collection.lastChange(idKeyOf("b1"))).toBe(inserted + 1);
      expect(collection.lastChange(idKeyOf("nobody"))).toBe(0);
      expect(collection.records.size).toBe(1);
      await engine.durable();
    });
  });
});

describe("inserts in a transaction", () => {
  it("refuse an _id stored before or written earlier in the same transaction, and conflict with a later delete", () => {
    const engine = new Engine();
    const { collection, put } = balances(engine);
    put("b1", "1-01", 0);
    const insert = (transaction: ReturnType<Engine["beginTransaction"]>, id: string, account: string) =>
      engine.transactionalWrite(transaction, collection, idKeyOf(id), balance(id, account, 0), true);

    const first = engine.beginTransaction(1n);
    expect(() => insert(first, "b1", "1-09")).toThrow(/E11000/);
    insert(first, "b2", "1-02");
    expect(() => insert(first, "b2", "1-03")).toThrow(/E11000/);
    engine.abortTransaction(first);

    const second = engine.beginTransaction(2n);
    engine.commit([{ collection, id: idKeyOf("b1"), doc: null }]);
    expect(() => insert(second, "b1", "1-01")).toThrow(/WriteConflict|Write conflict/i);
    engine.abortTransaction(second);

    const third = engine.beginTransaction(3n);
    insert(third, "b1", "1-01");
    engine.commitTransaction(third);
    expect(collection.records.get(idKeyOf("b1"))?.doc.account).toBe("1-01");
  });
});
