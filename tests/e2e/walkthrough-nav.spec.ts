import type { Browser, Page } from "@playwright/test";
import { currentMonth, shiftMonth } from "../../app/domain/calendar";
import { NOT_FOUND_TEXT } from "../../app/components/RouteErrorPage";
import { createUser, expect, signIn, signedInAs, test } from "./support/fixtures";

/** Issue 17, items 1 (sidebar sections with JavaScript), 4 (switching organization keeps the place) and 11 (unbuilt seed routes). */

const FERRETERIA = "CR:3101123456";
const SODA = "CR:3102654321";
const lastMonth = shiftMonth(currentMonth(), -1);

function sidebar(page: Page) {
  return page.getByRole("navigation", { name: "Menú principal" });
}

async function pageWithoutJs(browser: Browser, baseURL: string | undefined, from: Page) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await context.addCookies(await from.context().cookies());
  return { context, page: await context.newPage() };
}

test.describe("item 1: sidebar sections open with JavaScript", () => {
  test("on the desktop a click on Configuración and Enter or Space on Balances open them; the links work", async ({
    page,
  }) => {
    await signedInAs(page, "admin", { [FERRETERIA]: "admin" });
    await page.goto("/");
    const nav = sidebar(page);
    await expect(nav.getByRole("link", { name: "Comprobantes" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Clientes", exact: true })).toBeHidden();

    await nav.getByRole("link", { name: "Configuración" }).click();
    await expect(nav.getByRole("link", { name: "Clientes", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Personalización de Catálogo de Cuentas" })).toBeVisible();
    await expect(nav.locator('[data-section="configuracion"]')).toHaveAttribute("aria-expanded", "true");

    const balances = nav.locator('[data-section="balances"]');
    await balances.focus();
    await page.keyboard.press("Enter");
    await expect(nav.getByRole("link", { name: "Estado de Resultados" })).toBeVisible();
    await expect(balances).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Space");
    await expect(nav.getByRole("link", { name: "Estado de Resultados" })).toBeHidden();
    await expect(balances).toHaveAttribute("aria-expanded", "false");

    await nav.getByRole("link", { name: "Configuración" }).click();
    await nav.getByRole("link", { name: "Clientes", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/organizations\?(?=.*menu=configuracion)/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Clientes", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("?menu still decides which section is open when a page loads", async ({ page }) => {
    await signedInAs(page, "admin", { [FERRETERIA]: "admin" });
    await page.goto("/?menu=balances");
    await expect(sidebar(page).getByRole("link", { name: "Balance General" })).toBeVisible();
    await expect(sidebar(page).getByRole("link", { name: "Comprobantes" })).toBeHidden();
  });

  test("in the small-screen drawer Configuración opens and Catálogo is reachable", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, await createUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } }));
    await page.getByRole("button", { name: "Abrir menú" }).click();
    const drawer = page.getByRole("dialog");
    await drawer.getByRole("link", { name: "Configuración" }).click();
    await drawer.getByRole("link", { name: "Personalización de Catálogo de Cuentas" }).click();
    await expect(page).toHaveURL(/\/admin\/catalog/);
    await expect(page.getByRole("heading", { name: "Catálogo de cuentas" })).toBeVisible();
    await context.close();
  });

  test("without JavaScript the heading is a link that sets ?menu", async ({ browser, baseURL, page }) => {
    await signedInAs(page, "admin", { [FERRETERIA]: "admin" });
    const plain = await pageWithoutJs(browser, baseURL, page);
    await plain.page.goto("/");
    await sidebar(plain.page).getByRole("link", { name: "Configuración" }).click();
    await expect(plain.page).toHaveURL(/menu=configuracion/);
    await sidebar(plain.page).getByRole("link", { name: "Clientes", exact: true }).click();
    await expect(plain.page).toHaveURL(/\/admin\/organizations/);
    await plain.context.close();
  });
});

test.describe("item 4: changing organization keeps the place", () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`the month view keeps its month and tab (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
      baseURL,
      page,
    }) => {
      await signedInAs(page, "admin", { [FERRETERIA]: "admin", [SODA]: "admin" });
      const plain = javaScriptEnabled ? null : await pageWithoutJs(browser, baseURL, page);
      const here = plain?.page ?? page;
      await here.goto(`/?org=3101123456&month=${lastMonth}&tab=recibidos&menu=consultas`);
      await here.getByTestId("organization-switcher").selectOption("3102654321");
      if (!javaScriptEnabled) await here.getByRole("button", { name: "Cambiar" }).click();
      await expect(here).toHaveURL(/org=3102654321/);
      const url = new URL(here.url());
      expect(url.pathname).toBe("/");
      expect(url.searchParams.get("month")).toBe(lastMonth);
      expect(url.searchParams.get("tab")).toBe("recibidos");
      expect(url.searchParams.get("menu")).toBe("consultas");
      await expect(here.getByRole("main")).toContainText("Soda La Esquina Ltda.");
      await plain?.context.close();
    });
  }

  test("a receipt page goes to the other organization's month view of the receipt's month and tab", async ({
    page,
  }) => {
    await signedInAs(page, "admin", { [FERRETERIA]: "admin", [SODA]: "admin" });
    await page.goto(`/?org=3101123456&month=${lastMonth}&tab=recibidos`);
    await page.getByTestId("receipt-row").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/detail\/[0-9a-f]{24}/);
    await page.getByTestId("organization-switcher").selectOption("3102654321");
    await expect(page).toHaveURL(/org=3102654321/);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/");
    expect(url.searchParams.get("month")).toBe(lastMonth);
    expect(url.searchParams.get("tab")).toBe("recibidos");
    await expect(page.getByText(NOT_FOUND_TEXT)).toHaveCount(0);
    await expect(page.getByRole("main")).toContainText("Soda La Esquina Ltda.");
  });

  test("a receipt link without ?org opens in the receipt's organization for whoever may see it, and is 404 for others", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signedInAs(page, "admin", { [FERRETERIA]: "admin", [SODA]: "admin" });
    await page.goto(`/?org=3101123456&month=${lastMonth}&tab=emitidos`);
    await page.getByTestId("receipt-row").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/detail\/[0-9a-f]{24}/);
    const id = new URL(page.url()).pathname.split("/")[2];
    const clave = await page.getByTestId("receipt-clave").textContent();

    await page.goto("/?org=3102654321"); // the remembered organization is now Soda
    const response = await page.goto(`/detail/${id}`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).searchParams.get("org")).toBe("3101123456");
    await expect(page.getByTestId("receipt-clave")).toHaveText(clave!);
    await expect(page.getByTestId("organization-switcher")).toHaveValue("3101123456");

    const context = await browser.newContext({ baseURL });
    const stranger = await context.newPage();
    await signIn(stranger, await createUser({ persona: "admin", orgs: { [SODA]: "admin" } }));
    const refused = await stranger.goto(`/detail/${id}`);
    expect(refused?.status()).toBe(404);
    await context.close();
  });
});

test.describe("item 11: every seed route sends visitors to /login; not-found keeps the shell", () => {
  const SEED_PATHS = [
    "/",
    "/detail",
    "/detail/65f0c0ffee00000000000001",
    "/entries/view/1",
    "/entries/detail/new",
    "/entries/detail/1",
    "/entries/list",
    "/entries/movement-list",
    "/results",
    "/results-general",
    "/results-all",
    "/admin/invoice",
    "/admin/invoice/1",
    "/admin/rules",
    "/admin/organizations",
    "/admin/organizations/3101123456",
    "/admin/vat",
    "/admin/accounting-entry-templates",
    "/admin/income-brackets",
    "/admin/income-tax",
    "/admin/catalog",
  ];

  test("an anonymous visitor of any seed route lands on /login with returnTo", async ({ page }) => {
    for (const path of SEED_PATHS) {
      const target = `${path}?menu=balances`;
      await page.goto(target);
      const url = new URL(page.url());
      expect(url.pathname, path).toBe("/login");
      expect(url.searchParams.get("returnTo"), path).toBe(target);
    }
    const response = await page.goto("/esto/no/existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  });

  test("a signed-in user's not-found page keeps the sidebar and the organization switcher", async ({ page }) => {
    await signedInAs(page, "admin", { [FERRETERIA]: "admin", [SODA]: "admin" });
    await page.goto("/?org=3102654321");
    for (const path of ["/esto/no/existe", "/admin/no-existe?menu=configuracion"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
      await expect(sidebar(page).getByRole("button", { name: "Salir" })).toBeVisible();
      await expect(page.getByTestId("organization-switcher")).toHaveValue("3102654321");
    }
    await expect(sidebar(page).getByRole("link", { name: "Clientes", exact: true })).toBeVisible();
  });
});
