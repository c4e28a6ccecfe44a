import type { Page } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { createUser, expect, signIn, test } from "./support/fixtures";

// The app fetches the day's rate at boot from a stand-in of Hacienda's endpoint that publishes today at
// ₡503,12 / ₡509,87 (tests/e2e/support/global-setup.ts). This spec writes only rates of past days
// that no other spec reads, and issues nothing.
const ORG = "3101123456";

/** Today's rate, once the app's job has fetched it (it runs at boot). */
async function expectTodayRate(page: Page) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("today-rate")).toContainText("venta ₡509,87", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

/** A Costa Rica day some days back, as `YYYY-MM-DD`. */
function daysAgo(days: number): string {
  return new Date(Date.now() - 6 * 60 * 60_000 - days * 86_400_000).toISOString().slice(0, 10);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Tipo de cambio, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a super admin reads the day's rate and corrects a past day; an admin only reads", async ({ page }) => {
      const superAdmin = await createUser({ persona: "superadmin", orgs: {} });
      await signIn(page, superAdmin);
      await page.goto("/admin/exchange-rates");
      await expect(page.getByRole("heading", { level: 1, name: "Tipo de cambio del dólar y del euro" })).toBeVisible();
      await expectTodayRate(page);
      await expect(page.getByTestId("rate-warning")).toHaveCount(0);
      await expect(page.getByTestId("euro-today-rate")).toContainText("venta ₡588,21");
      await expect(page.getByTestId("euro-rate-warning")).toHaveCount(0);

      // A day before the 31 the job back-fills, a different one per run, so nothing else ever meets it.
      const iso = daysAgo(javaScriptEnabled ? 33 : 34);
      const day = iso.split("-").reverse().join("/");
      const form = page.locator("#rate-entry-form");
      await form.getByRole("textbox", { name: "Fecha" }).fill(day);
      await form.getByLabel("Compra (₡)").fill("0");
      await form.getByLabel("Venta (₡)").fill("490,5");
      await form.getByLabel("Motivo").fill("Corrección según el BCCR");
      await form.getByRole("button", { name: "Guardar tipo de cambio" }).click();
      await expect(form.getByText("El tipo de cambio debe estar entre ₡1 y ₡10 000.")).toBeVisible();

      await form.getByLabel("Compra (₡)").fill("484,25");
      await form.getByRole("button", { name: "Guardar tipo de cambio" }).click();
      const message = `Tipo de cambio del ${day} ingresado: compra ₡484,25, venta ₡490,50.`;
      await expect(
        javaScriptEnabled ? page.getByText(message).first() : page.getByTestId("toast-fallback"),
      ).toContainText(message);
      const row = page.getByTestId("rates-table").locator(`tr[data-date="${iso}"]`);
      await expect(row).toContainText("₡490,50");
      await expect(row).toContainText("Ingresado a mano");
      await expect(page.getByTestId("rate-change").first()).toContainText("(Corrección según el BCCR)");
      if (javaScriptEnabled) expect(await seriousViolations(page, "tipo de cambio")).toEqual([]);

      await page.context().clearCookies();
      const admin = await createUser({ persona: "admin", orgs: { [`CR:${ORG}`]: "admin" } });
      await signIn(page, admin);
      await page.goto("/admin/exchange-rates");
      await expect(page.getByTestId("today-rate")).toContainText("venta ₡509,87");
      await expect(page.getByRole("button", { name: "Guardar tipo de cambio" })).toHaveCount(0);
    });

    test("an invoice in dollars starts with the day's sell rate and keeps a typed one", async ({ page }) => {
      const admin = await createUser({ persona: "admin", orgs: { [`CR:${ORG}`]: "admin" } });
      await signIn(page, admin);
      await page.goto("/admin/exchange-rates");
      await expectTodayRate(page);
      await page.goto(`/admin/invoice?org=${ORG}`);
      const rate = page.getByLabel("Tipo de cambio (colones)");
      await page.getByLabel("Moneda", { exact: true }).selectOption("USD");
      if (!javaScriptEnabled) {
        await expect(rate).toHaveValue("");
        await page.getByRole("button", { name: "Recalcular" }).click();
      }
      await expect(rate).toHaveValue("509,87");
      await expect(page.getByText(/Venta de referencia del \d\d\/\d\d\/\d{4}: ₡509,87/)).toBeVisible();

      await rate.fill("515,5");
      await page.getByLabel("Moneda", { exact: true }).selectOption("CRC");
      await page.getByLabel("Moneda", { exact: true }).selectOption("USD");
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Recalcular" }).click();
      await expect(rate).toHaveValue("515,5");
    });
  });
}
