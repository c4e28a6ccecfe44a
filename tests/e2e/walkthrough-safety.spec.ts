import type { Browser, Page } from "@playwright/test";
import { currentMonth, shiftMonth } from "../../app/domain/calendar";
import { startAppProcess, type AppProcess } from "./support/app-process";
import { createUser, expect, signIn, signedInAs, submitPassword, test } from "./support/fixtures";
import { totpCode } from "../support/users";

/** Issue 17, items 5 (irreversible actions ask first, nothing preselected) and 7 (messages that lied or were missing). */

const FERRETERIA = "CR:3101123456";
const SODA = "CR:3102654321";
const lastMonth = shiftMonth(currentMonth(), -1);

async function pageWithoutJs(browser: Browser, baseURL: string | undefined, from: Page) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await context.addCookies(await from.context().cookies());
  return { context, page: await context.newPage() };
}

/** Opens received receipts of last month until one still takes an answer; returns its URL. */
async function openAnswerableReceipt(page: Page, skip = 0): Promise<string> {
  await page.goto(`/?org=3101123456&month=${lastMonth}&tab=recibidos`);
  const hrefs = await page
    .getByTestId("receipt-row")
    .locator("a[href*='/detail/']")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  let found = 0;
  for (const href of [...new Set(hrefs)]) {
    await page.goto(href);
    if ((await page.getByTestId("answer-form").count()) > 0 && found++ >= skip) return href;
  }
  throw new Error("no received receipt of last month takes an answer");
}

test.describe("item 5: the receptor's answer is never preselected and is confirmed first", () => {
  test("with JavaScript: nothing chosen, a modal states the consequence, Cancelar records nothing, confirming records it", async ({
    page,
  }) => {
    await signedInAs(page, "admin", { [FERRETERIA]: "admin" });
    await openAnswerableReceipt(page);
    const form = page.getByTestId("answer-form");
    for (const label of ["Aceptar", "Aceptar parcialmente", "Rechazar"]) {
      await expect(form.getByRole("radio", { name: label, exact: true })).not.toBeChecked();
    }
    await expect(form.getByLabel("Condición del impuesto")).toHaveValue("");

    await form.getByRole("radio", { name: "Aceptar", exact: true }).check();
    await form.getByLabel("Condición del impuesto").selectOption("01");
    await form.getByRole("button", { name: "Registrar respuesta" }).click();
    const dialog = page.getByRole("dialog", { name: "¿Registrar la respuesta del receptor?" });
    await expect(dialog).toContainText("Se registrará «Aceptar»");
    await expect(dialog).toContainText("no se puede cambiar ni anular después");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByTestId("answer-form")).toBeVisible();

    await form.getByRole("radio", { name: "Aceptar", exact: true }).check();
    await form.getByLabel("Condición del impuesto").selectOption("01");
    await form.getByRole("button", { name: "Registrar respuesta" }).click();
    await dialog.getByRole("button", { name: "Sí, registrar respuesta" }).click();
    await expect(page.getByText(/Respuesta registrada con el consecutivo \d{20}\./)).toBeVisible();
    await expect(page.getByTestId("answer-form")).toHaveCount(0);
    await expect(page.getByTestId("receptor-answer")).toContainText("Aceptado");
  });

  test("without JavaScript: a valid answer comes back with a confirm step that keeps the values, and is recorded only from there", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signedInAs(page, "admin", { [FERRETERIA]: "admin" });
    const href = await openAnswerableReceipt(page, 1);
    const plain = await pageWithoutJs(browser, baseURL, page);
    await plain.page.goto(href);
    const form = plain.page.getByTestId("answer-form");
    await form.getByLabel("Detalle").fill("Mercadería incompleta");
    await form.getByRole("radio", { name: "Rechazar", exact: true }).check();
    await form.getByRole("button", { name: "Registrar respuesta" }).click();
    const step = plain.page.getByTestId("answer-submit-step");
    await expect(step).toContainText("Se registrará «Rechazar»");
    await expect(step).toContainText("no se puede cambiar ni anular después");
    await expect(
      plain.page.getByTestId("answer-form").getByRole("radio", { name: "Rechazar", exact: true }),
    ).toBeChecked();
    await expect(plain.page.getByTestId("answer-form").getByLabel("Detalle")).toHaveValue("Mercadería incompleta");
    await expect(plain.page.getByTestId("receptor-answer")).not.toContainText("Consecutivo del mensaje");
    await plain.page.getByRole("button", { name: "Sí, registrar respuesta" }).click();
    await expect(plain.page.getByTestId("receptor-answer")).toContainText("Rechazado");
    await expect(plain.page.getByTestId("receptor-answer")).toContainText("Consecutivo del mensaje");
    await plain.context.close();
  });
});

test.describe("item 5: Eliminar cuenta and Desactivar cliente ask first", () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`Eliminar cuenta states the consequence and acts only once confirmed (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      page,
      browser,
      baseURL,
    }) => {
      await signedInAs(page, "admin", { [SODA]: "admin" });
      const plain = javaScriptEnabled ? null : await pageWithoutJs(browser, baseURL, page);
      const here = plain?.page ?? page;
      await here.goto("/admin/catalog?org=3102654321&account=60-04-00-00-00");
      const panel = here.getByTestId("account-panel");
      const label = `Cuenta temporal ${javaScriptEnabled ? "con" : "sin"} JavaScript`;
      await panel.getByLabel("Nombre de la subcuenta").fill(label);
      await panel.getByRole("button", { name: "Agregar subcuenta" }).click();
      await expect(here.getByTestId("account-panel").getByRole("heading", { level: 2 })).toContainText(label);
      const code = (await here
        .getByTestId("account-panel")
        .getByRole("heading", { level: 2 })
        .locator("span")
        .first()
        .textContent())!.trim();

      await here.getByRole("button", { name: "Eliminar cuenta" }).click();
      if (javaScriptEnabled) {
        const dialog = here.getByRole("dialog", { name: `¿Eliminar la cuenta ${code}?` });
        await expect(dialog).toContainText("No se puede deshacer.");
        await dialog.getByRole("button", { name: "Cancelar" }).click();
        await here.reload();
        await expect(here.locator(`[data-code="${code}"]`).first()).toBeVisible();
        await here.getByRole("button", { name: "Eliminar cuenta" }).click();
      } else {
        await expect(here.getByTestId("remove-account-step")).toContainText("No se puede deshacer.");
        await here.goto(`/admin/catalog?org=3102654321&account=${code}`);
        await expect(here.locator(`[data-code="${code}"]`).first()).toBeVisible();
        await here.getByRole("button", { name: "Eliminar cuenta" }).click();
      }
      await here.getByRole("button", { name: "Sí, eliminar cuenta" }).click();
      await expect(here.getByText(`Cuenta ${code} eliminada.`).first()).toBeVisible();
      await expect(here.locator(`[data-code="${code}"]`)).toHaveCount(0);
      await plain?.context.close();
    });
  }

  test("Desactivar cliente opens a modal that says what happens; Cancelar leaves the client active", async ({
    page,
  }) => {
    await signedInAs(page, "admin", { [SODA]: "admin" });
    await page.goto("/admin/organizations/3102654321");
    await page.getByRole("button", { name: "Desactivar cliente" }).click();
    const dialog = page.getByRole("dialog", { name: "¿Desactivar Soda La Esquina Ltda.?" });
    await expect(dialog).toContainText("deja de aparecer en las listas de organizaciones");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await page.reload();
    await expect(page.getByRole("button", { name: "Desactivar cliente" })).toBeVisible();
    await expect(page.getByTestId("organization-switcher")).toContainText("Soda La Esquina Ltda.");
  });
});

test.describe("item 7: messages", () => {
  test("after a wrong password and then the right one, the next step does not repeat the failure", async ({ page }) => {
    const user = await createUser({ persona: "client", orgs: { [FERRETERIA]: "client" } });
    await page.goto("/login");
    await submitPassword(page, user.email, "no-es-la-clave");
    await expect(page.getByText("No se ha podido autenticar, intente de nuevo.")).toBeVisible();
    await submitPassword(page, user.email, user.password);
    await expect(page).toHaveURL(/\/otp-verification\?id=/);
    await expect(page.getByText("No se ha podido autenticar, intente de nuevo.")).toHaveCount(0);
    await page.getByLabel("Código de verificación").fill(await totpCode(user.totpSecret!));
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page).not.toHaveURL(/\/otp-verification/);
  });

  test("a user enrolling the second factor does not see the failure either", async ({ page }) => {
    const user = await createUser({ persona: "client", orgs: { [FERRETERIA]: "client" }, enrolled: false });
    await page.goto("/login");
    await submitPassword(page, user.email, "no-es-la-clave");
    await expect(page.getByText("No se ha podido autenticar, intente de nuevo.")).toBeVisible();
    await submitPassword(page, user.email, user.password);
    await expect(page).toHaveURL(/\/otp(\?|$)/);
    await expect(page.getByText("No se ha podido autenticar, intente de nuevo.")).toHaveCount(0);
  });

  test("a manual Salir does not claim inactivity", async ({ page }) => {
    await signedInAs(page, "client", { [FERRETERIA]: "client" });
    await page.getByRole("navigation", { name: "Menú principal" }).getByRole("button", { name: "Salir" }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=/);
    await expect(page.getByRole("button", { name: "Ingresar" })).toBeVisible();
    await expect(page.getByText("Su sesión se cerró por inactividad.")).toHaveCount(0);
  });

  test("adding 20-01-01-01-00 under 10-01-01-00-00 says a code under 10-01-01 is expected", async ({ page }) => {
    await signedInAs(page, "admin", { [SODA]: "admin" });
    await page.goto("/admin/catalog?org=3102654321&account=10-01-01-00-00");
    const panel = page.getByTestId("account-panel");
    await panel.getByLabel("Código").fill("20-01-01-01-00");
    await panel.getByLabel("Nombre de la subcuenta").fill("Otra rama");
    await panel.getByRole("button", { name: "Agregar subcuenta" }).click();
    await expect(panel.getByText("se espera un código bajo 10-01-01 (10-01-01-NN-00)")).toBeVisible();
    await expect(panel.getByText(/ya existe/)).toHaveCount(0);
  });
});

test.describe("item 7: an idle logout says why", () => {
  const IDLE_MS = 3_000;
  let app: AppProcess;

  test.beforeAll(async () => {
    // IDLE_TIMEOUT_MS is refused in production, so this app runs as "test" (as in idle-logout.spec.ts).
    app = await startAppProcess({ NODE_ENV: "test", IDLE_TIMEOUT_MS: String(IDLE_MS) });
  });

  test.afterAll(async () => {
    await app?.stop();
  });

  test("the sign-in page says «Su sesión se cerró por inactividad.»", async ({ browser }) => {
    const user = await createUser({ persona: "client", orgs: { [FERRETERIA]: "client" } });
    const context = await browser.newContext({ baseURL: app.url });
    const page = await context.newPage();
    await signIn(page, user, { returnTo: "/?menu=balances" });
    await expect(page).toHaveURL(/\/login\?returnTo=%2F%3Fmenu%3Dbalances/, { timeout: IDLE_MS * 5 });
    await expect(page.getByText("Su sesión se cerró por inactividad.")).toBeVisible();
    await context.close();
  });
});
