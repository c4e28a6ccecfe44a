import { strToU8 } from "fflate";
import { bookMonth } from "../../app/services/booking/booking.server";
import { importFiles } from "../../app/services/receipts/receipts-upload.server";
import { settleVat } from "../../app/services/vat/vat-settlement.server";
import { ensureOrganization } from "../../models/organization";
import { Receipt } from "../../models/receipt";
import { VatDeclaration } from "../../models/vat-declaration";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateComprobante,
  type GeneratedDocument,
  type SampleParty,
} from "../../scripts/hacienda-samples/src/generate";
import { expect, signedInAs, test, testDatabase } from "./support/fixtures";

// Its own organization and month of receipts, so the settlement it posts touches no other test's books.
const CEDULA = "3101777788";
const ORG = `CR:${CEDULA}`;
const NAME = "Distribuidora Tributaria S.A.";
const MONTH = "2025-08";
const PARTY: SampleParty = { ...FERRETERIA_EL_CLAVO, nombre: NAME, identificacion: { tipo: "02", numero: CEDULA } };

/** A 13 % sale or purchase paid at once (CondicionVenta 10 would leave its IVA for a later month). */
function document(seed: string, day: number, direction: "issued" | "received", month = MONTH): GeneratedDocument {
  for (let attempt = 0; ; attempt++) {
    const generated = generateComprobante({
      kind: "FE",
      version: "4.4",
      seed: `e2e-vat-${seed}-${attempt}`,
      date: `${month}-${String(day).padStart(2, "0")}`,
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
    await testDatabase();
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

/** A sale dated in the month, imported after the month was liquidated. */
async function importLateSale(seed: string, month = MONTH) {
  await testDatabase();
  const late = document(seed, 27, "issued", month);
  await importFiles([{ name: late.fileName, bytes: strToU8(late.xml) }], { id: ORG, cedula: CEDULA, name: NAME });
  return late;
}

const ADJUSTMENT_ACCOUNT = "60-02-21-00-00";

/** A month liquidated before declarations were kept: its settlement entry stands, it has no declaration. */
async function liquidatedWithoutDeclaration(month: string) {
  await testDatabase();
  const documents = [
    document(`antes-${month}`, 5, "issued", month),
    document(`antes-c-${month}`, 9, "received", month),
  ];
  await importFiles(
    documents.map((item) => ({ name: item.fileName, bytes: strToU8(item.xml) })),
    { id: ORG, cedula: CEDULA, name: NAME },
  );
  // Booked first: settlements of that time had no adjustment, they took the return's figures as they were.
  await bookMonth(ORG, month, { by: "e2e" });
  const settled = await settleVat(ORG, month, { by: "e2e" });
  if (!settled.ok) throw new Error(settled.message);
  await VatDeclaration.deleteMany({ organizationId: ORG, month });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`IVA of a month, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.beforeAll(prepareMonth);

    test("an admin liquidates the month, sees it go stale with a late sale, rectifies it and reverses", async ({
      page,
    }) => {
      await signedInAs(page, "admin", { [ORG]: "admin" });
      await page.goto(`/admin/vat?org=${CEDULA}&month=${MONTH}`);
      await expect(page.getByRole("heading", { level: 1, name: "IVA" })).toBeVisible();
      await expect(page.getByTestId("month-label")).toHaveText("Agosto de 2025");
      await expect(page.getByTestId("iva-result")).toContainText("Impuesto por pagar: ₡");

      await page.getByTestId("figure-debito-08").click();
      const figure = page.getByTestId("iva-figure");
      await expect(figure).toContainText("Débito fiscal · Tarifa general 13 % (08)");
      await expect(figure.getByRole("link", { name: /^FE / }).first()).toBeVisible();
      const receiptHref = await figure.getByRole("link", { name: /^FE / }).first().getAttribute("href");
      expect(receiptHref).toMatch(/^\/detail\/[0-9a-f]{24}\?/);

      // The receipts are not booked: the IVA accounts differ from the return, so liquidating asks where the
      // difference goes, and stops without an account.
      const settlement = page.getByTestId("iva-settlement");
      await settlement.getByRole("button", { name: "Liquidar IVA del mes" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Las cuentas de IVA no coinciden" })).toBeVisible();
      await settlement.getByLabel("Cuenta para el ajuste").fill(ADJUSTMENT_ACCOUNT);
      await settlement.getByRole("button", { name: "Liquidar IVA del mes" }).click();
      await expect(page.getByText(/IVA de agosto de 2025 liquidado: asiento 2025-\d+\./)).toBeVisible();
      await expect(settlement).toContainText(/Declarado \(versión \d+\)/);
      await expect(settlement.getByRole("button", { name: "Liquidar IVA del mes" })).toHaveCount(0);
      await expect(page.getByTestId("iva-stale")).toHaveCount(0);

      // A sale of August arrives after the declaration: it is shown, the declaration is not changed.
      const late = await importLateSale(`tardia-${javaScriptEnabled ? "js" : "sin-js"}`);
      await page.reload();
      const stale = page.getByTestId("iva-stale");
      await expect(stale).toContainText("Declaración desactualizada");
      await expect(stale).toContainText(`FE ${late.consecutivo}`);
      await expect(stale).toContainText("Débito fiscal");

      await settlement.getByLabel("Cuenta para el ajuste").fill(ADJUSTMENT_ACCOUNT);
      await settlement.getByRole("button", { name: "Rectificar" }).click();
      await expect(page.getByTestId("iva-stale")).toHaveCount(0);
      await expect(settlement).toContainText(/Versiones: \d+ \(vigente, [^)]*asiento 2025-\d+\) · \d+ \(rectificada/);

      // Reversible: the reversal frees the month, which the next run liquidates again.
      await settlement.getByRole("button", { name: "Revertir liquidación" }).click();
      await expect(page.getByText(/puede liquidar de nuevo/)).toBeVisible();
      await expect(settlement.getByRole("button", { name: "Liquidar IVA del mes" })).toBeVisible();
    });

    test("a month liquidated before declarations were kept records its declaration from the entry", async ({
      page,
    }) => {
      // A month of its own per run, with a month without receipts before it: nothing carries between them.
      const month = javaScriptEnabled ? "2025-05" : "2025-03";
      await liquidatedWithoutDeclaration(month);
      await signedInAs(page, "admin", { [ORG]: "admin" });
      await page.goto(`/admin/vat?org=${CEDULA}&month=${month}`);
      const undeclared = page.getByTestId("iva-undeclared");
      await expect(undeclared).toContainText("Liquidado sin declaración registrada");
      await undeclared.getByRole("button", { name: "Registrar declaración" }).click();
      await expect(page.getByText(/registrada a partir del asiento de liquidación \(versión 1\)/)).toBeVisible();
      const settlement = page.getByTestId("iva-settlement");
      await expect(settlement).toContainText("Declaración registrada a partir del asiento (versión 1)");
      await expect(page.getByTestId("iva-undeclared")).toHaveCount(0);
      await expect(page.getByTestId("iva-stale")).toHaveCount(0);

      // From now on it is a declared month like any other: a late sale leaves it desactualizada.
      const late = await importLateSale(`tardia-registrada-${javaScriptEnabled ? "js" : "sin-js"}`, month);
      await page.reload();
      await expect(page.getByTestId("iva-stale")).toContainText(`FE ${late.consecutivo}`);
      await expect(settlement.getByRole("button", { name: "Rectificar" })).toBeVisible();
    });

    test("liquidating a month that has not ended asks for confirmation first", async ({ page }) => {
      const now = new Date();
      const current = new Date(now.getTime() - 6 * 3_600_000).toISOString().slice(0, 7);
      await signedInAs(page, "admin", { [ORG]: "admin" });
      await page.goto(`/admin/vat?org=${CEDULA}&month=${current}`);
      const settlement = page.getByTestId("iva-settlement");
      await expect(settlement).toContainText("aún no termina: se le pedirá confirmar");
      await settlement.getByRole("button", { name: "Liquidar IVA del mes" }).click();
      await expect(settlement.getByRole("alert")).toContainText("no ha terminado");
      await settlement.getByRole("button", { name: "Sí, liquidar" }).click();
      // Nothing was issued or received this month in this organization: confirmed, there is nothing to post.
      await expect(settlement.getByRole("alert")).toContainText("No hay IVA que liquidar");
    });
  });
}
