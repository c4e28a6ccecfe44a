import { describe, expect, it } from "vitest";
import { cents } from "../money";
import { repApplications } from "./rep";

describe("repApplications", () => {
  const items = [
    { id: "a", open: cents(30_000n) },
    { id: "b", open: cents(0n) },
    { id: "c", open: cents(50_000n) },
  ];

  it("applies the amount paid to the named documents in order, each up to what it owes", () => {
    expect(repApplications(cents(60_000n), items)).toEqual([
      { itemId: "a", amount: 30_000n },
      { itemId: "c", amount: 30_000n },
    ]);
  });

  it("leaves what exceeds the documents unapplied, and applies nothing for a zero payment", () => {
    expect(repApplications(cents(100_000n), items)).toEqual([
      { itemId: "a", amount: 30_000n },
      { itemId: "c", amount: 50_000n },
    ]);
    expect(repApplications(cents(0n), items)).toEqual([]);
  });
});
