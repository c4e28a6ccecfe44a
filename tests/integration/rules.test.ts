import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as editRoute from "../../app/routes/_app.admin.rules_.$ruleID";
import * as newRoute from "../../app/routes/_app.admin.rules_.new";
import * as listRoute from "../../app/routes/_app.admin.rules";
import * as simulateRoute from "../../app/routes/_app.admin.rules_.simulate";
import { changeCatalog } from "../../app/services/catalog/catalog.server";
import {
  createRule,
  deleteRule,
  getRule,
  loadRules,
  moveRule,
  ruleHistory,
  setRuleEnabled,
  updateRule,
} from "../../app/services/rules/rules.server";
import { simulateMonth } from "../../app/services/rules/simulate.server";
import { importFiles } from "../../app/services/receipts/receipts-upload.server";
import type { RuleInput } from "../../app/domain/rules/form";
import { Entry } from "../../models/entry";
import { ReceptionRuleModel } from "../../models/reception-rule";
import { ensureOrganization } from "../../models/organization";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { demoReceiptDocuments } from "../../scripts/seed-demo-receipts";
import { DEMO_RULES, seedDemoRules } from "../../scripts/seed-demo-rules";
import { zipSamples } from "../../scripts/hacienda-samples/src/output";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import type { Refused } from "../../app/domain/refusal";
import { refusalStatus, valueOrRefusal } from "../../app/utils/http.server";
import { createTestUser } from "../support/users";

const FERRETERIA = "CR:3101123456";
const SODA = "CR:3102654321";
const ORG = "org=3101123456";
const SODA_ORG = "org=3102654321";

let environment: AppEnvironment;
const cookies = {} as Record<"admin" | "adminOfSoda" | "client", string>;
let adminId = "";

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  const admin = await createTestUser({
    persona: "admin",
    email: "admin@demo.cr",
    orgs: { [FERRETERIA]: "admin", [SODA]: "admin" },
  });
  adminId = admin.id;
  cookies.admin = await sessionCookieFor(admin.id);
  cookies.adminOfSoda = await sessionCookieFor(
    (await createTestUser({ persona: "admin", orgs: { [SODA]: "admin" } })).id,
  );
  cookies.client = await sessionCookieFor(
    (await createTestUser({ persona: "client", orgs: { [FERRETERIA]: "client" } })).id,
  );
}, 60_000);

afterAll(async () => {
  await environment?.close();
});

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: { cspNonce: "" } }) as LoaderFunctionArgs & ActionFunctionArgs;

const RULE: RuleInput = {
  name: "Fletes",
  mode: "all",
  conditions: [{ field: "emisorCedula", operator: "equals", value: "3102345678" }],
  action: { scope: "document", account: "50-01-03-00-00", ivaTreatment: "acreditable", post: true },
};

/** The rule form as a person fills it: condition rows, then the action. */
function ruleForm(fields: Record<string, string>, rows: Array<Record<string, string>>) {
  const form: Record<string, string> = {
    name: "Compras a Dislasa",
    mode: "all",
    scope: "document",
    account: "10-01-04-01-00",
    otherLinesAccount: "70-01-01-00-00",
    ivaTreatment: "acreditable",
    payableAccount: "",
    post: "post",
    autoAnswer: "",
    ...fields,
  };
  [...rows, {}].forEach((row, index) => {
    for (const key of ["field", "operator", "value"]) form[`conditions[${index}].${key}`] = row[key] ?? "";
  });
  return form;
}

const actor = () => ({ userId: adminId });

describe("the rules service", () => {
  it("creates rules at the end of the list; updates bump the version only when something changed", async () => {
    const first = await createRule(SODA, actor(), RULE);
    const second = await createRule(SODA, actor(), { ...RULE, name: "Segunda" });
    if (!first.ok || !second.ok) throw new Error("not created");
    expect((await loadRules(SODA)).map((rule) => [rule.name, rule.version, rule.enabled])).toEqual([
      ["Fletes", 1, true],
      ["Segunda", 1, true],
    ]);
    expect(await updateRule(SODA, actor(), first.id, RULE)).toEqual({ ok: true, id: first.id, changed: false });
    expect(valueOrRefusal(await getRule(SODA, first.id)).version).toBe(1);
    const changed = { ...RULE, action: { ...RULE.action, post: false } };
    expect(await updateRule(SODA, actor(), first.id, changed)).toEqual({ ok: true, id: first.id, changed: true });
    const stored = valueOrRefusal(await getRule(SODA, first.id));
    expect(stored.version).toBe(2);
    expect(stored.action.post).toBe(false);
  });

  it("enables, disables, reorders and deletes, each recorded in the rule's history", async () => {
    const [first, second] = await loadRules(SODA);
    expect(await setRuleEnabled(SODA, actor(), first.id, false)).toEqual({ ok: true, value: true });
    expect(await setRuleEnabled(SODA, actor(), first.id, false)).toEqual({ ok: true, value: false });
    expect(valueOrRefusal(await getRule(SODA, first.id)).enabled).toBe(false);
    expect(valueOrRefusal(await getRule(SODA, first.id)).version).toBe(2);
    expect(await moveRule(SODA, actor(), first.id, "up")).toEqual({ ok: true, value: false });
    expect(await moveRule(SODA, actor(), first.id, "down")).toEqual({ ok: true, value: true });
    expect((await loadRules(SODA)).map((rule) => rule.id)).toEqual([second.id, first.id]);
    await deleteRule(SODA, actor(), first.id);
    expect((await loadRules(SODA)).map((rule) => rule.id)).toEqual([second.id]);
    // Deleted, but kept: entries booked by it still name it.
    const kept = await ReceptionRuleModel.findById(first.id).lean();
    expect(kept?.deletedAt).toBeInstanceOf(Date);
    expect(kept?.history.map((item) => [item.change, item.version])).toEqual([
      ["create", 1],
      ["update", 2],
      ["disable", 2],
      ["move", 2],
      ["delete", 2],
    ]);
    expect(kept?.history[1].snapshot?.action.post).toBe(false);
    const history = valueOrRefusal(await ruleHistory(SODA, second.id));
    expect(history.map((item) => [item.change, item.by])).toEqual([
      ["move", "admin@demo.cr"],
      ["create", "admin@demo.cr"],
    ]);
  });

  it("refuses accounts that are not selectable leaves of the organization's catalog, in Spanish", async () => {
    await changeCatalog(SODA, { kind: "set-disabled", code: "60-02-02-00-00", disabled: true });
    const outcome = await createRule(SODA, actor(), {
      ...RULE,
      action: {
        ...RULE.action,
        account: "60-02-00-00-00",
        payableAccount: "99-99-99-99-99",
        otherLinesAccount: "60-02-02-00-00",
      },
    });
    expect(outcome).toEqual({
      ok: false,
      refusals: [
        { field: "account", message: "La cuenta 60-02-00-00-00 agrupa otras cuentas; elija una cuenta de detalle." },
        { field: "otherLinesAccount", message: "La cuenta 60-02-02-00-00 está deshabilitada; elija otra." },
        { field: "payableAccount", message: "La cuenta 99-99-99-99-99 no existe en el catálogo de este cliente." },
      ],
    });
    // The same account is fine for another organization whose catalog has it enabled.
    expect(
      (await createRule(FERRETERIA, actor(), { ...RULE, action: { ...RULE.action, account: "60-02-02-00-00" } })).ok,
    ).toBe(true);
    await ReceptionRuleModel.deleteMany({ organizationId: FERRETERIA });
  });

  it("another organization's rule is not found: 404, and nothing changes", async () => {
    const [sodaRule] = await loadRules(SODA);
    const refused = async (run: () => Promise<{ ok: true } | Refused>) => {
      const outcome = await run();
      return outcome.ok ? 200 : refusalStatus(outcome.refusals);
    };
    expect(await refused(() => getRule(FERRETERIA, sodaRule.id))).toBe(404);
    expect(await refused(() => updateRule(FERRETERIA, actor(), sodaRule.id, RULE))).toBe(404);
    expect(await refused(() => setRuleEnabled(FERRETERIA, actor(), sodaRule.id, false))).toBe(404);
    expect(await refused(() => moveRule(FERRETERIA, actor(), sodaRule.id, "down"))).toBe(404);
    expect(await refused(() => deleteRule(FERRETERIA, actor(), sodaRule.id))).toBe(404);
    expect(await refused(() => getRule(SODA, "no-es-un-id"))).toBe(404);
    expect(valueOrRefusal(await getRule(SODA, sodaRule.id)).enabled).toBe(true);
  });
});

describe("the rule screens", () => {
  it("creates a rule from the form; «Agregar condición» without JavaScript adds a row and saves nothing", async () => {
    const before = await ReceptionRuleModel.countDocuments({ organizationId: FERRETERIA });
    const rows = [{ field: "emisorCedula", operator: "equals", value: "3101456789" }];
    const added = await respond(() =>
      newRoute.action(
        args(
          postRequest(
            `/admin/rules/new?${ORG}`,
            { ...ruleForm({}, rows), __intent__: JSON.stringify({ type: "insert", payload: { name: "conditions" } }) },
            cookies.admin,
          ),
        ),
      ),
    );
    expect(added.status).toBe(200);
    const reply = (await added.json()) as { initialValue: { conditions: unknown[] } };
    expect(reply.initialValue.conditions).toHaveLength(3);
    expect(await ReceptionRuleModel.countDocuments({ organizationId: FERRETERIA })).toBe(before);

    const created = await respond(() =>
      newRoute.action(args(postRequest(`/admin/rules/new?${ORG}`, ruleForm({}, rows), cookies.admin))),
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/admin/rules?org=3101123456");
    const [rule] = await loadRules(FERRETERIA);
    expect(rule).toMatchObject({
      name: "Compras a Dislasa",
      version: 1,
      conditions: [{ field: "emisorCedula", operator: "equals", value: "3101456789" }],
      action: { scope: "document", account: "10-01-04-01-00", post: true },
    });
    // scope "document": the other-lines account is not kept.
    expect(rule.action).not.toHaveProperty("otherLinesAccount");
  });

  it("refuses a bad form with Spanish messages per field, and writes nothing", async () => {
    const before = await ReceptionRuleModel.countDocuments({ organizationId: FERRETERIA });
    const post = async (fields: Record<string, string>, rows: Array<Record<string, string>>) => {
      const response = await respond(() =>
        newRoute.action(args(postRequest(`/admin/rules/new?${ORG}`, ruleForm(fields, rows), cookies.admin))),
      );
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: Record<string, string[]> }).error;
    };
    expect(await post({ name: "" }, [])).toMatchObject({
      name: ["El nombre de la regla es obligatorio."],
      conditions: ["Agregue al menos una condición."],
    });
    expect(
      await post({}, [
        { field: "documentType", operator: "contains", value: "F" },
        { field: "total", operator: "gte", value: "mucho" },
        { field: "ivaRateCode", operator: "equals", value: "8" },
        { field: "cabys", operator: "startsWith", value: "" },
      ]),
    ).toMatchObject({
      "conditions[0].operator": ["Esa comparación no se aplica a este campo."],
      "conditions[1].value": [expect.any(String)],
      "conditions[2].value": ["El código tiene dos dígitos (por ejemplo 01 o 08)."],
      "conditions[3].value": ["Escriba el valor de la condición."],
    });
    expect(
      await post({ account: "60-02-00-00-00" }, [{ field: "currency", operator: "equals", value: "USD" }]),
    ).toEqual({
      account: ["La cuenta 60-02-00-00-00 agrupa otras cuentas; elija una cuenta de detalle."],
    });
    expect(
      await post({ ivaTreatment: "regalado", post: "quizas" }, [
        { field: "currency", operator: "equals", value: "usd" },
      ]),
    ).toMatchObject({
      ivaTreatment: ["Elija el tratamiento del IVA."],
      post: ["Elija si el asiento se contabiliza o queda en borrador."],
    });
    expect(await ReceptionRuleModel.countDocuments({ organizationId: FERRETERIA })).toBe(before);
  });

  it("ignores forged fields: version, enabled, organization and position come from the server", async () => {
    const [rule] = await loadRules(FERRETERIA);
    const response = await respond(() =>
      editRoute.action(
        args(
          postRequest(
            `/admin/rules/${rule.id}?${ORG}`,
            {
              ...ruleForm(
                { name: "Dislasa (editada)", version: "99", enabled: "false", organizationId: SODA, position: "-5" },
                [{ field: "emisorNombre", operator: "contains", value: "Sabana" }],
              ),
            },
            cookies.admin,
          ),
          { ruleID: rule.id },
        ),
      ),
    );
    expect(response.status).toBe(302);
    const stored = await ReceptionRuleModel.findById(rule.id).lean();
    expect(stored).toMatchObject({ name: "Dislasa (editada)", version: 2, enabled: true, organizationId: FERRETERIA });
    expect(stored?.position).toBeGreaterThan(0);
  });

  it("list actions: disable, enable, move; bad intents answer 400 in Spanish; another organization's rule 404", async () => {
    const [rule] = await loadRules(FERRETERIA);
    const post = (fields: Record<string, string>, cookie = cookies.admin, org = ORG) =>
      respond(() => listRoute.action(args(postRequest(`/admin/rules?${org}`, fields, cookie))));
    expect((await post({ intent: "disable", ruleId: rule.id })).status).toBe(302);
    expect(valueOrRefusal(await getRule(FERRETERIA, rule.id)).enabled).toBe(false);
    expect((await post({ intent: "enable", ruleId: rule.id })).status).toBe(302);
    expect(valueOrRefusal(await getRule(FERRETERIA, rule.id)).enabled).toBe(true);
    const bad = await post({ intent: "borrar-todo", ruleId: rule.id });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("La acción solicitada no existe.");
    // Soda's admin names Ferretería's rule under Soda: not found.
    expect((await post({ intent: "disable", ruleId: rule.id }, cookies.adminOfSoda, SODA_ORG)).status).toBe(404);
    expect(valueOrRefusal(await getRule(FERRETERIA, rule.id)).enabled).toBe(true);
    // And the edit page of it, under Soda, is 404 too, for reading and for posting.
    const sodaArgs = (request: Request) => args(request, { ruleID: rule.id });
    expect(
      (
        await respond(() =>
          editRoute.loader(sodaArgs(getRequest(`/admin/rules/${rule.id}?${SODA_ORG}`, cookies.adminOfSoda))),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await respond(() =>
          editRoute.action(
            sodaArgs(
              postRequest(
                `/admin/rules/${rule.id}?${SODA_ORG}`,
                { intent: "delete", confirmed: "yes" },
                cookies.adminOfSoda,
              ),
            ),
          ),
        )
      ).status,
    ).toBe(404);
    expect(valueOrRefusal(await getRule(FERRETERIA, rule.id)).name).toBe("Dislasa (editada)");
  });

  it("deleting asks for confirmation first, then removes the rule from the list", async () => {
    const [rule] = await loadRules(FERRETERIA);
    const post = (fields: Record<string, string>) =>
      respond(() =>
        editRoute.action(
          args(postRequest(`/admin/rules/${rule.id}?${ORG}`, fields, cookies.admin), { ruleID: rule.id }),
        ),
      );
    const asked = await post({ intent: "delete" });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ confirm: true });
    expect(await loadRules(FERRETERIA)).toHaveLength(1);
    expect((await post({ intent: "delete", confirmed: "yes" })).status).toBe(302);
    expect(await loadRules(FERRETERIA)).toHaveLength(0);
  });
});

describe("Simular and the demo rules", () => {
  const month = "2025-06";

  beforeAll(async () => {
    const organization = DEMO_ORGANIZATIONS.find((candidate) => candidate._id === FERRETERIA)!;
    const documents = demoReceiptDocuments(organization, new Date("2025-07-15T12:00:00-06:00"));
    await importFiles([{ name: "demo.zip", bytes: zipSamples(documents) }], {
      id: FERRETERIA,
      cedula: "3101123456",
      name: organization.name,
    });
    await ReceptionRuleModel.deleteMany({ organizationId: FERRETERIA });
  }, 60_000);

  it("the demo seed creates the rules once, one of them disabled", async () => {
    const lines: string[] = [];
    await seedDemoRules({ log: (line) => lines.push(line) });
    await seedDemoRules({ log: (line) => lines.push(line) });
    const rules = await loadRules(FERRETERIA);
    expect(rules.map((rule) => rule.name)).toEqual(DEMO_RULES.map((rule) => rule.name));
    expect(rules.filter((rule) => !rule.enabled)).toHaveLength(1);
    expect(lines[1]).toContain("already has reception rules");
  });

  it("shows, per received receipt, the rule that matched and the entry; most match, a few are por clasificar", async () => {
    const entriesBefore = await Entry.countDocuments({ organizationId: FERRETERIA });
    const simulation = await simulateMonth(FERRETERIA, month);
    expect(simulation.receipts.length).toBeGreaterThan(5);
    const { summary } = simulation;
    expect(summary.matched).toBeGreaterThan(summary.unclassified);
    expect(summary.unclassified).toBeGreaterThan(0);
    for (const receipt of simulation.receipts) {
      const result = receipt.result;
      if (result.status !== "plan") continue;
      const debit = result.lines.reduce((sum, line) => sum + line.debit, 0n);
      const credit = result.lines.reduce((sum, line) => sum + line.credit, 0n);
      expect(debit).toBe(credit);
      const match = result.match;
      if (match) {
        const rule = DEMO_RULES.find((candidate) => candidate.name === match.ruleName)!;
        expect(result.lines.map((line) => line.account)).toContain(rule.action.account);
      } else {
        expect(result.unclassified).toBe(true);
        expect(["Farmacia San Rafael Limitada", "Jorge Alberto Vargas Mora"]).toContain(receipt.emisor);
      }
    }
    // Nothing written.
    expect(await Entry.countDocuments({ organizationId: FERRETERIA })).toBe(entriesBefore);
  });

  it("the page answers the month's simulation; a malformed month is a Spanish 400; clients are sent home", async () => {
    const page = await respond(() =>
      simulateRoute.loader(args(getRequest(`/admin/rules/simulate?${ORG}&month=${month}`, cookies.admin))),
    );
    expect(page.status).toBe(200);
    const data = (await page.json()) as { simulation: { rows: Array<{ rule: string | null }> } };
    expect(data.simulation.rows.some((row) => row.rule === "Mercadería de Distribuidora La Sabana")).toBe(true);
    const bad = await respond(() =>
      simulateRoute.loader(args(getRequest(`/admin/rules/simulate?${ORG}&month=junio`, cookies.admin))),
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Elija un mes válido (aaaa-mm).");
    const client = await respond(() =>
      simulateRoute.loader(args(getRequest(`/admin/rules/simulate?${ORG}&month=${month}`, cookies.client))),
    );
    expect(client.status).toBe(302);
  });
});
