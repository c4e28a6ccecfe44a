import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Store } from "../src/persist/store";
import { idKeyOf } from "../src/storage/collection";
import { Engine } from "../src/storage/engine";

// A data directory builds each document's LMDB key in a buffer it reuses; an _id longer than that
// buffer, or written in characters of several bytes, must still find its own document.

const directories: string[] = [];

afterEach(() => {
  for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});

describe("document keys in a data directory", () => {
  it("store, read, replace and delete documents whose _id is long or not ASCII, and keep them after a restart", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-keys-"));
    directories.push(directory);
    const ids = ["a", "ñandú-Δ-€-𝄞".repeat(40), "x".repeat(400), "b"];
    let engine = new Engine();
    let store = await Store.open(directory, engine, {});
    const collection = () => engine.ensureCollection("t", "docs");
    engine.commit(ids.map((id, n) => ({ collection: collection(), id: idKeyOf(id), doc: { _id: id, n } })));
    for (const [n, id] of ids.entries()) expect(collection().records.get(idKeyOf(id))?.doc.n).toBe(n);
    engine.commit([{ collection: collection(), id: idKeyOf(ids[1]), doc: { _id: ids[1], n: 10 } }]);
    engine.commit([{ collection: collection(), id: idKeyOf(ids[2]), doc: null }]);
    expect(collection().records.size).toBe(3);
    expect(collection().records.has(idKeyOf(ids[2]))).toBe(false);
    expect(collection().lastChange(idKeyOf(ids[1]))).toBe(engine.clock - 1);
    await engine.durable();
    await store.close();

    engine = new Engine();
    store = await Store.open(directory, engine, {});
    try {
      expect([...collection().records.keys()].sort()).toEqual([ids[0], ids[1], ids[3]].map(idKeyOf).sort());
      expect(collection().records.get(idKeyOf(ids[1]))?.doc.n).toBe(10);
      expect(collection().records.get(idKeyOf(ids[3]))?.doc.n).toBe(3);
    } finally {
      await store.close();
    }
  });
});

describe("an _id too long for its index in a data directory", () => {
  it("is refused with KeyTooLong and leaves nothing behind", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-mongo-keys-"));
    directories.push(directory);
    const engine = new Engine();
    const store = await Store.open(directory, engine, {});
    try {
      const collection = engine.ensureCollection("t", "docs");
      const id = "y".repeat(1_200);
      expect(() => engine.commit([{ collection, id: idKeyOf(id), doc: { _id: id } }])).toThrow(
        expect.objectContaining({ code: 17280 }),
      );
      expect(collection.records.size).toBe(0);
      expect(collection.records.has(idKeyOf(id))).toBe(false);
      engine.commit([{ collection, id: idKeyOf("short"), doc: { _id: "short" } }]);
      expect(collection.records.size).toBe(1);
    } finally {
      await store.close();
    }
  });
});
