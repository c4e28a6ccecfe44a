import { ObjectId } from "bson";
import { describe, expect, it } from "vitest";
import { compileFilter } from "../src/query/matcher";

// Long $in lists of strings or ObjectIds (a statement's 10 000 line ids) are looked up in a set; the
// answers must be those of trying each value in turn.
const ids = Array.from({ length: 40 }, () => new ObjectId());
const names = Array.from({ length: 40 }, (_, i) => `f${i}`);

describe("$in with a long list", () => {
  it("finds an ObjectId of the list, and not its hex text or another id", () => {
    const matches = compileFilter({ _id: { $in: ids } });
    expect(matches({ _id: new ObjectId(ids[17].toHexString()) })).toBe(true);
    expect(matches({ _id: ids[17].toHexString() })).toBe(false);
    expect(matches({ _id: new ObjectId() })).toBe(false);
  });

  it("finds a string of the list, also inside an array, and nothing of another type", () => {
    const matches = compileFilter({ fingerprint: { $in: names } });
    expect(matches({ fingerprint: "f33" })).toBe(true);
    expect(matches({ fingerprint: ["x", "f2"] })).toBe(true);
    expect(matches({ fingerprint: "f40" })).toBe(false);
    expect(matches({ fingerprint: 33 })).toBe(false);
    expect(matches({})).toBe(false);
  });

  it("with $nin, refuses the list's values", () => {
    const matches = compileFilter({ fingerprint: { $nin: names } });
    expect(matches({ fingerprint: "f3" })).toBe(false);
    expect(matches({ fingerprint: "g3" })).toBe(true);
  });
});
