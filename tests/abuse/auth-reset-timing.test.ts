import mongoose from "mongoose";
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

async function request(email: string): Promise<Response> {
  const response = await respond(() =>
    forgotAction({ request: postRequest("/forgot-password", { email }), params: {}, context }),
  );
  expect(response.status).toBe(302);
  return response;
}

/**
 * What a request does before its answer is out: the database operations (collection and verb, in
 * order) and the mails sent. Work left from earlier requests is finished first.
 */
async function foregroundWork(email: string) {
  await passwordResetMailsDone();
  const mailsBefore = environment.mail.messages.length;
  const operations: string[] = [];
  let answered = false;
  mongoose.set("debug", (collection: string, method: string) => {
    if (!answered) operations.push(`${collection}.${method}`);
  });
  try {
    const response = await request(email);
    answered = true;
    return {
      operations,
      mails: environment.mail.messages.length - mailsBefore,
      location: response.headers.get("Location"),
    };
  } finally {
    mongoose.set("debug", false);
  }
}

describe("password reset does not reveal whether an e-mail has an account (issue 16, item 6)", () => {
  it("answers before any mail for the account is sent", async () => {
    const user = await createTestUser({ persona: "client" });
    await request(user.email);
    // The answer is out; the lookup and the mail come afterwards.
    expect(environment.mail.messages.filter((m) => m.to.includes(user.email))).toHaveLength(0);
    await passwordResetMailsDone();
    expect(environment.mail.messages.filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });

  it("does the same work before answering for an existing e-mail as for an unknown one", async () => {
    // Before the fix the lookup and the SMTP conversation of a known address happened before the
    // answer (about 110 ms more); the time difference followed from that work, so the work is compared.
    for (let i = 0; i < 4; i++) {
      const user = await createTestUser({ persona: "client" });
      const known = await foregroundWork(user.email);
      const unknown = await foregroundWork(`nadie-${i}@prueba.cr`);
      expect(known).toEqual(unknown);
      expect(known.mails).toBe(0);
      expect(known.operations.filter((operation) => operation.startsWith("users."))).toEqual([]);
      await passwordResetMailsDone();
      expect(environment.mail.messages.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    }
    expect(environment.mail.messages.filter((m) => m.to.includes("nadie-"))).toHaveLength(0);
  });
});
