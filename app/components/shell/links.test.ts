import { describe, expect, it } from "vitest";
import { appHref, keptParamFields } from "./links";

const current = new URLSearchParams("org=3101123456&showSidebar=0&menu=balances&q=banco&page=3");

describe("appHref", () => {
  it("keeps ?org, ?showSidebar and ?menu, and nothing else of the current page", () => {
    expect(appHref("/entries/list", current)).toBe("/entries/list?org=3101123456&showSidebar=0&menu=balances");
  });

  it("lets the target or the changes decide, and drops a parameter changed to null", () => {
    expect(appHref("/?org=3102654321&tab=emitidos", current)).toBe("/?org=3102654321&tab=emitidos&showSidebar=0&menu=balances");
    expect(appHref("/results", current, { menu: null, showSidebar: "1" })).toBe("/results?org=3101123456&showSidebar=1");
  });

  it("adds nothing when the current page has none of them", () => {
    expect(appHref("/admin/catalog", new URLSearchParams("q=x"))).toBe("/admin/catalog");
  });
});

describe("keptParamFields", () => {
  it("gives the kept parameters as hidden fields, without those the form sets itself", () => {
    expect(keptParamFields(current, ["org"])).toEqual([
      ["showSidebar", "0"],
      ["menu", "balances"],
    ]);
  });
});
