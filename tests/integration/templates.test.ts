import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as editRoute from "../../app/routes/_app.admin.accounting-entry-templates_.$templateID";
import * as newRoute from "../../app/routes/_app.admin.accounting-entry-templates_.new";
import * as listRoute from "../../app/routes/_app.admin.accounting-entry-templates";
import * as entryRoute from "../../app/routes/_app.entries.detail.new";
import { changeCatalog } from "../../app/services/catalog/catalog.server";
import { getEntry } from "../../app/services/ledger/ledger.server";
import {
  createTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
} from "../../app/services/templates/templates.server";
import type { EntryTemplate as Template, TemplateLine } from "../../app/domain/templates/types";
import { Entry } from "../../models/entry";
import { EntryTemplate } from "../../models/entry-template";
import { ensureOrganization } from "../../models/organization";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { seedDemoTemplates } from "../../scripts/seed-demo-templates";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const FERRETERIA = "CR:3101123456";
const SODA = "CR:3102654321";
const ORG = "org=3101123456";

let environment: AppEnvironment;
const cookies = {} as Record<"admin" | "adminOfSoda" | "client", string>;
let adminId = "";

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  const admin = await createTestUser({ persona: "admin", orgs: { [FERRETERIA]: "admin", [SODA]: "admin" } });
  adminId = admin.id;
  cookies.admin = await sessionCookieFor(admin.id);
  cookies.adminOfSoda = await sessionCookieFor(
    (await createTestUser({ persona: "admin", orgs: { [SODA]: "admin" } })).id,
  );
  cookies.client = await sessionCookieFor(
    (await createTestUser({ persona: "client", orgs: { [FERRETERIA]: "client" } })).id,
  );
});

afterAll(async () => {
  await environment?.close();
});

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: { cspNonce: "" } }) as LoaderFunctionArgs & ActionFunctionArgs;

const line = (account: string, side: TemplateLine["side"], rest: Partial<TemplateLine> = {}): TemplateLine => ({
  account,
  side,
  description: "",
  kind: "digitar",
  amount: null,
  rate: null,
  ...rest,
});

const RENT: Template = {
  name: "Alquiler del local",
  description: "Alquiler {mes} {año}",
  lines: [
    line("60-02-01-00-00", "debito", { kind: "digitar" }),
    line("10-01-01-03-01", "credito", { kind: "digitar" }),
  ],
};

/** The template form as a person fills it, with two spare rows. */
function templateForm(name: string, rows: Array<Record<string, string>>, description = "Planilla {mes} {año}") {
  const fields: Record<string, string> = { intent: "save", name, description };
  [...rows, {}, {}].forEach((row, index) => {
    const full = { account: "", description: "", side: "debito", kind: "digitar", amount: "", rate: "", ...row };
    for (const [key, value] of Object.entries(full)) fields[`lines[${index}].${key}`] = value;
  });
  return fields;
}

const PAYROLL_ROWS = [
  { account: "60-01-01-00-00", side: "debito", kind: "porcentaje", rate: "100" },
  { account: "60-01-04-00-00", side: "debito", kind: "porcentaje", rate: "26,83" },
  { account: "20-01-03-02-00", side: "credito", kind: "porcentaje", rate: "26.83" },
  { account: "20-01-03-03-00", side: "credito", kind: "porcentaje", rate: "10,83" },
  { account: "20-01-03-01-00", side: "credito", kind: "porcentaje", rate: "89,17" },
];

describe("the templates service", () => {
  it("creates, lists, changes and keeps who did it; a name is unique per organization, not across them", async () => {
    const created = await createTemplate(FERRETERIA, RENT, "ana");
    if (!created.ok) throw new Error(JSON.stringify(created.refusals));
    expect(await createTemplate(FERRETERIA, { ...RENT, name: " alquiler DEL local " }, "ana")).toEqual({
      ok: false,
      refusals: [{ field: "name", message: "Ya existe una plantilla con ese nombre." }],
    });
    expect((await createTemplate(SODA, RENT, "ana")).ok).toBe(true);
    const changed = await updateTemplate(FERRETERIA, created.id, { ...RENT, description: "Alquiler {fecha}" }, "luis");
    expect(changed).toEqual({ ok: true, id: created.id });
    expect((await getTemplate(FERRETERIA, created.id))?.description).toBe("Alquiler {fecha}");
    const stored = await EntryTemplate.findById(created.id).lean();
    expect(stored?.history.map((change) => [change.by, change.action])).toEqual([
      ["ana", "creada"],
      ["luis", "modificada"],
    ]);
    // Another organization's id is not found, and changing it writes nothing.
    expect(await getTemplate(SODA, created.id)).toBeNull();
    expect((await updateTemplate(SODA, created.id, RENT, "x")).ok).toBe(false);
    expect(await getTemplate(FERRETERIA, "no-es-un-id")).toBeNull();
  });

  it("checks accounts against the organization's merged catalog: a disabled account is refused there only", async () => {
    expect(await changeCatalog(SODA, { kind: "set-disabled", code: "60-02-02-00-00", disabled: true })).toEqual({
      code: "60-02-02-00-00",
    });
    const template = { ...RENT, name: "Servicios", lines: [line("60-02-02-00-00", "debito"), RENT.lines[1]] };
    const refused = await createTemplate(SODA, template, "ana");
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.refusals[0]).toMatchObject({ field: "account", line: 1 });
    expect(!refused.ok && refused.refusals[0].message).toMatch(
      /^Línea 1: la cuenta 60-02-02-00-00 .* está deshabilitada\.$/,
    );
    expect((await createTemplate(FERRETERIA, template, "ana")).ok).toBe(true);
  });

  it("the demo seed gives every demo client its payroll and depreciation templates, once", async () => {
    const log: string[] = [];
    await seedDemoTemplates({ log: (text) => log.push(text) });
    await seedDemoTemplates({ log: (text) => log.push(text) });
    expect(log).toEqual([
      `demo entry templates: ${DEMO_ORGANIZATIONS.length * 2} created (existing ones left as they were)`,
      "demo entry templates: 0 created (existing ones left as they were)",
    ]);
    for (const organization of DEMO_ORGANIZATIONS) {
      const names = (await listTemplates(organization._id)).map((template) => template.name);
      expect(names).toEqual(expect.arrayContaining(["Planilla mensual", "Depreciación mensual"]));
    }
  });
});

describe("/admin/accounting-entry-templates", () => {
  it("creates a template from the form without JavaScript, with «Agregar línea» answered by the form again", async () => {
    const fields = templateForm("Planilla de prueba", PAYROLL_ROWS);
    const added = await respond(() =>
      newRoute.action(
        args(
          postRequest(
            `/admin/accounting-entry-templates/new?${ORG}`,
            { ...fields, __intent__: JSON.stringify({ type: "insert", payload: { name: "lines" } }) },
            cookies.admin,
          ),
        ),
      ),
    );
    expect(added.status).toBe(200);
    const reply = await added.json();
    expect(reply.initialValue.lines).toHaveLength(PAYROLL_ROWS.length + 3);
    expect(await EntryTemplate.countDocuments({ name: "Planilla de prueba" })).toBe(0);

    const saved = await respond(() =>
      newRoute.action(args(postRequest(`/admin/accounting-entry-templates/new?${ORG}`, fields, cookies.admin))),
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/admin/accounting-entry-templates?${ORG}`);
    const stored = await EntryTemplate.findOne({ organizationId: FERRETERIA, name: "Planilla de prueba" }).lean();
    expect(stored?.lines.map((l) => [l.account, l.side, l.kind, l.rate])).toEqual([
      ["60-01-01-00-00", "debito", "porcentaje", 1_000_000],
      ["60-01-04-00-00", "debito", "porcentaje", 268_300],
      ["20-01-03-02-00", "credito", "porcentaje", 268_300],
      ["20-01-03-03-00", "credito", "porcentaje", 108_300],
      ["20-01-03-01-00", "credito", "porcentaje", 891_700],
    ]);
    expect(stored?.history).toEqual([expect.objectContaining({ by: adminId, action: "creada" })]);

    const list = await respond(() =>
      listRoute.loader(args(getRequest(`/admin/accounting-entry-templates?${ORG}`, cookies.admin))),
    );
    const data = await list.json();
    expect(data.templates.map((t: { name: string }) => t.name)).toContain("Planilla de prueba");
  });

  it("saves a fixed amount and «el resto» from the form, and fills the entry with ₡100 000,00 on both sides", async () => {
    const fields = templateForm(
      "Depreciación mensual exacta",
      [
        { account: "60-03-03-00-00", side: "debito", kind: "fijo", amount: "100 000,00" },
        { account: "10-02-02-04-00", side: "credito", kind: "resto" },
      ],
      "Depreciación {mes} {año}",
    );
    const saved = await respond(() =>
      newRoute.action(args(postRequest(`/admin/accounting-entry-templates/new?${ORG}`, fields, cookies.admin))),
    );
    expect(saved.status).toBe(302);
    const stored = await EntryTemplate.findOne({
      organizationId: FERRETERIA,
      name: "Depreciación mensual exacta",
    }).lean();
    expect(stored?.lines.map((l) => [l.account, l.side, l.kind])).toEqual([
      ["60-03-03-00-00", "debito", "fijo"],
      ["10-02-02-04-00", "credito", "resto"],
    ]);
    const id = (await listTemplates(FERRETERIA)).find((t) => t.name === "Depreciación mensual exacta")!.id;
    const filled = await (
      await respond(() =>
        entryRoute.loader(
          args(getRequest(`/entries/detail/new?${ORG}&template=${id}&apply=1&date=31/03/2026`, cookies.admin)),
        ),
      )
    ).json();
    expect(filled.templates.chosen.applied).toBe(true);
    expect(filled.defaults.lines.slice(0, 2)).toEqual([
      { account: "60-03-03-00-00", description: "", debit: "100000,00", credit: "" },
      { account: "10-02-02-04-00", description: "", debit: "", credit: "100000,00" },
    ]);

    const twoRests = templateForm("Dos restos", [
      { account: "60-03-03-00-00", side: "debito", kind: "resto" },
      { account: "10-02-02-04-00", side: "credito", kind: "resto" },
    ]);
    const refused = await respond(() =>
      newRoute.action(args(postRequest(`/admin/accounting-entry-templates/new?${ORG}`, twoRests, cookies.admin))),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("Solo una línea puede ser «el resto».");
    expect(await EntryTemplate.countDocuments({ name: "Dos restos" })).toBe(0);
  });

  it("refuses bad input with Spanish messages on the rows shown, 400, and writes nothing", async () => {
    const before = await EntryTemplate.countDocuments({});
    const response = await respond(() =>
      newRoute.action(
        args(
          postRequest(
            `/admin/accounting-entry-templates/new?${ORG}`,
            templateForm(
              "Mala",
              [
                { account: "60-01-00-00-00", side: "debito", kind: "porcentaje", rate: "9,25" },
                {},
                { account: "20-01-03-02-00", side: "credito", kind: "porcentaje", rate: "9,12345" },
              ],
              "Pago {dia}",
            ),
            cookies.admin,
          ),
        ),
      ),
    );
    expect(response.status).toBe(400);
    const reply = await response.json();
    expect(reply.error["lines[2].rate"]).toEqual(["Escriba el porcentaje con hasta 4 decimales, por ejemplo 9,25."]);

    const second = await respond(() =>
      newRoute.action(
        args(
          postRequest(
            `/admin/accounting-entry-templates/new?${ORG}`,
            templateForm(
              "Mala",
              [
                { account: "60-01-00-00-00", side: "debito", kind: "porcentaje", rate: "9,25" },
                {},
                { account: "20-01-03-02-00", side: "credito", kind: "porcentaje", rate: "9,25" },
              ],
              "Pago {dia}",
            ),
            cookies.admin,
          ),
        ),
      ),
    );
    expect(second.status).toBe(400);
    const errors = (await second.json()).error;
    expect(errors.description).toEqual(["El marcador {dia} no existe: use {mes}, {año} o {fecha}."]);
    expect(errors["lines[0].account"]).toEqual([
      "Línea 1: la cuenta 60-01-00-00-00 (Gastos de personal) tiene subcuentas; elija una de ellas.",
    ]);
    expect(await EntryTemplate.countDocuments({})).toBe(before);
  });

  it("another organization's template is 404 on the page and on every action; nothing changes", async () => {
    const soda = await createTemplate(SODA, { ...RENT, name: "Solo de la Soda" }, "ana");
    if (!soda.ok) throw new Error("template not created");
    const url = `/admin/accounting-entry-templates/${soda.id}?${ORG}`;
    const params = { templateID: soda.id };
    const page = await respond(() => editRoute.loader(args(getRequest(url, cookies.admin), params)));
    expect(page.status).toBe(404);
    const save = await respond(() =>
      editRoute.action(args(postRequest(url, templateForm("Robada", PAYROLL_ROWS), cookies.admin), params)),
    );
    expect(save.status).toBe(404);
    const remove = await respond(() =>
      editRoute.action(args(postRequest(url, { intent: "delete", confirmed: "yes" }, cookies.admin), params)),
    );
    expect(remove.status).toBe(404);
    // An admin of the Soda only, asking for Ferretería: 404 before anything is read.
    const foreign = await respond(() =>
      editRoute.loader(args(getRequest(url.replace(`?${ORG}`, `?${ORG}`), cookies.adminOfSoda), params)),
    );
    expect(foreign.status).toBe(404);
    expect((await getTemplate(SODA, soda.id))?.name).toBe("Solo de la Soda");
  });

  it("deleting asks for confirmation without JavaScript, then hides the template and keeps its history", async () => {
    const created = await createTemplate(FERRETERIA, { ...RENT, name: "Para eliminar" }, "ana");
    if (!created.ok) throw new Error("template not created");
    const url = `/admin/accounting-entry-templates/${created.id}?${ORG}`;
    const params = { templateID: created.id };
    const asked = await respond(() =>
      editRoute.action(args(postRequest(url, { intent: "delete" }, cookies.admin), params)),
    );
    expect(asked.status).toBe(200);
    expect((await asked.json()).confirm).toBe(true);
    expect(await getTemplate(FERRETERIA, created.id)).not.toBeNull();
    const done = await respond(() =>
      editRoute.action(args(postRequest(url, { intent: "delete", confirmed: "yes" }, cookies.admin), params)),
    );
    expect(done.status).toBe(302);
    expect(await getTemplate(FERRETERIA, created.id)).toBeNull();
    const stored = await EntryTemplate.findById(created.id).lean();
    expect(stored?.history.map((change) => change.action)).toEqual(["creada", "eliminada"]);
    // The name is free again.
    expect((await createTemplate(FERRETERIA, { ...RENT, name: "Para eliminar" }, "ana")).ok).toBe(true);
  });
});

describe("«Usar plantilla» in the new-entry form", () => {
  let payrollId = "";
  beforeAll(async () => {
    const payroll = (await listTemplates(FERRETERIA)).find((template) => template.name === "Planilla de prueba");
    payrollId = payroll!.id;
  });
  const open = (query: string, cookie = cookies.admin) =>
    respond(() => entryRoute.loader(args(getRequest(`/entries/detail/new?${ORG}&${query}`, cookie))));

  it("lists the templates, asks for the base, and fills the form from a plain GET", async () => {
    const chosen = await open(`template=${payrollId}`);
    expect(chosen.status).toBe(200);
    const page = await chosen.json();
    expect(page.templates.choices.map((c: { name: string }) => c.name)).toContain("Planilla de prueba");
    expect(page.templates.chosen).toMatchObject({ name: "Planilla de prueba", usesBase: true, typedLines: [] });
    expect(page.defaults.lines.every((l: { account: string }) => l.account === "")).toBe(true);

    const filled = await (await open(`template=${payrollId}&apply=1&date=31/03/2026&base=1 234 567,89`)).json();
    expect(filled.templates.chosen.applied).toBe(true);
    expect(filled.defaults.date).toBe("2026-03-31");
    expect(filled.defaults.description).toBe("Planilla marzo 2026");
    expect(filled.defaults.lines.slice(0, 5)).toEqual([
      { account: "60-01-01-00-00", description: "", debit: "1234567,89", credit: "" },
      { account: "60-01-04-00-00", description: "", debit: "331234,56", credit: "" },
      { account: "20-01-03-02-00", description: "", debit: "", credit: "331234,56" },
      { account: "20-01-03-03-00", description: "", debit: "", credit: "133703,70" },
      { account: "20-01-03-01-00", description: "", debit: "", credit: "1100864,19" },
    ]);
  });

  it("a missing or unreadable base is 400 with its message; another organization's template is 404", async () => {
    const missing = await open(`template=${payrollId}&apply=1&date=31/03/2026&base=`);
    expect(missing.status).toBe(400);
    expect((await missing.json()).templates.chosen.errors.base).toBe(
      "Escriba la base: el monto sobre el que se calculan los porcentajes.",
    );
    const ambiguous = await open(`template=${payrollId}&apply=1&date=31/03/2026&base=1.234`);
    expect(ambiguous.status).toBe(400);
    expect((await ambiguous.json()).templates.chosen.errors.base).toBe(
      "Escriba el monto con coma decimal, por ejemplo 1234,56.",
    );
    const soda = (await listTemplates(SODA))[0];
    expect((await open(`template=${soda.id}`)).status).toBe(404);
    expect((await open("template=abc")).status).toBe(404);
  });

  it("the filled form posts through the normal validation and records the template as the entry's source", async () => {
    const filled = await (await open(`template=${payrollId}&apply=1&date=31/03/2026&base=1000000`)).json();
    const fields: Record<string, string> = {
      intent: "post",
      date: "31/03/2026",
      description: filled.defaults.description,
      reference: "",
    };
    filled.defaults.lines.forEach((row: Record<string, string>, index: number) => {
      for (const [key, value] of Object.entries(row)) fields[`lines[${index}].${key}`] = value;
    });
    const url = `/entries/detail/new?${ORG}&template=${payrollId}&apply=1&date=31/03/2026&base=1000000`;
    // Unbalanced after a change by hand: refused by the entry's own validation, nothing written.
    const before = await Entry.countDocuments({});
    const refused = await respond(() =>
      entryRoute.action(args(postRequest(url, { ...fields, "lines[0].debit": "999999" }, cookies.admin))),
    );
    expect(refused.status).toBe(400);
    expect(await Entry.countDocuments({})).toBe(before);

    const posted = await respond(() => entryRoute.action(args(postRequest(url, fields, cookies.admin))));
    expect(posted.status).toBe(302);
    const id = /\/entries\/view\/([0-9a-f]{24})/.exec(posted.headers.get("Location") ?? "")![1];
    const entry = await getEntry(FERRETERIA, id);
    expect(entry?.status).toBe("contabilizado");
    expect(entry?.description).toBe("Planilla marzo 2026");
    expect(entry?.source).toEqual({ kind: "plantilla", id: payrollId });
  });

  it("a client is sent home; nothing of the templates is shown", async () => {
    const response = await open(`template=${payrollId}`, cookies.client);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});
