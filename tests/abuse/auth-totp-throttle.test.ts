import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "../../app/utils/throttle.server";
import { action as loginAction } from "../../app/routes/login";
import { action as verificationAction } from "../../app/routes/otp-verification";
import { backgroundWorkDone } from "../../app/utils/background.server";
import { LOCKED_OUT_MAIL_SUBJECT } from "../../app/utils/second-factor.server";
import { AttemptCounter } from "../../models/attempt-counter";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { BASE_URL, cookiesFrom, respond } from "../support/requests";
import { errorsOf } from "../support/replies";
import { createTestUser, totpCode } from "../support/users";

let environment: AppEnvironment;
const context = { cspNonce: "" };

beforeAll(async () => {
  environment = await startAppEnvironment();
});

beforeEach(async () => {
  await AttemptCounter.deleteMany({});
});

afterAll(async () => {
  await environment?.close();
});

function post(path: string, fields: Record<string, string>, ip: string, cookie?: string) {
  return new Request(new URL(path, BASE_URL), {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      [CLIENT_ADDRESS_HEADER]: ip,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("second-factor failures are counted per account (issue 16, item 7)", () => {
  it("a correct password does not reset them: password + 4 wrong codes from two addresses is locked out after 5 codes", async () => {
    const user = await createTestUser({ persona: "client" });
    const verification = `/otp-verification?id=${user.factorId}`;
    let checked = 0;
    let refused = 0;
    for (let round = 0; round < 8; round++) {
      const ip = round % 2 === 0 ? "198.51.100.7" : "203.0.113.9";
      const signIn = await respond(() =>
        loginAction({
          request: post("/login", { email: user.email, password: user.password }, ip),
          params: {},
          context,
        }),
      );
      const cookie = cookiesFrom(signIn);
      if (!signIn.headers.get("Location")?.startsWith("/otp-verification")) {
        refused++;
        continue;
      }
      for (let i = 0; i < 4; i++) {
        const response = await respond(() =>
          verificationAction({ request: post(verification, { code: "000000" }, ip, cookie), params: {}, context }),
        );
        if (response.status === 400) checked++;
        else if (response.status === 429) refused++;
      }
    }
    expect(checked).toBe(5);
    expect(refused).toBeGreaterThan(0);

    const signIn = await respond(() =>
      loginAction({
        request: post("/login", { email: user.email, password: user.password }, "192.0.2.1"),
        params: {},
        context,
      }),
    );
    const locked = await respond(async () =>
      verificationAction({
        request: post(verification, { code: await totpCode(user.totpSecret!) }, "192.0.2.1", cookiesFrom(signIn)),
        params: {},
        context,
      }),
    );
    expect(locked.status).toBe(429);
    expect(await errorsOf(locked)).toEqual({
      "": ["Demasiados intentos fallidos. Por seguridad, espere 15 minutos e intente de nuevo."],
    });

    await backgroundWorkDone();
    const mails = environment.mail.messages.filter((m) => m.to.includes(user.email));
    expect(mails.map((m) => m.subject)).toEqual([LOCKED_OUT_MAIL_SUBJECT]);
    expect(mails[0].text).toContain("varios códigos de verificación incorrectos");
  });

  it("a right code clears the count", async () => {
    const user = await createTestUser({ persona: "client" });
    const verification = `/otp-verification?id=${user.factorId}`;
    const signIn = async () =>
      cookiesFrom(
        await respond(() =>
          loginAction({
            request: post("/login", { email: user.email, password: user.password }, "198.51.100.20"),
            params: {},
            context,
          }),
        ),
      );
    let cookie = await signIn();
    for (let i = 0; i < 4; i++)
      await respond(() =>
        verificationAction({
          request: post(verification, { code: "000000" }, "198.51.100.20", cookie),
          params: {},
          context,
        }),
      );
    const ok = await respond(async () =>
      verificationAction({
        request: post(verification, { code: await totpCode(user.totpSecret!) }, "198.51.100.20", cookie),
        params: {},
        context,
      }),
    );
    expect(ok.status).toBe(302);
    expect(await AttemptCounter.findById(`second-factor:${user.id}`)).toBeNull();
    cookie = await signIn();
    const wrong = await respond(() =>
      verificationAction({
        request: post(verification, { code: "000000" }, "198.51.100.20", cookie),
        params: {},
        context,
      }),
    );
    expect(wrong.status).toBe(400);
  });
});
