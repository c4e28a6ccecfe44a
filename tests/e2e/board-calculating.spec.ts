import { currentMonth } from "../../app/domain/calendar";
import { ensureOrganization } from "../../models/organization";
import { expect, signedInAs, test, testDatabase } from "./support/fixtures";

/**
 * A client whose month is still being calculated (docs/spec/board.md §4): the board says so, offers
 * «Actualizar», and shows the figures once the month is built — by itself with JavaScript, through the
 * link or the page's own refresh without. Another process's build is stood in for by its lease.
 */

const CLIENT = { id: "CR:3101996001", cedula: "3101996001", name: "Cliente en cálculo S.A." };

async function holdBuild(held: boolean) {
  const database = await testDatabase();
  await ensureOrganization({ _id: CLIENT.id, name: CLIENT.name, identificationType: "02" });
  const builds = database.connection.collection<{ _id: string; owner: string; until: Date }>("board_builds");
  const key = `${CLIENT.id}|${currentMonth(new Date())}`;
  await builds.deleteOne({ _id: key });
  // Nothing kept for the client, so the board has to build it.
  await database.connection.collection<{ _id: string }>("board_month_summaries").deleteOne({ _id: key });
  if (held) await builds.insertOne({ _id: key, owner: "otro-proceso", until: new Date(Date.now() + 5 * 60_000) });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`A client being calculated, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("reads «Calculando…» until it is built, then shows its figures", async ({ page }) => {
      await signedInAs(page, "admin", { [CLIENT.id]: "admin" });
      await holdBuild(true);
      const response = await page.goto("/admin/board");
      expect(response?.headers()["refresh"]).toBe("3");
      await expect(page.getByTestId("board-calculating")).toContainText("Calculando el mes de 1 cliente");
      const table = page.getByTestId("board-table");
      await expect(table.getByTestId("board-row-calculating")).toContainText("Calculando…");

      await holdBuild(false);
      if (!javaScriptEnabled) await page.getByRole("link", { name: "Actualizar" }).click();
      await expect(table.getByRole("link", { name: `Recibidos de ${CLIENT.name}: 0` })).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByTestId("board-calculating")).toHaveCount(0);
    });
  });
}
