import type { Page } from "@playwright/test";
import { Counterparty } from "../../models/counterparty";
import { OpenItem } from "../../models/open-item";
import { ensureOrganization } from "../../models/organization";
import { seriousViolations } from "./support/axe";
import { expect, signedInAs, test, testDatabase } from "./support/fixtures";

/**
 * Dollars (issue 30): an admin keeps a bank account in dollars, posts a dollar entry (the form asks for
 * US$ and the rate), sees the dollar balance, and books, reverses and books again the month-end
 * diferencial cambiario, which lists a customer's open invoice in dollars — with and without JavaScript, each run on an organization of its own. The
 * closing rate is the one the app fetched from the rate stand-in (tests/e2e/support/global-setup.ts).
 */
const BANK_USD = "10-01-01-04-01";
const SALES = "40-01-01-01-00";

/** The month before today's in Costa Rica, `YYYY-MM`, and its 15th as the form writes it. */
function previousMonth(): { month: string; fifteenth: string } {
  const today = new Date(Date.now() - 6 * 60 * 60_000);
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const month = first.toISOString().slice(0, 7);
  return { month, fifteenth: `15/${month.slice(5, 7)}/${month.slice(0, 4)}` };
}

async function chooseAccount(page: Page, line: number, code: string, search: string, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) {
    await page.getByRole("combobox", { name: `Línea ${line}: cuenta`, exact: true }).selectOption(code);
    return;
  }
  const field = page.getByRole("textbox", { name: `Línea ${line}: cuenta`, exact: true });
  await field.fill(search);
  await page.getByRole("option", { name: new RegExp(`^${code}`) }).click();
}

async function expectToast(page: Page, javaScriptEnabled: boolean, text: string | RegExp) {
  await expect(javaScriptEnabled ? page.getByText(text).first() : page.getByTestId("toast-fallback")).toContainText(
    text,
  );
}

for (const javaScriptEnabled of [true, false]) {
  const cedula = javaScriptEnabled ? "3101284101" : "3101284102";
  const org = `CR:${cedula}`;

  test.describe(`dollars ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("a dollar bank account, a dollar entry and the month-end revaluation", async ({ page }) => {
      await testDatabase();
      await ensureOrganization({
        _id: org,
        name: `Dólares E2E ${javaScriptEnabled ? "JS" : "HTML"} S.A.`,
        identificationType: "02",
      });
      await signedInAs(page, "admin", { [org]: "admin" });
      const { month, fifteenth } = previousMonth();

      // The catalog marks the bank account as kept in dollars.
      await page.goto(`/admin/catalog?org=${cedula}&account=${BANK_USD}`);
      await page.getByRole("button", { name: "Llevar en dólares (US$)" }).click();
      await expectToast(page, javaScriptEnabled, `La cuenta ${BANK_USD} se lleva en dólares.`);
      await expect(page.getByTestId("account-panel").getByText("En dólares (US$)")).toBeVisible();

      // The entry form asks for US$ and the rate on the dollar account's line.
      await page.goto(`/entries/detail/new?org=${cedula}`);
      await page.getByRole("textbox", { name: "Fecha" }).fill(fifteenth);
      await page.getByRole("textbox", { name: "Descripción", exact: true }).fill("Venta de exportación");
      await chooseAccount(page, 1, BANK_USD, "cta. corriente US$", javaScriptEnabled);
      await page.getByLabel("Línea 1: débito", { exact: true }).fill("50000");
      await chooseAccount(page, 2, SALES, "ventas gravadas", javaScriptEnabled);
      await page.getByLabel("Línea 2: crédito", { exact: true }).fill("50000");
      if (!javaScriptEnabled) {
        // Without JavaScript the fields come with the refusal that names them.
        await page.getByRole("button", { name: "Contabilizar" }).click();
        await expect(page.getByText("se lleva en dólares: indique el monto en US$ y el tipo de cambio")).toBeVisible();
      }
      await page.getByLabel("Línea 1: monto en dólares").fill("100");
      await page.getByLabel("Línea 1: tipo de cambio").fill("500");
      if (javaScriptEnabled) await expect(page.getByText("US$ × tipo de cambio = ₡50 000,00")).toBeVisible();
      await page.getByRole("button", { name: "Contabilizar" }).click();
      await expect(page).toHaveURL(/\/entries\/view\/[0-9a-f]{24}/);

      // The movement list shows the dollars beside the colones.
      await page.goto(`/entries/movement-list?org=${cedula}&account=${BANK_USD}&from=${month}-01`);
      await expect(page.getByTestId("closing-dollars")).toContainText("100,00");
      await expect(page.getByTestId("line-dollars").first()).toContainText("₡500,00");

      // A customer's invoice of US$200,00 at ₡505,00 still open, as the receipts import leaves it.
      const party = await Counterparty.create({
        organizationId: org,
        cedula: "3101999777",
        nombre: "Cliente en Dólares S.A.",
        seenAt: new Date(),
      });
      await OpenItem.create({
        organizationId: org,
        side: "receivable",
        partyId: party._id,
        key: `e2e-usd-${cedula}`,
        kind: "FE",
        consecutivo: "00100001010000000777",
        fecha: `${month}-10`,
        dueDate: `${month}-10`,
        currency: "USD",
        foreignAmount: 20_000_000n,
        foreignBalance: 20_000_000n,
        rate: 50_500_000n,
        amount: 10_100_000n,
        balance: 10_100_000n,
        settledAtIssue: false,
        createdAt: new Date(),
      });

      // «Diferencial cambiario» for that month, once the app has the closing rate.
      const difference = `/admin/exchange-difference?org=${cedula}&month=${month}`;
      await expect(async () => {
        await page.goto(difference);
        await expect(page.getByTestId("closing-rate")).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await expect(page.getByRole("heading", { level: 1, name: "Diferencial cambiario" })).toBeVisible();
      // The bank account, and clientes revalued through its document in dollars.
      await expect(page.getByTestId("revaluation-row")).toHaveCount(2);
      await expect(page.getByTestId("revaluation-row").first()).toContainText("₡50 000,00");
      await expect(page.getByTestId("open-item-revaluation-row")).toHaveCount(1);
      await expect(page.getByTestId("open-item-revaluation-row")).toContainText("Cliente en Dólares S.A.");
      await expect(page.getByTestId("open-item-revaluation-row")).toContainText("₡101 000,00");
      if (javaScriptEnabled) expect(await seriousViolations(page, "diferencial cambiario")).toEqual([]);

      await page.getByRole("button", { name: /^Registrar diferencial de / }).click();
      await expectToast(page, javaScriptEnabled, /Diferencial cambiario de .* registrado: asiento \d{4}-\d{6}\./);
      await expect(page.getByTestId("revaluation-posted")).toContainText("Registrado con el asiento");

      await page.getByRole("button", { name: "Revertir el diferencial" }).click();
      await expectToast(page, javaScriptEnabled, "puede registrarlo de nuevo");
      await page.getByRole("button", { name: /^Registrar diferencial de / }).click();
      await expect(page.getByTestId("revaluation-posted")).toContainText("Registrado con el asiento");
    });
  });
}

test("a client user is sent home from «Diferencial cambiario»", async ({ page }) => {
  await signedInAs(page, "client", { "CR:3101123456": "client" });
  await page.goto("/admin/exchange-difference?org=3101123456");
  await expect(page).toHaveURL(/\/$|\/\?/);
});
