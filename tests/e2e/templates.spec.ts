import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { MONTH_NAMES, todayInCostaRica } from "../../app/domain/calendar";
import { ensureOrganization } from "../../models/organization";
import { seriousViolations } from "./support/axe";
import { createUser, expect, signIn, test } from "./support/fixtures";

const SALARIES = "60-01-01-00-00";
const WORKER_PAYABLE = "20-01-03-03-00";
const NET_PAYABLE = "20-01-03-01-00";

async function newBooks() {
  const cedula = `3101${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
  const organizationId = `CR:${cedula}`;
  const admin = await createUser({ persona: "admin", orgs: { [organizationId]: "admin" } });
  await ensureOrganization({ _id: organizationId, name: `Planillas ${cedula} S.A.`, identificationType: "02" });
  return { cedula, admin };
}

/** Picks a row's account: the searchable picker with JavaScript, the native select without. */
async function chooseAccount(page: Page, line: number, code: string, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) {
    await page.getByRole("combobox", { name: `Línea ${line}: cuenta`, exact: true }).selectOption(code);
    return;
  }
  const field = page.getByRole("textbox", { name: `Línea ${line}: cuenta`, exact: true });
  await field.fill(code);
  await page.getByRole("option", { name: new RegExp(`^${code}`) }).click();
  await expect(field).toHaveValue(new RegExp(`^${code}`));
}

async function expectAccount(page: Page, line: number, code: string, javaScriptEnabled: boolean) {
  if (javaScriptEnabled)
    await expect(page.getByRole("textbox", { name: `Línea ${line}: cuenta`, exact: true })).toHaveValue(
      new RegExp(`^${code}`),
    );
  else await expect(page.getByRole("combobox", { name: `Línea ${line}: cuenta`, exact: true })).toHaveValue(code);
}

async function percentageRow(
  page: Page,
  line: number,
  code: string,
  side: "debito" | "credito",
  rate: string,
  javaScriptEnabled: boolean,
) {
  await chooseAccount(page, line, code, javaScriptEnabled);
  await page.getByRole("combobox", { name: `Línea ${line}: lado`, exact: true }).selectOption(side);
  await page.getByRole("combobox", { name: `Línea ${line}: tipo de monto`, exact: true }).selectOption("porcentaje");
  await page.getByRole("textbox", { name: `Línea ${line}: porcentaje`, exact: true }).fill(rate);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`entry templates, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an admin creates a payroll template, fills a new entry from it and posts it", async ({ page }) => {
      // Three screens and several round trips: a busy machine needs more than the default budgets.
      test.setTimeout(180_000);
      const { cedula, admin } = await newBooks();
      await signIn(page, admin);
      await page.goto(`/admin/accounting-entry-templates?org=${cedula}`);
      await expect(page.getByRole("heading", { level: 1, name: "Plantillas para Asientos" })).toBeVisible();
      await expect(page.getByText("Este cliente aún no tiene plantillas.")).toBeVisible();
      await page.getByRole("link", { name: "Nueva plantilla" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Nueva plantilla" })).toBeVisible({ timeout: 30_000 });

      // axe runs in the page: checked with JavaScript on (the markup without it is the same server render).
      if (javaScriptEnabled) expect(await seriousViolations(page, "nueva plantilla")).toEqual([]);
      await page.getByRole("textbox", { name: "Nombre" }).fill("Planilla quincenal");
      await page.getByRole("textbox", { name: "Descripción del asiento" }).fill("Planilla {mes} {año}");
      await percentageRow(page, 1, SALARIES, "debito", "100", javaScriptEnabled);
      await percentageRow(page, 2, WORKER_PAYABLE, "credito", "10,83", javaScriptEnabled);
      // Without JavaScript «Agregar línea» asks the server for one more row, keeping what was typed.
      await expect(page.locator("tr[data-line]")).toHaveCount(4);
      await page.getByRole("button", { name: "Agregar línea" }).click();
      await expect(page.locator("tr[data-line]")).toHaveCount(5, { timeout: 30_000 });
      await expect(page.getByRole("textbox", { name: "Línea 2: porcentaje", exact: true })).toHaveValue("10,83");
      // A rate with five decimals is refused on its row.
      await percentageRow(page, 3, NET_PAYABLE, "credito", "89,17001", javaScriptEnabled);
      await page.getByRole("button", { name: "Crear plantilla" }).click();
      await expect(
        page.locator('tr[data-line="3"]').getByText("Escriba el porcentaje con hasta 4 decimales, por ejemplo 9,25."),
      ).toBeVisible({ timeout: 30_000 });
      await page.getByRole("textbox", { name: "Línea 3: porcentaje", exact: true }).fill("89,17");
      await page.getByRole("button", { name: "Crear plantilla" }).click();

      await expect(page).toHaveURL(new RegExp(`/admin/accounting-entry-templates\\?org=${cedula}`), {
        timeout: 30_000,
      });
      await expect(page.getByText("Plantilla «Planilla quincenal» creada.").first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole("link", { name: "Planilla quincenal", exact: true })).toBeVisible();

      await page.getByRole("link", { name: "Usar la plantilla Planilla quincenal" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Nuevo asiento" })).toBeVisible({ timeout: 30_000 });
      await page.getByRole("textbox", { name: "Base" }).fill("1.234");
      await page.getByRole("button", { name: "Llenar el asiento" }).click();
      await expect(page.getByText("Escriba el monto con coma decimal, por ejemplo 1234,56.")).toBeVisible({
        timeout: 30_000,
      });
      // 333 333,33 × 10,83 % = 36 099,99964 → 36 100,00; × 89,17 % = 297 233,33036 → 297 233,33.
      await page.getByRole("textbox", { name: "Base" }).fill("333 333,33");
      await page.getByRole("button", { name: "Llenar el asiento" }).click();
      await expect(page.getByText("Se llenó el asiento con la plantilla «Planilla quincenal».")).toBeVisible({
        timeout: 30_000,
      });

      const today = todayInCostaRica(new Date());
      const description = `Planilla ${MONTH_NAMES[Number(today.slice(5, 7)) - 1]} ${today.slice(0, 4)}`;
      await expect(page.getByRole("textbox", { name: "Descripción", exact: true })).toHaveValue(description);
      await expectAccount(page, 1, SALARIES, javaScriptEnabled);
      await expectAccount(page, 3, NET_PAYABLE, javaScriptEnabled);
      await expect(page.getByLabel("Línea 1: débito", { exact: true })).toHaveValue("333333,33");
      await expect(page.getByLabel("Línea 2: crédito", { exact: true })).toHaveValue("36100,00");
      await expect(page.getByLabel("Línea 3: crédito", { exact: true })).toHaveValue("297233,33");
      if (javaScriptEnabled) await expect(page.getByTestId("entry-difference")).toHaveText(/Diferencia: ₡\s?0,00/);

      if (javaScriptEnabled) expect(await seriousViolations(page, "asiento desde plantilla")).toEqual([]);
      await page.getByRole("button", { name: "Contabilizar" }).click();
      const year = today.slice(0, 4);
      await expect(page).toHaveURL(new RegExp(`/entries/view/[0-9a-f]{24}\\?org=${cedula}`), { timeout: 30_000 });
      await expect(page.getByRole("heading", { level: 1, name: `Asiento ${year}-000001` })).toBeVisible();
      await expect(page.getByRole("main")).toContainText(description);
      await expect(page.getByRole("main")).toContainText(NET_PAYABLE);
    });
  });
}
