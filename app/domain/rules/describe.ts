import { CONDICION_IMPUESTO_LABELS } from "../hacienda/mensaje-receptor";
import { parseAmount } from "../money";
import { moneyText } from "../text";
import { CONDITION_FIELDS, OPERATOR_LABELS } from "./fields";
import { IVA_TREATMENT_LABELS } from "./form";
import type { ReceptionRule, RuleCondition } from "./types";

/** A total reads as money («₡1 000 000,00», never «1000000.00»); other values as typed. */
function valueText(condition: RuleCondition): string {
  if (condition.field !== "total") return condition.value;
  const amount = parseAmount(condition.value);
  return amount === null ? condition.value : moneyText(amount);
}

/** «Cédula del emisor es igual a 3101456789», as the rules list reads a condition. */
export function describeCondition(condition: RuleCondition): string {
  const field = CONDITION_FIELDS[condition.field]?.label ?? condition.field;
  const operator = OPERATOR_LABELS[condition.operator] ?? condition.operator;
  return `${field} ${operator} ${valueText(condition)}`;
}

export function describeConditions(rule: Pick<ReceptionRule, "mode" | "conditions">): string {
  const joiner = rule.mode === "all" ? " y " : " o ";
  return rule.conditions.map(describeCondition).join(joiner);
}

/** The action in a few words: IVA, borrador or contabilizado, the automatic answer. */
export function describeActionDetails(action: ReceptionRule["action"]): string[] {
  const details = [`IVA: ${IVA_TREATMENT_LABELS[action.ivaTreatment]}`];
  details.push(action.post ? "se contabiliza" : "queda en borrador");
  if (action.autoAnswer)
    details.push(`acepta con condición ${action.autoAnswer} (${CONDICION_IMPUESTO_LABELS[action.autoAnswer]})`);
  return details;
}
