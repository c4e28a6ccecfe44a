import { currentMonth, shiftMonth } from "../../app/domain/calendar";
import { createUser, expect, signIn, test } from "./support/fixtures";

/**
 * Issue 17, item 10: at 390 px the month view shows one compact card per receipt (fecha,
 * contraparte, total, estado) instead of a table cut off sideways; a CSS media query decides, so it
 * holds with JavaScript off too. Wide screens keep the table.
 */
const FERRETERIA = "CR:3101123456";
const lastMonth = shiftMonth(currentMonth(), -1);

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a phone (390 × 844), ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled, hasTouch: true, isMobile: javaScriptEnabled });

    test("the month's receipts are cards, nothing scrolls sideways, and a card opens its receipt", async ({ page }) => {
      const user = await createUser({ persona: "client", orgs: { [FERRETERIA]: "client" } });
      await signIn(page, user);
      await page.goto(`/?org=3101123456&month=${lastMonth}&tab=recibidos`);

      await expect(page.getByTestId("receipts-table")).toBeHidden();
      const cards = page.getByTestId("receipt-card");
      await expect(cards.first()).toBeVisible();
      const count = await page.getByTestId("receipt-row").count();
      await expect(cards).toHaveCount(count);

      // Fecha, contraparte, total and estado of each card, within the screen's width.
      const first = cards.first();
      await expect(first).toContainText(/\d{2}\/\d{2}\/\d{4}/);
      await expect(first.locator("[data-role=amount]")).toHaveText(/₡/);
      await expect(first.getByTestId("hacienda-badge")).toBeVisible();
      const box = (await first.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await expect(page.getByTestId("totals-card")).toContainText(/Totales del mes \(\d+ comprobantes?\)/);

      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways).toBeLessThanOrEqual(0);

      const contraparte = (await first.getByRole("link").textContent())!.trim();
      await first.getByRole("link").click();
      await expect(page).toHaveURL(/\/detail\/[0-9a-f]{24}/);
      await expect(page.getByRole("main")).toContainText(contraparte);
    });
  });
}

test("a wide screen keeps the table and hides the cards", async ({ page }) => {
  const user = await createUser({ persona: "client", orgs: { [FERRETERIA]: "client" } });
  await signIn(page, user);
  await page.goto(`/?org=3101123456&month=${lastMonth}&tab=emitidos`);
  await expect(page.getByTestId("receipts-table")).toBeVisible();
  await expect(page.getByTestId("receipt-card").first()).toBeHidden();
  await expect(page.getByTestId("totals-card")).toBeHidden();
});
