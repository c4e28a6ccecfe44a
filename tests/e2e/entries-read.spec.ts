import AxeBuilder from "@axe-core/playwright";
import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { firstDayOfMonth, formatCalendarDate, monthOf, todayInCostaRica } from "../../app/domain/calendar";
import { parseAmount } from "../../app/domain/money";
import { createAndPost, createDraft } from "../../app/services/ledger/ledger.server";
import { ensureOrganization } from "../../models/organization";
import { createUser, expect, signIn, test } from "./support/fixtures";

const CASH = "10-01-01-01-00"; // Caja general
const SALES = "40-01-01-01-00"; // Ventas gravadas 13 %
const CAPITAL = "30-01-01-00-00";

const amount = (text: string) => parseAmount(text)!;
const money = (text: string) => text.replace(/\s/g, " ");

/**
 * A new organization with its own books, so the balances are known: an opening deposit, a counter
 * sale (to find, open and reverse) and a draft, all dated on the first day of the current month in
 * Costa Rica (the list's and the movement list's default range).
 */
async function booksWithEntries() {
  const cedula = `3101${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
  const organizationId = `CR:${cedula}`;
  const admin = await createUser({ persona: "admin", orgs: { [organizationId]: "admin" } });
  const client = await createUser({ persona: "client", orgs: { [organizationId]: "client" } });
  await ensureOrganization({
    _id: organizationId,
    name: `Ferretería de Prueba ${cedula} S.A.`,
    identificationType: "02",
  });
  const date = firstDayOfMonth(monthOf(todayInCostaRica(new Date())));
  const actor = { by: "contador@prueba.cr" };
  const opening = await createAndPost(
    organizationId,
    {
      date,
      description: "Aporte inicial de los socios",
      lines: [
        { account: CASH, debit: amount("1000000") },
        { account: CAPITAL, credit: amount("1000000") },
      ],
    },
    actor,
  );
  const sale = await createAndPost(
    organizationId,
    {
      date,
      description: "Venta de mostrador",
      reference: "FE-0042",
      lines: [
        { account: CASH, debit: amount("11300"), description: "Efectivo" },
        { account: SALES, credit: amount("11300") },
      ],
    },
    actor,
  );
  const draft = await createDraft(
    organizationId,
    { date, description: "Borrador de compra", lines: [{ account: CASH, credit: amount("500") }] },
    actor,
  );
  if (!opening.ok || !sale.ok || !draft.ok) throw new Error("the test's entries were refused");
  return { cedula, admin, client, date, saleNumber: sale.entry.number!, openingNumber: opening.entry.number! };
}

async function expectNoSeriousAxeViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).include("main").analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${screen}: ${violation.id} ${violation.nodes.map((node) => node.target.join(" ")).join(" | ")}`,
    );
  expect(serious).toEqual([]);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the books' read screens, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an admin finds an entry in the list, opens it, reverses it and sees both in the movement list", async ({
      page,
    }) => {
      const books = await booksWithEntries();
      await signIn(page, books.admin);
      await page.goto(`/entries/list?org=${books.cedula}`);
      await expect(page.getByRole("heading", { level: 1, name: "Asientos Contables" })).toBeVisible();
      const table = page.getByTestId("entries-table");
      await expect(table.getByTestId("entry-row")).toHaveCount(3);
      await expect(table.getByTestId("entries-totals")).toContainText("Totales (3 asientos)");

      const filters = page.getByRole("search", { name: "Filtrar asientos" });
      await filters.getByRole("textbox", { name: "Texto" }).fill("mostrador");
      await filters.getByRole("button", { name: "Filtrar" }).click();
      await expect(page).toHaveURL(/q=mostrador/);
      await expect(table.getByTestId("entry-row")).toHaveCount(1);
      await expect(table.getByTestId("entry-row")).toContainText("Venta de mostrador");
      await expect(table.getByTestId("entries-totals")).toContainText("Totales (1 asiento)");
      expect(money(await table.getByTestId("entries-totals").innerText())).toContain("₡11 300,00");
      await table.getByRole("link", { name: books.saleNumber }).click();

      await expect(page.getByRole("heading", { level: 1, name: `Asiento ${books.saleNumber}` })).toBeVisible();
      await expect(page.getByTestId("entry-status")).toHaveText("Contabilizado");
      const lines = page.getByTestId("entry-lines");
      await expect(lines.getByTestId("entry-line").first()).toContainText("Caja general");
      await expect(lines.getByTestId("entry-line").first()).toContainText("Efectivo");
      await expect(lines.getByTestId("entry-line").nth(1)).toContainText("Ventas gravadas 13 %");
      await expect(page.getByRole("link", { name: "Editar" })).toBeVisible();
      await expect(page.getByTestId("history-item")).toHaveCount(1);

      const reverseForm = page.getByRole("form", { name: "Revertir asiento" });
      await expect(reverseForm.getByRole("textbox", { name: "Fecha de la reversión" })).toHaveValue(
        formatCalendarDate(todayInCostaRica(new Date())),
      );
      await reverseForm.getByRole("button", { name: "Revertir" }).click();
      if (javaScriptEnabled) {
        const dialog = page.getByRole("dialog", { name: `¿Revertir el asiento ${books.saleNumber}?` });
        await expect(dialog).toContainText("No se puede deshacer.");
        await dialog.getByRole("button", { name: "Sí, revertir" }).click();
      } else {
        // Without JavaScript the server sends the confirm step back: nothing was reversed yet.
        await expect(reverseForm.getByRole("alert")).toContainText(`¿Revertir el asiento ${books.saleNumber}?`);
        await expect(page.getByTestId("entry-status")).toHaveText("Contabilizado");
        await reverseForm.getByRole("button", { name: "Sí, revertir" }).click();
      }

      // The reversal's own page, linked back to the reversed entry.
      await expect(page.getByTestId("reversal-of")).toContainText(
        `Este asiento revierte el asiento ${books.saleNumber}.`,
      );
      const reversalNumber = (await page.getByRole("heading", { level: 1 }).innerText()).replace("Asiento ", "");
      await page.getByTestId("reversal-of").getByRole("link", { name: books.saleNumber }).click();
      await expect(page.getByTestId("entry-status")).toHaveText("Revertido");
      await expect(page.getByTestId("reversed-by")).toContainText(`Revertido por el asiento ${reversalNumber}.`);
      await expect(page.getByRole("form", { name: "Revertir asiento" })).toHaveCount(0);
      await expect(page.getByTestId("history-item")).toHaveCount(2);
      await expect(page.getByTestId("history-item").nth(1)).toContainText("Revertido");

      await page.goto(`/entries/movement-list?org=${books.cedula}&account=${CASH}`);
      await expect(page.getByTestId("movement-account")).toHaveText(`${CASH} Caja general`);
      const movements = page.getByTestId("movements-table");
      const rows = movements.getByTestId("movement-row");
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(0)).toContainText(books.openingNumber);
      await expect(rows.nth(1)).toContainText(books.saleNumber);
      await expect(rows.nth(2)).toContainText(reversalNumber);
      const balances = (await movements.getByTestId("running-balance").allInnerTexts()).map(money);
      expect(balances).toEqual(["₡1 000 000,00", "₡1 011 300,00", "₡1 000 000,00"]);
      expect(money(await page.getByTestId("opening-balance").innerText())).toBe("₡0,00");
      expect(money(await page.getByTestId("closing-balance").innerText())).toBe("₡1 000 000,00");
      await rows.nth(2).getByRole("link", { name: reversalNumber }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Asiento ${reversalNumber}` })).toBeVisible();
    });
  });
}

test.describe("the books' read screens for a client user", () => {
  test("sees the list and the entry but no buttons, and not the movement list", async ({ page }) => {
    const books = await booksWithEntries();
    await signIn(page, books.client);
    await page.goto(`/entries/list?org=${books.cedula}`);
    await expect(page.getByTestId("entries-table").getByTestId("entry-row")).toHaveCount(3);
    await expect(page.getByRole("link", { name: "Crear asiento" })).toHaveCount(0);
    await page.getByTestId("entries-table").getByRole("link", { name: books.saleNumber }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Asiento ${books.saleNumber}` })).toBeVisible();
    await expect(page.getByTestId("entry-lines")).toContainText("Caja general");
    await expect(page.getByRole("link", { name: "Editar" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Revertir" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Eliminar borrador" })).toHaveCount(0);
    await page.goto(`/entries/movement-list?org=${books.cedula}&account=${CASH}`);
    await expect(page).toHaveURL(/\/(\?|$)/);
    await expect(page.getByRole("heading", { level: 1, name: "Movimientos por Cuenta" })).toHaveCount(0);
  });

  test("on a 390 px screen the list shows one card per entry instead of a wide table", async ({ browser }) => {
    const books = await booksWithEntries();
    const context = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await signIn(page, books.client);
    await page.goto(`/entries/list?org=${books.cedula}`);
    const cards = page.getByTestId("entry-cards");
    await expect(cards.getByTestId("entry-card")).toHaveCount(3);
    await expect(page.getByTestId("entries-table")).toBeHidden();
    const sale = cards.getByTestId("entry-card").filter({ hasText: "Venta de mostrador" });
    await expect(sale).toContainText(formatCalendarDate(books.date));
    expect(money(await sale.innerText())).toContain("₡11 300,00");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, "the page does not scroll sideways").toBeLessThanOrEqual(390);
    await context.close();
  });
});

test("the list, an entry and the movement list have no serious accessibility violations", async ({ page }) => {
  const books = await booksWithEntries();
  await signIn(page, books.admin);
  await page.goto(`/entries/list?org=${books.cedula}`);
  await expect(page.getByTestId("entries-table")).toBeVisible();
  await expectNoSeriousAxeViolations(page, "list");
  await page.getByTestId("entries-table").getByRole("link", { name: books.saleNumber }).click();
  await expect(page.getByTestId("entry-lines")).toBeVisible();
  await expectNoSeriousAxeViolations(page, "entry");
  await page.goto(`/entries/movement-list?org=${books.cedula}&account=${CASH}`);
  await expect(page.getByTestId("movements-table")).toBeVisible();
  await expectNoSeriousAxeViolations(page, "movement list");
});
