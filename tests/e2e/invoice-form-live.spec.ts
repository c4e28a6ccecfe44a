import type { Page } from "@playwright/test";
import { createUser, expect, signIn, test } from "./support/fixtures";

// Issue 24, finding 7: the form offers only the sale conditions the chosen document's v4.4 schema
// accepts, and computes the totals as the user types (with JavaScript) with the server's function;
// without JavaScript «Recalcular» gives the same totals.
const ORG = "3101123456";

async function fillReceptor(page: Page) {
  await page.getByLabel("Nombre del receptor").fill("Distribuidora La Sabana S.A.");
  await page.getByLabel("Tipo de identificación del receptor").selectOption("02");
  await page.getByLabel("Número de identificación del receptor").fill("3101456789");
}

async function fillLine(page: Page) {
  await page.getByLabel("Línea 1: código CABYS").fill("4299900000000");
  await page.getByLabel("Línea 1: detalle").fill("Martillo de uña 16 oz");
  await page.getByLabel("Línea 1: cantidad").fill("2");
  await page.getByLabel("Línea 1: precio unitario").fill("8500");
  await page.getByLabel("Línea 1: tarifa de IVA").selectOption("08");
}

const conditionCodes = (page: Page) =>
  page
    .getByLabel("Condición de venta")
    .locator("option")
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Crear Factura as the user types, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("offers a factura only the sale conditions its schema accepts and shows the totals", async ({ page }) => {
      const admin = await createUser({ persona: "admin", orgs: { [`CR:${ORG}`]: "admin" } });
      await signIn(page, admin);
      await page.goto(`/admin/invoice?org=${ORG}`);
      await expect(page.getByRole("heading", { level: 1, name: "Crear Factura" })).toBeVisible();

      const factura = await conditionCodes(page);
      expect(factura).toContain("01");
      expect(factura).toContain("02");
      expect(factura).not.toContain("09");
      expect(factura).not.toContain("11");

      await fillReceptor(page);
      await fillLine(page);
      const total = page.getByTestId("invoice-total");
      if (javaScriptEnabled) {
        // 2 × 8 500 + 13 %, without pressing anything.
        await expect(total).toHaveText(/₡19\s210,00/);
        await page.getByLabel("Línea 1: cantidad").fill("3");
        await expect(total).toHaveText(/₡28\s815,00/);
        // A nota de crédito may carry 09 and 11; the options follow the document chosen.
        await page.getByLabel("Tipo de documento", { exact: true }).selectOption("NC");
        await expect.poll(() => conditionCodes(page)).toContain("11");
      } else {
        await expect(total).toHaveCount(0);
        await page.getByRole("button", { name: "Recalcular" }).click();
        await expect(page.getByTestId("invoice-total")).toHaveText(/₡19\s210,00/);
      }
    });
  });
}
