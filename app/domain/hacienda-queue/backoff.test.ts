import { describe, expect, it } from "vitest";
import { backoffDelay, POLL_BACKOFF, RETRY_BACKOFF } from "./backoff";

describe("backoffDelay", () => {
  it("doubles from the first wait and stops at the ceiling", () => {
    const policy = { baseMs: 1000, maxMs: 10_000 };
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, policy))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });

  it("adds at most a tenth as spread", () => {
    expect(backoffDelay(1, { baseMs: 1000, maxMs: 5000 }, 0.5)).toBe(1050);
    expect(backoffDelay(1, { baseMs: 1000, maxMs: 5000 }, 5)).toBeLessThanOrEqual(1100);
  });

  it("never overflows on a long outage", () => {
    expect(backoffDelay(10_000, RETRY_BACKOFF)).toBe(RETRY_BACKOFF.maxMs);
    expect(backoffDelay(0, POLL_BACKOFF)).toBe(POLL_BACKOFF.baseMs);
  });
});
