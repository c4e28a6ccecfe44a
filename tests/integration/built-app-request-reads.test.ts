/**
 * The reads of one document request through the built app and the server's request handler, as
 * production serves it: Remix gives each loader its own copy of the Request, and the session, the
 * user and the organization list must still be read once, not once per loader.
 */
import mongoose from "mongoose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { heldRequestCount, REQUEST_ID_HEADER } from "../../app/utils/once-per-request.server";
import { ensureOrganization } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { startBuiltApp, type BuiltApp } from "../support/built-app";
import { sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const ORG = "CR:3101888003";
const PAGE = "/results-all?year=2026&level=3";
let environment: AppEnvironment;
let app: BuiltApp;
let baseUrl: string;
const users: Array<{ email: string; cookie: string }> = [];

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Lecturas S.A.", identificationType: "02" });
  for (let n = 0; n < 2; n++) {
    const user = await createTestUser({ persona: "client", orgs: { [ORG]: "client" } });
    users.push({ email: user.email, cookie: await sessionCookieFor(user.id) });
  }
  app = await startBuiltApp();
  baseUrl = app.baseUrl;
}, 60_000);

afterAll(async () => {
  mongoose.set("debug", false);
  await app?.close();
  await environment?.close();
});

async function readsOf(run: () => Promise<unknown>): Promise<Map<string, number>> {
  const reads = new Map<string, number>();
  mongoose.set("debug", (collection: string, method: string) => {
    if (method.startsWith("find")) reads.set(collection, (reads.get(collection) ?? 0) + 1);
  });
  try {
    await run();
  } finally {
    mongoose.set("debug", false);
  }
  return reads;
}

describe("a document request served by the built app", () => {
  it("reads the session, the user and the organization list once for all its loaders", async () => {
    await fetch(`${baseUrl}${PAGE}`, { headers: { Cookie: users[0].cookie } });
    let status = 0;
    const reads = await readsOf(async () => {
      const response = await fetch(`${baseUrl}${PAGE}`, { headers: { Cookie: users[0].cookie } });
      status = response.status;
      await response.text();
    });
    expect(status).toBe(200);
    expect(reads.get("sessions")).toBe(1);
    expect(reads.get("users")).toBe(1);
    expect(reads.get("organizations")).toBeLessThanOrEqual(2);
  });

  it("does not let a client's own request id join another request's reads", async () => {
    const forged = { [REQUEST_ID_HEADER]: "mismo-id" };
    const pages = await Promise.all(
      users.map(async (user) => {
        const response = await fetch(`${baseUrl}${PAGE}`, { headers: { ...forged, Cookie: user.cookie } });
        return response.text();
      }),
    );
    pages.forEach((html, index) => {
      expect(html).toContain(users[index].email);
      expect(html).not.toContain(users[1 - index].email);
    });
  });

  it("forgets a request's reads once its response has ended", async () => {
    const response = await fetch(`${baseUrl}${PAGE}`, { headers: { Cookie: users[1].cookie } });
    await response.text();
    // The server forgets them when the response's connection reports the end, just after the client
    // has read the body: wait for that, however slow the machine, rather than for a fixed delay.
    await vi.waitFor(() => expect(heldRequestCount()).toBe(0), { timeout: 10_000, interval: 5 });
  });
});
