import type { Page } from "@playwright/test";
import { Counterparty } from "../../models/counterparty";
import { OpenItem } from "../../models/open-item";
import { ensureOrganization } from "../../models/organization";
import { seriousViolations } from "./support/axe";
import { expect, signedInAs, test, testDatabase } from "./support/fixtures";

/**
 * Conciliación Bancaria (issue 29): an admin adds a client's bank account and imports a Scotiabank
 * statement, with and without JavaScript; importing the same file again adds nothing. Then, on another
 * organization, a customer's SINPE settles its two invoices from the bank page and a bank rule books the
 * CCSS debit. A file of 2 500 movements is stored behind a progress page that, without JavaScript,
 * reloads itself until the import ends. Each run has organizations of its own.
 */

/** Adds the Scotiabank account of the sample statement through the page and imports the statement. */
async function accountWithStatement(page: Page, cedula: string) {
  await page.goto(`/admin/bank?org=${cedula}`);
  await page.getByLabel("Banco", { exact: true }).selectOption("scotiabank");
  await page.getByLabel("Formato de los estados de cuenta").selectOption("scotiabank");
  await page.getByLabel("Número de cuenta del banco").fill("4455667788");
  await page.getByLabel("Cuenta contable").selectOption("10-01-01-03-01");
  await page.getByRole("button", { name: "Guardar cuenta bancaria" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Scotiabank · 4455667788" })).toBeVisible();
  await page.goto(`/admin/bank?org=${cedula}`);
  await page.getByLabel("Archivo del banco").setInputFiles("tests/fixtures/bank/scotiabank-cuenta.csv");
  await page.getByRole("button", { name: "Importar" }).click();
  await expect(page.getByText("Se importaron 4 movimientos nuevos.")).toBeVisible();
}

/** Comercial Álvarez owes two invoices that its SINPE of ₡350 000 of the sample statement pays. */
async function customerWithInvoices(org: string) {
  await testDatabase();
  const party = await Counterparty.create({
    organizationId: org,
    cedula: "3101654321",
    nombre: "Comercial Álvarez S.A.",
    seenAt: new Date(),
  });
  const invoices: Array<[string, bigint]> = [
    ["FE-2001", 20_000_000n],
    ["FE-2002", 15_000_000n],
  ];
  await OpenItem.create(
    invoices.map(([document, amount]) => ({
      organizationId: org,
      side: "receivable" as const,
      partyId: party._id,
      key: `e2e-${org}-${document}`,
      kind: "FE",
      consecutivo: document,
      fecha: "2026-10-01",
      dueDate: "2026-10-31",
      amount,
      balance: amount,
      createdAt: new Date(),
    })),
  );
}

/** A Scotiabank file of `count` movements (more than are stored while the request waits). */
function longScotiabankFile(count: number): Buffer {
  const rows = ["TIPO_TRANSACCION;TIPO_MOVIMIENTO;MONEDA;NUMERO_CUENTA;REFERENCIA;FECHA;MONTO;CONCEPTO"];
  for (let i = 0; i < count; i++) {
    const day = String((i % 28) + 1).padStart(2, "0");
    rows.push(
      `TRANSFERENCIA;${i % 2 === 0 ? "C" : "D"};CRC;4455667788;${500_000 + i};${day}102026;${10_000 + i};PAGO ${i}`,
    );
  }
  return Buffer.from(`${rows.join("\r\n")}\r\n`, "latin1");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`long statement import ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("a file of 2 500 movements is stored behind a progress page that follows it to the end", async ({ page }) => {
      const cedula = javaScriptEnabled ? "3101290295" : "3101290296";
      await testDatabase();
      await ensureOrganization({ _id: `CR:${cedula}`, name: "Banco Largo E2E S.A.", identificationType: "02" });
      await signedInAs(page, "admin", { [`CR:${cedula}`]: "admin" });
      await page.goto(`/admin/bank?org=${cedula}`);
      await page.getByLabel("Banco", { exact: true }).selectOption("scotiabank");
      await page.getByLabel("Formato de los estados de cuenta").selectOption("scotiabank");
      await page.getByLabel("Número de cuenta del banco").fill("4455667788");
      await page.getByLabel("Cuenta contable").selectOption("10-01-01-03-01");
      await page.getByRole("button", { name: "Guardar cuenta bancaria" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Scotiabank · 4455667788" })).toBeVisible();
      await page.goto(`/admin/bank?org=${cedula}`);
      await page
        .getByLabel("Archivo del banco")
        .setInputFiles({ name: "scotia-octubre.csv", mimeType: "text/csv", buffer: longScotiabankFile(2_500) });
      await page.getByRole("button", { name: "Importar" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Importación de estado de cuenta" })).toBeVisible();
      // Without JavaScript the page reloads itself (Refresh header) until the import ends.
      await expect(page.getByTestId("bank-import-job")).toHaveAttribute("data-status", "terminada", {
        timeout: 120_000,
      });
      await expect(page.getByRole("status")).toContainText(/Se importaron 2\s500 movimientos nuevos\./);
      await page.getByRole("link", { name: "Ver los movimientos de la cuenta" }).click();
      await expect(page.getByTestId("bank-line-counts")).toContainText(/2\s500 movimientos pendientes/);
      if (javaScriptEnabled) expect(await seriousViolations(page, "bank account after a long import")).toEqual([]);
    });
  });
}

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

    test("settle a customer's invoices from its SINPE and book the CCSS debit with a rule", async ({ page }) => {
      const rulesCedula = javaScriptEnabled ? "3101888803" : "3101888804";
      const rulesOrg = `CR:${rulesCedula}`;
      await testDatabase();
      await ensureOrganization({
        _id: rulesOrg,
        name: `Reglas E2E ${javaScriptEnabled ? "JS" : "HTML"} S.A.`,
        identificationType: "02",
      });
      await customerWithInvoices(rulesOrg);
      await signedInAs(page, "admin", { [rulesOrg]: "admin" });
      await accountWithStatement(page, rulesCedula);

      const proposal = page.getByTestId("bank-proposal").filter({ hasText: "COMERCIAL ÁLVAREZ" });
      await expect(proposal).toContainText(
        "FE FE-2001 de Comercial Álvarez S.A. + FE FE-2002 de Comercial Álvarez S.A.",
      );
      await proposal.getByRole("button", { name: "Registrar cobro y conciliar" }).click();
      await expect(page.getByText("Movimiento conciliado.")).toBeVisible();
      await expect(page.getByTestId("bank-line-counts")).toContainText("1 conciliado");

      await page.getByRole("link", { name: "Ver y editar las reglas" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Reglas bancarias" })).toBeVisible();
      await page.getByLabel("Nombre de la regla").fill("Cargas CCSS");
      await page.getByLabel("El texto del movimiento contiene").fill("planilla ccss");
      await page.getByRole("button", { name: "Guardar regla" }).click();
      await expect(page.getByText("Elija la cuenta contable del movimiento.")).toBeVisible();
      await page.getByLabel("Cuenta contable del movimiento").selectOption("60-01-04-00-00");
      await page.getByRole("button", { name: "Guardar regla" }).click();
      await expect(page.getByText("Regla guardada.")).toBeVisible();
      // Words in another order are not what the bank writes: corrected through «Editar».
      await page.getByRole("link", { name: "Editar la regla Cargas CCSS" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "Editar regla" })).toBeVisible();
      await page.getByLabel("El texto del movimiento contiene").fill("ccss planilla");
      await page.getByRole("button", { name: "Guardar cambios" }).click();
      await expect(page.getByText("Regla actualizada.")).toBeVisible();
      await expect(page.getByTestId("bank-rule")).toContainText("Registra en 60-01-04-00-00");

      await page.getByRole("link", { name: "← Scotiabank · 4455667788" }).click();
      await page.getByRole("button", { name: "Aplicar reglas" }).click();
      await expect(page.getByText("Se registró 1 movimiento con las reglas.")).toBeVisible();
      await expect(page.getByTestId("bank-line-counts")).toContainText("2 conciliados");
      await page
        .getByTestId("bank-lines")
        .getByRole("button", { name: "Deshacer: PAGO CCSS PLANILLA OCTUBRE" })
        .click();
      await expect(page.getByText("Conciliación deshecha.")).toBeVisible();
      await expect(page.getByTestId("bank-line-counts")).toContainText("1 conciliado");
      if (javaScriptEnabled) expect(await seriousViolations(page, "bank rules (admin)")).toEqual([]);
    });
  });
}
