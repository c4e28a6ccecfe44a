import ExcelJS from "exceljs";
import type { Page } from "@playwright/test";
import { currentMonth, shiftMonth } from "../../app/domain/calendar";
import { createUser, expect, signIn, test } from "./support/fixtures";

/**
 * Issue 17, items 2 and 3: the totals row equals the céntimos the rows show (as an accountant adds
 * them by hand, every page), every row adds up with its otros cargos, and the XLSX totals row is a
 * formula over the rows. On the demo data of last month and of the current month.
 */
const FERRETERIA = "CR:3101123456";
const lastMonth = shiftMonth(currentMonth(), -1);
const COLUMNS = ["subtotal", "iva", "otrosCargos", "total"] as const;
type Column = (typeof COLUMNS)[number];

/** "₡1 234,56" or "-₡1 234,56" → céntimos, read from the text shown. */
function centimosOf(text: string): bigint {
  const digits = text.replace(/[^\d,]/g, "");
  const [integer, fraction = ""] = digits.split(",");
  const value = BigInt(integer) * 100n + BigInt(fraction.padEnd(2, "0"));
  return /[-−]/.test(text) ? -value : value;
}

interface ShownRow {
  counts: boolean;
  warnings: number;
  amounts: Record<Column, bigint>;
}

async function rowsOfPage(page: Page): Promise<ShownRow[]> {
  return page
    .getByTestId("receipt-row")
    .evaluateAll((rows) =>
      rows.map((row) => ({
        counts: row.getAttribute("data-counts") === "true",
        warnings: Number(row.getAttribute("data-warnings")),
        texts: Object.fromEntries(
          ["subtotal", "iva", "otrosCargos", "total"].map((column) => [
            column,
            row.querySelector(`[data-col="${column}"] [data-amount]`)!.textContent!,
          ]),
        ),
      })),
    )
    .then((rows) =>
      rows.map((row) => ({
        counts: row.counts,
        warnings: row.warnings,
        amounts: Object.fromEntries(COLUMNS.map((column) => [column, centimosOf(row.texts[column])])) as Record<
          Column,
          bigint
        >,
      })),
    );
}

async function totalsShown(page: Page): Promise<Record<Column, bigint>> {
  const totals = page.getByTestId("totals-row");
  const entries = await Promise.all(
    COLUMNS.map(
      async (column) =>
        [column, centimosOf((await totals.locator(`[data-col="${column}"] [data-amount]`).textContent())!)] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<Column, bigint>;
}

/** Every row of the month and tab, page after page (the page links are ?page=N). */
async function everyRow(page: Page, month: string, tab: string): Promise<ShownRow[]> {
  const base = `/?org=3101123456&month=${month}&tab=${tab}`;
  await page.goto(base);
  if ((await page.getByTestId("empty-month").count()) > 0) return [];
  const count = Number(await page.getByTestId("receipt-count").getAttribute("data-count"));
  const rows = await rowsOfPage(page);
  for (let number = 2; number <= Math.ceil(count / 50); number += 1) {
    await page.goto(`${base}&page=${number}`);
    rows.push(...(await rowsOfPage(page)));
  }
  expect(rows).toHaveLength(count);
  return rows;
}

test.describe("the month's totals equal the rows shown", () => {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled });

      test("every tab of last month and of this month: totals = Σ rows that count, and each row adds up", async ({
        page,
      }) => {
        const user = await createUser({ persona: "client", orgs: { [FERRETERIA]: "client" } });
        await signIn(page, user);
        let withCharges = 0;
        for (const month of [lastMonth, currentMonth()]) {
          for (const tab of ["emitidos", "recibidos"]) {
            const rows = await everyRow(page, month, tab);
            if (rows.length === 0) continue;
            const counted = rows.filter((row) => row.counts);
            const totals = await totalsShown(page);
            for (const column of COLUMNS) {
              expect(
                counted.reduce((sum, row) => sum + row.amounts[column], 0n),
                `${month} ${tab} ${column}`,
              ).toBe(totals[column]);
            }
            await expect(page.getByTestId("totals-row")).toContainText(
              counted.length === 1
                ? "Totales del mes (1 comprobante)"
                : `Totales del mes (${counted.length} comprobantes)`,
            );
            for (const row of rows.filter((candidate) => candidate.warnings === 0)) {
              expect(row.amounts.subtotal + row.amounts.iva + row.amounts.otrosCargos, `${month} ${tab}`).toBe(
                row.amounts.total,
              );
            }
            withCharges += rows.filter((row) => row.amounts.otrosCargos !== 0n).length;
          }
        }
        // The demo data has receipts with otros cargos: the column explains them.
        expect(withCharges).toBeGreaterThan(0);
        await expect(page.getByRole("columnheader", { name: "Otros cargos (₡)" })).toBeVisible();
      });
    });
  }

  test.describe("the XLSX", () => {
    test.use({ acceptDownloads: true });

    test("has a totals row of SUMIF formulas over the rows, whose cached values equal the rows that count; dates are dates", async ({
      page,
    }) => {
      const user = await createUser({ persona: "client", orgs: { [FERRETERIA]: "client" } });
      await signIn(page, user);
      await page.goto(`/?org=3101123456&month=${lastMonth}&tab=recibidos`);
      const shown = await totalsShown(page);
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Exportar XLSX" }).click();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile((await (await download).path())!);
      const sheet = workbook.getWorksheet("Comprobantes")!;
      const headers = (sheet.getRow(4).values as unknown[]).slice(1) as string[];
      const at = (name: string) => headers.indexOf(name) + 1;
      const last = sheet.rowCount;
      const totalRow = sheet.getRow(last);
      expect(totalRow.getCell(1).value).toBe("Totales");
      const pairs: Array<[string, Column]> = [
        ["subtotal ₡", "subtotal"],
        ["IVA ₡", "iva"],
        ["otros cargos ₡", "otrosCargos"],
        ["total ₡", "total"],
      ];
      for (const [header, column] of pairs) {
        const cell = totalRow.getCell(at(header)).value as { formula: string; result: number };
        expect(cell.formula).toMatch(/^SUMIF\(/);
        let sum = 0n;
        for (let row = 5; row < last; row += 1) {
          if (sheet.getRow(row).getCell(at("en los totales")).value === "no cuenta") continue;
          const value = sheet.getRow(row).getCell(at(header)).value;
          expect(typeof value).toBe("number");
          sum += BigInt(Math.round((value as number) * 100));
        }
        expect(sum, header).toBe(BigInt(Math.round(cell.result * 100)));
        expect(sum, header).toBe(shown[column]);
      }
      expect(sheet.getRow(5).getCell(at("fecha")).value).toBeInstanceOf(Date);
    });
  });
});
