import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as detailRoute from "../../app/routes/_app.admin.organizations.$orgID";
import * as listRoute from "../../app/routes/_app.admin.organizations._index";
import { ensureOrganization } from "../../models/organization";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

let environment: AppEnvironment;
let cookie: string;

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  const adminOfSoda = await createTestUser({ persona: "admin", orgs: { "CR:3102654321": "admin" } });
  cookie = await sessionCookieFor(adminOfSoda.id);
});

afterAll(async () => {
  await environment?.close();
});

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: { cspNonce: "" } }) as LoaderFunctionArgs & ActionFunctionArgs;

describe("what an admin learns about someone else's client (issue 16, item 6; decision 052)", () => {
  it("creation and the client's page agree: it exists, and nothing more", async () => {
    const created = await respond(() =>
      listRoute.action(
        args(
          postRequest(
            "/admin/organizations?index",
            {
              identificationType: "02",
              cedula: "3101123456",
              name: "Otro nombre S.A.",
              vatRegime: "tradicional",
              taxpayerKind: "persona-juridica",
            },
            cookie,
          ),
        ),
      ),
    );
    expect(created.status).toBe(400);
    expect(JSON.stringify(await created.json())).toContain("Ya existe un cliente con esa identificación.");

    const page = await respond(() =>
      detailRoute.loader(args(getRequest("/admin/organizations/3101123456", cookie), { orgID: "3101123456" })),
    );
    expect(page.status).toBe(404);
    const body = await page.json();
    expect(body.message).toBe("Ya existe un cliente con esa identificación, pero usted no lo administra.");
    expect(JSON.stringify(body)).not.toContain("Ferretería");

    const unknown = await respond(() =>
      detailRoute.loader(args(getRequest("/admin/organizations/3101000000", cookie), { orgID: "3101000000" })),
    );
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe("Organización no encontrada");
  });
});
