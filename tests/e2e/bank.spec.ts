import { ensureOrganization } from "../../models/organization";
import { seriousViolations } from "./support/axe";
import { expect, signedInAs, test, testDatabase } from "./support/fixtures";

/**
 * Conciliación Bancaria (issue 29): an admin adds a client's bank account and imports a Scotiabank
 * statement, with and without JavaScript; importing the same file again adds nothing. Each run has an
 * organization of its own.
 */
for (const javaScriptEnabled of [true, false]) {
  const cedula = javaScriptEnabled ? "3101888801" : "3101888802";
  const org = `CR:${cedula}`;

  test.describe(`bank ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("add an account, import its statement once, see its lines pending", async ({ page }) => {
      await testDatabase();
      await ensureOrganization({
        _id: org,
        name: `Banco E2E ${javaScriptEnabled ? "JS" : "HTML"} S.A.`,
        identificationType: "02",
      });
      await signedInAs(page, "admin", { [org]: "admin" });

      await page.goto(`/admin/bank?org=${cedula}`);
      await expect(page.getByRole("heading", { level: 1, name: "Conciliación Bancaria" })).toBeVisible();
      await page.getByLabel("Banco", { exact: true }).selectOption("scotiabank");
      await page.getByLabel("Formato de los estados de cuenta").selectOption("scotiabank");
      await page.getByLabel("Número de cuenta del banco").fill("4455667788");
      await page.getByLabel("Cuenta contable").selectOption("10-01-01-03-01");
      await page.getByRole("button", { name: "Guardar cuenta bancaria" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Scotiabank · 4455667788" })).toBeVisible();
      await expect(page.getByText("Aún no se ha importado ningún estado de cuenta.")).toBeVisible();

      await page.goto(`/admin/bank?org=${cedula}`);
      await expect(page.getByTestId("bank-account")).toHaveCount(1);
      await page.setViewportSize({ width: 390, height: 844 });
      // With JavaScript the wide table turns into cards on the render after the resize: wait for it.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
        .toBeLessThanOrEqual(0);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByLabel("Archivo del banco").setInputFiles("tests/fixtures/bank/scotiabank-cuenta.csv");
      await page.getByRole("button", { name: "Importar" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Scotiabank · 4455667788" })).toBeVisible();
      await expect(page.getByText("Se importaron 4 movimientos nuevos.")).toBeVisible();
      await expect(page.getByTestId("bank-line-counts")).toContainText("4 movimientos pendientes");
      await expect(page.getByTestId("bank-lines").getByTestId("bank-line")).toHaveCount(4);
      await expect(page.getByTestId("bank-lines")).toContainText("COMISIÓN TRANSFERENCIA INTERNACIONAL");
      if (javaScriptEnabled) expect(await seriousViolations(page, "bank account (admin)")).toEqual([]);
      // On a phone the page never scrolls sideways: the lines become cards.
      await page.setViewportSize({ width: 390, height: 844 });
      // With JavaScript the wide table turns into cards on the render after the resize: wait for it.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
        .toBeLessThanOrEqual(0);
      await page.setViewportSize({ width: 1280, height: 900 });
      // The reconciliation's date is chosen with a plain GET form.
      await page.getByLabel("Fecha de la conciliación").fill("2026-11-30");
      await page.getByRole("button", { name: "Ver" }).click();
      await expect(page.getByTestId("bank-reconciliation")).toContainText("Conciliación al 30/11/2026");
      await expect(page.getByTestId("bank-reconciliation")).toContainText(
        "Menos partidas del banco no registradas (4 movimientos)",
      );
      await page
        .getByTestId("bank-lines")
        .getByRole("button", { name: "Excluir: COMISIÓN TRANSFERENCIA INTERNACIONAL" })
        .click();
      await expect(page.getByText("Movimiento excluido de la conciliación.")).toBeVisible();
      await expect(page.getByTestId("bank-line-counts")).toContainText("3 movimientos pendientes");
      await expect(page.getByTestId("bank-line-counts")).toContainText("1 excluido");

      await page.goto(`/admin/bank?org=${cedula}`);
      await page.getByLabel("Archivo del banco").setInputFiles("tests/fixtures/bank/scotiabank-cuenta.csv");
      await page.getByRole("button", { name: "Importar" }).click();
      await expect(
        page.getByText("El archivo no trae movimientos nuevos: sus 4 movimientos ya estaban importados.").first(),
      ).toBeVisible();
      if (javaScriptEnabled) expect(await seriousViolations(page, "bank (admin)")).toEqual([]);
    });
  });
}
