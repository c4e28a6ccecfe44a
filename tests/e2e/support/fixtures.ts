import { test as base, expect, type Page } from "@playwright/test";
import mongoose from "mongoose";
import { createTestUser, totpCode, type Persona, type TestUser } from "../../support/users";

export interface CapturedMailSummary {
  to: string[];
  subject: string;
  text: string;
}

let connecting: Promise<typeof mongoose> | undefined;

/**
 * The test worker talks to the app's database directly to prepare users and data with known secrets.
 * One connection serves every spec of the worker: specs call this and never disconnect it.
 */
export async function testDatabase(): Promise<typeof mongoose> {
  if (mongoose.connection.readyState !== 1) {
    connecting ??= mongoose.connect(process.env.MONGODB_URI!).finally(() => (connecting = undefined));
    await connecting;
  }
  return mongoose;
}

export async function createUser(options: Parameters<typeof createTestUser>[0]): Promise<TestUser> {
  await testDatabase();
  return createTestUser(options);
}

export async function inbox(): Promise<CapturedMailSummary[]> {
  const response = await fetch(process.env.E2E_MAIL_URL!);
  return (await response.json()) as CapturedMailSummary[];
}

export async function waitForMail(to: string, timeoutMs = 15_000): Promise<CapturedMailSummary> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await inbox()).find((mail) => mail.to.includes(to));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail for ${to} within ${timeoutMs} ms`);
}

export async function submitPassword(page: Page, email: string, password: string) {
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByRole("textbox", { name: "Contraseña", exact: true }).fill(password);
  await page.getByRole("button", { name: "Ingresar" }).click();
}

/** Signs a user with an enrolled factor all the way in; `stepOffset` avoids reusing a time step. */
export async function signIn(page: Page, user: TestUser, options: { returnTo?: string; stepOffset?: number } = {}) {
  const query = options.returnTo ? `?${new URLSearchParams({ returnTo: options.returnTo })}` : "";
  await page.goto(`/login${query}`);
  await submitPassword(page, user.email, user.password);
  await expect(page).toHaveURL(/\/otp-verification\?id=/);
  await page.getByLabel("Código de verificación").fill(await totpCode(user.totpSecret!, options.stepOffset ?? 0));
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page).not.toHaveURL(/\/otp-verification/);
}

export async function signedInAs(page: Page, persona: Persona, orgs?: Record<string, "admin" | "client">) {
  const user = await createUser({ persona, orgs });
  await signIn(page, user);
  return user;
}

export const test = base;
export { expect };
