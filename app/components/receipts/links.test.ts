import { describe, expect, it } from "vitest";
import { exportHref, monthHref } from "./links";

describe("links", () => {
  it("keeps the shell's parameters on screen links, not on downloads", () => {
    const current = new URLSearchParams("menu=consultas&showSidebar=0&page=3");
    expect(monthHref(current, { org: "3101123456", month: "2025-10", tab: "recibidos", q: "sabana", page: 2 })).toBe(
      "/?org=3101123456&month=2025-10&tab=recibidos&q=sabana&page=2&showSidebar=0&menu=consultas",
    );
    expect(monthHref(new URLSearchParams(), { org: "3101123456", month: "", tab: "emitidos" })).toBe(
      "/?org=3101123456&tab=emitidos",
    );
    expect(exportHref("csv", { org: "3101123456", month: "2025-10", tab: "emitidos", q: "" })).toBe(
      "/receipts.csv?org=3101123456&month=2025-10&tab=emitidos",
    );
  });
});
