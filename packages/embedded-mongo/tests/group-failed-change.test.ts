import { describe, expect, it } from "vitest";
import type { Doc } from "../src/bson/values";
import { ErrorCode } from "../src/errors";
import { type Collection, idKeyOf } from "../src/storage/collection";
import { GROUP_MAX_REDO_BYTES } from "../src/storage/disk-storage";
import type { Change, Engine } from "../src/storage/engine";
import { temporaryDirectories, withDataDirectory } from "./data-directory";

// LMDB writes in place in the mapped file, which rules out its child transactions: a change of a group
// that fails is undone by dropping the group and writing its earlier changes again
// (docs/decisions/322-embedded-database-writes-through-the-map.md).

const dataDirectory = temporaryDirectories("embedded-mongo-failed-change-");

function codesOf(engine: Engine): Collection {
  const codes = engine.ensureCollection("books", "codes");
  if (!codes.indexes.has("code_1"))
    engine.createIndexes(codes, [
      { key: { code: 1 }, name: "code_1", unique: true },
      { key: { note: 1 }, name: "note_1" },
    ]);
  return codes;
}

function put(codes: Collection, doc: Doc, insertOnly = true): Change {
  return { collection: codes, id: idKeyOf(doc._id), doc, insertOnly };
}

function removal(codes: Collection, id: number): Change {
  return { collection: codes, id: idKeyOf(id), doc: null };
}

/** The collection's documents by _id and its entries by code, read from the data file. */
function contents(codes: Collection): { docs: Record<string, unknown>; byCode: Record<string, string[]> } {
  const docs: Record<string, unknown> = {};
  for (const [id, record] of codes.records) docs[id] = record.doc.code;
  const byCode: Record<string, string[]> = {};
  for (const code of ["a", "b", "b2", "c", "d", "e", "x"])
    byCode[code] = [...codes.indexes.get("code_1")!.idsWithKey([code])];
  return { docs, byCode };
}

const EXPECTED = {
  docs: { [idKeyOf(1)]: "b2", [idKeyOf(3)]: "c", [idKeyOf(5)]: "e" },
  byCode: { a: [], b: [], b2: [idKeyOf(1)], c: [idKeyOf(3)], d: [], e: [idKeyOf(5)], x: [] },
};

describe("a failed change in a group written in place", () => {
  it("leaves the updates, deletions and inserts of its group-mates before and after it, in the file and after a restart", async () => {
    const dbPath = dataDirectory();
    await withDataDirectory(dbPath, async (engine) => {
      const codes = codesOf(engine);
      engine.commit([put(codes, { _id: 1, code: "a" }), put(codes, { _id: 2, code: "b" })]);
      await engine.durable();
      const storage = engine.storage!;
      const groupsBefore = storage.groupStats.groups;
      // Three changes before the failed one, in the same group: an update, a deletion, an insert.
      engine.commit([put(codes, { _id: 1, code: "b2" }, false)]);
      engine.commit([removal(codes, 2)]);
      engine.commit([put(codes, { _id: 3, code: "c" })]);
      // Its first document and its index entries are written before the second one's note is too long.
      expect(() =>
        engine.commit([put(codes, { _id: 4, code: "d" }), put(codes, { _id: 6, code: "x", note: "n".repeat(3000) })]),
      ).toThrow(expect.objectContaining({ code: ErrorCode.KeyTooLong }));
      // A duplicate found at the last of its documents, after the others were written.
      expect(() => engine.commit([put(codes, { _id: 7, code: "x" }), put(codes, { _id: 8, code: "c" })])).toThrow(
        expect.objectContaining({ code: ErrorCode.DuplicateKey }),
      );
      engine.commit([put(codes, { _id: 5, code: "e" })]);
      expect(storage.groupStats.groups).toBe(groupsBefore);
      expect(storage.openGroupChanges).toBe(4);
      expect(codes.records.size).toBe(3);
      expect(contents(codes)).toEqual(EXPECTED);
      await engine.durable();
      expect(storage.openGroupChanges).toBe(0);
      expect(storage.groupStats.groups).toBe(groupsBefore + 1);
      expect(contents(codes)).toEqual(EXPECTED);
    });
    await withDataDirectory(dbPath, (engine) => {
      const codes = engine.collection("books", "codes")!;
      expect(codes.records.size).toBe(3);
      expect(contents(codes)).toEqual(EXPECTED);
    });
  });

  it("commits a group at once after a change too large to keep, and still undoes a large change that fails", async () => {
    const dbPath = dataDirectory();
    const note = "n".repeat(1000);
    const many = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        _id: from + i,
        code: `k${from + i}`,
        body: "b".repeat(20_000),
        note,
      }));
    const count = Math.ceil((GROUP_MAX_REDO_BYTES * 1.5) / 20_000);
    await withDataDirectory(dbPath, async (engine) => {
      const codes = codesOf(engine);
      await engine.durable();
      const storage = engine.storage!;
      engine.commit([put(codes, { _id: 1, code: "a" })]);
      const groupsBefore = storage.groupStats.groups;
      // Larger than a group keeps: written, not kept, and committed with the change before it.
      engine.commit(many(1000, count).map((doc) => put(codes, doc)));
      expect(storage.groupStats.groups).toBe(groupsBefore + 1);
      expect(storage.openGroupChanges).toBe(0);
      engine.commit([put(codes, { _id: 3, code: "c" })]);
      // As large, failing at its last document: the change before it in the group stays.
      expect(() =>
        engine.commit([...many(5000, count).map((doc) => put(codes, doc)), put(codes, { _id: 9, code: "c" })]),
      ).toThrow(expect.objectContaining({ code: ErrorCode.DuplicateKey }));
      expect(storage.keptBytes).toBeLessThan(GROUP_MAX_REDO_BYTES);
      expect(storage.openGroupChanges).toBe(1);
      expect(codes.records.size).toBe(2 + count);
      expect(codes.records.has(idKeyOf(5000))).toBe(false);
      expect([...codes.indexes.get("code_1")!.idsWithKey(["c"])]).toEqual([idKeyOf(3)]);
      expect([...codes.indexes.get("code_1")!.idsWithKey(["k5000"])]).toEqual([]);
      await engine.durable();
    });
    await withDataDirectory(dbPath, (engine) => {
      const codes = engine.collection("books", "codes")!;
      expect(codes.records.size).toBe(2 + count);
      expect([...codes.indexes.get("note_1")!.idsWithKey([note])].length).toBe(count);
      expect(codes.records.has(idKeyOf(3))).toBe(true);
      expect(codes.records.has(idKeyOf(5000))).toBe(false);
    });
  });
});
