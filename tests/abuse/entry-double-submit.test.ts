import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBMISSION_TOKEN } from "../../app/domain/entries/form";
import * as newEntry from "../../app/routes/_app.entries.detail.new";
import { verifyLedger } from "../../app/services/ledger/ledger.server";
import { Entry } from "../../models/entry";
import { ensureOrganization } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

/**
 * Issue 25, finding 7: a double-submitted entry form posted two entries. The new-entry page carries a
 * one-time token (a hidden field, so it works without JavaScript); the entry stores it under a unique
 * index, and a second submit of the same token answers with the entry of the first (decision 198).
 */
const ORG = "CR:3101777007";
let environment: AppEnvironment;
let admin = "";

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Doble envío S.A.", identificationType: "02" });
  admin = await sessionCookieFor((await createTestUser({ persona: "admin", orgs: { [ORG]: "admin" } })).id);
});

afterAll(async () => {
  await environment?.close();
});

const args = (request: Request) =>
  ({ request, params: {}, context: { cspNonce: "" } }) as LoaderFunctionArgs & ActionFunctionArgs;

async function freshToken(): Promise<string> {
  const page = await respond(() => newEntry.loader(args(getRequest("/entries/detail/new?org=3101777007", admin))));
  const token = (await page.json()).submissionToken as string;
  expect(token).toMatch(SUBMISSION_TOKEN);
  return token;
}

const form = (intent: "post" | "draft", token: string) => ({
  intent,
  submissionToken: token,
  date: "15/03/2026",
  description: "Venta de contado",
  "lines[0].account": "10-01-01-01-00",
  "lines[0].debit": "1000",
  "lines[1].account": "40-01-01-01-00",
  "lines[1].credit": "1000",
});

const submit = (fields: Record<string, string>) =>
  respond(() => newEntry.action(args(postRequest("/entries/detail/new?org=3101777007", fields, admin))));

describe("the new-entry form posts once per submission (issue 25, finding 7)", () => {
  it("answers a second submit of the same form with the first one's entry, not a second entry", async () => {
    const token = await freshToken();
    const first = await submit(form("post", token));
    expect(first.status).toBe(302);
    const second = await submit(form("post", token));
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await Entry.countDocuments({ organizationId: ORG, submissionToken: token })).toBe(1);
    expect(await Entry.countDocuments({ organizationId: ORG })).toBe(1);
  });

  it("posts one entry when the same form arrives five times at once, and each answer shows it", async () => {
    const token = await freshToken();
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(form("post", token))));
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302, 302, 302]);
    expect(new Set(answers.map((answer) => answer.headers.get("Location"))).size).toBe(1);
    expect(await Entry.countDocuments({ organizationId: ORG, submissionToken: token })).toBe(1);
    expect(await verifyLedger(ORG)).toEqual([]);
  });

  it("keeps a draft saved twice as one draft, and gives every page a token of its own", async () => {
    const token = await freshToken();
    await submit(form("draft", token));
    await submit(form("draft", token));
    expect(await Entry.countDocuments({ organizationId: ORG, submissionToken: token, status: "borrador" })).toBe(1);
    expect(await freshToken()).not.toBe(token);
  });

  it("refuses a forged token that is not one the page writes", async () => {
    const response = await submit(form("post", "x".repeat(5000)));
    expect(response.status).toBe(400);
    expect(await Entry.countDocuments({ organizationId: ORG, submissionToken: "x".repeat(5000) })).toBe(0);
  });
});
