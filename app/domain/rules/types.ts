import type { IvaTreatment } from "../booking/rule-match";
import type { CondicionImpuesto } from "../hacienda/mensaje-receptor";

/**
 * A reception rule (issue 13): data an admin writes, evaluated by `matchRule`. Conditions read the
 * receipt's XML; the action says where the received receipt is booked.
 */
export type ConditionField =
  | "emisorCedula"
  | "emisorNombre"
  | "documentType"
  | "cabys"
  | "activityCode"
  | "taxCode"
  | "ivaRateCode"
  | "currency"
  | "total"
  | "lineDetail";

export type ConditionOperator = "equals" | "contains" | "startsWith" | "gte" | "lte";

export interface RuleCondition {
  field: ConditionField;
  operator: ConditionOperator;
  /** As typed: a cédula, a name, a code, or a decimal amount in colones for `total`. */
  value: string;
}

/** "all": every condition holds; "any": at least one does. */
export type ConditionMode = "all" | "any";

/** "document": the whole receipt to one account; "lines": the matching lines to it, the others elsewhere. */
export type ActionScope = "document" | "lines";

export interface RuleAction {
  scope: ActionScope;
  /** The account of the whole document, or of the matching lines. */
  account: string;
  /** scope "lines": where the lines the conditions do not match go. */
  otherLinesAccount?: string;
  ivaTreatment: IvaTreatment;
  payableAccount?: string;
  post: boolean;
  autoAnswer?: CondicionImpuesto;
}

export interface ReceptionRule {
  id: string;
  name: string;
  enabled: boolean;
  version: number;
  mode: ConditionMode;
  conditions: RuleCondition[];
  action: RuleAction;
}
