import { describe, expect, it } from "vitest";
import { accountCodePrefix, isWithinAccount } from "./account-filter";

describe("account filter", () => {
  it("covers an account and its descendants only", () => {
    expect(accountCodePrefix("10-01-00-00-00")).toBe("10-01-");
    expect(accountCodePrefix("10-01-01-03-01")).toBe("10-01-01-03-01");
    expect(isWithinAccount("10-01-01-03-01", "10-01-00-00-00")).toBe(true);
    expect(isWithinAccount("10-01-01-01-00", "10-01-01-01-00")).toBe(true);
    expect(isWithinAccount("10-02-01-01-00", "10-01-00-00-00")).toBe(false);
    expect(isWithinAccount("10-01-01-03-02", "10-01-01-03-01")).toBe(false);
  });
});
