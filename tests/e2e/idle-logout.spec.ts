import { startAppProcess, type AppProcess } from "./support/app-process";
import { createUser, expect, signIn, test } from "./support/fixtures";

const IDLE_MS = 4_000;
let app: AppProcess;

test.beforeAll(async () => {
  // The same app with a short idle timeout; IDLE_TIMEOUT_MS is refused in production, so this one runs as "test".
  app = await startAppProcess({ NODE_ENV: "test", IDLE_TIMEOUT_MS: String(IDLE_MS) });
});

test.afterAll(async () => {
  await app?.stop();
});

test("idleness logs out every tab, returning to /login with returnTo", async ({ browser }) => {
  const user = await createUser({ persona: "client" });
  const context = await browser.newContext({ baseURL: app.url });
  const first = await context.newPage();
  await signIn(first, user, { returnTo: "/?menu=balances" });
  const second = await context.newPage();
  await second.goto("/?menu=consultas");

  // Activity in one tab keeps both signed in (the timers are synchronized across tabs).
  for (let i = 0; i < 4; i++) {
    await first.mouse.move(10 + i * 20, 10 + i * 20);
    await first.waitForTimeout(IDLE_MS / 3);
  }
  expect(first.url()).not.toContain("/login");
  expect(second.url()).not.toContain("/login");

  await expect(first).toHaveURL(/\/login\?returnTo=%2F%3Fmenu%3Dbalances/, { timeout: IDLE_MS * 4 });
  await expect(second).toHaveURL(/\/login\?returnTo=%2F%3Fmenu%3Dconsultas/, { timeout: IDLE_MS * 4 });

  const response = await first.goto("/?menu=consultas");
  expect(first.url()).toContain("/login?returnTo=%2F%3Fmenu%3Dconsultas");
  expect(response?.status()).toBe(200);
  await context.close();
});
