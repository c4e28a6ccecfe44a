import type { Page } from "@playwright/test";
import { currentMonth, shiftMonth } from "../../app/domain/calendar";
import { sidebarMenu } from "../../app/domain/menu";
import { seriousViolations } from "./support/axe";
import { Receipt } from "../../models/receipt";
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

/**
 * Boxes that scroll sideways on this screen but cannot be reached with the keyboard: each must be a
 * focusable region with a name (TableScrollRegion). Mantine's scroll area counts, hidden or not.
 */
async function unreachableScrollBoxes(page: Page, screen: string): Promise<string[]> {
  const boxes = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("main *")]
      .filter((element) => {
        const overflow = getComputedStyle(element).overflowX;
        return (overflow === "auto" || overflow === "scroll") && element.scrollWidth > element.clientWidth + 1;
      })
      .filter(
        (element) =>
          element.tabIndex !== 0 || element.getAttribute("role") !== "region" || !element.getAttribute("aria-label"),
      )
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80)),
  );
  return boxes.map((box) => `${screen}: ${box}`);
}

/** The contrast ratio of an element's text over what is behind it (alpha backgrounds blended up to the page). */
function contrastOf(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const rgba = (text: string) => (text.match(/[\d.]+/g) ?? []).map(Number);
      const layers: number[][] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const [r, g, b, a = 1] = rgba(getComputedStyle(node).backgroundColor);
        if (a > 0) layers.push([r, g, b, a]);
        if (a === 1) break;
      }
      let background = [255, 255, 255];
      for (const [r, g, b, a] of layers.reverse())
        background = [
          r * a + background[0] * (1 - a),
          g * a + background[1] * (1 - a),
          b * a + background[2] * (1 - a),
        ];
      const luminance = ([r, g, b]: number[]) => {
        const channel = (value: number) => {
          const c = value / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      const text = luminance(rgba(getComputedStyle(element).color));
      const back = luminance(background);
      return (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
    });
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

  test("issue 25: the «adv.» badge is readable, wide tables scroll in named focusable regions, the balance check is no alert", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    // A received document with three arithmetic warnings, as the month view shows it.
    const receipt = await Receipt.findOneAndUpdate(
      { organizationId: FERRETERIA, month: lastMonth, direction: "received" },
      { $set: { warnings: ["Total de línea", "Total del impuesto", "Total del comprobante"] } },
      { new: true },
    );
    expect(receipt, "a received document last month").not.toBeNull();

    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, await createUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } }));
    const found: string[] = [];

    await page.goto(`/?org=3101123456&month=${lastMonth}&tab=recibidos`);
    await page.setViewportSize({ width: 1366, height: 900 });
    const badge = page.getByTestId("receipts-table").getByText("3 adv.");
    await expect(badge).toBeVisible();
    expect(await contrastOf(page, "[data-testid=receipts-table] .mantine-Badge-label")).toBeGreaterThanOrEqual(4.5);
    expect(await badge.evaluate((element) => parseFloat(getComputedStyle(element).fontSize))).toBeGreaterThanOrEqual(
      10,
    );
    await page.setViewportSize({ width: 390, height: 844 });

    const screens: Array<[string, string]> = [
      ["Balance de Comprobación", "/results-all?org=3101123456&level=5"],
      ["Estado de Resultados", "/results?org=3101123456&level=5&compare=previous"],
      ["Balance General", "/results-general?org=3101123456&level=5&compare=lastYear"],
      ["IVA", `/admin/vat?org=3101123456&month=${lastMonth}`],
      ["asientos", "/entries/list?org=3101123456"],
      ["movimientos", "/entries/movement-list?org=3101123456&account=10-01-01-01-00"],
      ["nuevo asiento", "/entries/detail/new?org=3101123456"],
      ["reglas", "/admin/rules?org=3101123456"],
    ];
    for (const [screen, path] of screens) {
      await page.goto(path);
      await expect(page.locator("main")).toBeVisible();
      found.push(...(await unreachableScrollBoxes(page, screen)));
      found.push(...(await seriousViolations(page, `390 px ${screen}`)));
    }
    expect(found).toEqual([]);

    // The arrow keys scroll the trial balance's own box.
    await page.goto("/results-all?org=3101123456&level=5");
    const region = page.getByRole("region", { name: /Balance de Comprobación/ });
    await region.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);

    // The balance check is read in its place, not announced as an alert on every load.
    await page.goto("/results-general?org=3101123456");
    await expect(page.getByTestId("balance-check")).toHaveAttribute("role", "status");
    await expect(page.locator("main [role=alert]")).toHaveCount(0);
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
