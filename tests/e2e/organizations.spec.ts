import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { Types } from "mongoose";
import { encryptSecret } from "../../app/utils/crypto.server";
import { newTotpSecret } from "../../app/utils/totp.server";
import { User } from "../../models/user";
import { DEMO_PASSWORD } from "../../scripts/demo-data";
import type { TestUser } from "../support/users";
import { createUser, expect, signIn, test } from "./support/fixtures";

const DEMO_CLIENT = "cliente@demo.cr";

/**
 * The demo client enrolls its second factor at first sign-in, where the secret is shown once. To sign
 * in as that user, the test gives it a factor with a secret it knows (after createUser has connected).
 */
async function demoClient(): Promise<TestUser> {
  const totpSecret = newTotpSecret();
  const factorId = new Types.ObjectId();
  const result = await User.updateOne(
    { email: DEMO_CLIENT },
    { $set: { totpFactors: [{ _id: factorId, encryptedSecret: encryptSecret(totpSecret), lastAcceptedStep: -1 }] } },
  );
  expect(result.matchedCount, "the demo data holds cliente@demo.cr").toBe(1);
  return {
    id: "",
    email: DEMO_CLIENT,
    password: DEMO_PASSWORD,
    totpSecret,
    factorId: String(factorId),
    recoveryCodes: [],
  };
}

/** A cédula jurídica (3 + 9 digits) no other test uses. */
function newCedula(): string {
  return `3101${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

async function createClient(page: Page, cedula: string, name: string) {
  await page.goto("/admin/organizations");
  const form = page.getByRole("region", { name: "Nuevo cliente" });
  await form.getByLabel("Tipo de identificación").selectOption("02");
  await form
    .getByRole("textbox", { name: "Identificación (cédula)" })
    .fill(`${cedula.slice(0, 1)}-${cedula.slice(1, 4)}-${cedula.slice(4)}`);
  await form.getByRole("textbox", { name: "Nombre o razón social" }).fill(name);
  await form.getByRole("textbox", { name: "Correo de contacto" }).fill("contabilidad@cliente-nuevo.cr");
  await form.getByLabel("Régimen de IVA").selectOption("tradicional");
  await form.getByLabel("Tipo de contribuyente (renta)").selectOption("persona-juridica");
  await form.getByRole("button", { name: "Crear cliente" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/organizations/${cedula}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/** The confirmation toast: the toast library with JavaScript, the server-rendered alert without it. */
async function expectToast(page: Page, message: string, javaScriptEnabled: boolean) {
  await expect(javaScriptEnabled ? page.getByText(message) : page.getByTestId("toast-fallback")).toContainText(message);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`clients, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an admin creates a client and gives cliente@demo.cr access; it appears in that user's switcher until deactivated", async ({
      page,
      browser,
    }) => {
      const admin = await createUser({ persona: "admin", orgs: { "CR:3101123456": "admin" } });
      await signIn(page, admin);
      const cedula = newCedula();
      const name = `Distribuidora ${cedula} S.A.`;
      await createClient(page, cedula, name);

      // Bad input comes back with the field's message, and nothing is created.
      await page.goto("/admin/organizations");
      const form = page.getByRole("region", { name: "Nuevo cliente" });
      await form.getByRole("textbox", { name: "Identificación (cédula)" }).fill("12345");
      await form.getByRole("textbox", { name: "Nombre o razón social" }).fill("Mal Escrita S.A.");
      await form.getByRole("button", { name: "Crear cliente" }).click();
      await expect(page.getByText("La cédula jurídica debe tener 10 dígitos.")).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Nombre o razón social" })).toHaveValue("Mal Escrita S.A.");

      // The admin's list shows the new client, without any contact e-mail column.
      await page.goto(`/admin/organizations?q=${cedula}`);
      const row = page.getByTestId("organizations-table").locator(`tr[data-cedula="${cedula}"]`);
      await expect(row).toContainText(name);
      await expect(row).toContainText("Activo");
      await expect(page.getByText("contabilidad@cliente-nuevo.cr")).toHaveCount(0);

      await page.goto(`/admin/organizations/${cedula}`);
      const grant = page.getByRole("form", { name: "Dar acceso" });
      await grant.getByRole("textbox", { name: "Correo electrónico" }).fill(DEMO_CLIENT);
      await grant.getByLabel("Rol").selectOption("client");
      await grant.getByRole("button", { name: "Dar acceso" }).click();
      await expectToast(page, `Se dio acceso a ${DEMO_CLIENT}.`, javaScriptEnabled);
      await expect(page.getByTestId("members-table").locator(`tr[data-email="${DEMO_CLIENT}"]`)).toBeVisible();

      const clientContext = await browser.newContext({ javaScriptEnabled });
      try {
        const clientPage = await clientContext.newPage();
        await signIn(clientPage, await demoClient());
        const switcher = clientPage.getByTestId("organization-switcher");
        await expect(switcher.locator("option", { hasText: `${name} (${cedula})` })).toHaveCount(1);
        await expect(switcher.locator("option", { hasText: "Ferretería El Clavo" })).toHaveCount(1);

        await page.getByRole("button", { name: "Desactivar cliente" }).click();
        // Issue 17: a confirmation first (a modal with JavaScript, a confirm step without).
        await page.getByRole("button", { name: "Sí, desactivar cliente" }).click();
        await expectToast(
          page,
          "Cliente desactivado: ya no aparece en las listas de organizaciones.",
          javaScriptEnabled,
        );
        await clientPage.reload();
        await expect(switcher.locator("option", { hasText: "Ferretería El Clavo" })).toHaveCount(1);
        await expect(switcher.locator("option", { hasText: cedula })).toHaveCount(0);
      } finally {
        await clientContext.close();
      }
    });

    test("an admin gets the not-found page for a client it does not administer", async ({ page }) => {
      const admin = await createUser({ persona: "admin", orgs: { "CR:3101123456": "admin" } });
      await signIn(page, admin);
      const response = await page.goto("/admin/organizations/3102654321");
      expect(response?.status()).toBe(404);
      // Inside the shell, and saying what "Nuevo cliente" says for the same cédula (decision 052).
      await expect(page.getByRole("heading", { name: "Parece que se ha perdido" })).toBeVisible();
      await expect(
        page.getByRole("heading", {
          name: "Ya existe un cliente con esa identificación, pero usted no lo administra.",
        }),
      ).toBeVisible();
      await expect(
        page
          .getByRole("link", { name: "Salir" })
          .or(page.getByRole("button", { name: "Salir" }))
          .first(),
      ).toBeVisible();
      await page.goto("/admin/organizations");
      await expect(page.getByTestId("organizations-table")).not.toContainText("Soda La Esquina");
    });
  });
}

test("a super admin sees every client with its contact e-mail", async ({ page }) => {
  const superadmin = await createUser({ persona: "superadmin" });
  await signIn(page, superadmin);
  await page.goto("/admin/organizations");
  const table = page.getByTestId("organizations-table");
  await expect(table.getByRole("columnheader", { name: "Correo de contacto" })).toBeVisible();
  await expect(table.locator('tr[data-cedula="3102654321"]')).toContainText("sodalaesquina@correo.cr");
  await expect(table.locator('tr[data-cedula="3101999999"]')).toContainText("Inactivo");
});
