import { seriousViolations } from "./support/axe";
import { expect, signedInAs, test } from "./support/fixtures";

/**
 * The practice board (docs/spec/board.md): an admin sees the clients it administers, a super admin
 * every active one, a client user is sent to /; with and without JavaScript, and with no serious
 * accessibility violations.
 */

const FERRETERIA = "CR:3101123456";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Resumen de clientes ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("an admin sees only its clients, filters, searches and follows a figure", async ({ page }) => {
      test.setTimeout(180_000); // axe on a loaded machine
      await signedInAs(page, "admin", { [FERRETERIA]: "admin" });
      // One click from the month view's header.
      await page.goto("/");
      await page.getByTestId("board-link").click();
      await expect(page).toHaveURL(/\/admin\/board\?month=\d{4}-\d{2}/);
      await expect(page.getByRole("heading", { level: 1, name: "Resumen de clientes" })).toBeVisible();
      const table = page.getByTestId("board-table");
      await expect(table.getByTestId("board-row")).toHaveCount(1);
      await expect(table).toContainText("Ferretería El Clavo S.A.");
      await expect(table).not.toContainText("Soda La Esquina");
      // axe needs the page's scripts only to run itself; the markup is the server's either way.
      if (javaScriptEnabled) expect(await seriousViolations(page, "board (admin)")).toEqual([]);

      await page.getByLabel("Buscar por nombre o cédula").fill("FERRETERIA");
      await page.getByRole("button", { name: "Filtrar" }).click();
      await expect(page).toHaveURL(/q=FERRETERIA/);
      await expect(table.getByTestId("board-row")).toHaveCount(1);

      await page.getByLabel("Buscar por nombre o cédula").fill("soda");
      await page.getByRole("button", { name: "Filtrar" }).click();
      await expect(page.getByTestId("board-empty")).toContainText("Ningún cliente coincide");

      // By responsible: nobody keeps this client's books yet.
      await page.goto("/admin/board");
      await page.getByLabel("Responsable").selectOption("ninguno");
      await page.getByRole("button", { name: "Filtrar" }).click();
      await expect(page).toHaveURL(/responsable=ninguno/);
      await expect(table.getByTestId("board-row")).toHaveCount(1);

      await page.goto("/admin/board");
      await page.getByTestId("previous-month").click();
      await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
      await table.getByRole("link", { name: /^Recibidos de Ferretería El Clavo/ }).click();
      await expect(page).toHaveURL(/org=3101123456/);
      await expect(page).toHaveURL(/tab=recibidos/);
    });

    test("a super admin sees every active client, not the inactive one", async ({ page }) => {
      await signedInAs(page, "superadmin");
      await page.goto("/admin/board");
      const table = page.getByTestId("board-table");
      await expect(table).toContainText("Ferretería El Clavo S.A.");
      await expect(table).toContainText("Soda La Esquina Ltda.");
      await expect(table).not.toContainText("Comercial Inactiva");
      const csv = await page.request.get("/admin/board.csv");
      expect(csv.headers()["content-type"]).toContain("text/csv");
      expect(await csv.text()).toContain("Soda La Esquina Ltda.");
    });

    test("a client user is sent to /", async ({ page }) => {
      await signedInAs(page, "client", { [FERRETERIA]: "client" });
      await page.goto("/admin/board");
      await expect(page).toHaveURL((url) => url.pathname === "/");
      await expect(page.getByTestId("board-link")).toHaveCount(0);
    });
  });
}

test("on a phone the board is a list of cards", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAs(page, "superadmin");
  await page.goto("/admin/board");
  const cards = page.getByTestId("board-cards");
  await expect(cards).toBeVisible();
  await expect(cards.getByRole("listitem").first()).toBeVisible();
  await expect(page.getByTestId("board-table")).toBeHidden();
  expect(await seriousViolations(page, "board (phone)")).toEqual([]);
});
