import { generateBatch } from "../../scripts/hacienda-samples/src/generate";
import { zipSamples } from "../../scripts/hacienda-samples/src/output";
import { createUser, expect, signIn, test } from "./support/fixtures";
import type { Page } from "@playwright/test";

const FERRETERIA = "CR:3101123456";

/** Receipts Ferretería El Clavo received in a month no other test uses. */
function monthZip(month: string, seed: string, sequenceStart: number) {
  const documents = generateBatch({ seed, count: 4, month, issuedShare: 0, mensajeHaciendaShare: 0, sequenceStart });
  return Buffer.from(zipSamples(documents));
}

async function upload(page: Page, buffer: Buffer) {
  // Files chosen while the page is still hydrating can be dropped by the re-render: wait for it to settle.
  await page.goto("/detail?org=3101123456", { waitUntil: "networkidle" });
  await page.getByLabel("Archivos XML o ZIP").setInputFiles({ name: "mes.zip", mimeType: "application/zip", buffer });
  await page.getByTestId("upload-submit").click();
  await expect(page.getByTestId("count-importado")).toHaveText("4 importados");
}

async function bookTheMonth(page: Page, month: string) {
  await page.goto(`/?org=3101123456&month=${month}&tab=recibidos`);
  const table = page.getByTestId("receipts-table");
  await expect(table.getByRole("columnheader", { name: "Contabilizado" })).toBeVisible();
  await expect(table.locator('td[data-col="contabilizado"]').first()).toHaveText("No");
  const book = page.getByTestId("book-month");
  await expect(book).toHaveText(/^Contabilizar 4 comprobantes pendientes$/);
  await book.click();

  // Nothing is posted yet: the preview lists each receipt by supplier, document, date, amount and entry.
  await expect(page.getByRole("heading", { level: 1, name: /^Contabilizar comprobantes de / })).toBeVisible();
  const preview = page.getByTestId("booking-preview");
  await expect(preview.locator("tbody tr")).toHaveCount(4);
  await expect(preview.locator("tbody tr").first().locator("td").first()).toHaveText(/^\D+\d{9,12}$/);
  await expect(preview.locator("tbody tr").first()).toContainText("₡");
  await expect(preview.locator("tbody tr").first()).toContainText(/Débito \d\d-/);
  await expect(page.getByTestId("booking-preview-summary")).toContainText("4 comprobantes pendientes");
  await page.getByRole("link", { name: "Cancelar" }).click();
  await expect(page.getByTestId("book-month")).toHaveText(/^Contabilizar 4 comprobantes pendientes$/);
  await expect(table.locator('td[data-col="contabilizado"]').first()).toHaveText("No");
  await page.getByTestId("book-month").click();
  await page.getByTestId("confirm-booking").click();

  await expect(page.getByRole("heading", { level: 1, name: /^Contabilización de / })).toBeVisible();
  await expect(page.getByTestId("booking-job")).toHaveAttribute("data-status", "terminada", { timeout: 30_000 });
  const results = page.getByTestId("booking-results");
  await expect(results.getByRole("row")).toHaveCount(5);
  await expect(results).toContainText("Contabilizado");
  // Each result names its supplier (name and cédula), the amount and the entry.
  const firstResult = results.locator("tbody tr").first();
  await expect(firstResult.locator("td").first()).toHaveText(/^\D+\d{9,12}$/);
  await expect(firstResult).toContainText("₡");
  await expect(firstResult.getByRole("link", { name: /^\d{4}-\d{6}$/ })).toBeVisible();

  await page.getByRole("link", { name: /^Volver a los comprobantes de / }).click();
  const links = page.getByTestId("receipts-table").getByTestId("booking-entry-link");
  await expect(links).toHaveCount(4);
  await expect(links.first()).toHaveText(/^Sí · \d{4}-\d{6}$/);
  await expect(page.getByTestId("book-month")).toHaveCount(0);

  // On a phone the month is cards: each says it is booked, with the same entry link.
  const wide = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByTestId("receipt-card");
  await expect(cards.first()).toBeVisible();
  await expect(cards.first().locator('[data-col="contabilizado"]')).toContainText(/Contabilizado:\s*Sí · \d{4}-\d{6}/);
  await expect(page.getByTestId("receipt-cards").getByTestId("booking-entry-link")).toHaveCount(4);
  expect(await cards.first().getByTestId("booking-entry-link").getAttribute("href")).toBe(
    await links.first().getAttribute("href"),
  );
  await page.setViewportSize(wide);

  await links.first().click();
  await expect(page).toHaveURL(/\/entries\/view\/[0-9a-f]{24}/);
  await expect(page.getByRole("main")).toContainText("Comprobante");
}

test.describe("Contabilizar comprobantes", () => {
  test("an admin books a month from the receipts page and follows the entry link", async ({ page }) => {
    const user = await createUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } });
    await signIn(page, user);
    await upload(page, monthZip("2024-02", "e2e-booking-js", 960_000));
    await bookTheMonth(page, "2024-02");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the month is booked with plain forms and a self-refreshing progress page", async ({ page }) => {
      const user = await createUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } });
      await signIn(page, user);
      await upload(page, monthZip("2024-03", "e2e-booking-nojs", 970_000));
      await bookTheMonth(page, "2024-03");
    });

    test("the default accounts page saves with a plain form", async ({ page }) => {
      const user = await createUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } });
      await signIn(page, user);
      await page.goto("/admin/rules/default-accounts?org=3101123456");
      await expect(page.getByRole("heading", { level: 1, name: "Cuentas contables por defecto" })).toBeVisible();
      const receivable = page.getByLabel("Cuentas por cobrar a clientes");
      await expect(receivable).toHaveValue("10-01-02-01-00");
      await receivable.selectOption("10-01-02-02-00");
      await page.getByRole("button", { name: "Guardar" }).click();
      await expect(page.getByText("Cuentas contables por defecto guardadas.")).toBeVisible();
      await expect(page.getByLabel("Cuentas por cobrar a clientes")).toHaveValue("10-01-02-02-00");
      await page.getByLabel("Cuentas por cobrar a clientes").selectOption("10-01-02-01-00");
      await page.getByRole("button", { name: "Guardar" }).click();
      await expect(page.getByText("Cuentas contables por defecto guardadas.")).toBeVisible();
    });
  });
});
