import AxeBuilder from "@axe-core/playwright";
import { buildCatalog, flattenCatalog, isSelectable } from "../../app/domain/catalog";
import type { EntryInput } from "../../app/domain/ledger";
import { createAndPost, listEntries } from "../../app/services/ledger/ledger.server";
import { ensureOrganization } from "../../models/organization";
import type { Page } from "@playwright/test";
import { expect, signedInAs, test, testDatabase } from "./support/fixtures";

// One organization per run of the JavaScript on/off pair, each with a year 2025 to close and reopen.
const leaves = flattenCatalog(buildCatalog({})).filter((node) => isSelectable(node));
const leafOf = (prefix: string) => leaves.find((node) => node.key.startsWith(prefix))!.key;
const colones = (text: string) => BigInt(text.replace(".", "")) * 1000n;
const entry = (date: string, debit: string, credit: string, amount: string): EntryInput => ({
  date,
  description: `Cierre E2E ${date}`,
  lines: [
    { account: debit, debit: colones(amount) },
    { account: credit, credit: colones(amount) },
  ],
});

async function prepareBooks(org: string) {
  await testDatabase();
  await ensureOrganization({ _id: org, name: "Cierre E2E S.A.", identificationType: "02" });
  // A worker restarted after a failure evaluates this module again: post the books only once.
  if ((await listEntries(org, {})).count > 0) return;
  for (const input of [
    entry("2025-03-01", leafOf("10-01"), leafOf("30-01"), "1000000.00"),
    entry("2025-06-15", leafOf("10-01"), leafOf("40-01"), "750000.00"),
    entry("2025-09-30", leafOf("60-01"), leafOf("10-01"), "250000.50"),
  ]) {
    const result = await createAndPost(org, input, { by: "e2e" });
    if (!result.ok) throw new Error(result.refusals.map((r) => r.message).join(" | "));
  }
}

async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include("main").analyze();
  return results.violations.map((v) => `${v.id} ${v.nodes.map((node) => node.target.join(" ")).join(" | ")}`);
}

for (const javaScriptEnabled of [true, false]) {
  const cedula = javaScriptEnabled ? "3101888811" : "3101888812";
  const org = `CR:${cedula}`;

  test.describe(`year close, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.beforeAll(() => prepareBooks(org));

    test("an admin closes 2025 from the Balance General, sees it balance without the result line, and reopens it", async ({
      page,
    }) => {
      await signedInAs(page, "admin", { [org]: "admin" });
      await page.goto(`/results-general?org=${cedula}&to=2025-12-31&level=1`);
      await expect(page.getByRole("heading", { name: "Balance General" })).toBeVisible();
      const table = page.getByTestId("general-table");
      const yearResult = table.locator('tr[data-line="yearResult"] [data-testid="amount"]');
      await expect(yearResult).toHaveText(/499\s999,50/);
      const panel = page.getByTestId("year-close");
      await expect(panel.getByRole("heading", { name: "Cierre del período 2025" })).toBeVisible();
      if (javaScriptEnabled) expect(await accessibilityViolations(page)).toEqual([]);

      // Close: a question first (modal with JavaScript, a confirm step from the server without it).
      await panel.getByRole("button", { name: "Cerrar el año 2025" }).click();
      if (javaScriptEnabled) {
        const dialog = page.getByRole("dialog", { name: "¿Cerrar el año 2025?" });
        await expect(dialog).toContainText("la fecha de cierre contable pasará al 31/12/2025");
        await dialog.getByRole("button", { name: "Sí, cerrar el año 2025" }).click();
      } else {
        await expect(page.getByTestId("close-year-button-step")).toContainText("¿Cerrar el año 2025?");
        await page.getByRole("button", { name: "Sí, cerrar el año 2025" }).click();
      }
      await expect(page.getByTestId("year-close-status")).toContainText("El año 2025 está cerrado");
      await expect(table.locator('tr[data-line="yearResult"]')).toHaveCount(0);
      await expect(page.getByTestId("balance-check")).toHaveAttribute("data-holds", "true");
      await expect(page).toHaveURL(/to=2025-12-31/);
      if (javaScriptEnabled) expect(await accessibilityViolations(page)).toEqual([]);

      // The Balance General of the next year still balances; the closed year's result sits in Patrimonio.
      await page.goto(`/results-general?org=${cedula}&to=2026-01-31&level=3`);
      await expect(page.getByTestId("balance-check")).toHaveAttribute("data-holds", "true");
      await expect(table.locator('tr[data-code="30-04-01-00-00"] [data-testid="amount"]')).toHaveText(/499\s999,50/);
      await expect(table.locator('tr[data-line="priorResults"]')).toHaveCount(0);

      // Reopen, with a reason.
      await page.goto(`/results-general?org=${cedula}&to=2025-12-31&level=1`);
      await panel.getByLabel("Motivo de la reapertura").fill("Ajuste pedido por la auditoría");
      await panel.getByRole("button", { name: "Reabrir el año 2025" }).click();
      if (javaScriptEnabled) {
        await page
          .getByRole("dialog", { name: "¿Reabrir el año 2025?" })
          .getByRole("button", { name: "Sí, reabrir el año 2025" })
          .click();
      } else {
        await page.getByRole("button", { name: "Sí, reabrir el año 2025" }).click();
      }
      await expect(panel.getByRole("button", { name: "Cerrar el año 2025" })).toBeVisible();
      await expect(yearResult).toHaveText(/499\s999,50/);
      await expect(page.getByTestId("balance-check")).toHaveAttribute("data-holds", "true");
    });

    test("a client user sees the Balance General without the close panel", async ({ page }) => {
      await signedInAs(page, "client", { [org]: "client" });
      await page.goto(`/results-general?org=${cedula}&to=2025-12-31`);
      await expect(page.getByRole("heading", { name: "Balance General" })).toBeVisible();
      await expect(page.getByTestId("year-close")).toHaveCount(0);
    });
  });
}
