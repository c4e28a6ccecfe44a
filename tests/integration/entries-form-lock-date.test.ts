import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as detailRoute from "../../app/routes/_app.admin.organizations.$orgID";
import { loadLedgerContext } from "../../app/services/ledger/context.server";
import { Organization, ensureOrganization, findOrganization } from "../../models/organization";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser, type TestUser } from "../support/users";

const FERRETERIA = "CR:3101123456";
let environment: AppEnvironment;
let admin: { user: TestUser; cookie: string };

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  const user = await createTestUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } });
  admin = { user, cookie: await sessionCookieFor(user.id) };
});

afterAll(async () => {
  await environment?.close();
});

const args = (request: Request) =>
  ({ request, params: { orgID: "3101123456" }, context: { cspNonce: "" } }) as LoaderFunctionArgs & ActionFunctionArgs;

const clientFields = {
  intent: "update",
  identificationType: "02",
  name: "Ferretería El Clavo S.A.",
  vatRegime: "tradicional",
  taxpayerKind: "persona-juridica",
  activityCodes: "475201",
};

const save = (lockDate: string) =>
  respond(() =>
    detailRoute.action(
      args(postRequest("/admin/organizations/3101123456", { ...clientFields, lockDate }, admin.cookie)),
    ),
  );
const page = async () =>
  (await respond(() => detailRoute.loader(args(getRequest("/admin/organizations/3101123456", admin.cookie))))).json();

describe("the lock date on /admin/organizations/:orgID", () => {
  it("is typed as dd/mm/aaaa, stored as the calendar day's text and every move is audited", async () => {
    expect((await save("31/12/2025")).status).toBe(302);
    let stored = await findOrganization(FERRETERIA);
    expect(stored!.lockDate).toBe("2025-12-31");
    expect(stored!.lockDateHistory).toHaveLength(1);
    expect(stored!.lockDateHistory[0]).toMatchObject({ by: admin.user.id, before: "", after: "2025-12-31" });
    expect((await page()).organization.lockDate).toBe("2025-12-31");
    expect((await loadLedgerContext(FERRETERIA))!.lockDate).toBe("2025-12-31");

    // Saving the client's other data with the same day records nothing new.
    expect((await save("2025-12-31")).status).toBe(302);
    expect((await findOrganization(FERRETERIA))!.lockDateHistory).toHaveLength(1);

    expect((await save("31/01/2026")).status).toBe(302);
    expect((await save("")).status).toBe(302);
    stored = await findOrganization(FERRETERIA);
    expect(stored!.lockDate).toBeUndefined();
    expect(stored!.lockDateHistory.map(({ before, after }) => [before, after])).toEqual([
      ["", "2025-12-31"],
      ["2025-12-31", "2026-01-31"],
      ["2026-01-31", ""],
    ]);
    expect((await page()).organization.lockDate).toBeNull();
    expect((await loadLedgerContext(FERRETERIA))!.lockDate).toBeNull();
  });

  it("a refused day changes nothing and comes back as typed", async () => {
    await save("30/06/2025");
    const response = await save("30/02/2025");
    expect(response.status).toBe(400);
    const reply = await response.json();
    expect(reply.error.lockDate).toEqual(["La fecha 30/02/2025 no existe."]);
    expect(reply.initialValue.lockDate).toBe("30/02/2025");
    expect((await findOrganization(FERRETERIA))!.lockDate).toBe("2025-06-30");
  });

  it("a lock date stored by older versions as the day's UTC midnight still reads as that day", async () => {
    await Organization.collection.updateOne(
      { _id: FERRETERIA as never },
      { $set: { lockDate: new Date("2024-03-31T00:00:00.000Z") } },
    );
    expect((await page()).organization.lockDate).toBe("2024-03-31");
    expect((await loadLedgerContext(FERRETERIA))!.lockDate).toBe("2024-03-31");
    const moves = (await findOrganization(FERRETERIA))!.lockDateHistory.length;
    // The same day is no move; another day is recorded from the day it was, and stored as text.
    expect((await save("31/03/2024")).status).toBe(302);
    expect((await findOrganization(FERRETERIA))!.lockDateHistory).toHaveLength(moves);
    expect((await save("01/04/2024")).status).toBe(302);
    const stored = await findOrganization(FERRETERIA);
    expect(stored!.lockDate).toBe("2024-04-01");
    expect(stored!.lockDateHistory.at(-1)).toMatchObject({ before: "2024-03-31", after: "2024-04-01" });
  });
});
