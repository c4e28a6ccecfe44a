import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "../../app/routes/_app.admin.organizations._index";
import { changeMemberRole, revokeMemberAccess } from "../../app/services/organizations/organizations.server";
import { requireAdmin } from "../../app/utils/auth.server";
import { ensureOrganization, findOrganization } from "../../models/organization";
import { findUserById } from "../../models/user";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const FERRETERIA = "CR:3101123456";
const SODA = "CR:3102654321";
let environment: AppEnvironment;

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
});

afterAll(async () => {
  await environment?.close();
});

const args = (request: Request) =>
  ({ request, params: {}, context: { cspNonce: "" } }) as LoaderFunctionArgs & ActionFunctionArgs;

async function superAdmin() {
  return (await findUserById((await createTestUser({ persona: "superadmin" })).id))!;
}

describe("admin rights follow the current memberships (issue 16, item 5)", () => {
  it("an admin whose only admin role is revoked no longer opens admin screens nor creates organizations", async () => {
    const admin = await createTestUser({ persona: "admin", orgs: { [FERRETERIA]: "admin", [SODA]: "client" } });
    const cookie = await sessionCookieFor(admin.id);
    expect((await respond(() => listRoute.loader(args(getRequest("/admin/organizations", cookie))))).status).toBe(200);

    expect(await revokeMemberAccess(await superAdmin(), FERRETERIA, admin.id)).toBeNull();

    const list = await respond(() => listRoute.loader(args(getRequest("/admin/organizations", cookie))));
    expect(list.status).toBe(302);
    expect(list.headers.get("Location")).toBe("/");
    const create = await respond(() =>
      listRoute.action(
        args(
          postRequest(
            "/admin/organizations?index",
            {
              identificationType: "02",
              cedula: "3101777777",
              name: "Toma de Control S.A.",
              vatRegime: "tradicional",
              taxpayerKind: "persona-juridica",
            },
            cookie,
          ),
        ),
      ),
    );
    expect(create.status).toBe(302);
    expect(create.headers.get("Location")).toBe("/");
    expect(await findOrganization("CR:3101777777")).toBeNull();
    expect((await findUserById(admin.id))?.isAdmin).toBe(false);
  });

  it("turning the last admin role into a client role takes the admin screens away too", async () => {
    const admin = await createTestUser({ persona: "admin", orgs: { [SODA]: "admin" } });
    const cookie = await sessionCookieFor(admin.id);
    expect(await changeMemberRole(await superAdmin(), SODA, admin.id, "client")).toBeNull();
    const response = await respond(() => requireAdmin(getRequest("/admin/vat", cookie)));
    expect(response.headers.get("Location")).toBe("/");
  });

  it("an admin who keeps another admin role keeps the admin screens", async () => {
    const admin = await createTestUser({ persona: "admin", orgs: { [FERRETERIA]: "admin", [SODA]: "admin" } });
    expect(await revokeMemberAccess(await superAdmin(), FERRETERIA, admin.id)).toBeNull();
    await expect(requireAdmin(getRequest("/admin/vat", await sessionCookieFor(admin.id)))).resolves.toBeTruthy();
  });
});
