import mongoose from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as rootLoader } from "../../app/root";
import { loader as shellLoader } from "../../app/routes/_app";
import { loader as monthLoader } from "../../app/routes/_app._index";
import { ensureOrganization } from "../../models/organization";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

let environment: AppEnvironment;

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
});

afterAll(async () => {
  mongoose.set("debug", false);
  await environment?.close();
});

/** Runs the loaders a document request for `path` runs, all with one Request, counting reads per collection. */
async function readsOfDocumentRequest(path: string, cookie: string) {
  const reads = new Map<string, number>();
  const writes = new Map<string, number>();
  mongoose.set("debug", (collection: string, method: string) => {
    const counter = method.startsWith("find") || method === "countDocuments" || method === "aggregate" ? reads : writes;
    counter.set(`${collection}`, (counter.get(collection) ?? 0) + 1);
  });
  const request = getRequest(path, cookie);
  const args = { request, params: {}, context: { cspNonce: "" } };
  const responses = await Promise.all(
    [rootLoader(args), shellLoader(args), monthLoader(args)].map((run) => respond(() => run)),
  );
  mongoose.set("debug", false);
  return { reads, writes, statuses: responses.map((response) => response.status) };
}

describe("a document request", () => {
  it("reads the session, the user and the organization list once, however many loaders ask", async () => {
    const user = await createTestUser({
      persona: "client",
      orgs: { "CR:3101123456": "client", "CR:3102654321": "client" },
    });
    const { reads, writes, statuses } = await readsOfDocumentRequest(
      "/?org=3102654321",
      await sessionCookieFor(user.id),
    );
    expect(writes.get("users")).toBe(1);
    expect(statuses).toEqual([200, 200, 200]);
    expect(reads.get("sessions")).toBe(1);
    expect(reads.get("users")).toBe(1);
    expect(reads.get("organizations")).toBe(1);
  });

  it("remembers the chosen organization with one write when it changes, and none when the same ?org comes again", async () => {
    const user = await createTestUser({
      persona: "client",
      orgs: { "CR:3101123456": "client", "CR:3102654321": "client" },
    });
    const cookie = await sessionCookieFor(user.id);
    expect((await readsOfDocumentRequest("/?org=3102654321", cookie)).writes.get("users")).toBe(1);
    const repeated = await readsOfDocumentRequest("/?org=3102654321", cookie);
    expect(repeated.statuses).toEqual([200, 200, 200]);
    expect(repeated.writes.size, JSON.stringify([...repeated.writes])).toBe(0);
    // Without ?org the remembered choice is used, and nothing is written either.
    const remembered = await readsOfDocumentRequest("/", cookie);
    expect(remembered.writes.size).toBe(0);
    expect((await readsOfDocumentRequest("/?org=3101123456", cookie)).writes.get("users")).toBe(1);
  });

  it("still reads them afresh for the next request", async () => {
    const user = await createTestUser({ persona: "admin", orgs: { "CR:3101123456": "admin" } });
    const cookie = await sessionCookieFor(user.id);
    await readsOfDocumentRequest("/", cookie);
    const { reads } = await readsOfDocumentRequest("/", cookie);
    expect(reads.get("organizations")).toBe(1);
  });
});
