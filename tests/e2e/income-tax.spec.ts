import { expect, signedInAs, test } from "./support/fixtures";

const FERRETERIA = "CR:3101123456";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`income-tax brackets and computation, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a super admin edits a bracket table; a bad limit is refused first", async ({ page }) => {
      await signedInAs(page, "superadmin");
      await page.goto("/admin/income-brackets?year=2025");
      const salaried = page.getByTestId("table-2025-asalariado");
      await expect(salaried).toContainText("sin confirmar");
      await salaried.getByRole("link", { name: "Editar" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Asalariado");

      const from = page.getByRole("textbox", { name: "Tramo 2, desde" });
      const typed = await from.inputValue();
      await from.fill("1");
      await page.getByRole("button", { name: "Guardar tabla" }).click();
      await expect(page.getByText("El tramo 2 debe empezar donde termina el anterior")).toBeVisible();

      await page.getByRole("textbox", { name: "Tramo 2, desde" }).fill(typed);
      const source = page.getByRole("textbox", { name: "Fuente" });
      const note = ` Revisada ${javaScriptEnabled ? "con" : "sin"} JavaScript.`;
      const current = await source.inputValue();
      await source.fill(current.includes(note) ? current : `${current}${note}`);
      await page.getByRole("button", { name: "Guardar tabla" }).click();
      await expect(page).toHaveURL(/\/admin\/income-brackets\?year=2025$/);
      await expect(page.getByTestId("table-2025-asalariado")).toContainText(note.trim());
      await expect(page.getByText(/Modificada por superadmin-/).first()).toBeVisible();
    });

    test("an admin reads the tables but may not edit them", async ({ page }) => {
      await signedInAs(page, "admin", { [FERRETERIA]: "admin" });
      await page.goto("/admin/income-brackets?year=2026");
      await expect(page.getByText("Solo un superadministrador puede modificarlas.")).toBeVisible();
      const small = page.getByTestId("table-2026-persona-juridica-pequena");
      await expect(small).toContainText("₡119 174 000,00");
      await expect(small).toContainText("Decreto 45333-H");
      await expect(page.getByRole("link", { name: "Editar" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: /Copiar año/ })).toHaveCount(0);

      const response = await page.goto("/admin/income-brackets/2026/persona-juridica");
      expect(response?.status()).toBe(403);
      await expect(page.getByText("Solo un superadministrador puede cambiar los tramos")).toBeVisible();
    });

    test("an admin opens the income tax of the demo year", async ({ page }) => {
      await signedInAs(page, "admin", { [FERRETERIA]: "admin" });
      await page.goto("/admin/income-tax?org=3101123456&year=2026");
      await expect(page.getByRole("heading", { level: 1, name: "Impuesto sobre la Renta" })).toBeVisible();
      await expect(page.getByTestId("table-reason")).toContainText(
        /renta bruta ₡[\d\s\u00a0\u202f,]+ (≤|>) umbral ₡119 174 000 → tarifa/,
      );
      await expect(page.getByRole("table", { name: /Impuesto por tramo, 2026/ })).toBeVisible();
      await expect(page.getByTestId("tax-total")).toContainText("₡");
      await expect(page.getByRole("heading", { name: "Pagos parciales de 2027" })).toBeVisible();
      await expect(page.getByTestId("prepayments-table")).toContainText("Último día hábil de junio 2027");
      await expect(page.getByRole("heading", { name: /Proyección al 31 de diciembre/ })).toBeVisible();

      await page.getByRole("link", { name: "Estado de Resultados de 2026" }).click();
      await expect(page.getByTestId("results-table")).toContainText(/Impuesto sobre la renta estimado \(tarifa/);
    });
  });
}
