import { describe, expect, it } from "vitest";
import { mapInBatches } from "./in-batches";

describe("mapInBatches", () => {
  it("keeps the order and never runs more than the width at once", async () => {
    let running = 0;
    let most = 0;
    const results = await mapInBatches([1, 2, 3, 4, 5, 6, 7], 3, async (value) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 8 - value));
      running -= 1;
      return value * 10;
    });
    expect(results).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(most).toBe(3);
  });
  it("returns nothing for nothing", async () => {
    expect(await mapInBatches([], 4, async (value) => value)).toEqual([]);
  });
});
