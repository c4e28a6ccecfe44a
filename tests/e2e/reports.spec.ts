import AxeBuilder from "@axe-core/playwright";
import ExcelJS from "exceljs";
import fs from "node:fs";
import { buildCatalog, flattenCatalog, isSelectable } from "../../app/domain/catalog";
import type { EntryInput } from "../../app/domain/ledger";
import { createAndPost, listEntries } from "../../app/services/ledger/ledger.server";
import { ensureOrganization } from "../../models/organization";
import { expect, signedInAs, test, testDatabase } from "./support/fixtures";

// Its own organization with known posted entries, so each figure on the page has one right value.
const CEDULA = "3101666666";
const ORG = `CR:${CEDULA}`;
const leaves = flattenCatalog(buildCatalog({})).filter((node) => isSelectable(node));
const leafOf = (prefix: string) => leaves.find((node) => node.key.startsWith(prefix))!.key;
const colones = (text: string) => BigInt(text.replace(".", "")) * 1000n;
const entry = (date: string, debit: string, credit: string, amount: string): EntryInput => ({
  date,
  description: `Reporte ${date}`,
  lines: [
    { account: debit, debit: colones(amount) },
    { account: credit, credit: colones(amount) },
  ],
});

let prepared: Promise<void> | undefined;
function prepareBooks() {
  prepared ??= (async () => {
    await testDatabase();
    await ensureOrganization({ _id: ORG, name: "Reportes E2E S.A.", identificationType: "02" });
    // A worker restarted after a failure evaluates this module again: post the books only once.
    if ((await listEntries(ORG, {})).count > 0) return;
    for (const input of [
      entry("2026-01-15", leafOf("10-01"), leafOf("40-01"), "800000.00"),
      entry("2026-02-03", leafOf("50-01"), leafOf("20-01"), "300000.00"),
      entry("2026-03-20", leafOf("60-01"), leafOf("10-01"), "123456.78"),
    ]) {
      const result = await createAndPost(ORG, input, { by: "e2e" });
      if (!result.ok) throw new Error(result.refusals.map((r) => r.message).join(" | "));
    }
  })();
  return prepared;
}

const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

for (const javaScriptEnabled of [true, false]) {
  test.describe(`financial statements, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, acceptDownloads: true });
    test.beforeAll(prepareBooks);

    test("an admin reads the Estado de Resultados, changes the level, drills down and downloads XLSX", async ({
      page,
    }) => {
      await signedInAs(page, "admin", { [ORG]: "admin" });
      await page.goto(`/results?org=${CEDULA}&quarter=2026-Q1&level=1`);
      await expect(page.getByRole("heading", { name: "Estado de Resultados" })).toBeVisible();
      const table = page.getByTestId("results-table");
      // 800 000 − 300 000 − 123 456,78 = 376 543,22 before tax; renta bruta ₡800 000 ≤ umbral → pequeña
      // empresa 2026: 5 % × 376 543,22 = 18 827,16 estimated; 376 543,22 − 18 827,16 = 357 716,06.
      const beforeTax = table.locator('tr[data-line="resultBeforeTax"] [data-testid="amount"]');
      await expect(beforeTax).toHaveText(/376\s543,22/);
      await expect(table.locator('tr[data-line="incomeTax"] [data-testid="amount"]')).toHaveText(/18\s827,16/);
      const net = table.locator('tr[data-line="netResult"] [data-testid="amount"]');
      await expect(net).toHaveText(/357\s716,06/);
      await expect(table.locator('tr[data-code="40-01-00-00-00"]')).toHaveCount(0);

      await page.getByLabel("Nivel de detalle").selectOption("2");
      await page.getByRole("button", { name: "Ver reporte" }).click();
      await expect(page).toHaveURL(/level=2/);
      await expect(table.locator('tr[data-code="40-01-00-00-00"]')).toBeVisible();
      await expect(page.getByTestId("results-chart")).toBeVisible();

      const download = page.waitForEvent("download");
      await page.getByTestId("export-xlsx").click();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile((await (await download).path())!);
      const sheet = workbook.worksheets[0];
      const netRow = sheet.getRows(6, sheet.rowCount)!.find((row) => row.getCell(2).value === "Utilidad neta")!;
      expect(netRow.getCell(4).value).toBe(357716.06);
      expect(plain(await net.textContent())).toBe("₡357 716,06");

      await table.locator('tr[data-code="40-00-00-00-00"] [data-testid="amount"] a').click();
      await expect(page).toHaveURL(/\/entries\/movement-list\?account=40-00-00-00-00&from=2026-01-01&to=2026-03-31/);
    });

    test("a client reads the Balance de Comprobación, drills into the entries list and downloads CSV", async ({
      page,
    }) => {
      await signedInAs(page, "client", { [ORG]: "client" });
      await page.goto(`/results-all?org=${CEDULA}&year=2026&level=1`);
      await expect(page.getByRole("heading", { name: "Balance de Comprobación" })).toBeVisible();
      const totals = page.getByTestId("trial-totals");
      await expect(totals.getByTestId("total-debit")).toHaveText(/1\s223\s456,78/);
      await expect(totals.getByTestId("total-credit")).toHaveText(/1\s223\s456,78/);

      await page.getByLabel("Solo cuentas de detalle").check();
      await page.getByRole("button", { name: "Ver reporte" }).click();
      await expect(page).toHaveURL(/leaf=1/);
      const cash = page.locator(`tr[data-code="${leafOf("10-01")}"]`);
      await expect(cash.getByTestId("closing")).toHaveText(/676\s543,22/);

      const download = page.waitForEvent("download");
      await page.getByTestId("export-csv").click();
      const csv = fs.readFileSync((await (await download).path())!, "utf8");
      expect(csv.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
        "código,cuenta,nivel,saldo inicial,débitos,créditos,saldo final",
      );
      expect(csv).toContain(`${leafOf("10-01")},`);
      expect(csv).toMatch(new RegExp(`\\r\\n${leafOf("10-01")},[^\\r]*,676543\\.22\\r\\n`));

      await cash.getByTestId("debit").getByRole("link").click();
      await expect(page).toHaveURL(
        new RegExp(`/entries/list\\?account=${leafOf("10-01")}&from=2026-01-01&to=2026-12-31`),
      );
    });

    test("the Balance de Comprobación's rows, rendered once on the server, hydrate without a mismatch", async ({
      page,
    }) => {
      test.skip(!javaScriptEnabled, "hydration needs JavaScript");
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await signedInAs(page, "client", { [ORG]: "client" });
      // Twice: the second answer's rows come from the markup the first one kept.
      for (let visit = 0; visit < 2; visit++) {
        await page.goto(`/results-all?org=${CEDULA}&year=2026&level=5`);
        await expect(page.locator(`tr[data-code="${leafOf("10-01")}"]`).getByTestId("closing")).toHaveText(
          /676\s543,22/,
        );
      }
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.getByLabel("Solo cuentas de detalle").check();
      await page.getByRole("button", { name: "Ver reporte" }).click();
      await expect(page).toHaveURL(/leaf=1/);
      // Still the same document: the page hydrated and navigated client-side, rendering its own rows.
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await expect(page.locator(`tr[data-code="${leafOf("10-01")}"]`).getByTestId("debit")).toHaveText(/800\s000,00/);
      expect(errors).toEqual([]);
    });

    test("the Balance General shows Activo = Pasivo + Patrimonio and a malformed query gets a message", async ({
      page,
    }) => {
      await signedInAs(page, "admin", { [ORG]: "admin" });
      await page.goto(`/results-general?org=${CEDULA}&to=2026-03-31&level=1&compare=previous`);
      await expect(page.getByTestId("balance-check")).toHaveAttribute("data-holds", "true");
      await expect(
        page.getByTestId("general-table").locator('tr[data-line="yearResult"] [data-testid="amount"]'),
      ).toHaveText(/376\s543,22/);
      if (javaScriptEnabled) {
        for (const path of [
          "/results-general",
          "/results?quarter=2026-Q1&compare=previous",
          "/results-all?year=2026",
        ]) {
          await page.goto(`${path}${path.includes("?") ? "&" : "?"}org=${CEDULA}`);
          const results = await new AxeBuilder({ page }).include("main").analyze();
          expect(
            results.violations.map(
              (violation) =>
                `${path}: ${violation.id} ${violation.nodes.map((node) => node.target.join(" ")).join(" | ")}`,
            ),
          ).toEqual([]);
        }
      }
      await page.goto(`/results-general?org=${CEDULA}&to=2026-02-30`);
      await expect(page.getByTestId("query-messages")).toContainText("La fecha final 30/02/2026 no existe.");
    });
  });
}
