import fs from "node:fs";
import { buildCatalog, flattenCatalog, isSelectable } from "../../app/domain/catalog";
import { createAndPost, listEntries } from "../../app/services/ledger/ledger.server";
import { ensureOrganization } from "../../models/organization";
import { readPdfText } from "../support/pdf-tools";
import { expect, signedInAs, test, testDatabase } from "./support/fixtures";

// Its own organization and books, so the figures the page and the PDF show have one right value.
const CEDULA = "3101666677";
const ORG = `CR:${CEDULA}`;
const leaves = flattenCatalog(buildCatalog({})).filter((node) => isSelectable(node));
const leafOf = (prefix: string) => leaves.find((node) => node.key.startsWith(prefix))!.key;
const colones = (text: string) => BigInt(text.replace(".", "")) * 1000n;

let prepared: Promise<void> | undefined;
function prepareBooks() {
  prepared ??= (async () => {
    await testDatabase();
    await ensureOrganization({ _id: ORG, name: "Librería Año Nuevo S.A.", identificationType: "02" });
    if ((await listEntries(ORG, {})).count > 0) return;
    for (const [date, debit, credit, amount] of [
      ["2026-01-12", "10-01", "40-01", "640000.00"],
      ["2026-02-08", "50-01", "20-01", "210000.50"],
      ["2026-03-02", "60-01", "10-01", "45000.00"],
    ]) {
      const result = await createAndPost(
        ORG,
        {
          date,
          description: `Libros ${date}`,
          lines: [
            { account: leafOf(debit), debit: colones(amount) },
            { account: leafOf(credit), credit: colones(amount) },
          ],
        },
        { by: "e2e" },
      );
      if (!result.ok) throw new Error(result.refusals.map((r) => r.message).join(" | "));
    }
  })();
  return prepared;
}

const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

test.describe("printable statements and the monthly chart", () => {
  test.use({ acceptDownloads: true });
  test.beforeAll(prepareBooks);

  test("a client downloads each statement as PDF from its page, with the page's figures", async ({ page }) => {
    await signedInAs(page, "client", { [ORG]: "client" });
    const cases = [
      { path: "/results?period=quarter&quarter=2026-Q1", cell: 'tr[data-line="netResult"] [data-testid="amount"]' },
      { path: "/results-general?to=2026-03-31", cell: 'tr[data-line="yearResult"] [data-testid="amount"]' },
      { path: "/results-all?period=year&year=2026", cell: 'tr[data-code="40-00-00-00-00"] [data-testid="closing"]' },
    ];
    for (const { path, cell } of cases) {
      await page.goto(`${path}&org=${CEDULA}&level=1`);
      const figure = plain(await page.locator(cell).first().textContent());
      expect(figure).toMatch(/₡/);
      const download = page.waitForEvent("download");
      await page.getByTestId("export-pdf").click();
      expect((await download).suggestedFilename()).toMatch(new RegExp(`-${CEDULA}-.*\\.pdf$`));
      const bytes = fs.readFileSync((await (await download).path())!);
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const text = plain(readPdfText(bytes));
      for (const expected of ["Librería Año Nuevo S.A.", `Cédula ${CEDULA}`, figure, "Contador", "Representante legal"])
        expect(text, path).toContain(expected);
    }
  });

  test("the Estado de Resultados draws the monthly bars and keeps their exact figures in a table", async ({ page }) => {
    await signedInAs(page, "admin", { [ORG]: "admin" });
    await page.goto(`/results?period=quarter&quarter=2026-Q1&org=${CEDULA}`);
    const chart = page.getByTestId("results-chart");
    await expect(chart.getByRole("figure")).toHaveCount(0);
    await expect(page.getByRole("figure", { name: "Ingresos, costos y gastos y resultado por mes" })).toBeVisible();
    // Drawn once the browser knows the chart's width: one bar per figure that is not zero (January
    // has no costs, February and March no income), each month with its income or costs and result.
    await expect(chart.locator(".recharts-bar-rectangle")).toHaveCount(6);
    await chart.getByText("Ver las cifras del gráfico").click();
    const rows = chart.getByTestId("results-chart-table").locator("tbody tr");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText(/640\s000,00/);
    await expect(rows.nth(2)).toContainText(/\(₡45\s000,00\)/);
  });
});
