import { describe, expect, it } from "vitest";
import { isActivePath, readShellParams, shellHref, sidebarMenu, withShellParam } from "./menu";

const client = { isRoot: false, isSuperAdmin: false, isAdmin: false };
const admin = { ...client, isAdmin: true };
const superAdmin = { ...client, isSuperAdmin: true };
const root = { ...client, isRoot: true };

const labels = (flags: typeof client) =>
  sidebarMenu(flags).map((section) => [section.label, section.links.map((link) => link.label)]);

describe("sidebarMenu (docs/spec/routes.md §2, docs/spec/access.md §4)", () => {
  it("shows regular users only Consultas without Movimientos por Cuenta, and Balances", () => {
    expect(labels(client)).toEqual([
      ["Consultas", ["Comprobantes", "Asientos Contables", "Cuentas por cobrar", "Cuentas por pagar"]],
      ["Balances", ["Estado de Resultados", "Balance General", "Balance de Comprobación"]],
    ]);
  });

  it("shows admins every section with the spec's labels and routes", () => {
    expect(labels(admin)).toEqual([
      [
        "Consultas",
        [
          "Resumen de clientes",
          "Comprobantes",
          "Asientos Contables",
          "Movimientos por Cuenta",
          "Cuentas por cobrar",
          "Cuentas por pagar",
        ],
      ],
      ["Balances", ["Estado de Resultados", "Balance General", "Balance de Comprobación"]],
      ["Impuestos", ["IVA"]],
      ["Administración", ["Crear Factura", "Crear Asiento Contable", "Conciliación Bancaria", "Diferencial cambiario"]],
      [
        "Configuración",
        [
          "Recepción Automática de Comprobantes",
          "Correo de Comprobantes",
          "Personalización de Catálogo de Cuentas",
          "Plantillas para Asientos",
          "Clientes",
          "Tramos del Impuesto de Renta",
          "Tipo de cambio",
        ],
      ],
    ]);
    expect(sidebarMenu(admin).flatMap((s) => s.links.map((l) => l.to))).toEqual([
      "/admin/board",
      "/",
      "/entries/list",
      "/entries/movement-list",
      "/receivables",
      "/payables",
      "/results",
      "/results-general",
      "/results-all",
      "/admin/vat",
      "/admin/invoice",
      "/entries/detail/new",
      "/admin/bank",
      "/admin/exchange-difference",
      "/admin/rules",
      "/admin/mailboxes",
      "/admin/catalog",
      "/admin/accounting-entry-templates",
      "/admin/organizations",
      "/admin/income-brackets",
      "/admin/exchange-rates",
    ]);
  });

  it("shows super admins and root what admins see", () => {
    expect(labels(superAdmin)).toEqual(labels(admin));
    expect(labels(root)).toEqual(labels(admin));
  });
});

describe("shell query parameters", () => {
  it("reads showSidebar (1 or 0) and menu", () => {
    expect(readShellParams(new URLSearchParams("showSidebar=0&menu=balances"))).toEqual({
      showSidebar: false,
      menu: "balances",
    });
    expect(readShellParams(new URLSearchParams("showSidebar=1"))).toEqual({ showSidebar: true, menu: null });
    expect(readShellParams(new URLSearchParams("menu=otra"))).toEqual({ showSidebar: true, menu: null });
  });

  it("preserves showSidebar and menu on links inside the shell", () => {
    const current = new URLSearchParams("showSidebar=0&menu=balances&page=3");
    expect(shellHref("/results", current)).toBe("/results?showSidebar=0&menu=balances");
    expect(shellHref("/", new URLSearchParams())).toBe("/");
  });

  it("sets or removes one parameter on the current page", () => {
    expect(withShellParam("/results", "?menu=balances", "showSidebar", "0")).toBe(
      "/results?menu=balances&showSidebar=0",
    );
    expect(withShellParam("/results", "?menu=balances", "menu", null)).toBe("/results");
  });

  it("highlights the current route", () => {
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/", "/detail/abc")).toBe(true);
    expect(isActivePath("/", "/results")).toBe(false);
    expect(isActivePath("/admin/organizations", "/admin/organizations/3101123456")).toBe(true);
    expect(isActivePath("/results", "/results-general")).toBe(false);
  });
});
