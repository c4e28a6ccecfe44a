/**
 * Demo reception rules for Ferretería El Clavo: its usual suppliers (the demo receipts' emisores) book
 * themselves; Farmacia San Rafael and Jorge Alberto Vargas Mora have no rule, so their receipts land in
 * «Compras recibidas por clasificar». Idempotent: a client that ever had rules is left as it is.
 */
import { organizationHasRules } from "../models/reception-rule";
import { findUserByEmail } from "../models/user";
import type { RuleInput } from "../app/domain/rules/form";
import { createRule, setRuleEnabled } from "../app/services/rules/rules.server";

export const DEMO_RULES_ORGANIZATION = "CR:3101123456";
const DEMO_RULES_AUTHOR = "admin@demo.cr";

const purchase = (account: string, extra: Partial<RuleInput["action"]> = {}): RuleInput["action"] => ({
  scope: "document",
  account,
  ivaTreatment: "acreditable",
  post: true,
  ...extra,
});

export const DEMO_RULES: Array<RuleInput & { enabled?: false }> = [
  {
    name: "Mercadería de Distribuidora La Sabana",
    mode: "all",
    conditions: [{ field: "emisorCedula", operator: "equals", value: "3101456789" }],
    action: purchase("10-01-04-01-00", { autoAnswer: "01" }),
  },
  {
    name: "Mercadería de Importadora Caribe del Sol",
    mode: "all",
    conditions: [{ field: "emisorCedula", operator: "equals", value: "3101987654" }],
    action: purchase("10-01-04-01-00"),
  },
  {
    name: "Fletes de Transportes Guanacaste",
    mode: "all",
    conditions: [{ field: "emisorNombre", operator: "contains", value: "Transportes Guanacaste" }],
    action: purchase("50-01-03-00-00"),
  },
  {
    name: "Mantenimiento del local (Constructora Irazú)",
    mode: "all",
    conditions: [{ field: "emisorCedula", operator: "equals", value: "3101556677" }],
    action: purchase("60-02-10-00-00"),
  },
  {
    name: "Honorarios contables (Servicios Contables Arenal)",
    mode: "all",
    conditions: [{ field: "emisorCedula", operator: "equals", value: "3102765432" }],
    action: purchase("60-02-05-00-00"),
  },
  {
    name: "Consultorías (Monteverde y María Fernanda Solís)",
    mode: "any",
    conditions: [
      { field: "emisorCedula", operator: "equals", value: "3101234987" },
      { field: "emisorCedula", operator: "equals", value: "112340567" },
    ],
    action: purchase("60-02-07-00-00", { post: false }),
  },
  {
    name: "Compras grandes en dólares (revisar a mano)",
    mode: "all",
    conditions: [
      { field: "currency", operator: "equals", value: "USD" },
      { field: "total", operator: "gte", value: "1000000.00" },
    ],
    action: purchase("10-02-01-04-00", { post: false }),
    enabled: false,
  },
];

export async function seedDemoRules({ log }: { log: (line: string) => void }): Promise<void> {
  if (await organizationHasRules(DEMO_RULES_ORGANIZATION)) {
    log(`  ${DEMO_RULES_ORGANIZATION}: already has reception rules, left as they are`);
    return;
  }
  const author = await findUserByEmail(DEMO_RULES_AUTHOR);
  if (!author) throw new Error(`demo rules: user ${DEMO_RULES_AUTHOR} not found`);
  const actor = { userId: String(author._id) };
  for (const { enabled, ...rule } of DEMO_RULES) {
    const outcome = await createRule(DEMO_RULES_ORGANIZATION, actor, rule);
    if (!outcome.ok) throw new Error(`demo rule «${rule.name}»: ${outcome.refusals.map((r) => r.message).join(" ")}`);
    if (enabled === false) await setRuleEnabled(DEMO_RULES_ORGANIZATION, actor, outcome.id, false);
  }
  log(`  ${DEMO_RULES_ORGANIZATION}: ${DEMO_RULES.length} demo reception rules`);
}
