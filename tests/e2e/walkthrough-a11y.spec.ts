import type { Page } from "@playwright/test";
import { currentMonth, shiftMonth } from "../../app/domain/calendar";
import { sidebarMenu } from "../../app/domain/menu";
import { seriousViolations } from "./support/axe";
import { createUser, expect, signIn, signedInAs, test } from "./support/fixtures";

/**
 * Issue 17, item 9: axe over every page a person can reach — each sidebar destination as an admin and
 * as a client user, the receipt with the answer form, the catalog with a node open and its panel, the
 * sign-in pages, the not-found page and the small-screen month view.
 */

const FERRETERIA = "CR:3101123456";
const lastMonth = shiftMonth(currentMonth(), -1);

async function check(page: Page, found: string[], screen: string, path?: string) {
  if (path) await page.goto(path);
  await expect(page.locator("body")).toBeVisible();
  found.push(...(await seriousViolations(page, screen)));
}

/** The confirmation of an irreversible action: the modal, or the confirm step when the page runs without its scripts. */
async function confirmation(page: Page, stepTestId: string) {
  await expect(page.getByRole("dialog").or(page.getByTestId(stepTestId))).toBeVisible();
}

async function closeDialog(page: Page) {
  if (!(await page.getByRole("dialog").isVisible())) return;
  await page.getByRole("dialog").getByRole("button", { name: "Cancelar" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0); // its closing transition would read as low contrast
}

test.describe("item 9: accessibility of every page", () => {
  test("the catalog tree has no links inside <summary>, and a node can still be opened and chosen", async ({
    page,
  }) => {
    await signedInAs(page, "admin", { [FERRETERIA]: "admin" });
    await page.goto("/admin/catalog?org=3101123456&account=10-01-01-00-00");
    const tree = page.getByTestId("catalog-tree");
    await expect(tree.locator("summary a, summary button, summary input")).toHaveCount(0);
    // The chosen account's ancestors are open; its own subaccounts open and close from its triangle.
    const node = tree.locator('details[data-code="10-01-01-00-00"]');
    await expect(tree.locator('details[data-code="10-01-00-00-00"]')).toHaveAttribute("open", "");
    await expect(node).not.toHaveAttribute("open", "");
    const summary = node.locator("> summary");
    await expect(summary).toHaveAccessibleName(/^Subcuentas de 10-01-01-00-00 /);
    await summary.click();
    await expect(node).toHaveAttribute("open", "");
    await summary.click();
    await expect(node).not.toHaveAttribute("open", "");
    await summary.focus();
    await expect(summary).toBeFocused();
    await summary.click();
    await expect(node).toHaveAttribute("open", "");
    await tree.getByRole("link", { name: /^10-01-01-01-00 / }).click();
    await expect(page).toHaveURL(/account=10-01-01-01-00/);
    await expect(page.getByRole("button", { name: "Deshabilitar cuenta" })).toBeVisible();
  });

  test("every page an admin reaches, with forms and open nodes, has no serious violations", async ({ page }) => {
    test.setTimeout(300_000); // axe over some thirty screens
    await signedInAs(page, "admin", { [FERRETERIA]: "admin" });
    const found: string[] = [];
    const admin = sidebarMenu({ isRoot: false, isSuperAdmin: false, isAdmin: true });
    for (const section of admin) {
      await check(page, found, `menú ${section.key} abierto`, `/?org=3101123456&menu=${section.key}`);
      for (const link of section.links)
        await check(
          page,
          found,
          link.to,
          `${link.to}${link.to.includes("?") ? "&" : "?"}org=3101123456&menu=${section.key}`,
        );
    }
    await check(page, found, "mes recibidos", `/?org=3101123456&month=${lastMonth}&tab=recibidos`);
    await check(page, found, "mes vacío", "/?org=3101123456&month=2020-01");
    await check(page, found, "subir comprobantes", "/detail?org=3101123456");
    await check(page, found, "importaciones", "/detail/import?org=3101123456");

    // A received receipt with the answer form, then its confirmation modal.
    await page.goto(`/?org=3101123456&month=${lastMonth}&tab=recibidos`);
    const hrefs = await page
      .getByTestId("receipt-row")
      .locator("a[href*='/detail/']")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    let answerable = false;
    for (const href of [...new Set(hrefs)]) {
      await page.goto(href);
      if ((await page.getByTestId("answer-form").count()) > 0) {
        answerable = true;
        break;
      }
    }
    expect(answerable, "a received receipt with the answer form").toBe(true);
    await check(page, found, "comprobante con formulario de respuesta");
    await page.getByTestId("answer-form").getByRole("radio", { name: "Aceptar", exact: true }).check();
    await page.getByTestId("answer-form").getByLabel("Condición del impuesto").selectOption("01");
    await page.getByRole("button", { name: "Registrar respuesta" }).click();
    await confirmation(page, "answer-submit-step");
    await check(page, found, "confirmación de la respuesta");
    await closeDialog(page);

    await check(page, found, "comprobante tras cancelar");
    await page.goto(`/?org=3101123456&month=${lastMonth}&tab=emitidos`);
    await page.getByTestId("receipt-row").first().locator("a[href*='/detail/']").first().click();
    await expect(page).toHaveURL(/\/detail\//);
    await check(page, found, "comprobante emitido");

    // The catalog with a node open and an account's panel; everything expanded; a search.
    await check(page, found, "catálogo con nodo abierto", "/admin/catalog?org=3101123456&account=10-01-01-00-00");
    await check(page, found, "catálogo, cuenta de movimiento", "/admin/catalog?org=3101123456&account=10-01-01-01-00");
    await check(page, found, "catálogo expandido", "/admin/catalog?org=3101123456&expand=all");
    await check(page, found, "catálogo, búsqueda", "/admin/catalog?org=3101123456&q=banco");
    await check(page, found, "cliente", "/admin/organizations/3101123456");
    await page.getByRole("button", { name: "Desactivar cliente" }).click();
    await confirmation(page, "deactivate-client-step");
    await check(page, found, "confirmación de desactivar cliente");
    await closeDialog(page);
    await check(page, found, "página no encontrada (con sesión)", "/esto/no/existe");
    expect(found).toEqual([]);
  });

  test("a client user's pages and the small-screen month view have no serious violations", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, await createUser({ persona: "client", orgs: { [FERRETERIA]: "client" } }));
    const found: string[] = [];
    for (const section of sidebarMenu({ isRoot: false, isSuperAdmin: false, isAdmin: false })) {
      for (const link of section.links)
        await check(page, found, `cliente ${link.to}`, `${link.to}?org=3101123456&menu=${section.key}`);
    }
    await check(page, found, "móvil: mes", `/?org=3101123456&month=${lastMonth}&tab=emitidos`);
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await check(page, found, "móvil: menú abierto");
    expect(found).toEqual([]);
    await context.close();
  });

  test("the sign-in pages and the visitor's not-found page have no serious violations", async ({ page }) => {
    const found: string[] = [];
    await check(page, found, "login", "/login");
    await check(page, found, "login tras inactividad", "/login?returnTo=%2F&reason=idle");
    await check(page, found, "olvidó su contraseña", "/forgot-password");
    await check(page, found, "no encontrada", "/esto/no/existe");
    expect(found).toEqual([]);
  });
});
