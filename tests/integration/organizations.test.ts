import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as detailRoute from "../../app/routes/_app.admin.organizations.$orgID";
import * as listRoute from "../../app/routes/_app.admin.organizations._index";
import { accessibleOrganizations } from "../../app/utils/account.server";
import { SELF_DEMOTION } from "../../app/services/organizations/organizations.server";
import { Organization, ensureOrganization, findOrganization } from "../../models/organization";
import { User, findUserByEmail, findUserById } from "../../models/user";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { BASE_URL, getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser, type TestUser } from "../support/users";

const FERRETERIA = "CR:3101123456";
const SODA = "CR:3102654321";
const MARIA = "CR:111110111";
const INACTIVA = "CR:3101999999";
const DEMO_EMAILS = DEMO_ORGANIZATIONS.map((organization) => organization.contactEmail!);

let environment: AppEnvironment;
const people = {} as Record<
  "client" | "admin" | "adminOfSoda" | "superadmin" | "root",
  { user: TestUser; cookie: string }
>;

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  const make = async (
    persona: "client" | "admin" | "superadmin" | "root",
    orgs: Record<string, "admin" | "client"> = {},
  ) => {
    const user = await createTestUser({ persona, orgs });
    return { user, cookie: await sessionCookieFor(user.id) };
  };
  people.client = await make("client", { [FERRETERIA]: "client" });
  people.admin = await make("admin", { [FERRETERIA]: "admin", [INACTIVA]: "admin" });
  people.adminOfSoda = await make("admin", { [SODA]: "admin" });
  people.superadmin = await make("superadmin");
  people.root = await make("root");
});

afterAll(async () => {
  await environment?.close();
});

type Who = keyof typeof people;
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: { cspNonce: "" } }) as LoaderFunctionArgs & ActionFunctionArgs;

async function listAs(who: Who, query = "") {
  return respond(() => listRoute.loader(args(getRequest(`/admin/organizations${query}`, people[who].cookie))));
}
async function createAs(who: Who, fields: Record<string, string>) {
  return respond(() => listRoute.action(args(postRequest("/admin/organizations?index", fields, people[who].cookie))));
}
async function detailAs(who: Who, cedula: string) {
  return respond(() =>
    detailRoute.loader(args(getRequest(`/admin/organizations/${cedula}`, people[who].cookie), { orgID: cedula })),
  );
}
async function postAs(who: Who, cedula: string, fields: Record<string, string>) {
  return respond(() =>
    detailRoute.action(
      args(postRequest(`/admin/organizations/${cedula}`, fields, people[who].cookie), { orgID: cedula }),
    ),
  );
}

const validClient = {
  identificationType: "02",
  cedula: "3-101-555555",
  name: "Taller Mecánico Los Pinos S.A.",
  commercialName: "Taller Los Pinos",
  contactEmail: "Gerencia@LosPinos.cr",
  vatRegime: "tradicional",
  taxpayerKind: "persona-juridica",
};

describe("/admin/organizations: who sees which clients", () => {
  it("a super admin sees every client, inactive ones marked, with contactEmail", async () => {
    const response = await listAs("superadmin");
    expect(response.status).toBe(200);
    const data = await response.json();
    const byId = new Map(data.organizations.map((o: { id: string }) => [o.id, o]));
    for (const id of [FERRETERIA, SODA, MARIA, INACTIVA]) expect(byId.has(id)).toBe(true);
    expect(byId.get(INACTIVA)).toMatchObject({
      active: false,
      cedula: "3101999999",
      contactEmail: "cierre@inactiva.cr",
    });
    expect(byId.get(FERRETERIA)).toMatchObject({ active: true, contactEmail: "contabilidad@elclavo.cr" });
    expect(data.showContactEmail).toBe(true);
  });

  it("an admin sees only the clients it administers, and the loader data never carries contactEmail", async () => {
    const response = await listAs("admin");
    const raw = await response.text();
    const data = JSON.parse(raw);
    expect(data.organizations.map((o: { id: string }) => o.id).sort()).toEqual([FERRETERIA, INACTIVA].sort());
    expect(data.organizations.find((o: { id: string }) => o.id === INACTIVA).active).toBe(false);
    expect(data.showContactEmail).toBe(false);
    expect(raw).not.toContain("contactEmail");
    for (const email of DEMO_EMAILS) expect(raw).not.toContain(email);
  });

  it("root sees every client but not contactEmail (it is for super admins only)", async () => {
    const raw = await (await listAs("root")).text();
    const data = JSON.parse(raw);
    expect(data.organizations.length).toBeGreaterThanOrEqual(4);
    expect(raw).not.toContain("contactEmail");
    for (const email of DEMO_EMAILS) expect(raw).not.toContain(email);
  });

  it("a client user is sent to / and an anonymous visitor to /login", async () => {
    const asClient = await listAs("client");
    expect(asClient.status).toBe(302);
    expect(asClient.headers.get("Location")).toBe("/");
    const anonymous = await respond(() => listRoute.loader(args(getRequest("/admin/organizations"))));
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?returnTo=/);
  });

  it("searches by name or cédula (dashes allowed) and filters by state", async () => {
    const byName = await (await listAs("superadmin", "?q=clavo")).json();
    expect(byName.organizations.map((o: { id: string }) => o.id)).toEqual([FERRETERIA]);
    const byCedula = await (await listAs("superadmin", "?q=3-102-654")).json();
    expect(byCedula.organizations.map((o: { id: string }) => o.id)).toEqual([SODA]);
    const inactive = await (await listAs("superadmin", "?estado=inactivos")).json();
    expect(inactive.organizations.every((o: { active: boolean }) => !o.active)).toBe(true);
    expect(inactive.organizations.map((o: { id: string }) => o.id)).toContain(INACTIVA);
    const hostile = await listAs("superadmin", `?q=${encodeURIComponent("(.*")}`);
    expect(hostile.status).toBe(200);
    expect((await hostile.json()).organizations).toEqual([]);
  });
});

describe("creating a client", () => {
  it("an admin creates one, administers it from then on, and still never sees its contactEmail", async () => {
    const response = await createAs("admin", validClient);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/organizations/3101555555");

    const stored = await findOrganization("CR:3101555555");
    expect(stored).toMatchObject({
      name: "Taller Mecánico Los Pinos S.A.",
      commercialName: "Taller Los Pinos",
      identificationType: "02",
      active: true,
      contactEmail: "gerencia@lospinos.cr",
      vatRegime: "tradicional",
      taxpayerKind: "persona-juridica",
    });
    const admin = await findUserById(people.admin.user.id);
    expect((admin!.orgs as unknown as Record<string, string>)["CR:3101555555"]).toBe("admin");

    const raw = await (await detailAs("admin", "3101555555")).text();
    expect(JSON.parse(raw).organization.name).toBe("Taller Mecánico Los Pinos S.A.");
    expect(raw).not.toContain("gerencia@lospinos.cr");
  });

  it("a super admin's new client needs no role and shows its contactEmail to the super admin", async () => {
    const response = await createAs("superadmin", {
      ...validClient,
      cedula: "111220333",
      identificationType: "01",
      taxpayerKind: "persona-fisica",
      name: "Ana Solís",
    });
    expect(response.status).toBe(302);
    const superadmin = await findUserById(people.superadmin.user.id);
    expect(Object.keys((superadmin!.orgs ?? {}) as object)).toEqual([]);
    const data = await (await detailAs("superadmin", "111220333")).json();
    expect(data.organization.contactEmail).toBe("gerencia@lospinos.cr");
  });

  it.each([
    [{ cedula: "310155555" }, "cedula", "La cédula jurídica debe tener 10 dígitos."],
    [{ cedula: "4101555555" }, "cedula", "La cédula jurídica debe empezar con 3."],
    [{ cedula: "31O1555555" }, "cedula", "La identificación solo puede contener dígitos, sin guiones ni espacios."],
    [{ cedula: "" }, "cedula", "La identificación es obligatoria."],
    [{ name: "  " }, "name", "El nombre es obligatorio."],
    [{ contactEmail: "no-es-correo" }, "contactEmail", "Ingrese un correo electrónico válido."],
    [{ identificationType: "09" }, "identificationType", "Seleccione el tipo de identificación."],
    [{ vatRegime: "otro" }, "vatRegime", "Seleccione el régimen de IVA."],
    [{ taxpayerKind: "persona-fisica" }, "taxpayerKind", "Con cédula jurídica el contribuyente es persona jurídica."],
  ])("refuses %o with a Spanish field error and writes nothing", async (change, field, message) => {
    const before = await Organization.countDocuments();
    const response = await createAs("admin", { ...validClient, cedula: "3101666666", ...change });
    expect(response.status).toBe(400);
    const data = await response.json();
    expect(data.error[field]).toContain(message);
    expect(await Organization.countDocuments()).toBe(before);
  });

  it("refuses a cédula that is already a client", async () => {
    const response = await createAs("admin", { ...validClient, cedula: "3102654321" });
    expect(response.status).toBe(400);
    expect((await response.json()).error.cedula).toEqual(["Ya existe un cliente con esa identificación."]);
    expect((await findOrganization(SODA))!.name).toBe("Soda La Esquina Ltda.");
  });

  it("answers a malformed body with 400, not 500", async () => {
    const request = new Request(new URL("/admin/organizations?index", BASE_URL), {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=nada", Cookie: people.admin.cookie },
      body: "esto no es multipart",
    });
    const response = await respond(() => listRoute.action(args(request)));
    expect(response.status).toBe(400);
  });
});

describe("/admin/organizations/:orgID", () => {
  it("answers 404 for someone else's client, an unknown cédula and a malformed one", async () => {
    expect((await detailAs("adminOfSoda", "3101123456")).status).toBe(404);
    expect((await postAs("adminOfSoda", "3101123456", { intent: "set-active", active: "false" })).status).toBe(404);
    expect((await findOrganization(FERRETERIA))!.active).toBe(true);
    expect((await detailAs("superadmin", "3101000000")).status).toBe(404);
    expect((await detailAs("superadmin", "abc")).status).toBe(404);
    expect((await detailAs("superadmin", "CR:3101123456")).status).toBe(200);
  });

  it("shows the client with its members; contactEmail only in a super admin's data", async () => {
    const asAdmin = await detailAs("admin", "3101123456");
    const raw = await asAdmin.text();
    const data = JSON.parse(raw);
    expect(data.organization).toMatchObject({
      id: FERRETERIA,
      cedula: "3101123456",
      active: true,
      activityCodes: ["475201"],
    });
    expect(data.contactEmail).toBe("write-only");
    expect(raw).not.toContain("contabilidad@elclavo.cr");
    const emails = data.members.map((m: { email: string }) => m.email);
    expect(emails).toContain(people.client.user.email);
    expect(emails).toContain(people.admin.user.email);
    expect(data.members.find((m: { email: string }) => m.email === people.client.user.email)).toMatchObject({
      role: "client",
      pending: false,
    });

    const asSuper = await (await detailAs("superadmin", "3101123456")).json();
    expect(asSuper.organization.contactEmail).toBe("contabilidad@elclavo.cr");
    expect(asSuper.contactEmail).toBe("visible");
  });

  it("saves the client's data; an admin's empty contact field keeps the stored address", async () => {
    const fields = {
      intent: "update",
      identificationType: "02",
      name: "Ferretería El Clavo Sociedad Anónima",
      commercialName: "El Clavo",
      contactEmail: "",
      vatRegime: "simplificado",
      taxpayerKind: "persona-juridica",
      activityCodes: "475201, 466301",
      lockDate: "2025-12-31",
    };
    const response = await postAs("admin", "3101123456", fields);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/organizations/3101123456");
    const stored = await findOrganization(FERRETERIA);
    expect(stored).toMatchObject({
      name: "Ferretería El Clavo Sociedad Anónima",
      commercialName: "El Clavo",
      vatRegime: "simplificado",
      activityCodes: ["475201", "466301"],
      contactEmail: "contabilidad@elclavo.cr",
    });
    expect(new Date(stored!.lockDate!).toISOString()).toBe("2025-12-31T00:00:00.000Z");

    // A super admin sees the address, so an empty field clears it.
    await postAs("superadmin", "3101123456", { ...fields, contactEmail: "" });
    expect((await findOrganization(FERRETERIA))!.contactEmail).toBeUndefined();
    await postAs("superadmin", "3101123456", {
      ...fields,
      name: "Ferretería El Clavo S.A.",
      contactEmail: "contabilidad@elclavo.cr",
      vatRegime: "tradicional",
    });
    expect((await findOrganization(FERRETERIA))!.contactEmail).toBe("contabilidad@elclavo.cr");
  });

  it("refuses bad data with field errors and changes nothing", async () => {
    const before = await findOrganization(FERRETERIA);
    const base = {
      intent: "update",
      identificationType: "02",
      name: "X",
      vatRegime: "tradicional",
      taxpayerKind: "persona-juridica",
    };
    const cases: Array<[Record<string, string>, string, string]> = [
      [
        { identificationType: "01", taxpayerKind: "persona-fisica" },
        "identificationType",
        "La cédula física debe tener 9 dígitos.",
      ],
      [{ activityCodes: "4752" }, "activityCodes", "Cada código de actividad debe tener 6 dígitos."],
      // The lock date is typed as dd/mm/aaaa (DateField); a day that does not exist is refused by name.
      [{ lockDate: "31/02/2025" }, "lockDate", "La fecha 31/02/2025 no existe."],
      [{ lockDate: "2025/12/31" }, "lockDate", "Escriba la fecha como dd/mm/aaaa, por ejemplo 31/10/2026."],
      [{ name: "" }, "name", "El nombre es obligatorio."],
    ];
    for (const [change, field, message] of cases) {
      const response = await postAs("admin", "3101123456", { ...base, ...change });
      expect(response.status, field).toBe(400);
      expect((await response.json()).error[field]).toContain(message);
    }
    const after = await findOrganization(FERRETERIA);
    expect(after!.name).toBe(before!.name);
    expect(after!.identificationType).toBe("02");
  });

  it("an unknown intent or a missing one is a 400", async () => {
    const response = await postAs("admin", "3101123456", { intent: "borrar-todo" });
    expect(response.status).toBe(400);
    expect((await response.json()).error[""]).toEqual(["La acción solicitada no existe."]);
    expect((await postAs("admin", "3101123456", {})).status).toBe(400);
  });

  it("deactivating removes the client from everyone's organization lists; activating brings it back", async () => {
    const member = (await findUserById(people.client.user.id))!;
    expect((await accessibleOrganizations(member)).map((o) => o.id)).toContain(FERRETERIA);

    // Deactivating asks first (issue 17): without the confirmation nothing changes.
    const unconfirmed = await postAs("admin", "3101123456", { intent: "set-active", active: "false" });
    expect(unconfirmed.status).toBe(200);
    expect(await unconfirmed.json()).toMatchObject({ confirm: true });
    expect((await findOrganization(FERRETERIA))!.active).toBe(true);
    const off = await postAs("admin", "3101123456", { intent: "set-active", active: "false", confirmed: "yes" });
    expect(off.status).toBe(302);
    expect((await findOrganization(FERRETERIA))!.active).toBe(false);
    expect((await accessibleOrganizations(member)).map((o) => o.id)).not.toContain(FERRETERIA);
    const superadmin = (await findUserById(people.superadmin.user.id))!;
    expect((await accessibleOrganizations(superadmin)).map((o) => o.id)).not.toContain(FERRETERIA);
    // Its admin still manages it, so it can be switched back on.
    expect((await detailAs("admin", "3101123456")).status).toBe(200);

    await postAs("admin", "3101123456", { intent: "set-active", active: "true" });
    expect((await accessibleOrganizations(member)).map((o) => o.id)).toContain(FERRETERIA);
  });
});

describe("managing access to a client", () => {
  it("a new e-mail becomes a user with the role and receives an invitation to set a password", async () => {
    const email = "nueva.persona@elclavo.cr";
    const response = await postAs("admin", "3101123456", {
      intent: "grant",
      email: "  Nueva.Persona@ElClavo.cr ",
      role: "client",
    });
    expect(response.status).toBe(302);
    const user = await findUserByEmail(email);
    expect(user).not.toBeNull();
    expect(user!.passwordHash).toBeFalsy();
    expect((user!.orgs as unknown as Record<string, string>)[FERRETERIA]).toBe("client");
    expect(user!.isAdmin).toBe(false);

    const mail = await environment.mail.waitForMail((m) => m.to.includes(email));
    expect(mail.subject).toMatch(/^Invitación a Contabilidad CR/);
    expect(mail.text).toContain("Se le dio acceso a Ferretería El Clavo S.A.");
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[\w-]+/);

    const data = await (await detailAs("admin", "3101123456")).json();
    expect(data.members.find((m: { email: string }) => m.email === email)).toMatchObject({
      role: "client",
      pending: true,
    });
  });

  it("resends the invitation to a member who has not set a password yet", async () => {
    const email = "nueva.persona@elclavo.cr";
    const user = (await findUserByEmail(email))!;
    const before = environment.mail.messages.filter((m) => m.to.includes(email)).length;
    const response = await postAs("admin", "3101123456", { intent: "resend-invitation", userId: String(user._id) });
    expect(response.status).toBe(302);
    await expect.poll(() => environment.mail.messages.filter((m) => m.to.includes(email)).length).toBe(before + 1);

    const refused = await postAs("admin", "3101123456", { intent: "resend-invitation", userId: people.client.user.id });
    expect(refused.status).toBe(400);
  });

  it("an existing user gets the role without an invitation, and keeps its other organizations", async () => {
    const other = await createTestUser({ persona: "client", orgs: { [SODA]: "client" } });
    const mailsBefore = environment.mail.messages.length;
    const response = await postAs("admin", "3101123456", { intent: "grant", email: other.email, role: "client" });
    expect(response.status).toBe(302);
    const stored = (await findUserById(other.id))!;
    expect(stored.orgs).toMatchObject({ [SODA]: "client", [FERRETERIA]: "client" });
    await new Promise((r) => setTimeout(r, 200));
    expect(environment.mail.messages.length).toBe(mailsBefore);
  });

  it("changing the role to admin makes the user an admin of that client only", async () => {
    const accountant = await createTestUser({ persona: "client", orgs: { [FERRETERIA]: "client", [MARIA]: "client" } });
    const response = await postAs("admin", "3101123456", {
      intent: "change-role",
      userId: accountant.id,
      role: "admin",
    });
    expect(response.status).toBe(302);
    const stored = (await findUserById(accountant.id))!;
    expect(stored.isAdmin).toBe(true);
    expect(stored.orgs).toMatchObject({ [FERRETERIA]: "admin", [MARIA]: "client" });
    const cookie = await sessionCookieFor(accountant.id);
    const own = await respond(() =>
      detailRoute.loader(args(getRequest("/admin/organizations/3101123456", cookie), { orgID: "3101123456" })),
    );
    expect(own.status).toBe(200);
    const maria = await respond(() =>
      detailRoute.loader(args(getRequest("/admin/organizations/111110111", cookie), { orgID: "111110111" })),
    );
    expect(maria.status).toBe(404);
  });

  it("sets the responsible among the client's administrators, refuses anyone else, and clears it on revoke", async () => {
    const keeper = await createTestUser({ persona: "admin", orgs: { [FERRETERIA]: "admin" } });
    const reader = await createTestUser({ persona: "client", orgs: { [FERRETERIA]: "client" } });
    const set = await postAs("admin", "3101123456", { intent: "set-responsible", responsible: keeper.id });
    expect(set.status).toBe(302);
    expect((await findOrganization(FERRETERIA))?.responsibleUserId).toBe(keeper.id);

    for (const responsible of [reader.id, "0123456789abcdef01234567", "x; drop"]) {
      const refused = await postAs("admin", "3101123456", { intent: "set-responsible", responsible });
      expect(refused.status).toBe(400);
      expect((await findOrganization(FERRETERIA))?.responsibleUserId).toBe(keeper.id);
    }

    const revoked = await postAs("admin", "3101123456", { intent: "revoke", userId: keeper.id });
    expect(revoked.status).toBe(302);
    expect((await findOrganization(FERRETERIA))?.responsibleUserId).toBeUndefined();

    const none = await postAs("admin", "3101123456", { intent: "set-responsible", responsible: "" });
    expect(none.status).toBe(302);
    expect((await findOrganization(FERRETERIA))?.responsibleUserId).toBeUndefined();
  });

  it("removes access, and refuses to remove someone who has none", async () => {
    const leaving = await createTestUser({ persona: "client", orgs: { [FERRETERIA]: "client" } });
    const response = await postAs("admin", "3101123456", { intent: "revoke", userId: leaving.id });
    expect(response.status).toBe(302);
    const stored = (await findUserById(leaving.id))!;
    expect(Object.keys(stored.orgs as object)).toEqual([]);
    expect((await accessibleOrganizations(stored)).map((o) => o.id)).not.toContain(FERRETERIA);

    const again = await postAs("admin", "3101123456", { intent: "revoke", userId: leaving.id });
    expect(again.status).toBe(400);
    expect((await again.json()).error[""]).toEqual(["Ese usuario ya no tiene acceso a este cliente."]);
  });

  it("an admin cannot lock itself out of its own client", async () => {
    const id = people.admin.user.id;
    const demote = await postAs("admin", "3101123456", { intent: "change-role", userId: id, role: "client" });
    expect(demote.status).toBe(400);
    expect((await demote.json()).error[""]).toEqual([SELF_DEMOTION]);
    const revoke = await postAs("admin", "3101123456", { intent: "revoke", userId: id });
    expect(revoke.status).toBe(400);
    expect((await findUserById(id))!.orgs).toMatchObject({ [FERRETERIA]: "admin" });
  });

  it("refuses a bad e-mail, role or user id with a 400 and writes nothing", async () => {
    const users = await User.countDocuments();
    const badEmail = await postAs("admin", "3101123456", { intent: "grant", email: "sin-arroba", role: "client" });
    expect(badEmail.status).toBe(400);
    expect((await badEmail.json()).error.email).toEqual(["Ingrese un correo electrónico válido."]);
    const badRole = await postAs("admin", "3101123456", { intent: "grant", email: "alguien@correo.cr", role: "dueño" });
    expect(badRole.status).toBe(400);
    expect((await badRole.json()).error.role).toEqual(["Seleccione un rol válido."]);
    const badId = await postAs("admin", "3101123456", { intent: "revoke", userId: "no-es-un-id" });
    expect(badId.status).toBe(400);
    expect(await User.countDocuments()).toBe(users);
  });

  it("an admin of another client can neither see nor change this client's access", async () => {
    const response = await postAs("adminOfSoda", "3101123456", {
      intent: "grant",
      email: "intruso@correo.cr",
      role: "admin",
    });
    expect(response.status).toBe(404);
    expect(await findUserByEmail("intruso@correo.cr")).toBeNull();
  });
});
