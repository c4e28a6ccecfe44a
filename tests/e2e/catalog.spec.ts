import { randomInt } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { ensureOrganization } from "../../models/organization";
import { createUser, expect, signIn, test } from "./support/fixtures";

/** The confirmation toast: the toast library with JavaScript, the server-rendered alert without it. */
async function expectToast(page: Page, message: string, javaScriptEnabled: boolean) {
  await expect(javaScriptEnabled ? page.getByText(message) : page.getByTestId("toast-fallback")).toContainText(message);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`chart of accounts, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, acceptDownloads: true });

    test("search, rename an account, add a subaccount with the proposed code, disable it and export CSV", async ({
      page,
    }) => {
      const cedula = `3101${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
      const admin = await createUser({ persona: "admin", orgs: { [`CR:${cedula}`]: "admin" } });
      await ensureOrganization({ _id: `CR:${cedula}`, name: `Librería ${cedula} S.A.`, identificationType: "02" });
      await signIn(page, admin);
      await page.goto(`/admin/catalog?org=${cedula}`);
      await expect(page.getByRole("heading", { level: 1, name: "Catálogo de cuentas" })).toBeVisible();
      const tree = page.getByTestId("catalog-tree");

      // Groups start open: level 2 is visible, deeper levels are folded away.
      await expect(tree.getByRole("link", { name: "10-01-00-00-00 Activo corriente" })).toBeVisible();
      await expect(tree.getByRole("link", { name: "10-01-01-02-00 Caja chica" })).toBeHidden();
      await page.getByRole("link", { name: "Expandir todo" }).click();
      await expect(tree.getByRole("link", { name: "10-01-01-02-00 Caja chica" })).toBeVisible();
      await page.getByRole("link", { name: "Contraer todo" }).click();
      await expect(tree.getByRole("link", { name: "10-01-00-00-00 Activo corriente" })).toBeHidden();
      // <details> opens and closes by itself, with or without JavaScript.
      await tree.locator('details[data-code="10-00-00-00-00"] > summary').click({ position: { x: 4, y: 8 } });
      await expect(tree.getByRole("link", { name: "10-01-00-00-00 Activo corriente" })).toBeVisible();

      const search = page.getByRole("search", { name: "Buscar cuentas" });
      await search.getByRole("textbox", { name: "Buscar cuenta" }).fill("caja chica");
      await search.getByRole("button", { name: "Buscar" }).click();
      await expect(page.getByText("1 cuenta coincide con la búsqueda.")).toBeVisible();
      await tree.getByRole("link", { name: "10-01-01-02-00 Caja chica" }).click();

      const panel = page.getByTestId("account-panel");
      await expect(panel.getByRole("heading", { name: "10-01-01-02-00 Caja chica" })).toBeVisible();
      const rename = panel.getByRole("form", { name: "Cambiar nombre" });
      await rename.getByRole("textbox", { name: "Nombre de la cuenta" }).fill("");
      await rename.getByRole("textbox", { name: "Nombre de la cuenta" }).fill("Caja chica – sucursal Heredia");
      await rename.getByRole("button", { name: "Cambiar nombre" }).click();
      await expectToast(page, "Cuenta 10-01-01-02-00 renombrada.", javaScriptEnabled);
      await expect(panel.getByRole("heading", { name: "10-01-01-02-00 Caja chica – sucursal Heredia" })).toBeVisible();
      await expect(panel.getByText("Nombre en el catálogo base: Caja chica")).toBeVisible();

      // A parent account: the code field proposes its next free child.
      await page.goto(`/admin/catalog?org=${cedula}&account=10-01-01-00-00`);
      const add = panel.getByRole("form", { name: "Agregar subcuenta" });
      await expect(add.getByRole("textbox", { name: "Código" })).toHaveValue("10-01-01-07-00");
      await add.getByRole("textbox", { name: "Nombre de la subcuenta" }).fill("Fondo de cambio");
      await add.getByRole("button", { name: "Agregar subcuenta" }).click();
      await expectToast(page, "Cuenta 10-01-01-07-00 agregada.", javaScriptEnabled);
      await expect(tree.getByRole("link", { name: "10-01-01-07-00 Fondo de cambio" })).toBeVisible();
      await expect(panel.getByRole("heading", { name: "10-01-01-07-00 Fondo de cambio" })).toBeVisible();

      // An edited code outside the rules is refused with the rule's message, and the form keeps what was typed.
      await page.goto(`/admin/catalog?org=${cedula}&account=10-01-01-00-00`);
      await expect(add.getByRole("textbox", { name: "Código" })).toHaveValue("10-01-01-08-00");
      await add.getByRole("textbox", { name: "Código" }).fill("10-01-01-01-00");
      await add.getByRole("textbox", { name: "Nombre de la subcuenta" }).fill("Repetida");
      await add.getByRole("button", { name: "Agregar subcuenta" }).click();
      await expect(add.getByText("La cuenta 10-01-01-01-00 ya existe.")).toBeVisible();
      await expect(add.getByRole("textbox", { name: "Nombre de la subcuenta" })).toHaveValue("Repetida");

      await page.goto(`/admin/catalog?org=${cedula}&account=10-01-01-07-00`);
      await panel.getByRole("button", { name: "Deshabilitar cuenta" }).click();
      await expectToast(page, "Cuenta 10-01-01-07-00 deshabilitada.", javaScriptEnabled);
      await expect(panel.getByRole("button", { name: "Habilitar cuenta" })).toBeVisible();

      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Exportar CSV" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`catalogo-${cedula}.csv`);
      const csv = await readFile((await file.path())!, "utf8");
      expect(csv).toContain("10-01-01-02-00,Caja chica – sucursal Heredia,4,10-01-01-00-00,no");
      expect(csv).toContain("10-01-01-07-00,Fondo de cambio,4,10-01-01-00-00,sí");
    });

    test("an admin gets the not-found page for another client's catalog", async ({ page }) => {
      const admin = await createUser({ persona: "admin", orgs: { "CR:3101123456": "admin" } });
      await signIn(page, admin);
      const response = await page.goto("/admin/catalog?org=3102654321");
      expect(response?.status()).toBe(404);
      // The in-app error boundary keeps the sidebar and names what was not found (issue 10).
      await expect(page.getByRole("heading", { name: "Organización no encontrada" })).toBeVisible();
      await expect(
        page
          .getByRole("link", { name: "Salir" })
          .or(page.getByRole("button", { name: "Salir" }))
          .first(),
      ).toBeVisible();
    });
  });
}

test("each demo client shows its own overrides merged into the default tree", async ({ page }) => {
  const superadmin = await createUser({ persona: "superadmin" });
  await signIn(page, superadmin);
  await page.goto("/admin/catalog?org=3101123456&q=banco%20popular");
  await expect(
    page.getByTestId("catalog-tree").getByRole("link", { name: "10-01-01-03-04 Banco Popular – cta. corriente ₡" }),
  ).toBeVisible();
  await page.goto("/admin/catalog?org=3102654321&q=40-01-01");
  await expect(
    page.getByTestId("catalog-tree").getByRole("link", { name: "40-01-01-00-00 Ventas de comidas y bebidas" }),
  ).toBeVisible();
});
