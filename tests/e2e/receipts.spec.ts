import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { currentMonth, monthLabel, shiftMonth } from "../../app/domain/calendar";
import { generateBatch } from "../../scripts/hacienda-samples/src/generate";
import { zipSamples } from "../../scripts/hacienda-samples/src/output";
import { createUser, expect, signIn, test } from "./support/fixtures";

const FERRETERIA = "CR:3101123456";
const SODA = "CR:3102654321";
const lastMonth = shiftMonth(currentMonth(), -1);

/**
 * A ZIP of new receipts Ferretería El Clavo received last month. Client users may upload only what
 * their company received (issue 16: issued documents and Hacienda's answers are for its accountant).
 */
function lastMonthZip(seed: string) {
  const documents = generateBatch({
    seed,
    count: 6,
    month: lastMonth,
    issuedShare: 0,
    mensajeHaciendaShare: 0,
    sequenceStart: 900_000,
  });
  const received = documents.filter((document) => document.receptor?.identificacion.numero === "3101123456").length;
  return { documents, received, buffer: Buffer.from(zipSamples(documents)) };
}

async function receiptCount(page: Page): Promise<number> {
  return Number(await page.getByTestId("receipt-count").getAttribute("data-count"));
}

test.describe("Comprobantes", () => {
  test.use({ acceptDownloads: true });

  test("a user picks Ferretería El Clavo, sees last month's receipts, opens one, uploads a ZIP and sees the month update", async ({
    page,
  }) => {
    const user = await createUser({ persona: "client", orgs: { [FERRETERIA]: "client", [SODA]: "client" } });
    await signIn(page, user);

    // Landing on / (?menu=consultas): the Comprobantes page of the selected client.
    await expect(page.getByRole("heading", { level: 1, name: "Comprobantes" })).toBeVisible();
    await page.getByTestId("organization-switcher").selectOption("3102654321");
    await expect(page.getByRole("main")).toContainText("Soda La Esquina Ltda.");
    await page.getByTestId("organization-switcher").selectOption("3101123456");
    await expect(page.getByRole("main")).toContainText("Ferretería El Clavo S.A.");
    await expect(page.getByTestId("month-label")).toHaveText(new RegExp(`^${monthLabel(currentMonth())}$`, "i"));

    await page.getByTestId("previous-month").click();
    await expect(page.getByTestId("month-label")).toHaveText(new RegExp(`^${monthLabel(lastMonth)}$`, "i"));
    await expect(page).toHaveURL(new RegExp(`month=${lastMonth}`));
    await expect(page).toHaveURL(/menu=consultas/);
    const rows = page.getByTestId("receipt-row");
    await expect(rows.first()).toBeVisible();
    await expect(page.getByTestId("totals-row")).toContainText("Totales del mes");
    const before = await receiptCount(page);
    expect(before).toBeGreaterThan(0);

    await page.getByTestId("tab-recibidos").click();
    await expect(page.getByTestId("tab-recibidos")).toHaveAttribute("aria-selected", "true");
    await expect(rows.first()).toBeVisible();
    const receivedBefore = await receiptCount(page);
    await page.getByTestId("tab-emitidos").click();
    await expect(page.getByTestId("tab-emitidos")).toHaveAttribute("aria-selected", "true");

    // Open one receipt.
    const consecutivo = (await rows.first().getByRole("link").first().textContent())!.trim();
    await rows.first().getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(consecutivo);
    await expect(page.getByTestId("receipt-lines")).toBeVisible();
    await expect(page.getByTestId("receipt-totals")).toContainText("Total del comprobante");
    const download = page.waitForEvent("download");
    await page.getByTestId("xml-download").click();
    expect((await download).suggestedFilename()).toMatch(/^(FE|TE|NC|ND|FEE|REP)-\d{50}\.xml$/);

    // Upload a ZIP, with progress, and see the month grow.
    await page.getByRole("link", { name: /Comprobantes emitidos de/ }).click();
    await page.getByTestId("upload-link").first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Subir comprobantes" })).toBeVisible();
    const zip = lastMonthZip("e2e-upload-js");
    await page
      .getByLabel("Archivos XML o ZIP")
      .setInputFiles({ name: "octubre.zip", mimeType: "application/zip", buffer: zip.buffer });
    await page.getByTestId("upload-submit").click();
    const report = page.getByTestId("import-report");
    await expect(report).toBeVisible();
    await expect(page.getByTestId("count-importado")).toHaveText(`${zip.documents.length} importados`);
    await expect(page.getByTestId("count-rechazado")).toHaveText("0 rechazados");
    await expect(page.getByTestId("import-results").locator('tr[data-status="importado"]')).toHaveCount(
      zip.documents.length,
    );

    expect(zip.received).toBe(zip.documents.length);
    await page.getByTestId("imported-month-link").filter({ hasText: "recibidos" }).click();
    await expect(page.getByTestId("month-label")).toHaveText(new RegExp(`^${monthLabel(lastMonth)}$`, "i"));
    await expect.poll(() => receiptCount(page)).toBe(receivedBefore + zip.received);

    // The same ZIP again changes nothing.
    await page.getByTestId("upload-link").first().click();
    await page
      .getByLabel("Archivos XML o ZIP")
      .setInputFiles({ name: "octubre.zip", mimeType: "application/zip", buffer: zip.buffer });
    await page.getByTestId("upload-submit").click();
    await expect(page.getByTestId("count-duplicado")).toHaveText(`${zip.documents.length} duplicados`);
  });

  test("files chosen before the page has hydrated are still uploaded", async ({ page }) => {
    const user = await createUser({ persona: "client", orgs: { [FERRETERIA]: "client" } });
    await signIn(page, user);
    // Hold the page's scripts so the user chooses files in the browser's own input, as on a slow
    // connection; hydration then swaps in the Mantine field, which must take the files over.
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/build/**/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto("/detail?org=3101123456", { waitUntil: "domcontentloaded" });
    const zip = lastMonthZip("e2e-upload-before-hydration");
    await page
      .getByLabel("Archivos XML o ZIP")
      .setInputFiles({ name: "antes.zip", mimeType: "application/zip", buffer: zip.buffer });
    release();
    await expect(page.getByTestId("upload-files")).toContainText("antes.zip");
    await page.getByTestId("upload-submit").click();
    await expect(page.getByTestId("count-importado")).toHaveText(`${zip.documents.length} importados`);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the upload is a plain multipart form with per-file results", async ({ page }) => {
      const user = await createUser({ persona: "client", orgs: { [FERRETERIA]: "client" } });
      await signIn(page, user);
      await page.goto(`/?org=3101123456&month=${lastMonth}&tab=recibidos`);
      const before = await receiptCount(page);

      await page.goto("/detail?org=3101123456");
      const zip = lastMonthZip("e2e-upload-nojs");
      await page.getByLabel("Archivos XML o ZIP").setInputFiles([
        { name: "lote.zip", mimeType: "application/zip", buffer: zip.buffer },
        { name: "nota.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7") },
      ]);
      await page.getByTestId("upload-submit").click();
      await expect(page.getByTestId("count-importado")).toHaveText(`${zip.documents.length} importados`);
      const refused = page.getByTestId("import-results").locator('tr[data-status="rechazado"]');
      await expect(refused).toHaveCount(1);
      await expect(refused).toContainText("nota.pdf");
      await expect(refused).toContainText("No es un archivo XML (.xml) ni un ZIP; se omitió.");

      await page.getByTestId("imported-month-link").filter({ hasText: "recibidos" }).click();
      await expect(page.getByTestId("month-label")).toHaveText(new RegExp(`^${monthLabel(lastMonth)}$`, "i"));
      expect(await receiptCount(page)).toBe(before + zip.received);
    });
  });

  test.describe("an admin, without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("accepts a received invoice and downloads the generated MensajeReceptor", async ({ page }) => {
      const admin = await createUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } });
      await signIn(page, admin);
      await page.goto(`/?org=3101123456&month=${lastMonth}&tab=recibidos`);
      const pending = page.getByTestId("receipt-row").filter({ hasText: "Pendiente" }).first();
      await pending.getByRole("link").first().click();
      const answer = page.getByTestId("receptor-answer");
      await answer.getByLabel("Aceptar parcialmente").check();
      await answer.getByLabel("Condición del impuesto").selectOption("02");
      await answer.getByLabel(/^IVA acreditable/).fill("100,50");
      await answer.getByTestId("answer-submit").click();
      // Issue 17: the answer cannot be changed, so the page asks to confirm it first (a step without JavaScript).
      await expect(answer.getByTestId("answer-submit-step")).toContainText("Se registrará «Aceptar parcialmente»");
      await page.getByRole("button", { name: "Sí, registrar respuesta" }).click();
      await expect(answer.getByText("Aceptado parcialmente")).toBeVisible();
      await expect(answer.getByText("02 · Genera crédito parcial del IVA")).toBeVisible();
      await expect(answer.getByText(/^00100001060\d{9}$/)).toBeVisible();
      const download = page.waitForEvent("download");
      await answer.getByTestId("mensaje-receptor-download").click();
      expect((await download).suggestedFilename()).toMatch(/^MR-\d{50}-00100001060\d{9}\.xml$/);
    });
  });

  test("the receipt screens have no serious accessibility violations", async ({ page }) => {
    const admin = await createUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } });
    await signIn(page, admin);
    const serious: string[] = [];
    const check = async (screen: string) => {
      const results = await new AxeBuilder({ page }).include("main").analyze();
      for (const violation of results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")) {
        serious.push(`${screen}: ${violation.id} ${violation.nodes.map((node) => node.target.join(" ")).join(" | ")}`);
      }
    };
    await page.goto(`/?org=3101123456&month=${lastMonth}&tab=recibidos`);
    await check("month");
    await page.goto("/?org=3101123456&month=2020-01");
    await check("empty month");
    await page.goto(`/?org=3101123456&month=${lastMonth}&tab=recibidos`);
    await page.getByTestId("receipt-row").first().getByRole("link").first().click();
    await expect(page.getByTestId("receptor-answer")).toBeVisible();
    await check("receipt");
    await page.goto("/detail?org=3101123456");
    await check("upload");
    expect(serious).toEqual([]);
  });
});
