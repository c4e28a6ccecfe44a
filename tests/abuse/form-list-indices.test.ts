import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cents } from "../../app/domain/money";
import * as bracketRoute from "../../app/routes/_app.admin.income-brackets_.$year.$kind";
import * as invoiceRoute from "../../app/routes/_app.admin.invoice.($invoiceID)";
import * as organizationRoute from "../../app/routes/_app.admin.organizations.$orgID";
import * as newRule from "../../app/routes/_app.admin.rules_.new";
import * as newTemplate from "../../app/routes/_app.admin.accounting-entry-templates_.new";
import * as editEntry from "../../app/routes/_app.entries.detail.$accountEntryID";
import * as newEntry from "../../app/routes/_app.entries.detail.new";
import { createDraft } from "../../app/services/ledger/ledger.server";
import { createTemplate } from "../../app/services/templates/templates.server";
import { DEFAULT_MAX_ROWS, largestListIndex, TOO_MANY_ROWS_MESSAGE } from "../../app/utils/form.server";
import { ensureOrganization } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

/**
 * Issue 25, finding 2: an 80-byte POST with `lines[100000].account` made the form library build a
 * 100 001-element array and the error reply a page with as many rows. Every form refuses a list index
 * beyond its maximum before parsing (400, Spanish), with one guard in app/utils/form.server.ts
 * (decision 197).
 */
const ORG = "CR:3101777002";
const CEDULA = "3101777002";
let environment: AppEnvironment;
let admin = "";
let root = "";

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Formularios S.A.", identificationType: "02" });
  admin = await sessionCookieFor((await createTestUser({ persona: "admin", orgs: { [ORG]: "admin" } })).id);
  root = await sessionCookieFor((await createTestUser({ persona: "root" })).id);
});

afterAll(async () => {
  await environment?.close();
});

type Route = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<unknown>;
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: { cspNonce: "" } }) as LoaderFunctionArgs & ActionFunctionArgs;

async function expectRefused(run: () => Promise<unknown>) {
  const response = await respond(run);
  expect(response.status).toBe(400);
  const body = await response.text();
  expect(JSON.parse(body)).toEqual({ message: TOO_MANY_ROWS_MESSAGE });
  // The answer is the message, not a page of rows.
  expect(body.length).toBeLessThan(200);
}

const post = (route: Route, path: string, fields: Record<string, string>, cookie: string, params = {}) =>
  expectRefused(() => route(args(postRequest(path, fields, cookie), params)));

describe("list indices in forms are bounded before parsing (issue 25, finding 2)", () => {
  it("refuses the attack's 80-byte POST on the new-entry form and on the entry edit form", async () => {
    const attack = { intent: "post", "lines[100000].account": "10-01-01-01-00" };
    await post(newEntry.action, `/entries/detail/new?org=${CEDULA}`, attack, admin);
    const draft = await createDraft(
      ORG,
      { date: "2026-03-31", description: "Borrador", lines: [{ account: "10-01-01-01-00", debit: 1_000_000n }] },
      { by: "prueba" },
    );
    const id = draft.ok ? String(draft.entry._id) : "";
    await post(editEntry.action, `/entries/detail/${id}?org=${CEDULA}`, attack, admin, { accountEntryID: id });
  });

  it("refuses an index hidden in conform's «update» intent and a run of digits too long to count", async () => {
    await post(
      newEntry.action,
      `/entries/detail/new?org=${CEDULA}`,
      { __intent__: JSON.stringify({ type: "update", payload: { name: "lines[100000]", value: { account: "x" } } }) },
      admin,
    );
    await post(
      newEntry.action,
      `/entries/detail/new?org=${CEDULA}`,
      { [`lines[${"9".repeat(400)}].debit`]: "1" },
      admin,
    );
  });

  it("refuses it on invoice lines, templates, rules and income brackets, each at its own maximum", async () => {
    await post(invoiceRoute.action, `/admin/invoice?org=${CEDULA}`, { "lines[1002].detalle": "x" }, admin);
    await post(
      newTemplate.action,
      `/admin/accounting-entry-templates/new?org=${CEDULA}`,
      { "lines[65].account": "x" },
      admin,
    );
    await post(newRule.action, `/admin/rules/new?org=${CEDULA}`, { "conditions[21].field": "emisor" }, admin);
    await post(
      bracketRoute.action,
      "/admin/income-brackets/2026/persona-fisica",
      { intent: "save", "brackets[21].rate": "10" },
      root,
      { year: "2026", kind: "persona-fisica" },
    );
  });

  it("applies the default maximum to a form without one of its own", async () => {
    await post(
      organizationRoute.action,
      `/admin/organizations/${CEDULA}`,
      { intent: "update", [`x[${DEFAULT_MAX_ROWS}]`]: "1" },
      root,
      { orgID: CEDULA },
    );
  });

  it("refuses typed amounts beyond a template's lines in «Usar plantilla» (a GET)", async () => {
    const created = await createTemplate(
      ORG,
      {
        name: "Alquiler",
        description: "Alquiler del mes",
        lines: [
          {
            account: "40-01-01-01-00",
            description: "",
            side: "debito",
            kind: "fijo",
            amount: cents(100_00n),
            rate: null,
          },
          {
            account: "10-01-01-01-00",
            description: "",
            side: "credito",
            kind: "fijo",
            amount: cents(100_00n),
            rate: null,
          },
        ],
      },
      "prueba",
    );
    expect(created).toMatchObject({ ok: true });
    const id = created.ok ? created.id : "";
    await expectRefused(() =>
      newEntry.loader(
        args(
          getRequest(`/entries/detail/new?org=${CEDULA}&template=${id}&apply=1&date=31/03/2026&typed[100000]=1`, admin),
        ),
      ),
    );
  });

  it("keeps forms within their maxima working: an index below the limit parses as before", () => {
    expect(largestListIndex(["lines[0].account", "lines[12].debit", "intent"])).toBe(12);
    expect(largestListIndex(["name"])).toBe(-1);
  });
});
