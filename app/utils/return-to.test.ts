import { describe, expect, it } from "vitest";
import { DEFAULT_REDIRECT, returnToFrom, withReturnTo } from "./return-to";

const at = (returnTo?: string) =>
  `http://localhost/login${returnTo === undefined ? "" : `?${new URLSearchParams({ returnTo })}`}`;

describe("returnToFrom", () => {
  it("goes to '/?menu=consultas' when returnTo is absent (seed §9)", () => {
    expect(returnToFrom(at())).toBe("/?menu=consultas");
    expect(DEFAULT_REDIRECT).toBe("/?menu=consultas");
  });

  it("keeps a same-site path with its query", () => {
    expect(returnToFrom(at("/entries/list?page=2"))).toBe("/entries/list?page=2");
  });

  it.each(["//evil.com", "/\\evil.com", "https://evil.com/", "http:/evil.com", "evil.com", "/..//evil.com", "\\\\evil.com", "/a\\b"])(
    "refuses the open redirect %s",
    (target) => {
      expect(returnToFrom(at(target))).toBe(DEFAULT_REDIRECT);
    },
  );
});

describe("withReturnTo", () => {
  it("carries returnTo to the next sign-in step", () => {
    expect(withReturnTo("/otp", at("/results"))).toBe("/otp?returnTo=%2Fresults");
    expect(withReturnTo("/otp-verification?id=1", at("/results"))).toBe("/otp-verification?id=1&returnTo=%2Fresults");
  });

  it("adds nothing when there is no returnTo", () => {
    expect(withReturnTo("/otp", at())).toBe("/otp");
  });
});
