import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as loginLoader } from "../../app/routes/login";
import { action as logoutAction } from "../../app/routes/logout";
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

describe("returnTo while signed in (issue 16, items 10 and 11)", () => {
  it.each([
    "%2F%09%2F127.0.0.1%3A3299%2Fphished",
    "%2Fresults%0Ax",
    "%2Fresults%0Dx",
    "%2Fresults%0Bx",
    "%2Fresults%00x",
    "%2Fresults%1Fx",
    "%2F%0A%2Fevil.com",
  ])("/login?returnTo=%s goes to the default page instead of off-site or a 500", async (returnTo) => {
    const user = await createTestUser({ persona: "client" });
    const response = await respond(async () =>
      loginLoader({
        request: getRequest(`/login?returnTo=${returnTo}`, await sessionCookieFor(user.id)),
        params: {},
        context,
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/?menu=consultas");
  });

  it("logout refuses a tab-smuggled returnTo too", async () => {
    const user = await createTestUser({ persona: "client" });
    const response = await respond(async () =>
      logoutAction({
        request: postRequest("/logout", { returnTo: "/\t/evil.com" }, await sessionCookieFor(user.id)),
        params: {},
        context,
      }),
    );
    expect(response.headers.get("Location")).toBe("/login?returnTo=%2F");
  });
});
