import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { makeThrowawayP12 } from "../support/throwaway-p12";
import { seriousViolations } from "./support/axe";
import { createUser, expect, signIn, test } from "./support/fixtures";

const DAY = 24 * 60 * 60 * 1000;
const API_PASSWORD = "Secreto-de-la-API-31";

/** A cédula jurídica (3 + 9 digits) no other test uses. */
function newCedula(): string {
  return `3101${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

async function createClient(page: Page, cedula: string, name: string) {
  await page.goto("/admin/organizations");
  const form = page.getByRole("region", { name: "Nuevo cliente" });
  await form.getByLabel("Tipo de identificación").selectOption("02");
  await form.getByRole("textbox", { name: "Identificación (cédula)" }).fill(cedula);
  await form.getByRole("textbox", { name: "Nombre o razón social" }).fill(name);
  await form.getByRole("textbox", { name: "Correo de contacto" }).fill("contabilidad@emisor-nuevo.cr");
  await form.getByLabel("Régimen de IVA").selectOption("tradicional");
  await form.getByLabel("Tipo de contribuyente (renta)").selectOption("persona-juridica");
  await form.getByRole("button", { name: "Crear cliente" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/organizations/${cedula}$`));
}

async function expectToast(page: Page, message: string, javaScriptEnabled: boolean) {
  await expect(javaScriptEnabled ? page.getByText(message) : page.getByTestId("toast-fallback")).toContainText(message);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`issuer settings, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an admin sets up issuing: data, API password and .p12 (refused with a wrong PIN), sees the expiry warning, and moves a consecutive forward only", async ({
      page,
    }) => {
      // Several full-page posts, key generation and an axe pass, on a machine shared with other runs.
      test.setTimeout(180_000);
      const admin = await createUser({ persona: "admin", orgs: { "CR:3101123456": "admin" } });
      await signIn(page, admin);
      const cedula = newCedula();
      await createClient(page, cedula, `Emisora ${cedula} S.A.`);

      const section = page.getByRole("region", { name: "Emisión de comprobantes" });
      await expect(section).toContainText("todavía no puede emitir comprobantes");
      await expect(section.getByRole("textbox", { name: "Número de identificación" })).toHaveValue(cedula);
      await section.getByRole("textbox", { name: "Actividad económica principal" }).fill("620100");
      await section.getByLabel("Provincia").selectOption("1");
      await section.getByRole("textbox", { name: "Cantón" }).fill("01");
      await section.getByRole("textbox", { name: "Distrito" }).fill("08");
      await section.getByRole("textbox", { name: "Otras señas" }).fill("Frente al parque, edificio azul");
      await section.getByRole("textbox", { name: "Correo electrónico" }).fill("facturas@emisora.cr");
      await section
        .getByRole("textbox", { name: "Usuario de la API" })
        .fill(`cpj-${cedula}@stag.comprobanteselectronicos.go.cr`);
      await section.getByLabel("Contraseña de la API").fill(API_PASSWORD);

      // A key expiring in 20 days, first with the wrong PIN.
      const key = makeThrowawayP12({
        pin: "5791",
        notAfter: new Date(Date.now() + 20 * DAY),
        taxpayerSerial: `CPJ-${cedula}`,
      });
      await section.locator('input[type="file"][name="p12"]').setInputFiles({
        name: "llave.p12",
        mimeType: "application/x-pkcs12",
        buffer: key.p12,
      });
      if (javaScriptEnabled) {
        // The browser's own control (texts in the browser's language) is replaced by a Spanish button.
        await expect(section.getByRole("button", { name: "Elegir archivo…" })).toBeVisible();
        await expect(section.getByTestId("issuer-p12-chosen")).toHaveText("llave.p12");
      }
      await section.getByLabel("PIN de la llave").fill("0000");
      await section.getByRole("button", { name: "Guardar datos de emisión" }).click();
      await expect(section.getByText("El PIN no abre la llave criptográfica. Revise el PIN.")).toBeVisible();
      expect(await page.content()).not.toContain(API_PASSWORD);
      await expect(section).toContainText("todavía no puede emitir comprobantes");

      // The typed password is not sent back: it is typed again, with the right PIN.
      await section.getByLabel("Contraseña de la API").fill(API_PASSWORD);
      await section.locator('input[type="file"][name="p12"]').setInputFiles({
        name: "llave.p12",
        mimeType: "application/x-pkcs12",
        buffer: key.p12,
      });
      await section.getByLabel("PIN de la llave").fill("5791");
      await section.getByRole("button", { name: "Guardar datos de emisión" }).click();
      await expectToast(page, "Datos de emisión guardados.", javaScriptEnabled);

      await expect(section.getByTestId("issuer-certificate")).toContainText(key.serialNumber);
      await expect(section.getByTestId("issuer-certificate")).toContainText("EMPRESA DE PRUEBA SOCIEDAD ANONIMA");
      await expect(section.getByRole("alert").filter({ hasText: "está por vencer" })).toContainText("en 19 días");
      await expect(section).toContainText("Configurada ✓");
      await expect(section.getByText("Llave configurada")).toBeVisible();
      await expect(section.getByTestId("issuer-history")).toContainText(admin.email);
      await expect(section.getByTestId("issuer-history")).toContainText(
        "contraseña de la API: sin configurar → configurada",
      );
      const html = await page.content();
      expect(html).not.toContain(API_PASSWORD);
      expect(html).not.toContain("5791");
      expect(html).not.toContain(key.p12.toString("base64").slice(0, 40));
      // axe runs in the page, so only with JavaScript.
      if (javaScriptEnabled) expect(await seriousViolations(page, "emisión de comprobantes")).toEqual([]);

      // Consecutives: forward when migrating, never back.
      const fe = section.getByTestId("consecutive-FE");
      await expect(fe).toContainText("1");
      await fe.getByRole("textbox").fill("250");
      await fe.getByRole("button", { name: "Ajustar" }).click();
      await expectToast(page, "Consecutivo actualizado.", javaScriptEnabled);
      await expect(section.getByTestId("consecutive-FE").getByRole("cell").nth(3)).toHaveText("250");
      await section.getByTestId("consecutive-FE").getByRole("textbox").fill("100");
      await section.getByTestId("consecutive-FE").getByRole("button", { name: "Ajustar" }).click();
      await expect(section.getByTestId("consecutive-FE")).toContainText("nunca se reutilizan");
      await expect(section.getByTestId("consecutive-FE").getByRole("cell").nth(3)).toHaveText("250");
    });
  });
}
