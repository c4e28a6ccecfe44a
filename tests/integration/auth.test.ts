import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Types } from "mongoose";
import { loader as rootLoader } from "../../app/root";
import { action as loginAction, loader as loginLoader } from "../../app/routes/login";
import { action as logoutAction } from "../../app/routes/logout";
import { action as otpAction, loader as otpLoader } from "../../app/routes/otp";
import { action as verificationAction } from "../../app/routes/otp-verification";
import { loader as appLoader } from "../../app/routes/_app";
import { action as forgotAction } from "../../app/routes/forgot-password";
import { action as resetAction, loader as resetLoader } from "../../app/routes/reset-password";
import { requireAdmin, requireUser } from "../../app/utils/auth.server";
import { setClock } from "../../app/utils/clock.server";
import { decryptSecret } from "../../app/utils/crypto.server";
import { passwordResetMailsDone } from "../../app/utils/password-reset.server";
import { AttemptCounter } from "../../models/attempt-counter";
import { AuthToken } from "../../models/auth-token";
import { ensureOrganization } from "../../models/organization";
import { Session } from "../../models/session";
import { User } from "../../models/user";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { cookiesFrom, getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { errorsOf, submittedValuesOf } from "../support/replies";
import { createTestUser, totpCode } from "../support/users";

let environment: AppEnvironment;
const context = { cspNonce: "" };

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
});

afterAll(async () => {
  await environment?.close();
});

beforeEach(async () => {
  await AttemptCounter.deleteMany({});
  delete process.env.IDLE_TIMEOUT_MS;
});

async function login(email: string, password: string, query = "", extra: Record<string, string> = {}) {
  return respond(() =>
    loginAction({ request: postRequest(`/login${query}`, { email, password, ...extra }), params: {}, context }),
  );
}

async function toastOf(response: Response): Promise<string | undefined> {
  const cookie = cookiesFrom(response);
  const data = (await (
    await respond(() => rootLoader({ request: getRequest("/", cookie), params: {}, context }))
  ).json()) as {
    toast?: { message: string };
  };
  return data.toast?.message;
}

describe("password step (/login)", () => {
  it("sends a user without a factor to /otp, with a new session id", async () => {
    const user = await createTestUser({ persona: "client", enrolled: false });
    const response = await login(user.email, user.password, "?returnTo=%2Fresults");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/otp?returnTo=%2Fresults");
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=.+; .*HttpOnly; .*SameSite=Lax/i);
    expect(await Session.countDocuments({ userId: user.id, stage: "password" })).toBe(1);
  });

  it("sends a user with a factor to /otp-verification?id={first factor}", async () => {
    const user = await createTestUser({ persona: "admin" });
    const response = await login(user.email, user.password);
    expect(response.headers.get("Location")).toBe(`/otp-verification?id=${user.factorId}`);
  });

  it("answers a wrong password and an unknown e-mail with the same toast, ending any half sign-in", async () => {
    const user = await createTestUser({ persona: "client" });
    const wrong = await login(user.email, "no-es-la-clave");
    const unknown = await login("nadie@prueba.cr", "no-es-la-clave");
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/login");
      expect(await toastOf(response)).toBe("No se ha podido autenticar, intente de nuevo.");
      expect(response.headers.getSetCookie().some((c) => c.startsWith("__session=;"))).toBe(true);
    }
  });

  it("locks an account for 15 minutes after 5 failures, counted in the database", async () => {
    const user = await createTestUser({ persona: "client" });
    for (let i = 0; i < 5; i++) await login(user.email, `mala-${i}`);
    const counter = await AttemptCounter.findById(`account:${user.email}`).lean();
    expect(counter?.failures).toBe(5);
    expect(counter?.blockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60 * 1000);
    const response = await login(user.email, user.password);
    expect(await toastOf(response)).toBe(
      "Demasiados intentos fallidos. Por seguridad, espere 15 minutos e intente de nuevo.",
    );
    expect(response.headers.get("Location")).toBe("/login");
  });

  it("refuses a filled honeypot and a malformed body with 400, never 500", async () => {
    const user = await createTestUser({ persona: "client" });
    const bot = await login(user.email, user.password, "", { sitio_web: "http://spam" });
    expect(bot.status).toBe(400);
    const malformed = await respond(() =>
      loginAction({
        request: new Request("http://localhost:3000/login", {
          method: "POST",
          headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
          body: "esto no es multipart",
        }),
        params: {},
        context,
      }),
    );
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      message: "El formulario enviado no es válido. Recargue la página e intente de nuevo.",
    });
  });

  it("sends a signed-in user away from /login to a safe returnTo", async () => {
    const user = await createTestUser({ persona: "client" });
    const cookie = await sessionCookieFor(user.id);
    const safe = await respond(() =>
      loginLoader({ request: getRequest("/login?returnTo=%2Fentries%2Flist", cookie), params: {}, context }),
    );
    expect(safe.headers.get("Location")).toBe("/entries/list");
    const unsafe = await respond(() =>
      loginLoader({ request: getRequest("/login?returnTo=%2F%5Cevil.com", cookie), params: {}, context }),
    );
    expect(unsafe.headers.get("Location")).toBe("/?menu=consultas");
  });
});

describe("second factor", () => {
  it("enrolls on /otp: the secret stays pending, is stored encrypted, and a valid code completes sign-in", async () => {
    const user = await createTestUser({ persona: "client", enrolled: false });
    const cookie = await sessionCookieFor(user.id, "password");
    const page = (await (
      await respond(() => otpLoader({ request: getRequest("/otp", cookie), params: {}, context }))
    ).json()) as {
      secret: string;
      uri: string;
      qrCode: string;
    };
    expect(page.uri).toContain("otpauth://totp/");
    expect(page.qrCode).toMatch(/^data:image\/png;base64,/);
    const stored = await User.findById(user.id).lean();
    expect(stored?.pendingTotp?.encryptedSecret).not.toContain(page.secret);
    expect(decryptSecret(stored!.pendingTotp!.encryptedSecret!)).toBe(page.secret);
    expect(stored?.totpFactors).toHaveLength(0);

    const reload = (await (
      await respond(() => otpLoader({ request: getRequest("/otp", cookie), params: {}, context }))
    ).json()) as { secret: string };
    expect(reload.secret).toBe(page.secret);

    const wrong = await respond(() =>
      otpAction({ request: postRequest("/otp", { code: "000000" }, cookie), params: {}, context }),
    );
    expect(wrong.status).toBe(400);

    const code = await totpCode(page.secret);
    const done = await respond(() =>
      otpAction({ request: postRequest("/otp?returnTo=%2Fresults", { code }, cookie), params: {}, context }),
    );
    // The codes are shown by the page the enrollment redirects to (the same with and without JavaScript).
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/otp?returnTo=%2Fresults");
    const shown = await respond(() =>
      otpLoader({ request: getRequest("/otp?returnTo=%2Fresults", cookiesFrom(done)), params: {}, context }),
    );
    expect(shown.status).toBe(200);
    const body = (await shown.json()) as { recoveryCodes: string[]; next: string };
    expect(body.recoveryCodes).toHaveLength(8);
    expect(body.next).toBe("/results");
    const enrolled = await User.findById(user.id).lean();
    expect(enrolled?.totpFactors).toHaveLength(1);
    expect(enrolled?.recoveryCodeHashes).toHaveLength(8);
    expect(enrolled?.recoveryCodeHashes).not.toContain(body.recoveryCodes[0]);
    expect(enrolled?.pendingTotp).toBeUndefined();

    const completeCookie = cookiesFrom(done);
    expect(completeCookie).not.toBe(cookie);
    await expect(requireUser(getRequest("/", completeCookie))).resolves.toMatchObject({ user: { email: user.email } });
    await expect(Session.countDocuments({ userId: user.id })).resolves.toBe(1);
  });

  it("verifies a code once: the same time step is refused afterwards", async () => {
    const user = await createTestUser({ persona: "client" });
    const code = await totpCode(user.totpSecret!);
    const first = await respond(async () =>
      verificationAction({
        request: postRequest(
          `/otp-verification?id=${user.factorId}`,
          { code },
          await sessionCookieFor(user.id, "password"),
        ),
        params: {},
        context,
      }),
    );
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/?menu=consultas");
    const replay = await respond(async () =>
      verificationAction({
        request: postRequest(
          `/otp-verification?id=${user.factorId}`,
          { code },
          await sessionCookieFor(user.id, "password"),
        ),
        params: {},
        context,
      }),
    );
    expect(replay.status).toBe(400);
    expect(await errorsOf(replay)).toEqual({ "": ["El código no es válido o ya fue utilizado. Intente de nuevo."] });
  });

  it("accepts each recovery code once", async () => {
    const user = await createTestUser({ persona: "client" });
    const attempt = async () =>
      respond(async () =>
        verificationAction({
          request: postRequest(
            `/otp-verification?id=${user.factorId}`,
            { code: user.recoveryCodes[1] },
            await sessionCookieFor(user.id, "password"),
          ),
          params: {},
          context,
        }),
      );
    expect((await attempt()).status).toBe(302);
    expect((await attempt()).status).toBe(400);
  });

  it("does not open the app with a session that only passed the password", async () => {
    const user = await createTestUser({ persona: "admin" });
    const cookie = await sessionCookieFor(user.id, "password");
    const response = await respond(() =>
      appLoader({ request: getRequest("/?menu=consultas", cookie), params: {}, context }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?returnTo=%2F%3Fmenu%3Dconsultas");
  });
});

describe("sign-in forms: one schema for the page and the action, secrets never sent back", () => {
  it("a blank password or a malformed address is a failed sign-in like any other: the spec's toast, counted", async () => {
    const user = await createTestUser({ persona: "client" });
    for (const [email, password] of [
      [user.email, ""],
      ["no-es-un-correo", user.password],
    ]) {
      const response = await login(email, password);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/login");
      expect(await toastOf(response)).toBe("No se ha podido autenticar, intente de nuevo.");
    }
    expect((await AttemptCounter.findById(`account:${user.email}`).lean())?.failures).toBe(1);
  });

  it("a refused code answers with the form's error and without the code that was typed", async () => {
    const user = await createTestUser({ persona: "client" });
    const response = await respond(async () =>
      verificationAction({
        request: postRequest(
          `/otp-verification?id=${user.factorId}`,
          { code: user.recoveryCodes[0].replace(/.$/, "0") },
          await sessionCookieFor(user.id, "password"),
        ),
        params: {},
        context,
      }),
    );
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual({ "": ["El código no es válido o ya fue utilizado. Intente de nuevo."] });
    expect(JSON.stringify(await response.clone().json())).not.toContain(user.recoveryCodes[0].slice(0, 4));
  });

  it("an empty code is refused under the field, before any attempt is counted", async () => {
    const user = await createTestUser({ persona: "client", enrolled: false });
    const cookie = await sessionCookieFor(user.id, "password");
    await respond(() => otpLoader({ request: getRequest("/otp", cookie), params: {}, context }));
    const response = await respond(() =>
      otpAction({ request: postRequest("/otp", { code: "   " }, cookie), params: {}, context }),
    );
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual({ code: ["Ingrese el código de verificación."] });
    expect(await AttemptCounter.findById(`second-factor:${user.id}`)).toBeNull();
  });

  it("a new password that does not match its confirmation is refused under the confirmation, and neither is sent back", async () => {
    const response = await respond(() =>
      resetAction({
        request: postRequest("/reset-password?token=nada", {
          password: "Clave-secreta-1",
          confirmation: "Clave-secreta-2",
        }),
        params: {},
        context,
      }),
    );
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual({ confirmation: ["Las contraseñas no coinciden."] });
    expect(JSON.stringify(await response.clone().json())).not.toContain("Clave-secreta");
    const expired = await respond(() =>
      resetAction({
        request: postRequest("/reset-password?token=nada", {
          password: "Clave-secreta-1",
          confirmation: "Clave-secreta-1",
        }),
        params: {},
        context,
      }),
    );
    expect(await errorsOf(expired)).toEqual({
      "": ["El enlace no es válido, ya fue utilizado o expiró. Solicite uno nuevo."],
    });
  });

  it("an address that is not one is refused under the field, with what was typed to correct it", async () => {
    const response = await respond(() =>
      forgotAction({ request: postRequest("/forgot-password", { email: "maria@" }), params: {}, context }),
    );
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual({ email: ["Ingrese un correo electrónico válido."] });
    expect(await submittedValuesOf(response)).toMatchObject({ email: "maria@" });
  });
});

describe("sessions", () => {
  it("expire after the idle timeout without requests, and slide with activity", async () => {
    process.env.IDLE_TIMEOUT_MS = "1000";
    const user = await createTestUser({ persona: "client" });
    let time = Date.now();
    const restoreClock = setClock(() => new Date(time));
    try {
      const cookie = await sessionCookieFor(user.id);
      time += 600;
      await expect(requireUser(getRequest("/", cookie))).resolves.toBeTruthy();
      time += 600;
      await expect(requireUser(getRequest("/", cookie))).resolves.toBeTruthy();
      time += 1200;
      const expired = await respond(() => requireUser(getRequest("/results", cookie)));
      expect(expired.headers.get("Location")).toBe("/login?returnTo=%2Fresults");
    } finally {
      restoreClock();
    }
  });

  it("end after 12 hours whatever the activity", async () => {
    const user = await createTestUser({ persona: "client" });
    const cookie = await sessionCookieFor(user.id);
    await Session.updateMany(
      { userId: user.id },
      { $set: { absoluteExpiresAt: new Date(Date.now() - 1), expiresAt: new Date(Date.now() - 1) } },
    );
    const response = await respond(() => requireUser(getRequest("/", cookie)));
    expect(response.status).toBe(302);
  });

  it("are stored with a TTL index, so expired ones disappear from the database", async () => {
    const indexes = await Session.collection.indexes();
    expect(indexes.some((index) => index.key.expiresAt === 1 && index.expireAfterSeconds === 0)).toBe(true);
  });

  it("logout ends the session and goes to /login with returnTo", async () => {
    const user = await createTestUser({ persona: "client" });
    const cookie = await sessionCookieFor(user.id);
    const response = await respond(() =>
      logoutAction({
        request: postRequest("/logout", { returnTo: "/results?menu=balances" }, cookie),
        params: {},
        context,
      }),
    );
    expect(response.headers.get("Location")).toBe("/login?returnTo=%2Fresults%3Fmenu%3Dbalances");
    expect(await Session.countDocuments({ userId: user.id })).toBe(0);
    const unsafe = await respond(() =>
      logoutAction({ request: postRequest("/logout", { returnTo: "//evil.com" }, cookie), params: {}, context }),
    );
    expect(unsafe.headers.get("Location")).toBe("/login?returnTo=%2F");
  });
});

describe("guards", () => {
  it("requireAdmin sends visitors to /login and a client user to /", async () => {
    const user = await createTestUser({ persona: "client" });
    const response = await respond(() => requireAdmin(getRequest("/admin/vat", undefined)));
    expect(response.headers.get("Location")).toBe("/login?returnTo=%2Fadmin%2Fvat");
    const asClient = await respond(async () => requireAdmin(getRequest("/admin/vat", await sessionCookieFor(user.id))));
    expect(asClient.headers.get("Location")).toBe("/");
  });

  it("gives the browser the spec's user session: contactEmail only for super admins, roles only for others", async () => {
    const client = await createTestUser({
      persona: "client",
      orgs: { "CR:3101123456": "client", "CR:3101999999": "client" },
    });
    const superAdmin = await createTestUser({ persona: "superadmin" });
    const accountOf = async (id: string) =>
      (
        (await (
          await respond(async () =>
            rootLoader({ request: getRequest("/", await sessionCookieFor(id)), params: {}, context }),
          )
        ).json()) as {
          account: Record<string, unknown> & { organizations: Array<Record<string, unknown>> };
        }
      ).account;

    const clientAccount = await accountOf(client.id);
    expect(clientAccount).toMatchObject({
      isSuperAdmin: false,
      isAdmin: false,
      isRoot: false,
      roles: { "CR:3101123456": "client" },
    });
    expect(clientAccount.organizations).toEqual([
      { id: "CR:3101123456", cedula: "3101123456", name: "Ferretería El Clavo S.A." },
    ]);
    expect(JSON.stringify(clientAccount)).not.toContain("contactEmail");

    const superAccount = await accountOf(superAdmin.id);
    expect(superAccount.roles).toBeUndefined();
    expect(superAccount.organizations.map((o) => o.name)).toEqual([
      "Ferretería El Clavo S.A.",
      "María Rodríguez Mora",
      "Soda La Esquina Ltda.",
    ]);
    expect(superAccount.organizations.every((o) => typeof o.contactEmail === "string")).toBe(true);
  });

  it("selects the organization from ?org=, remembers it, and answers 404 for one the user may not access", async () => {
    const admin = await createTestUser({
      persona: "admin",
      orgs: { "CR:3101123456": "admin", "CR:3102654321": "admin" },
    });
    const cookie = await sessionCookieFor(admin.id);
    const chosen = await respond(() =>
      appLoader({ request: getRequest("/?org=3102654321", cookie), params: {}, context }),
    );
    expect(await chosen.json()).toEqual({ selectedCedula: "3102654321", selectedName: "Soda La Esquina Ltda." });
    const remembered = await respond(() => appLoader({ request: getRequest("/", cookie), params: {}, context }));
    expect(await remembered.json()).toEqual({ selectedCedula: "3102654321", selectedName: "Soda La Esquina Ltda." });
    const foreign = await respond(() =>
      appLoader({ request: getRequest("/?org=111110111", cookie), params: {}, context }),
    );
    expect(foreign.status).toBe(404);
  });
});

describe("password recovery", () => {
  it("mails a single-use link stored only as a hash, and the reset ends every session", async () => {
    const user = await createTestUser({ persona: "client" });
    const cookie = await sessionCookieFor(user.id);
    const response = await respond(() =>
      forgotAction({
        request: postRequest("/forgot-password", { email: user.email.toUpperCase() }),
        params: {},
        context,
      }),
    );
    expect(await toastOf(response)).toBe("Le hemos enviado un email con instrucciones.");
    const mail = await environment.mail.waitForMail((m) => m.to.includes(user.email));
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    const stored = await AuthToken.findOne({ userId: user.id }).lean();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);

    const page = await respond(() =>
      resetLoader({ request: getRequest(`/reset-password?token=${token}`), params: {}, context }),
    );
    expect(await page.json()).toEqual({ linkIsValid: true });
    const short = await respond(() =>
      resetAction({
        request: postRequest(`/reset-password?token=${token}`, { password: "corta", confirmation: "corta" }),
        params: {},
        context,
      }),
    );
    expect(short.status).toBe(400);
    expect(await errorsOf(short)).toEqual({ password: ["La contraseña debe tener al menos 10 caracteres."] });

    const done = await respond(() =>
      resetAction({
        request: postRequest(`/reset-password?token=${token}`, {
          password: "Nueva-clave-segura",
          confirmation: "Nueva-clave-segura",
        }),
        params: {},
        context,
      }),
    );
    expect(done.headers.get("Location")).toBe("/login");
    expect(await Session.countDocuments({ userId: user.id })).toBe(0);
    expect((await respond(() => requireUser(getRequest("/", cookie)))).status).toBe(302);

    const again = await respond(() =>
      resetAction({
        request: postRequest(`/reset-password?token=${token}`, {
          password: "Otra-clave-segura",
          confirmation: "Otra-clave-segura",
        }),
        params: {},
        context,
      }),
    );
    expect(again.status).toBe(400);
    expect((await login(user.email, "Nueva-clave-segura")).headers.get("Location")).toMatch(/^\/otp-verification/);
  });

  it("sends at most three reset mails an hour to one account, answering the same every time", async () => {
    const user = await createTestUser({ persona: "client" });
    for (let i = 0; i < 5; i++) {
      const response = await respond(() =>
        forgotAction({ request: postRequest("/forgot-password", { email: user.email }), params: {}, context }),
      );
      expect(await toastOf(response)).toBe("Le hemos enviado un email con instrucciones.");
    }
    await environment.mail.waitForMail((m) => m.to.includes(user.email));
    await passwordResetMailsDone();
    expect(environment.mail.messages.filter((m) => m.to.includes(user.email))).toHaveLength(3);
  });

  it("sends nothing for an unknown address but says the same", async () => {
    const before = environment.mail.messages.length;
    const response = await respond(() =>
      forgotAction({ request: postRequest("/forgot-password", { email: "nadie@prueba.cr" }), params: {}, context }),
    );
    expect(await toastOf(response)).toBe("Le hemos enviado un email con instrucciones.");
    await passwordResetMailsDone();
    expect(environment.mail.messages.length).toBe(before);
  });

  it("tells the user when the mail server fails", async () => {
    const user = await createTestUser({ persona: "client" });
    const working = process.env.SMTP_URL;
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    try {
      const response = await respond(() =>
        forgotAction({ request: postRequest("/forgot-password", { email: user.email }), params: {}, context }),
      );
      expect(await toastOf(response)).toBe("No se ha podido enviar el email. Inténtelo más tarde.");
    } finally {
      process.env.SMTP_URL = working;
    }
  });

  it("refuses an expired link", async () => {
    const user = await createTestUser({ persona: "client" });
    await respond(() =>
      forgotAction({ request: postRequest("/forgot-password", { email: user.email }), params: {}, context }),
    );
    const mail = await environment.mail.waitForMail((m) => m.to.includes(user.email));
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)![1];
    await AuthToken.updateMany(
      { userId: new Types.ObjectId(user.id) },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    const page = await respond(() =>
      resetLoader({ request: getRequest(`/reset-password?token=${token}`), params: {}, context }),
    );
    expect(await page.json()).toEqual({ linkIsValid: false });
  });
});
