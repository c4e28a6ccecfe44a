/**
 * What a matching reception rule decides for a received receipt (issue 13). The rules evaluator
 * (`app/domain/rules/`) produces it; the booking plan (`app/domain/booking/`) consumes it. No rule
 * matched → `null`, and the plan books the expense side to 70 Por clasificar.
 */
export type IvaTreatment = "acreditable" | "no-acreditable" | "proporcional";

export interface RuleMatch {
  ruleId: string;
  /** Incremented on every change of the rule; the booked entry records it. */
  ruleVersion: number;
  ruleName: string;
  /** Catalog code for the expense/asset side of the whole document. */
  account: string;
  /**
   * Per-line accounts when the rule's action is "per matching line": key = line number
   * (NumeroLinea, 1-based). Lines not listed use `account`.
   */
  lineAccounts?: Record<number, string>;
  ivaTreatment: IvaTreatment;
  /** Overrides the organization's default payable account. */
  payableAccount?: string;
  /** Post the entry (true) or leave it as borrador (false). */
  post: boolean;
  /** Send an acceptance (MensajeReceptor 1 = aceptado) with this CondicionImpuesto when set. */
  autoAnswer?: { condicionImpuesto: "01" | "02" | "03" | "04" | "05" };
}
