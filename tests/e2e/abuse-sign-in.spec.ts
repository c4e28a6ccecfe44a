import { createUser, expect, signIn, submitPassword, test } from "./support/fixtures";
import { totpCode } from "../support/users";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`enrollment ${javaScriptEnabled ? "with" : "without"} JavaScript (issue 16, item 9)`, () => {
    test.use({ javaScriptEnabled });

    test("shows the recovery codes once and keeps the session", async ({ page }) => {
      const user = await createUser({ persona: "client", enrolled: false, orgs: { "CR:3101123456": "client" } });
      await page.goto(`/login?${new URLSearchParams({ returnTo: "/?menu=balances" })}`);
      await submitPassword(page, user.email, user.password);
      await expect(page).toHaveURL(/\/otp\?returnTo=%2F%3Fmenu%3Dbalances$/);
      const secret = (await page.getByTestId("otp-secret").innerText()).trim();
      await page.getByLabel("Código de verificación").fill(await totpCode(secret));
      await page.getByRole("button", { name: "Verificar" }).click();
      await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(8);
      await page.getByRole("link", { name: "Continuar" }).click();
      await expect(page).toHaveURL(/\/\?menu=balances$/);
      await expect(page.getByRole("button", { name: "Salir" })).toBeAttached();

      // Shown once: coming back does not show them again.
      await page.goto("/otp");
      await expect(page.getByTestId("recovery-codes")).toHaveCount(0);
    });
  });
}

test.describe("returnTo (issue 16, items 10 and 11)", () => {
  test("a signed-in visitor is never sent off-site, and control characters get the default page", async ({
    page,
    baseURL,
  }) => {
    await signIn(page, await createUser({ persona: "client", orgs: { "CR:3101123456": "client" } }));
    await page.goto("/login?returnTo=%2F%09%2F127.0.0.1%3A3299%2Fphished");
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    await expect(page).toHaveURL(/\/\?menu=consultas$/);
    for (const character of ["%0A", "%0D", "%0B", "%00", "%1F"]) {
      const response = await page.goto(`/login?returnTo=%2Fresults${character}x`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(/\/\?menu=consultas$/);
    }
  });
});
