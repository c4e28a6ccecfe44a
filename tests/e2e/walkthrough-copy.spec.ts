import { currentMonth, monthLabel, shiftMonth } from "../../app/domain/calendar";
import { formatUbicacion } from "../../app/domain/hacienda/territory";
import { BUSINESS_PARTIES } from "../../scripts/hacienda-samples/src/catalog";
import { createUser, expect, signIn, test } from "./support/fixtures";

/**
 * Issue 17, items 6 and 8: Spanish as the rest of the app writes it — usted, sentence case, plurals
 * that agree, no English from the browser's controls or the XML parser — and addresses by name.
 */
const FERRETERIA = "CR:3101123456";
const lastMonth = shiftMonth(currentMonth(), -1);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("the month view: lang es-CR, month heading in sentence case, counts that agree in number", async ({
      page,
    }) => {
      const admin = await createUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } });
      await signIn(page, admin);
      await page.goto(`/?org=3101123456&month=${lastMonth}&tab=emitidos`);
      await expect(page.locator("html")).toHaveAttribute("lang", "es-CR");
      await expect(page.getByTestId("month-label")).toHaveText(capitalised(monthLabel(lastMonth)));

      // One receipt that counts, found by its consecutivo: "1 comprobante", not "1 comprobantes".
      const counted = page.locator('[data-testid="receipt-row"][data-counts="true"]').first();
      const consecutivo = (await counted.getByRole("link").first().textContent())!.trim();
      await page.goto(`/?org=3101123456&month=${lastMonth}&tab=emitidos&q=${consecutivo}`);
      await expect(page.getByTestId("totals-row")).toContainText("Totales del mes (1 comprobante)");
      await expect(page.getByTestId("totals-row")).not.toContainText("1 comprobantes");

      await page.goto(`/?org=3101123456&month=${lastMonth}&tab=emitidos&q=zzzz`);
      await expect(page.getByTestId("empty-month")).toContainText(
        `Ningún comprobante emitido de ${monthLabel(lastMonth)} coincide con «zzzz».`,
      );
      await page.goto(`/?org=3101123456&month=${lastMonth}&tab=recibidos&q=zzzz`);
      await expect(page.getByTestId("empty-month")).toContainText(
        `Ningún comprobante recibido de ${monthLabel(lastMonth)}`,
      );
    });

    test("the not-found page speaks as usted", async ({ page }) => {
      const admin = await createUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } });
      await signIn(page, admin);
      await page.goto("/no-existe-esta-pagina");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parece que se ha perdido");
      await expect(page.locator("body")).not.toContainText("estás");
    });

    test("a receipt's addresses show province, canton and district names", async ({ page }) => {
      const admin = await createUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } });
      await signIn(page, admin);
      // A supplier of the demo data with an address, found among last month's received receipts.
      for (const supplier of BUSINESS_PARTIES.filter((party) => party.ubicacion)) {
        await page.goto(`/?org=3101123456&month=${lastMonth}&tab=recibidos&q=${supplier.identificacion.numero}`);
        const row = page.getByTestId("receipt-row").first();
        if ((await page.getByTestId("receipt-row").count()) === 0) continue;
        await row.getByRole("link").first().click();
        const emisor = page.getByRole("region", { name: "Emisor" });
        await expect(emisor).toContainText(formatUbicacion(supplier.ubicacion!));
        await expect(emisor).toContainText(/, (San José|Alajuela|Cartago|Heredia|Guanacaste|Puntarenas|Limón)\./);
        await expect(page.getByRole("main")).not.toContainText(/Provincia \d/);
        return;
      }
      throw new Error("no received receipt of a supplier with an address last month");
    });
  });
}

test.describe("the upload page with JavaScript", () => {
  test("uses Mantine's file field with Spanish texts, refuses an empty upload in Spanish, and explains a malformed XML in Spanish", async ({
    page,
  }) => {
    const admin = await createUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } });
    await signIn(page, admin);
    await page.goto("/detail?org=3101123456");
    const field = page.getByTestId("upload-files");
    await expect(field).toBeVisible();
    await expect(field).toContainText("Elija uno o varios archivos…");
    // No native file control is shown (its "Choose Files" comes from the browser's language).
    await expect(page.locator('input[type="file"]')).toBeHidden();

    await page.getByTestId("upload-submit").click();
    await expect(page.getByRole("alert")).toContainText("Seleccione al menos un archivo .xml o .zip.");

    await page.getByLabel("Archivos XML o ZIP").setInputFiles({
      name: "roto.xml",
      mimeType: "application/xml",
      buffer: Buffer.from("<FacturaElectronica><Clave>1"),
    });
    await expect(field).toContainText("roto.xml");
    await page.getByTestId("upload-submit").click();
    const refused = page.getByTestId("import-results").locator('tr[data-status="rechazado"]');
    await expect(refused).toContainText(
      "El XML está mal formado: El archivo termina sin cerrar las etiquetas «FacturaElectronica» y «Clave».",
    );
    await expect(refused).not.toContainText("Invalid");
    await expect(page.getByTestId("import-report")).toContainText("Resultado de la carga (1 archivo)");
  });
});
