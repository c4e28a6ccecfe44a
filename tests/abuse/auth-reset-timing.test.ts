import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as forgotAction } from "../../app/routes/forgot-password";
import { passwordResetMailsDone } from "../../app/utils/password-reset.server";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { postRequest, respond } from "../support/requests";
import { createTestUser } from "../support/users";

let environment: AppEnvironment;
const context = { cspNonce: "" };

beforeAll(async () => {
  environment = await startAppEnvironment();
});

afterAll(async () => {
  await environment?.close();
});

async function timedRequest(email: string): Promise<number> {
  const started = performance.now();
  const response = await respond(() =>
    forgotAction({ request: postRequest("/forgot-password", { email }), params: {}, context }),
  );
  const elapsed = performance.now() - started;
  expect(response.status).toBe(302);
  return elapsed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe("password reset does not reveal whether an e-mail has an account (issue 16, item 6)", () => {
  it("answers before any mail for the account is sent", async () => {
    const user = await createTestUser({ persona: "client" });
    await timedRequest(user.email);
    // The answer is out; the lookup and the mail come afterwards.
    expect(environment.mail.messages.filter((m) => m.to.includes(user.email))).toHaveLength(0);
    await passwordResetMailsDone();
    expect(environment.mail.messages.filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });

  it("takes as long for an existing e-mail as for an unknown one", async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 8; i++) {
      const user = await createTestUser({ persona: "client" });
      known.push(await timedRequest(user.email));
      unknown.push(await timedRequest(`nadie-${i}@prueba.cr`));
      await passwordResetMailsDone();
    }
    // Before the fix the medians were about 110 ms apart (the SMTP conversation); now both do the same work.
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(25);
  });
});
