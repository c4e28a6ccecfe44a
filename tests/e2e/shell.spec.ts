import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createUser, expect, signIn, signedInAs, test } from "./support/fixtures";

const FERRETERIA = "CR:3101123456";
const SODA = "CR:3102654321";

const ADMIN_MENU: Record<string, [string, string[]]> = {
  consultas: [
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
  balances: ["Balances", ["Estado de Resultados", "Balance General", "Balance de Comprobación"]],
  impuestos: ["Impuestos", ["IVA"]],
  administracion: [
    "Administración",
    ["Crear Factura", "Crear Asiento Contable", "Conciliación Bancaria", "Diferencial cambiario"],
  ],
  configuracion: [
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
};

function sidebar(page: Page) {
  return page.getByRole("navigation", { name: "Menú principal" });
}

async function sectionLabels(page: Page) {
  return sidebar(page)
    .locator("[data-section]")
    .evaluateAll((nodes) => nodes.map((node) => node.querySelector(".mantine-NavLink-label")?.textContent?.trim()));
}

async function openLinks(page: Page, section: string) {
  await page.goto(`/?menu=${section}`);
  // Only one section is open at a time: the visible links that are not section headers are its links.
  return sidebar(page).locator("a:not([data-section])").filter({ visible: true }).allInnerTexts();
}

async function expectMenu(page: Page, expected: Record<string, [string, string[]]>) {
  await page.goto("/?menu=consultas");
  expect(await sectionLabels(page)).toEqual(Object.values(expected).map(([label]) => label));
  for (const [key, [, links]] of Object.entries(expected)) {
    expect(
      (await openLinks(page, key)).map((t) => t.trim()),
      key,
    ).toEqual(links);
  }
}

test.describe("sidebar shell", () => {
  test("an admin sees every section with the spec's texts, a greeting and the copyright line", async ({ page }) => {
    const user = await signedInAs(page, "admin", { [FERRETERIA]: "admin" });
    await expect(sidebar(page).getByText(`Hola ${user.email}`)).toBeVisible();
    await expectMenu(page, ADMIN_MENU);
    await expect(sidebar(page).getByRole("button", { name: "Salir" })).toBeVisible();
    await expect(sidebar(page).getByText(new RegExp(`© ${new Date().getFullYear()} `))).toBeVisible();
  });

  test("a super admin sees what an admin sees", async ({ page }) => {
    await signedInAs(page, "superadmin");
    await expectMenu(page, ADMIN_MENU);
  });

  test("a client user sees only Consultas (without Movimientos por Cuenta) and Balances", async ({ page }) => {
    await signedInAs(page, "client", { [FERRETERIA]: "client" });
    await expectMenu(page, {
      consultas: ["Consultas", ["Comprobantes", "Asientos Contables", "Cuentas por cobrar", "Cuentas por pagar"]],
      balances: ADMIN_MENU.balances,
    });
  });

  test("showSidebar=0 hides the sidebar, 1 shows it, and the toggle is a link", async ({ page }) => {
    await signedInAs(page, "client", { [FERRETERIA]: "client" });
    await page.goto("/?showSidebar=0");
    await expect(page.getByTestId("sidebar")).toBeHidden();
    await page.getByRole("link", { name: "Mostrar menú lateral" }).click();
    await expect(page).toHaveURL(/showSidebar=1/);
    await expect(page.getByTestId("sidebar")).toBeVisible();
    await page.goto("/?showSidebar=1");
    await expect(page.getByTestId("sidebar")).toBeVisible();
  });

  test("menu opens its section and survives navigation inside the shell", async ({ page }) => {
    await signedInAs(page, "admin", { [FERRETERIA]: "admin" });
    await page.goto("/?menu=configuracion&showSidebar=1");
    const link = sidebar(page).getByRole("link", { name: "Clientes", exact: true });
    await expect(link).toBeVisible();
    await expect(sidebar(page).getByRole("link", { name: "IVA" })).toBeHidden();
    await link.click();
    await expect(page).toHaveURL(/\/admin\/organizations\?(?=.*menu=configuracion)(?=.*showSidebar=1)/);
    await expect(sidebar(page).getByRole("link", { name: "Clientes", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("on a small screen the sidebar is a modal layer that closes with Escape", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const user = await createUser({ persona: "client", orgs: { [FERRETERIA]: "client" } });
    await signIn(page, user);
    await expect(page.getByTestId("sidebar")).toBeHidden();
    await page.getByRole("button", { name: "Abrir menú" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`Hola ${user.email}`)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await context.close();
  });

  test("Salir works without JavaScript", async ({ browser, baseURL }) => {
    const user = await createUser({ persona: "client", orgs: { [FERRETERIA]: "client" } });
    const withJs = await browser.newContext({ baseURL });
    const page = await withJs.newPage();
    await signIn(page, user);
    const cookies = await withJs.cookies();
    const noJs = await browser.newContext({ baseURL, javaScriptEnabled: false });
    await noJs.addCookies(cookies);
    const plain = await noJs.newPage();
    await plain.goto("/?menu=balances");
    await plain.getByRole("button", { name: "Salir" }).click();
    await expect(plain).toHaveURL(/\/login\?returnTo=%2F%3Fmenu%3Dbalances$/);
    await plain.goto("/");
    await expect(plain).toHaveURL(/\/login\?returnTo=%2F$/);
    await withJs.close();
    await noJs.close();
  });

  test("the organization switcher changes the selected organization; a foreign ?org= is 404", async ({ page }) => {
    await signedInAs(page, "admin", { [FERRETERIA]: "admin", [SODA]: "admin" });
    const switcher = page.getByTestId("organization-switcher");
    await page.goto("/?org=3101123456");
    await expect(switcher).toHaveValue("3101123456");
    await expect(page.getByRole("main")).toContainText("Ferretería El Clavo S.A.");
    await switcher.selectOption("3102654321");
    await expect(page).toHaveURL(/org=3102654321/);
    await expect(page.getByRole("main")).toContainText("Soda La Esquina Ltda.");
    await page.goto("/");
    await expect(switcher).toHaveValue("3102654321");
    await expect(page.getByRole("main")).toContainText("Soda La Esquina Ltda.");
    const response = await page.goto("/?org=111110111");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Organización no encontrada" })).toBeVisible();
  });

  test("an unknown path shows the not-found page with a working link home, for visitors and users", async ({
    page,
  }) => {
    const response = await page.goto("/esto/no/existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Parece que se ha perdido")).toBeVisible();
    await signedInAs(page, "client", { [FERRETERIA]: "client" });
    const signedIn = await page.goto("/tampoco-existe");
    expect(signedIn?.status()).toBe(404);
    await page.getByRole("link", { name: "Volver a la página principal" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(sidebar(page)).toBeVisible();
  });

  test("a client user opening an admin route lands on /", async ({ page }) => {
    await signedInAs(page, "client", { [FERRETERIA]: "client" });
    await page.goto("/admin/organizations");
    await expect(page).toHaveURL(/\/$/);
  });

  test("the shell has no serious accessibility violations", async ({ page }) => {
    await signedInAs(page, "admin", { [FERRETERIA]: "admin" });
    await page.goto("/?menu=consultas");
    const results = await new AxeBuilder({ page }).include("header").include("nav").analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      serious.map(
        (v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(" ") + " " + n.failureSummary).join(" | ")}`,
      ),
    ).toEqual([]);
  });
});

test.describe("errors inside the shell", () => {
  test("an organization the admin may not see answers 404 inside the shell, in Spanish, without a stack trace", async ({
    page,
  }) => {
    await signedInAs(page, "admin", { [FERRETERIA]: "admin" });
    const response = await page.goto("/?org=3102654321&menu=consultas");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Organización no encontrada" })).toBeVisible();
    await expect(sidebar(page).getByRole("button", { name: "Salir" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver a la página principal" })).toBeVisible();
    await expect(page.locator("body")).not.toContainText(/at \S+ \(|Error:|\.tsx?:\d+/);
  });
});
