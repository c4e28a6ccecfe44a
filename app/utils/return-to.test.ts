import { describe, expect, it } from "vitest";
import { DEFAULT_REDIRECT, returnToFrom, safeReturnTo, withReturnTo } from "./return-to";

const at = (returnTo?: string) =>
  `http://localhost/login${returnTo === undefined ? "" : `?${new URLSearchParams({ returnTo })}`}`;

describe("returnToFrom", () => {
  it("goes to '/?menu=consultas' when returnTo is absent (docs/spec/sign-in.md §1)", () => {
    expect(returnToFrom(at())).toBe("/?menu=consultas");
    expect(DEFAULT_REDIRECT).toBe("/?menu=consultas");
  });

  it("keeps a same-site path with its query", () => {
    expect(returnToFrom(at("/entries/list?page=2"))).toBe("/entries/list?page=2");
  });

  it.each([
    "//evil.com",
    "/\\evil.com",
    "https://evil.com/",
    "http:/evil.com",
    "evil.com",
    "/..//evil.com",
    "\\\\evil.com",
    "/a\\b",
  ])("refuses the open redirect %s", (target) => {
    expect(returnToFrom(at(target))).toBe(DEFAULT_REDIRECT);
  });
});

describe("returnToFrom after decoding and normalising (issue 16)", () => {
  it.each([
    "/\t/127.0.0.1:3299/phished",
    "/%09/127.0.0.1:3299/phished",
    "/\n/evil.com",
    "/%2F/evil.com",
    "/%5Cevil.com",
    "/x\u0000y",
    "/x\u001fy",
    "/x\u000by",
    "/x\ry",
    "/javascript:alert(1)",
    "/%",
  ])("refuses %j", (target) => {
    expect(returnToFrom(at(target))).toBe(DEFAULT_REDIRECT);
  });

  it.each([["/entries/list?page=2#arriba"], ["/admin/organizations/3101123456"], ["/?menu=consultas&org=3101123456"]])(
    "keeps %s",
    (target) => {
      expect(returnToFrom(at(target))).toBe(target);
    },
  );

  it("never lets a control character reach the Location header", () => {
    for (let code = 0; code < 0x20; code++) {
      const target = `/results${String.fromCharCode(code)}x`;
      expect(() => new Headers({ Location: returnToFrom(at(target)) })).not.toThrow();
      expect(returnToFrom(at(target))).toBe(DEFAULT_REDIRECT);
    }
  });
});

describe("safeReturnTo", () => {
  it("uses the given fallback", () => {
    expect(safeReturnTo("//evil.com", "/")).toBe("/");
    expect(safeReturnTo(null, "/")).toBe("/");
  });
});

describe("withReturnTo", () => {
  it("drops an unsafe returnTo instead of carrying it along", () => {
    expect(withReturnTo("/otp", at("/\t/evil.com"))).toBe("/otp");
  });

  it("carries returnTo to the next sign-in step", () => {
    expect(withReturnTo("/otp", at("/results"))).toBe("/otp?returnTo=%2Fresults");
    expect(withReturnTo("/otp-verification?id=1", at("/results"))).toBe("/otp-verification?id=1&returnTo=%2Fresults");
  });

  it("adds nothing when there is no returnTo", () => {
    expect(withReturnTo("/otp", at())).toBe("/otp");
  });
});
