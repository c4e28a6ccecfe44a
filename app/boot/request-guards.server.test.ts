import { describe, expect, it } from "vitest";
import { isCrossOrigin } from "./request-guards.server";

describe("isCrossOrigin", () => {
  it("lets reads and same-origin writes through", () => {
    expect(isCrossOrigin("GET", "https://evil.example", "app.cr")).toBe(false);
    expect(isCrossOrigin("POST", undefined, "app.cr")).toBe(false);
    expect(isCrossOrigin("POST", "https://app.cr", "app.cr")).toBe(false);
    expect(isCrossOrigin("POST", "http://localhost:3000", "localhost:3000")).toBe(false);
  });

  it("refuses writes from another site, an opaque origin or a garbled one", () => {
    expect(isCrossOrigin("POST", "https://evil.example", "app.cr")).toBe(true);
    expect(isCrossOrigin("POST", "http://localhost:3001", "localhost:3000")).toBe(true);
    expect(isCrossOrigin("DELETE", "null", "app.cr")).toBe(true);
    expect(isCrossOrigin("POST", "no es una url", "app.cr")).toBe(true);
    expect(isCrossOrigin("POST", "https://app.cr", undefined)).toBe(true);
  });
});
