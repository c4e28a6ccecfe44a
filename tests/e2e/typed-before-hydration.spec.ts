import { randomInt } from "node:crypto";
import type { Page, Route } from "@playwright/test";
import { currentMonth, shiftMonth } from "../../app/domain/calendar";
import { ensureOrganization } from "../../models/organization";
import { createUser, expect, signIn, test } from "./support/fixtures";

/**
 * Issue 24, finding 4: what a person types or chooses while the page's script is still loading is
 * what the form keeps and posts (decision 200), and the app's one date field takes dd/mm/aaaa
 * everywhere, whatever the browser's language.
 */
const CASH = "10-01-01-01-00"; // Caja general
const SALES = "40-01-01-01-00"; // Ventas gravadas 13 %
const SCRIPTS = /\/build\/.*\.js$/;

async function newBooks() {
  const cedula = `3101${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
  const organizationId = `CR:${cedula}`;
  const admin = await createUser({ persona: "admin", orgs: { [organizationId]: "admin" } });
  await ensureOrganization({ _id: organizationId, name: `Distribuidora ${cedula} S.A.`, identificationType: "02" });
  return { cedula, admin };
}

/** Holds the app's scripts until `release()`: meanwhile the page is the server's markup, as on a slow phone. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(SCRIPTS, (route) => (released ? route.continue() : void held.push(route)));
  return {
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** Types as a person does: click, select what is there, key by key. */
async function typeInto(page: Page, name: string, text: string) {
  await page.getByRole("textbox", { name, exact: true }).click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text, { delay: 40 });
}

// The searchable account picker replaces the native select once the page is live.
const hydrated = (page: Page) =>
  expect(page.getByRole("textbox", { name: "Línea 1: cuenta", exact: true })).toBeVisible();

test("an entry typed before the scripts run keeps its date and lines, and posts them", async ({ page }) => {
  const { cedula, admin } = await newBooks();
  await signIn(page, admin);
  const scripts = await holdScripts(page);
  await page.goto(`/entries/detail/new?org=${cedula}`, { waitUntil: "domcontentloaded" });

  await typeInto(page, "Fecha", "15/10/2026");
  await typeInto(page, "Descripción", "Venta escrita antes de los scripts");
  await page.getByRole("combobox", { name: "Línea 1: cuenta", exact: true }).selectOption(CASH);
  await page.getByLabel("Línea 1: débito", { exact: true }).fill("250,00");
  await page.getByRole("combobox", { name: "Línea 2: cuenta", exact: true }).selectOption(SALES);
  await page.getByLabel("Línea 2: crédito", { exact: true }).fill("250,00");

  await scripts.release();
  await hydrated(page);
  await expect(page.getByRole("textbox", { name: "Fecha" })).toHaveValue("15/10/2026");
  await expect(page.getByRole("textbox", { name: "Descripción", exact: true })).toHaveValue(
    "Venta escrita antes de los scripts",
  );
  await expect(page.getByRole("textbox", { name: "Línea 1: cuenta", exact: true })).toHaveValue(/^10-01-01-01-00 /);
  await expect(page.getByRole("textbox", { name: "Línea 2: cuenta", exact: true })).toHaveValue(/^40-01-01-01-00 /);

  await page.getByRole("button", { name: "Contabilizar" }).click();
  await expect(page).toHaveURL(/\/entries\/view\/[0-9a-f]{24}/);
  await expect(page.getByRole("main")).toContainText("15/10/2026");
  await expect(page.getByRole("main")).toContainText("Venta escrita antes de los scripts");
});

test("a date typed while the scripts are still arriving is the one kept", async ({ page }) => {
  const { cedula, admin } = await newBooks();
  await signIn(page, admin);
  // Each script arrives a little late, so the page hydrates in the middle of the typing.
  await page.route(SCRIPTS, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.goto(`/entries/detail/new?org=${cedula}`, { waitUntil: "commit" });
  await typeInto(page, "Fecha", "15/10/2026");
  await hydrated(page);
  await expect(page.getByRole("textbox", { name: "Fecha" })).toHaveValue("15/10/2026");
  await expect(page.getByRole("textbox", { name: "Fecha" })).toBeFocused();
});

test("the calendar beside the date field writes the chosen day into it", async ({ page }) => {
  const { cedula, admin } = await newBooks();
  await signIn(page, admin);
  await page.goto(`/entries/detail/new?org=${cedula}`);
  await hydrated(page);
  await typeInto(page, "Fecha", "03/10/2026");
  await page.getByRole("button", { name: "Elegir la fecha en el calendario" }).click();
  const calendar = page.getByRole("dialog", { name: "Elegir la fecha en el calendario" });
  await expect(calendar).toContainText("octubre 2026");
  await calendar.getByRole("button", { name: "17 octubre 2026" }).click();
  await expect(page.getByRole("textbox", { name: "Fecha" })).toHaveValue("17/10/2026");
  await expect(calendar).toBeHidden();
});

test("a choice made before the scripts run survives the form's first re-render", async ({ page }) => {
  const user = await createUser({ persona: "admin", orgs: { "CR:3101123456": "admin" } });
  await signIn(page, user);
  await page.goto(`/?org=3101123456&month=${shiftMonth(currentMonth(), -1)}&tab=recibidos`);
  const pending = page.getByTestId("receipt-row").filter({ hasText: "Pendiente" }).first();
  const href = (await pending.getByRole("link").first().getAttribute("href"))!;

  const scripts = await holdScripts(page);
  await page.goto(href, { waitUntil: "domcontentloaded" });
  const answer = page.getByTestId("receptor-answer");
  await answer.getByLabel("Rechazar").check();
  await scripts.release();
  await page.waitForFunction(() => "__remixRouter" in window);
  // Typing makes the form render again with its state: the radio must still be the one chosen.
  await answer.getByLabel("Detalle").pressSequentially("No se recibió la mercadería", { delay: 20 });
  await answer.getByLabel("Detalle").blur();
  await expect(answer.getByLabel("Rechazar")).toBeChecked();
  await expect(answer.getByLabel("Aceptar", { exact: true })).not.toBeChecked();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`an impossible date, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("31/11/2026 says why it is refused and stays as typed", async ({ page }) => {
      const { cedula, admin } = await newBooks();
      await signIn(page, admin);
      await page.goto(`/entries/detail/new?org=${cedula}`);
      await typeInto(page, "Fecha", "31/11/2026");
      await page.getByRole("textbox", { name: "Descripción", exact: true }).click();
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Contabilizar" }).click();
      await expect(page.getByText("La fecha 31/11/2026 no existe.")).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Fecha" })).toHaveValue("31/11/2026");
      await expect(page.getByRole("textbox", { name: "Fecha" })).toHaveAttribute("aria-invalid", "true");
    });
  });
}

test.describe("the reports in an English browser", () => {
  test.use({ locale: "en-US" });

  for (const javaScriptEnabled of [true, false]) {
    test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled });

      test("the date filters read and take dd/mm/aaaa, and refuse a day that does not exist", async ({ page }) => {
        const user = await createUser({ persona: "admin", orgs: { "CR:3101123456": "admin" } });
        await signIn(page, user);
        await page.goto("/results-all?org=3101123456&from=2026-10-01&to=2026-10-31");
        const from = page.getByRole("textbox", { name: "Desde" });
        await expect(from).toHaveValue("01/10/2026");
        await expect(from).toHaveAttribute("placeholder", "dd/mm/aaaa");
        await expect(page.getByRole("textbox", { name: "Hasta" })).toHaveValue("31/10/2026");

        await typeInto(page, "Desde", "1/9/2026");
        await typeInto(page, "Hasta", "30/09/2026");
        await page.getByRole("button", { name: "Ver reporte" }).click();
        await expect(page).toHaveURL(/from=1%2F9%2F2026/);
        await expect(page.getByRole("textbox", { name: "Desde" })).toHaveValue("01/09/2026");
        await expect(page.getByRole("main")).toContainText("30/09/2026");

        await page.goto("/results-general?org=3101123456&to=2026-10-31");
        await expect(page.getByRole("textbox", { name: "Fecha", exact: true })).toHaveValue("31/10/2026");
        await typeInto(page, "Fecha", "31/11/2026");
        if (javaScriptEnabled) {
          await page.getByRole("button", { name: "Ver reporte" }).focus();
          await expect(page.getByText("La fecha 31/11/2026 no existe.")).toBeVisible();
        } else {
          await page.getByRole("button", { name: "Ver reporte" }).click();
          await expect(page.getByTestId("query-messages")).toContainText("La fecha final 31/11/2026 no existe.");
        }
      });
    });
  }
});
