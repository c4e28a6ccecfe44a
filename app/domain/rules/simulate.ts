import type { DefaultAccounts } from "../booking/default-accounts";
import { planBooking } from "../booking/plan";
import type { BookingInput, PlanLine, PlanRefusalReason } from "../booking/plan-types";
import type { RuleMatch } from "../booking/rule-match";
import type { ReceiptFacts } from "../receipts/compact";
import { matchRule } from "./match";
import type { ReceptionRule } from "./types";

/** What «Simular» shows for one received receipt: the rule that matched and the entry it would post. */
export type SimulationResult =
  | { status: "plan"; match: RuleMatch | null; post: boolean; unclassified: boolean; lines: PlanLine[] }
  | { status: "no-entry"; match: RuleMatch | null; reason: PlanRefusalReason; message: string };

/** Pure: the same rules and plan that booking uses, and nothing written. */
export function simulateReceipt(
  input: BookingInput & { document: ReceiptFacts },
  rules: readonly ReceptionRule[],
  accounts: DefaultAccounts,
): SimulationResult {
  const match = matchRule(rules, input.document);
  const outcome = planBooking(input, accounts, match);
  if (!outcome.ok) return { status: "no-entry", match, reason: outcome.reason, message: outcome.message };
  const { plan } = outcome;
  return {
    status: "plan",
    match: plan.rule ? match : null,
    post: plan.post,
    unclassified: plan.unclassified,
    lines: plan.lines,
  };
}

export interface SimulationSummary {
  receipts: number;
  matched: number;
  unclassified: number;
  noEntry: number;
  /** Receipts per rule name, in the rules' order. */
  byRule: Array<{ ruleId: string; name: string; count: number }>;
}

export function summarizeSimulation(
  rules: readonly ReceptionRule[],
  results: readonly SimulationResult[],
): SimulationSummary {
  const counts = new Map<string, number>();
  let matched = 0;
  let unclassified = 0;
  let noEntry = 0;
  for (const result of results) {
    if (result.status === "no-entry") noEntry++;
    else if (result.unclassified) unclassified++;
    if (result.status === "plan" && result.match) {
      matched++;
      counts.set(result.match.ruleId, (counts.get(result.match.ruleId) ?? 0) + 1);
    }
  }
  return {
    receipts: results.length,
    matched,
    unclassified,
    noEntry,
    byRule: rules
      .filter((rule) => counts.has(rule.id))
      .map((rule) => ({ ruleId: rule.id, name: rule.name, count: counts.get(rule.id)! })),
  };
}
