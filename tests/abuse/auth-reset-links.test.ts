import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as forgotAction } from "../../app/routes/forgot-password";
import { action as resetAction, loader as resetLoader } from "../../app/routes/reset-password";
import { requireUser } from "../../app/utils/auth.server";
import { sha256 } from "../../app/utils/crypto.server";
import { passwordResetMailsDone } from "../../app/utils/password-reset.server";
import { AuthToken } from "../../models/auth-token";
import { findUserById } from "../../models/user";
import { Types } from "mongoose";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

let environment: AppEnvironment;
const context = { cspNonce: "" };

beforeAll(async () => {
  environment = await startAppEnvironment();
});

afterAll(async () => {
  await environment?.close();
});

async function requestLink(email: string): Promise<string> {
  const before = environment.mail.messages.filter((m) => m.to.includes(email)).length;
  await respond(() => forgotAction({ request: postRequest("/forgot-password", { email }), params: {}, context }));
  await passwordResetMailsDone();
  const mails = environment.mail.messages.filter((m) => m.to.includes(email));
  expect(mails).toHaveLength(before + 1);
  return /reset-password\?token=([\w-]+)/.exec(mails.at(-1)!.text)![1];
}

const linkIsValid = async (token: string) =>
  (
    (await (
      await respond(() => resetLoader({ request: getRequest(`/reset-password?token=${token}`), params: {}, context }))
    ).json()) as {
      linkIsValid: boolean;
    }
  ).linkIsValid;

const reset = (token: string, password: string) =>
  respond(() =>
    resetAction({
      request: postRequest(`/reset-password?token=${token}`, { password, confirmation: password }),
      params: {},
      context,
    }),
  );

describe("reset links (issue 16, item 8)", () => {
  it("requesting a new link invalidates the earlier ones", async () => {
    const user = await createTestUser({ persona: "client" });
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    expect(await linkIsValid(first)).toBe(false);
    expect((await reset(first, "Clave-antigua-robada")).status).toBe(400);
    expect(await linkIsValid(second)).toBe(true);
  });

  it("using a link invalidates every other link of the account, invitations included", async () => {
    const user = await createTestUser({ persona: "client" });
    // Two links alive at once, as a race between two requests could leave them.
    const tokens = ["enlace-de-invitacion-0123456789abcdef", "enlace-de-recuperacion-0123456789abcdef"];
    for (const [i, token] of tokens.entries()) {
      await AuthToken.create({
        tokenHash: sha256(token),
        purpose: i === 0 ? "invitation" : "password-reset",
        userId: new Types.ObjectId(user.id),
        expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      });
    }
    expect(await linkIsValid(tokens[0])).toBe(true);
    expect((await reset(tokens[1], "Nueva-clave-segura-1")).status).toBe(302);
    expect(await linkIsValid(tokens[0])).toBe(false);
    expect((await reset(tokens[0], "Otra-clave-segura-2")).status).toBe(400);
  });

  it("a password change ends every session, even one a race let start before the change", async () => {
    const user = await createTestUser({ persona: "client" });
    const token = await requestLink(user.email);
    const before = await sessionCookieFor(user.id);
    expect((await reset(token, "Nueva-clave-segura-3")).status).toBe(302);
    expect((await respond(() => requireUser(getRequest("/", before)))).status).toBe(302);
    expect((await findUserById(user.id))?.passwordChangedAt).toBeTruthy();
  });
});
