/**
 * The rule form (/admin/rules/new, /admin/rules/:ruleID): one zod schema for the page and the action,
 * and the mapping from the checked form to a rule. Conditions are repeated rows; a row left blank is
 * skipped, so the form can carry spare rows without JavaScript.
 */
import { z } from "zod";
import { formatAmount, readMoneyInput } from "../money";
import { CONDITION_FIELDS, CONDITION_FIELD_KEYS, OPERATOR_KEYS } from "./fields";
import type { ConditionField, ConditionOperator, ReceptionRule, RuleCondition } from "./types";

export const RULE_NAME_MAX = 120;
export const MAX_CONDITIONS = 20;
/** Rows a new form starts with. */
export const NEW_RULE_ROWS = 2;

export const RULE_MESSAGES = {
  nameRequired: "El nombre de la regla es obligatorio.",
  nameTooLong: `El nombre admite como máximo ${RULE_NAME_MAX} caracteres.`,
  noConditions: "Agregue al menos una condición.",
  tooManyConditions: `Una regla admite como máximo ${MAX_CONDITIONS} condiciones.`,
  fieldRequired: "Elija el campo de la condición.",
  operatorRequired: "Elija cómo se compara.",
  operatorNotAllowed: "Esa comparación no se aplica a este campo.",
  valueRequired: "Escriba el valor de la condición.",
  valueTooLong: "El valor admite como máximo 200 caracteres.",
  documentType: "El tipo de documento debe ser FE, ND, NC, TE o FEC.",
  twoDigits: "El código tiene dos dígitos (por ejemplo 01 o 08).",
  activityCode: "El código de actividad tiene 6 dígitos.",
  cabys: "El prefijo CABYS son de 1 a 13 dígitos.",
  currency: "La moneda es un código de tres letras (CRC, USD, EUR).",
  modeRequired: "Elija si deben cumplirse todas las condiciones o alguna.",
  scopeRequired: "Elija si la cuenta se aplica al documento completo o a las líneas que cumplen.",
  accountRequired: "Elija la cuenta contable.",
  ivaTreatmentRequired: "Elija el tratamiento del IVA.",
  postRequired: "Elija si el asiento se contabiliza o queda en borrador.",
  autoAnswer: "La condición del impuesto debe ser 01, 02, 03, 04 o 05.",
} as const;

/** Received documents a rule can book (REP and MensajeHacienda are never booked). */
export const RULE_DOCUMENT_TYPES = ["FE", "ND", "NC", "TE", "FEC"] as const;

export const IVA_TREATMENT_LABELS = {
  acreditable: "Acreditable (IVA crédito fiscal)",
  "no-acreditable": "No acreditable (al gasto)",
  proporcional: "Proporcional (prorrata)",
} as const;

export const SCOPE_LABELS = {
  document: "Todo el documento a una cuenta",
  lines: "Solo las líneas que cumplen las condiciones",
} as const;

const optionalText = z.string().trim().optional();

const conditionRow = z
  .object({ field: optionalText, operator: optionalText, value: optionalText })
  .optional()
  .transform((row) => row ?? {});

/** The value as stored: codes in upper case, an amount as a plain decimal with céntimos. */
function checkValue(field: ConditionField, value: string): { value: string } | { message: string } {
  switch (field) {
    case "documentType": {
      const upper = value.toUpperCase();
      return (RULE_DOCUMENT_TYPES as readonly string[]).includes(upper)
        ? { value: upper }
        : { message: RULE_MESSAGES.documentType };
    }
    case "taxCode":
    case "ivaRateCode":
      return /^\d{2}$/.test(value) ? { value } : { message: RULE_MESSAGES.twoDigits };
    case "activityCode":
      return /^\d{6}$/.test(value) ? { value } : { message: RULE_MESSAGES.activityCode };
    case "cabys":
      return /^\d{1,13}$/.test(value) ? { value } : { message: RULE_MESSAGES.cabys };
    case "currency":
      return /^[A-Za-z]{3}$/.test(value) ? { value: value.toUpperCase() } : { message: RULE_MESSAGES.currency };
    case "total": {
      const read = readMoneyInput(value, 2);
      return read.ok ? { value: formatAmount(read.amount, 2) } : { message: read.message };
    }
    default:
      return value.length > 200 ? { message: RULE_MESSAGES.valueTooLong } : { value };
  }
}

const enumOf = <const T extends [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { errorMap: () => ({ message }) });

const accountCode = z
  .string({ required_error: RULE_MESSAGES.accountRequired })
  .trim()
  .min(1, RULE_MESSAGES.accountRequired)
  .max(40);
const optionalAccount = z.string().trim().max(40).optional();

/** The rows as conditions: blank rows skipped, each other row checked (its errors under `conditions[i].…`). */
const conditionsSchema = z
  .array(conditionRow)
  .max(MAX_CONDITIONS, RULE_MESSAGES.tooManyConditions)
  .default([])
  .transform((rows, context) => {
    const conditions: RuleCondition[] = [];
    rows.forEach((row, index) => {
      if (!row.field && !row.operator && !row.value) return;
      const issue = (key: string, message: string) =>
        context.addIssue({ code: z.ZodIssueCode.custom, path: [index, key], message });
      if (!row.field || !(CONDITION_FIELD_KEYS as string[]).includes(row.field)) {
        return issue("field", RULE_MESSAGES.fieldRequired);
      }
      const field = row.field as ConditionField;
      if (!row.operator || !(OPERATOR_KEYS as string[]).includes(row.operator)) {
        return issue("operator", RULE_MESSAGES.operatorRequired);
      }
      const operator = row.operator as ConditionOperator;
      if (!CONDITION_FIELDS[field].operators.includes(operator)) {
        return issue("operator", RULE_MESSAGES.operatorNotAllowed);
      }
      if (!row.value) return issue("value", RULE_MESSAGES.valueRequired);
      const checked = checkValue(field, row.value);
      if ("message" in checked) return issue("value", checked.message);
      conditions.push({ field, operator, value: checked.value });
    });
    if (conditions.length === 0 && rows.every((row) => !row.field && !row.operator && !row.value)) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: [], message: RULE_MESSAGES.noConditions });
    }
    return conditions;
  });

export const ruleFormSchema = z
  .object({
    name: z
      .string({ required_error: RULE_MESSAGES.nameRequired })
      .trim()
      .min(1, RULE_MESSAGES.nameRequired)
      .max(RULE_NAME_MAX, RULE_MESSAGES.nameTooLong),
    mode: enumOf(["all", "any"], RULE_MESSAGES.modeRequired),
    conditions: conditionsSchema,
    scope: enumOf(["document", "lines"], RULE_MESSAGES.scopeRequired),
    account: accountCode,
    otherLinesAccount: optionalAccount,
    ivaTreatment: enumOf(["acreditable", "no-acreditable", "proporcional"], RULE_MESSAGES.ivaTreatmentRequired),
    payableAccount: optionalAccount,
    post: enumOf(["post", "draft"], RULE_MESSAGES.postRequired),
    autoAnswer: z
      .enum(["01", "02", "03", "04", "05"], { errorMap: () => ({ message: RULE_MESSAGES.autoAnswer }) })
      .optional(),
  })
  .transform((form): RuleInput => ({
    name: form.name,
    mode: form.mode,
    conditions: form.conditions,
    action: {
      scope: form.scope,
      account: form.account,
      ...(form.scope === "lines" && form.otherLinesAccount ? { otherLinesAccount: form.otherLinesAccount } : {}),
      ivaTreatment: form.ivaTreatment,
      ...(form.payableAccount ? { payableAccount: form.payableAccount } : {}),
      post: form.post === "post",
      ...(form.autoAnswer ? { autoAnswer: form.autoAnswer } : {}),
    },
  }));

/** What a person decides about a rule; the id, version, order and enabled flag are the service's. */
/** The condition rows the rule form accepts before parsing (decision 197): one past the schema's. */
export const RULE_FORM_MAX_ROWS = MAX_CONDITIONS + 1;

export type RuleInput = Pick<ReceptionRule, "name" | "mode" | "conditions" | "action">;

/** The form's starting values for a stored rule (or a new one), with spare condition rows. */
export function ruleFormDefaults(rule: RuleInput | null, defaultOtherLines: string): Record<string, unknown> {
  if (!rule) {
    return {
      name: "",
      mode: "all",
      conditions: Array.from({ length: NEW_RULE_ROWS }, (_, index) =>
        index === 0 ? { field: "emisorCedula", operator: "equals", value: "" } : {},
      ),
      scope: "document",
      account: "",
      otherLinesAccount: defaultOtherLines,
      ivaTreatment: "acreditable",
      payableAccount: "",
      post: "post",
      autoAnswer: "",
    };
  }
  return {
    name: rule.name,
    mode: rule.mode,
    conditions: [...rule.conditions, {}],
    scope: rule.action.scope,
    account: rule.action.account,
    otherLinesAccount: rule.action.otherLinesAccount ?? defaultOtherLines,
    ivaTreatment: rule.action.ivaTreatment,
    payableAccount: rule.action.payableAccount ?? "",
    post: rule.action.post ? "post" : "draft",
    autoAnswer: rule.action.autoAnswer ?? "",
  };
}

/** Catalog account for receipts no rule decides (and for the lines a per-line rule leaves). */
export const UNCLASSIFIED_PURCHASES_ACCOUNT = "70-01-01-00-00";
