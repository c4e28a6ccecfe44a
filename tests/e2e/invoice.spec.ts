import { readFileSync } from "node:fs";
import type { Download, Page } from "@playwright/test";
import { readPdf } from "../support/pdf-tools";
import { seriousViolations } from "./support/axe";
import { createUser, expect, inbox, signIn, test } from "./support/fixtures";

// The demo seed gives Ferretería El Clavo its issuer settings and a key made at seed time; the app sends
// to a local stand-in of Hacienda's sandbox (tests/e2e/support/global-setup.ts).
const ORG = "3101123456";

async function saved(download: Download): Promise<Buffer> {
  return readFileSync((await download.path())!);
}

async function expectToast(page: Page, message: string, javaScriptEnabled: boolean) {
  await expect(javaScriptEnabled ? page.getByText(message).first() : page.getByTestId("toast-fallback")).toContainText(
    message,
  );
}

/** The issued invoice's status, reloading while the sending queue works (firmado → enviado → aceptado). */
async function expectSent(page: Page) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("invoice-status")).toHaveText(/Enviado|Aceptado/, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

async function fillLine(
  page: Page,
  n: number,
  line: { cabys: string; detalle: string; cantidad: string; precio: string; tarifa: string },
) {
  await page.getByLabel(`Línea ${n}: código CABYS`).fill(line.cabys);
  await page.getByLabel(`Línea ${n}: detalle`).fill(line.detalle);
  await page.getByLabel(`Línea ${n}: cantidad`).fill(line.cantidad);
  await page.getByLabel(`Línea ${n}: precio unitario`).fill(line.precio);
  await page.getByLabel(`Línea ${n}: tarifa de IVA`).selectOption(line.tarifa);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Crear Factura, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, acceptDownloads: true });

    test("an admin issues a factura at 13 % and 1 %, sees it sent, downloads its PDF and XML, and issues a nota de crédito against it", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const admin = await createUser({ persona: "admin", orgs: { [`CR:${ORG}`]: "admin" } });
      await signIn(page, admin);
      await page.goto(`/admin/invoice?org=${ORG}`);
      await expect(page.getByRole("heading", { level: 1, name: "Crear Factura" })).toBeVisible();

      // The receptor: a supplier of the demo receipts, found by name (a GET search).
      await page.getByLabel("Nombre o cédula de un cliente o proveedor de sus comprobantes").fill("sabana");
      await page.getByRole("button", { name: "Buscar", exact: true }).click();
      await page.getByRole("link", { name: "Usar Distribuidora La Sabana S.A. como receptor" }).click();
      await expect(page.getByLabel("Nombre del receptor")).toHaveValue("Distribuidora La Sabana S.A.");
      await expect(page.getByLabel("Número de identificación del receptor")).toHaveValue("3101456789");

      const suffix = javaScriptEnabled ? "con JS" : "sin JS";
      await fillLine(page, 1, {
        cabys: "4299900000000",
        detalle: `Martillo de uña ${suffix}`,
        cantidad: "2",
        precio: "8500",
        tarifa: "08",
      });
      await page.getByRole("button", { name: "Agregar línea" }).click();
      await expect(page.getByLabel("Línea 2: código CABYS")).toBeVisible();
      await fillLine(page, 2, {
        cabys: "2392000000100",
        detalle: `Arroz 1 kg ${suffix}`,
        cantidad: "3",
        precio: "1200",
        tarifa: "02",
      });
      await page.getByRole("button", { name: "Recalcular" }).click();
      // 2 × 8 500 + 13 % and 3 × 1 200 + 1 %.
      await expect(page.getByTestId("invoice-total")).toHaveText(/₡22\s846,00/);
      if (javaScriptEnabled) expect(await seriousViolations(page, "formulario de factura")).toEqual([]);
      // Paid part in cash, the rest by transfer: each method says its part.
      await page.getByLabel("Transferencia o depósito bancario", { exact: true }).check();
      await page.getByLabel("Monto pagado con Efectivo").fill("846");
      await page.getByLabel("Monto pagado con Transferencia o depósito bancario").fill("22 000,00");

      await page.getByRole("button", { name: "Emitir", exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/invoice\/[0-9a-f]{24}/);
      await expectToast(page, "emitido y firmado", javaScriptEnabled);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Factura electrónica (emitida)");
      await expectSent(page);
      if (javaScriptEnabled) expect(await seriousViolations(page, "factura emitida")).toEqual([]);
      const clave = ((await page.getByText(/^Clave: \d{50}$/).textContent()) ?? "").replace("Clave: ", "");
      expect(clave).toMatch(/^\d{50}$/);
      // The customer receives it by e-mail (the sending queue, with the signed XML and the PDF).
      const consecutivo = clave.slice(21, 41);
      await expect
        .poll(
          async () =>
            (await inbox()).some((mail) => mail.to.includes("fe@dislasa.co.cr") && mail.subject.includes(consecutivo)),
          {
            timeout: 30_000,
          },
        )
        .toBe(true);

      const [pdfDownload] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Descargar PDF" }).click(),
      ]);
      const pdf = readPdf(await saved(pdfDownload));
      expect(pdf.pages).toBe(1);
      expect(pdf.inkedShare).toBeGreaterThan(0.02);
      expect(pdf.text.replace(/\s+/g, " ")).toContain(clave);

      const [xmlDownload] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Descargar XML firmado" }).click(),
      ]);
      const xml = (await saved(xmlDownload)).toString("utf8");
      expect(xml).toContain(`<Clave>${clave}</Clave>`);
      expect(xml).toContain("<ds:Signature");
      expect(xml).toMatch(/<TipoMedioPago>01<\/TipoMedioPago>\s*<TotalMedioPago>846\.00000<\/TotalMedioPago>/);
      expect(xml).toMatch(/<TipoMedioPago>04<\/TipoMedioPago>\s*<TotalMedioPago>22000\.00000<\/TotalMedioPago>/);

      // The nota de crédito starts from the factura: same receptor and lines, referencing it.
      await page.getByRole("link", { name: "Crear nota de crédito" }).click();
      await expect(page.getByLabel("Tipo de documento", { exact: true })).toHaveValue("NC");
      await expect(page.getByLabel("Línea 2: detalle")).toHaveValue(`Arroz 1 kg ${suffix}`);
      await page.getByLabel("Razón", { exact: true }).fill("Devolución total de la mercadería");
      await page.getByRole("button", { name: "Emitir", exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/invoice\/[0-9a-f]{24}/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nota de crédito electrónica (emitida)");
      await expect(page.getByText(/^Consecutivo: 0010000103\d{10}$/)).toBeVisible();
      await expectSent(page);
    });
  });
}
