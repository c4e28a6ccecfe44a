import mongoose from "mongoose";
import { strToU8 } from "fflate";
import { importFiles } from "../../app/services/receipts/receipts-upload.server";
import { ensureOrganization } from "../../models/organization";
import { Receipt } from "../../models/receipt";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateComprobante,
  type GeneratedDocument,
  type SampleParty,
} from "../../scripts/hacienda-samples/src/generate";
import { expect, signedInAs, test } from "./support/fixtures";

// Its own organization and month of receipts, so the settlement it posts touches no other test's books.
const CEDULA = "3101777788";
const ORG = `CR:${CEDULA}`;
const NAME = "Distribuidora Tributaria S.A.";
const MONTH = "2025-08";
const PARTY: SampleParty = { ...FERRETERIA_EL_CLAVO, nombre: NAME, identificacion: { tipo: "02", numero: CEDULA } };

/** A 13 % sale or purchase paid at once (CondicionVenta 10 would leave its IVA for a later month). */
function document(seed: string, day: number, direction: "issued" | "received"): GeneratedDocument {
  for (let attempt = 0; ; attempt++) {
    const generated = generateComprobante({
      kind: "FE",
      version: "4.4",
      seed: `e2e-vat-${seed}-${attempt}`,
      date: `${MONTH}-${String(day).padStart(2, "0")}`,
      currency: "CRC",
      lineCount: 3,
      emisor: direction === "issued" ? PARTY : BUSINESS_PARTIES[day % BUSINESS_PARTIES.length],
      receptor: direction === "issued" ? BUSINESS_PARTIES[day % BUSINESS_PARTIES.length] : PARTY,
    });
    if (!/<CondicionVenta>10<\/CondicionVenta>/.test(generated.xml) && /<CodigoTarifaIVA>08</.test(generated.xml))
      return generated;
  }
}

let prepared: Promise<void> | undefined;
function prepareMonth() {
  prepared ??= (async () => {
    if (mongoose.connection.readyState !== 1) await mongoose.connect(process.env.MONGODB_URI!);
    await ensureOrganization({ _id: ORG, name: NAME, identificationType: "02" });
    if ((await Receipt.countDocuments({ organizationId: ORG })) > 0) return;
    const documents = [
      document("venta-1", 4, "issued"),
      document("venta-2", 11, "issued"),
      document("venta-3", 19, "issued"),
      document("compra-1", 8, "received"),
    ];
    await importFiles(
      documents.map((item) => ({ name: item.fileName, bytes: strToU8(item.xml) })),
      { id: ORG, cedula: CEDULA, name: NAME },
    );
  })();
  return prepared;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`IVA of a month, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.beforeAll(prepareMonth);

    test("an admin opens the IVA of a month, drills into a rate and posts the settlement once", async ({ page }) => {
      await signedInAs(page, "admin", { [ORG]: "admin" });
      await page.goto(`/admin/vat?org=${CEDULA}&month=${MONTH}`);
      await expect(page.getByRole("heading", { level: 1, name: "IVA" })).toBeVisible();
      await expect(page.getByTestId("month-label")).toHaveText("Agosto de 2025");
      await expect(page.getByTestId("iva-result")).toContainText("Impuesto por pagar: ₡");

      await page.getByTestId("figure-debito-08").click();
      const figure = page.getByTestId("iva-figure");
      await expect(figure).toContainText("Débito fiscal · Tarifa general 13 % (08)");
      await expect(figure.getByRole("link", { name: /^FE / })).toHaveCount(3);
      const receiptHref = await figure.getByRole("link", { name: /^FE / }).first().getAttribute("href");
      expect(receiptHref).toMatch(/^\/detail\/[0-9a-f]{24}\?/);

      const settlement = page.getByTestId("iva-settlement");
      await settlement.getByRole("button", { name: "Liquidar IVA del mes" }).click();
      await expect(page.getByText(/IVA de agosto de 2025 liquidado: asiento 2025-\d+\./)).toBeVisible();
      await expect(settlement).toContainText("Liquidado con el asiento");

      await settlement.getByRole("button", { name: "Liquidar IVA del mes" }).click();
      await expect(
        page.getByText("El IVA de agosto de 2025 ya está liquidado; no se registró otro asiento."),
      ).toBeVisible();

      // Reversible: the reversal frees the month, which the next run settles again.
      await page.getByTestId("iva-settlement").getByRole("button", { name: "Revertir liquidación" }).click();
      await expect(page.getByText(/puede liquidar de nuevo/)).toBeVisible();
      await expect(
        page.getByTestId("iva-settlement").getByRole("button", { name: "Liquidar IVA del mes" }),
      ).toBeVisible();
    });
  });
}
