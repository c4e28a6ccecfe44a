import { describe, expect, it } from "vitest";
import { appHref, keptParamFields, organizationSwitchTarget } from "./links";

const current = new URLSearchParams("org=3101123456&showSidebar=0&menu=balances&q=banco&page=3");

describe("appHref", () => {
  it("keeps ?org, ?showSidebar and ?menu, and nothing else of the current page", () => {
    expect(appHref("/entries/list", current)).toBe("/entries/list?org=3101123456&showSidebar=0&menu=balances");
  });

  it("lets the target or the changes decide, and drops a parameter changed to null", () => {
    expect(appHref("/?org=3102654321&tab=emitidos", current)).toBe(
      "/?org=3102654321&tab=emitidos&showSidebar=0&menu=balances",
    );
    expect(appHref("/results", current, { menu: null, showSidebar: "1" })).toBe(
      "/results?org=3101123456&showSidebar=1",
    );
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

describe("organizationSwitchTarget", () => {
  it("keeps the screen, month, tab, search and shell parameters; drops the organization and the page number", () => {
    const search = new URLSearchParams("org=3101123456&month=2026-10&tab=recibidos&q=banco&page=3&menu=consultas");
    expect(organizationSwitchTarget("/", search)).toEqual({
      action: "/",
      fields: [
        ["month", "2026-10"],
        ["tab", "recibidos"],
        ["q", "banco"],
        ["menu", "consultas"],
      ],
    });
  });

  it("drops the selected account of the catalog, which may not exist in the other organization", () => {
    expect(
      organizationSwitchTarget("/admin/catalog", new URLSearchParams("org=1&account=10-01-00-00-00&expand=all")),
    ).toEqual({
      action: "/admin/catalog",
      fields: [["expand", "all"]],
    });
  });

  it("sends a receipt to the month view of its month and tab, and an import job to the import screen", () => {
    const search = new URLSearchParams("org=3101123456&showSidebar=0&q=x");
    expect(
      organizationSwitchTarget("/detail/65f0c0ffee00000000000001", search, { month: "2026-10", tab: "recibidos" }),
    ).toEqual({
      action: "/",
      fields: [
        ["month", "2026-10"],
        ["tab", "recibidos"],
        ["showSidebar", "0"],
      ],
    });
    expect(organizationSwitchTarget("/detail/import/65f0c0ffee00000000000002", search).action).toBe("/detail/import");
    expect(organizationSwitchTarget("/detail/import", search).action).toBe("/detail/import");
    expect(organizationSwitchTarget("/detail", search).action).toBe("/detail");
  });

  it("sends an entry template to the templates list, and a new entry filled from a template to a blank one", () => {
    const search = new URLSearchParams("org=3101123456&menu=configuracion&template=65f0&apply=1&base=100&typed[1]=5");
    expect(organizationSwitchTarget("/admin/accounting-entry-templates/65f0c0ffee00000000000004", search)).toEqual({
      action: "/admin/accounting-entry-templates",
      fields: [["menu", "configuracion"]],
    });
    expect(organizationSwitchTarget("/admin/accounting-entry-templates/new", search).action).toBe(
      "/admin/accounting-entry-templates/new",
    );
    expect(organizationSwitchTarget("/entries/detail/new", search)).toEqual({
      action: "/entries/detail/new",
      fields: [["menu", "configuracion"]],
    });
  });

  it("sends an entry's page to the entries list, and keeps the list's range and filters", () => {
    const search = new URLSearchParams("org=3101123456&showSidebar=1");
    expect(organizationSwitchTarget("/entries/view/65f0c0ffee00000000000003", search)).toEqual({
      action: "/entries/list",
      fields: [["showSidebar", "1"]],
    });
    expect(organizationSwitchTarget("/entries/detail/65f0c0ffee00000000000003", search).action).toBe("/entries/list");
    expect(organizationSwitchTarget("/entries/detail/new", search).action).toBe("/entries/detail/new");
    expect(
      organizationSwitchTarget("/entries/list", new URLSearchParams("org=1&from=2025-10-01&page=3")).fields,
    ).toEqual([["from", "2025-10-01"]]);
  });
});
