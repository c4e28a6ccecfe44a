import { describe, expect, it } from "vitest";
import { ByteLru } from "./byte-lru";

const sized = (maxBytes: number) => new ByteLru<string>(maxBytes, (value) => value.length);

describe("ByteLru", () => {
  it("keeps values while their bytes fit", () => {
    const cache = sized(10);
    cache.set("a", "xxxx");
    cache.set("b", "yyyy");
    expect(cache.get("a")).toBe("xxxx");
    expect(cache.get("b")).toBe("yyyy");
    expect(cache.bytes).toBe(8);
  });

  it("drops the least recently used first when a new value does not fit", () => {
    const cache = sized(10);
    cache.set("a", "xxxx");
    cache.set("b", "yyyy");
    cache.get("a"); // b is now the oldest
    cache.set("c", "zzzz");
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe("xxxx");
    expect(cache.get("c")).toBe("zzzz");
    expect(cache.bytes).toBe(8);
  });

  it("replaces a key's value and counts only the new bytes", () => {
    const cache = sized(10);
    cache.set("a", "xxxx");
    cache.set("a", "xx");
    expect(cache.get("a")).toBe("xx");
    expect(cache.bytes).toBe(2);
    expect(cache.size).toBe(1);
  });

  it("never holds a value larger than the whole budget", () => {
    const cache = sized(10);
    cache.set("a", "xxxx");
    cache.set("big", "y".repeat(11));
    expect(cache.get("big")).toBeUndefined();
    expect(cache.get("a")).toBe("xxxx");
  });

  it("evicts as many old values as a large one needs", () => {
    const cache = sized(10);
    cache.set("a", "xxx");
    cache.set("b", "yyy");
    cache.set("c", "zzz");
    cache.set("d", "w".repeat(9));
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, undefined, undefined]);
    expect(cache.get("d")).toBe("w".repeat(9));
    expect(cache.bytes).toBe(9);
  });
});
