import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { currentMonth, shiftMonth } from "../../app/domain/calendar";
import { createUser, expect, signIn, test } from "./support/fixtures";

// The app sends to a local stand-in of Hacienda's sandbox that knows the demo issuer's API account
// (tests/e2e/support/global-setup.ts); Ferretería El Clavo has the demo key, Soda La Esquina none.
const FERRETERIA = "CR:3101123456";
const SODA = "CR:3102654321";
const lastMonth = shiftMonth(currentMonth(), -1);

/** Answers the first pending received invoice of the month (accepting it) and returns its page's path. */
async function answerFirstPending(page: Page, cedula: string): Promise<string> {
  await page.goto(`/?org=${cedula}&month=${lastMonth}&tab=recibidos`);
  await page.getByTestId("receipt-row").filter({ hasText: "Pendiente" }).first().getByRole("link").first().click();
  const answer = page.getByTestId("receptor-answer");
  await answer.getByLabel("Aceptar parcialmente").check();
  await answer.getByLabel("Condición del impuesto").selectOption("02");
  await answer.getByLabel(/^IVA acreditable/).fill("100,50");
  await answer.getByTestId("answer-submit").click();
  await page.getByRole("button", { name: "Sí, registrar respuesta" }).click();
  await expect(answer.getByText("Aceptado parcialmente")).toBeVisible();
  const url = new URL(page.url());
  return `${url.pathname}?${new URLSearchParams({ org: cedula })}`;
}

/** Reloads the page until the sending of the answer reaches one of these states (the queue works every few seconds). */
async function waitForStatus(page: Page, path: string, states: RegExp, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  const badge = page.getByTestId("submission-mensaje-receptor").getByTestId("submission-badge");
  for (;;) {
    await page.goto(path);
    const status = (await badge.getAttribute("data-status")) ?? "";
    if (states.test(status)) return status;
    if (Date.now() > deadline) throw new Error(`sending stayed «${status}»`);
    await page.waitForTimeout(1_000);
  }
}

test.describe("the sending to Hacienda, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an admin's answer to a supplier is signed, sent and shown on the receipt and in the month", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const admin = await createUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } });
    await signIn(page, admin);
    const path = await answerFirstPending(page, "3101123456");
    const panel = page.getByTestId("submission-mensaje-receptor");
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("heading", { name: "Envío del mensaje del receptor" })).toBeVisible();

    await waitForStatus(page, path, /^(enviado|aceptado)$/);
    await expect(panel.getByRole("button", { name: "Reintentar" })).toHaveCount(0);
    await waitForStatus(page, path, /^aceptado$/);
    await expect(panel.getByTestId("submission-badge")).toHaveText("Aceptado");
    await expect(panel.getByText(/^Respuesta de Hacienda: /)).toBeVisible();

    // The month view shows the sending of that receipt in its own column.
    const consecutivo = (await page.getByTestId("receipt-clave").textContent())!.replace(/\D/g, "").slice(21, 41);
    await page.goto(`/?org=3101123456&month=${lastMonth}&tab=recibidos&q=${consecutivo}`);
    const row = page.getByTestId("receipt-row").first();
    await expect(row.locator('[data-col="envio"] [data-testid="submission-badge"]')).toHaveAttribute(
      "data-status",
      "aceptado",
    );
  });

  test("without a key the answer waits in error with the reason; an admin retries it", async ({ page }) => {
    test.setTimeout(150_000);
    const admin = await createUser({ persona: "admin", orgs: { [SODA]: "admin" } });
    await signIn(page, admin);
    const path = await answerFirstPending(page, "3102654321");
    await waitForStatus(page, path, /^error$/);
    const panel = page.getByTestId("submission-mensaje-receptor");
    await expect(panel.getByTestId("submission-reason")).toContainText(
      "Falta la llave criptográfica de la organización",
    );
    await panel.getByRole("button", { name: "Reintentar" }).click();
    await expect(page.getByText("El envío a Hacienda se reintentará en unos segundos.")).toBeVisible();
    // Still no key: the queue tries again and stops with the same reason.
    await waitForStatus(page, path, /^error$/);
    await expect(page.getByTestId("submission-reason")).toContainText("Falta la llave criptográfica");
  });

  test("a client sees the status but no Reintentar", async ({ page }) => {
    const client = await createUser({ persona: "client", orgs: { [SODA]: "client" } });
    await signIn(page, client);
    await page.goto(`/?org=3102654321&month=${lastMonth}&tab=recibidos`);
    const answered = page.getByTestId("receipt-row").filter({ has: page.locator('[data-col="envio"] [data-status]') });
    // The test before answered one of Soda's invoices.
    await expect(answered).not.toHaveCount(0);
    await answered.first().getByRole("link").first().click();
    await expect(page.getByTestId("submission-mensaje-receptor")).toBeVisible();
    await expect(page.getByRole("button", { name: "Reintentar" })).toHaveCount(0);
  });
});

test("the sending status has no serious accessibility violations", async ({ page }) => {
  const admin = await createUser({ persona: "admin", orgs: { [SODA]: "admin" } });
  await signIn(page, admin);
  const serious = async () =>
    (await new AxeBuilder({ page }).include("main").analyze()).violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id} ${violation.nodes.map((node) => node.target.join(" ")).join(" | ")}`);
  await page.goto(`/?org=3102654321&month=${lastMonth}&tab=recibidos`);
  const answered = page.getByTestId("receipt-row").filter({ has: page.locator('[data-col="envio"] [data-status]') });
  // The tests above answered one of Soda's invoices; its sending stopped in error (no key).
  await expect(answered).not.toHaveCount(0);
  expect(await serious()).toEqual([]);
  await answered.first().getByRole("link").first().click();
  await expect(page.getByRole("button", { name: "Reintentar" })).toBeVisible();
  expect(await serious()).toEqual([]);
});
