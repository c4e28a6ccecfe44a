import { describe, expect, it } from "vitest";
import { idKeyOf } from "../src/storage/collection";
import type { Engine } from "../src/storage/engine";
import { temporaryDirectories, withDataDirectory } from "./data-directory";

// A data directory builds each document's LMDB key in a buffer it reuses; an _id longer than that
// buffer, or written in characters of several bytes, must still find its own document.

const newDirectory = temporaryDirectories("embedded-mongo-keys-");

describe("document keys in a data directory", () => {
  it("store, read, replace and delete documents whose _id is long or not ASCII, and keep them after a restart", async () => {
    const directory = newDirectory();
    const ids = ["a", "ñandú-Δ-€-𝄞".repeat(40), "x".repeat(400), "b"];
    const collection = (engine: Engine) => engine.ensureCollection("t", "docs");
    await withDataDirectory(directory, async (engine) => {
      const docs = collection(engine);
      engine.commit(ids.map((id, n) => ({ collection: docs, id: idKeyOf(id), doc: { _id: id, n } })));
      for (const [n, id] of ids.entries()) expect(docs.records.get(idKeyOf(id))?.doc.n).toBe(n);
      engine.commit([{ collection: docs, id: idKeyOf(ids[1]), doc: { _id: ids[1], n: 10 } }]);
      engine.commit([{ collection: docs, id: idKeyOf(ids[2]), doc: null }]);
      expect(docs.records.size).toBe(3);
      expect(docs.records.has(idKeyOf(ids[2]))).toBe(false);
      expect(docs.lastChange(idKeyOf(ids[1]))).toBe(engine.clock - 1);
      await engine.durable();
    });

    await withDataDirectory(directory, (engine) => {
      const docs = collection(engine);
      expect([...docs.records.keys()].sort()).toEqual([ids[0], ids[1], ids[3]].map(idKeyOf).sort());
      expect(docs.records.get(idKeyOf(ids[1]))?.doc.n).toBe(10);
      expect(docs.records.get(idKeyOf(ids[3]))?.doc.n).toBe(3);
    });
  });
});

describe("an _id too long for its index in a data directory", () => {
  it("is refused with KeyTooLong and leaves nothing behind", async () => {
    await withDataDirectory(newDirectory(), (engine) => {
      const collection = engine.ensureCollection("t", "docs");
      const id = "y".repeat(1_200);
      expect(() => engine.commit([{ collection, id: idKeyOf(id), doc: { _id: id } }])).toThrow(
        expect.objectContaining({ code: 17280 }),
      );
      expect(collection.records.size).toBe(0);
      expect(collection.records.has(idKeyOf(id))).toBe(false);
      engine.commit([{ collection, id: idKeyOf("short"), doc: { _id: "short" } }]);
      expect(collection.records.size).toBe(1);
    });
  });
});
