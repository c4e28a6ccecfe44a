import { generate } from "otplib";
import { createUser, expect, inbox, signIn, submitPassword, test, waitForMail } from "./support/fixtures";
import { totpCode } from "../support/users";

const DEMO_PASSWORD = "Contabilidad-2026";

test.describe("sign-in", () => {
  test("a wrong password shows the spec's toast and stays on /login", async ({ page }) => {
    await page.goto("/login");
    await submitPassword(page, "admin@demo.cr", "contraseña-equivocada");
    await expect(page.getByText("No se ha podido autenticar, intente de nuevo.")).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test("an unknown e-mail gets exactly the same answer", async ({ page }) => {
    await page.goto("/login");
    await submitPassword(page, "nadie@ninguna-parte.cr", DEMO_PASSWORD);
    await expect(page.getByText("No se ha podido autenticar, intente de nuevo.")).toBeVisible();
  });

  test("first sign-in enrolls the second factor, then logout and a second sign-in verify it", async ({ page }) => {
    await page.goto("/login");
    await submitPassword(page, "superadmin@demo.cr", DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/otp$/);
    const secret = (await page.getByTestId("otp-secret").innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(page.getByRole("img", { name: /Código QR/ })).toBeVisible();
    await page.getByLabel("Código de verificación").fill(await generate({ secret }));
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(8);
    await page.getByRole("link", { name: "Continuar" }).click();
    await expect(page).toHaveURL(/\/\?menu=consultas$/);

    await page.goto("/?menu=balances");
    await page.getByRole("button", { name: "Salir" }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=%2F%3Fmenu%3Dbalances$/);

    await submitPassword(page, "superadmin@demo.cr", DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/otp-verification\?id=[0-9a-f]{24}&returnTo=/);
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await page.getByLabel("Código de verificación").fill(code);
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page).toHaveURL(/\/\?menu=balances$/);

    // The same code again, in a fresh sign-in: refused as a replay.
    await page.getByRole("button", { name: "Salir" }).click();
    await submitPassword(page, "superadmin@demo.cr", DEMO_PASSWORD);
    await page.getByLabel("Código de verificación").fill(code);
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page.getByRole("alert")).toHaveText("El código no es válido o ya fue utilizado. Intente de nuevo.");
    await expect(page).toHaveURL(/\/otp-verification/);
  });

  test("a recovery code signs in once", async ({ page }) => {
    const user = await createUser({ persona: "admin" });
    await page.goto("/login");
    await submitPassword(page, user.email, user.password);
    await page.getByLabel("Código de verificación").fill(user.recoveryCodes[0].toLowerCase());
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page).toHaveURL(/\/\?menu=consultas$/);
  });

  test("an unsafe returnTo is ignored after sign-in", async ({ page }) => {
    const user = await createUser({ persona: "client" });
    await signIn(page, user, { returnTo: "//evil.example/robo" });
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/\?menu=consultas$/);
  });

  test("password recovery: mail over SMTP, single-use link, new password works and the old one not", async ({
    page,
  }) => {
    const user = await createUser({ persona: "client" });
    await page.goto("/login");
    await page.getByRole("link", { name: "¿Olvidó su contraseña?" }).click();
    await expect(page.getByRole("heading", { name: "Recuperar contraseña" })).toBeVisible();
    await page.getByLabel("Correo electrónico").fill(user.email);
    await page.getByRole("button", { name: "Enviar instrucciones" }).click();
    await expect(page.getByText("Le hemos enviado un email con instrucciones.")).toBeVisible();

    const mail = await waitForMail(user.email);
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.getByLabel("Nueva contraseña").fill("corta");
    await page.getByLabel("Confirme la contraseña").fill("corta");
    await page.getByRole("button", { name: "Guardar contraseña" }).click();
    await expect(page.getByLabel("Nueva contraseña")).toHaveAccessibleDescription(
      "La contraseña debe tener al menos 10 caracteres.",
    );
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel("Nueva contraseña").fill("Una-clave-nueva-2026");
    await page.getByLabel("Confirme la contraseña").fill("Una-clave-nueva-2026");
    await page.getByRole("button", { name: "Guardar contraseña" }).click();
    await expect(page).toHaveURL(/\/login/);

    await page.goto(link!);
    await expect(
      page.getByText("El enlace no es válido, ya fue utilizado o expiró. Solicite uno nuevo."),
    ).toBeVisible();

    await page.goto("/login");
    await submitPassword(page, user.email, user.password);
    await expect(page.getByText("No se ha podido autenticar, intente de nuevo.")).toBeVisible();
    await signIn(page, { ...user, password: "Una-clave-nueva-2026" });
    await expect(page).toHaveURL(/\/\?menu=consultas$/);
  });

  test("an unknown address gets the same toast and no mail", async ({ page }) => {
    const before = (await inbox()).length;
    await page.goto("/forgot-password");
    await page.getByLabel("Correo electrónico").fill("desconocido@prueba.cr");
    await page.getByRole("button", { name: "Enviar instrucciones" }).click();
    await expect(page.getByText("Le hemos enviado un email con instrucciones.")).toBeVisible();
    // No mail is an absence: wait for the event that comes after it instead of for time. A request for a
    // known address, made afterwards, is answered with a mail only after the unknown one was looked up.
    const marker = await createUser({ persona: "client" });
    await page.goto("/forgot-password");
    await page.getByLabel("Correo electrónico").fill(marker.email);
    await page.getByRole("button", { name: "Enviar instrucciones" }).click();
    await waitForMail(marker.email);
    expect((await inbox()).filter((m) => m.to.includes("desconocido@prueba.cr"))).toHaveLength(0);
    expect((await inbox()).length).toBe(before + 1);
  });

  test("without JavaScript, the forms answer with their errors in the page: an address, a code, a new password", async ({
    browser,
    baseURL,
  }) => {
    const user = await createUser({ persona: "client" });
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();

    await page.goto("/forgot-password");
    await page.getByLabel("Correo electrónico").fill("maria@prueba");
    await page.getByRole("button", { name: "Enviar instrucciones" }).click();
    await expect(page.getByLabel("Correo electrónico")).toHaveAccessibleDescription(
      "Ingrese un correo electrónico válido.",
    );
    await expect(page.getByLabel("Correo electrónico")).toHaveValue("maria@prueba");

    await page.goto("/login");
    await submitPassword(page, user.email, user.password);
    await expect(page).toHaveURL(/\/otp-verification\?id=/);
    await page.getByLabel("Código de verificación").fill("000000");
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page.getByRole("alert")).toHaveText("El código no es válido o ya fue utilizado. Intente de nuevo.");
    // The code typed is not sent back into the page.
    await expect(page.getByLabel("Código de verificación")).toHaveValue("");
    await page.getByLabel("Código de verificación").fill(await totpCode(user.totpSecret!));
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page).toHaveURL(/\/\?menu=consultas$/);

    await page.goto("/forgot-password");
    await page.getByLabel("Correo electrónico").fill(user.email);
    await page.getByRole("button", { name: "Enviar instrucciones" }).click();
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec((await waitForMail(user.email)).text)![0];
    await page.goto(link);
    await page.getByLabel("Nueva contraseña").fill("Una-clave-nueva-2026");
    await page.getByLabel("Confirme la contraseña").fill("Otra-clave-nueva-2026");
    await page.getByRole("button", { name: "Guardar contraseña" }).click();
    await expect(page.getByLabel("Confirme la contraseña")).toHaveAccessibleDescription(
      "Las contraseñas no coinciden.",
    );
    await expect(page.getByLabel("Nueva contraseña")).toHaveValue("");
    await context.close();
  });

  test("five wrong passwords lock the account for 15 minutes, even with the right password", async ({ page }) => {
    const user = await createUser({ persona: "client" });
    await page.goto("/login");
    for (let attempt = 0; attempt < 5; attempt++) {
      await submitPassword(page, user.email, `equivocada-${attempt}`);
      await expect(page.getByText("No se ha podido autenticar, intente de nuevo.").last()).toBeVisible();
    }
    await submitPassword(page, user.email, user.password);
    await expect(
      page.getByText("Demasiados intentos fallidos. Por seguridad, espere 15 minutos e intente de nuevo."),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test("sign-in works with JavaScript disabled", async ({ browser, baseURL }) => {
    const user = await createUser({ persona: "client" });
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/login");
    await submitPassword(page, user.email, user.password);
    await expect(page).toHaveURL(/\/otp-verification\?id=/);
    await page.getByLabel("Código de verificación").fill(await totpCode(user.totpSecret!));
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page).toHaveURL(/\/\?menu=consultas$/);
    await context.close();
  });
});
