import type { Page } from "@playwright/test";
import { currentMonth, monthLabel, shiftMonth } from "../../app/domain/calendar";
import { createUser, expect as baseExpect, signIn, test } from "./support/fixtures";

// The rule form carries three account pickers of the whole catalog: a busy machine needs longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

const FERRETERIA = "CR:3101123456";
const lastMonth = shiftMonth(currentMonth(), -1);
const ACCOUNT = "60-02-07-00-00";

/** Picks the rule's account: the searchable picker with JavaScript, the native select without. */
async function chooseAccount(page: Page, code: string, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) {
    await page.getByRole("combobox", { name: "Cuenta contable", exact: true }).selectOption(code);
    return;
  }
  const field = page.getByRole("textbox", { name: "Cuenta contable", exact: true });
  await field.fill(code);
  await page.getByRole("option", { name: new RegExp(`^${code}`) }).click();
  await expect(field).toHaveValue(new RegExp(`^${code}`));
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`reception rules, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an admin writes a rule, puts it first, simulates last month and deletes it", async ({ page }) => {
      test.setTimeout(240_000);
      const admin = await createUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } });
      await signIn(page, admin);
      await page.goto("/admin/rules?org=3101123456");
      await expect(page.getByRole("heading", { level: 1, name: "Recepción Automática de Comprobantes" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Cuentas contables por defecto" })).toHaveAttribute(
        "href",
        /\/admin\/rules\/default-accounts/,
      );
      // The demo rules of Ferretería El Clavo.
      await expect(page.getByRole("link", { name: "Mercadería de Distribuidora La Sabana" })).toBeVisible();

      await page.getByRole("link", { name: "Nueva regla" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Nueva regla" })).toBeVisible();
      const name = `Facturas de prueba ${javaScriptEnabled ? "con" : "sin"} JavaScript`;
      await page.getByLabel("Nombre de la regla").fill(name);
      await page.getByRole("combobox", { name: "Condición 1: campo" }).selectOption("documentType");
      await page.getByRole("combobox", { name: "Condición 1: comparación" }).selectOption("equals");
      await page.getByRole("textbox", { name: "Condición 1: valor" }).fill("FE");
      // «Agregar condición» adds a row (a round trip without JavaScript) and keeps what was typed.
      await page.getByRole("button", { name: "Agregar condición" }).click();
      await expect(page.getByRole("textbox", { name: "Condición 3: valor" })).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Condición 1: valor" })).toHaveValue("FE");
      await page.getByRole("combobox", { name: "Condición 2: campo" }).selectOption("currency");
      await page.getByRole("combobox", { name: "Condición 2: comparación" }).selectOption("equals");
      // A bad value is refused next to its field, and nothing is saved.
      await page.getByRole("textbox", { name: "Condición 2: valor" }).fill("colones");
      await chooseAccount(page, ACCOUNT, javaScriptEnabled);
      await page.getByRole("button", { name: "Crear regla" }).click();
      await expect(page.getByText("La moneda es un código de tres letras (CRC, USD, EUR).")).toBeVisible();
      await page.getByRole("textbox", { name: "Condición 2: valor" }).fill("CRC");
      await page.getByRole("combobox", { name: "Condición 2: campo" }).selectOption("");
      await page.getByRole("combobox", { name: "Condición 2: comparación" }).selectOption("");
      await page.getByRole("textbox", { name: "Condición 2: valor" }).fill("");
      await page.getByRole("button", { name: "Crear regla" }).click();

      await expect(page).toHaveURL(/\/admin\/rules\?org=3101123456$/);
      const row = page.locator(`tr[data-rule="${name}"]`);
      await expect(row).toContainText("Tipo de documento es igual a FE");
      await expect(row).toContainText(ACCOUNT);
      // New rules go last; «Subir» until it is first, one place per click.
      const position = row.getByRole("cell").first();
      for (let place = Number(await position.textContent()); place > 1; place--) {
        await row.getByRole("button", { name: `Subir: ${name}` }).click();
        await expect(position).toHaveText(String(place - 1));
      }
      await expect(row.getByRole("button", { name: `Subir: ${name}` })).toBeDisabled();
      await expect(page.locator("tbody tr").first()).toHaveAttribute("data-rule", name);

      await page.getByRole("link", { name: "Simular" }).click();
      await page.getByRole("textbox", { name: "Mes" }).fill(lastMonth);
      await page.getByRole("button", { name: "Simular" }).click();
      await expect(page.getByRole("heading", { level: 2, name: new RegExp(monthLabel(lastMonth), "i") })).toBeVisible();
      const rules = page.getByTestId("simulated-rule");
      await expect(rules.filter({ hasText: name }).first()).toBeVisible();
      await expect(page.getByText(/Se contabilizaría|Quedaría en borrador/).first()).toBeVisible();
      await expect(page.getByRole("cell", { name: new RegExp(`^${ACCOUNT}`) }).first()).toBeVisible();

      // Deleting it (confirmed) leaves the demo rules as they were.
      await page.getByRole("link", { name: "← Recepción Automática de Comprobantes" }).click();
      await page.getByRole("link", { name }).click();
      await page.getByRole("button", { name: "Eliminar regla" }).click();
      await (javaScriptEnabled ? page.getByRole("dialog") : page)
        .getByRole("button", { name: "Eliminar regla" })
        .last()
        .click();
      await expect(page).toHaveURL(/\/admin\/rules\?org=3101123456$/);
      await expect(page.locator(`tr[data-rule="${name}"]`)).toHaveCount(0);
      await expect(page.locator("tbody tr").first()).toHaveAttribute(
        "data-rule",
        "Mercadería de Distribuidora La Sabana",
      );
    });
  });
}
