import { expect, test } from "./support/fixtures";

test("the login page renders in Spanish with the app's look", async ({ page }) => {
  const response = await page.goto("/login");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "es-CR");
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  await expect(page.getByLabel("Correo electrónico")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Contraseña", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ingresar" })).toBeVisible();
  await expect(page.getByRole("link", { name: "¿Olvidó su contraseña?" })).toBeVisible();
  const fontFamily = await page.locator("body").evaluate((el) => getComputedStyle(el).fontFamily);
  expect(fontFamily).toContain("Work Sans");
});

test("the page makes no request outside the app's origin and sends a CSP", async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith("data:")) foreign.push(request.url());
  });
  const response = await page.goto("/login");
  await page.waitForLoadState("networkidle");
  expect(foreign).toEqual([]);
  const csp = response!.headers()["content-security-policy"];
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.reload();
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});

test("/healthz reports the database as reachable", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "ok" });
});

test("built assets are served with immutable caching", async ({ request }) => {
  // Read the server-rendered HTML: Remix's <Scripts> drops its preload links on the first re-render after hydration.
  const html = await (await request.get("/login")).text();
  const href = html.match(/<link rel="modulepreload" href="(\/build\/[^"]+)"/)?.[1];
  expect(href).toBeTruthy();
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("immutable");
});
