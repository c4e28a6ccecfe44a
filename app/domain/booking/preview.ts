/**
 * What «Contabilizar el mes» will do to each receipt, in words, before anything is posted: the accounts
 * of its entry (summed per account and side) and why those (a rule, the default accounts, or nothing
 * matched and the expense waits in 70 Por clasificar).
 */
import { centsText } from "../text";
import { cents } from "../money";
import type { BookingPlan, PlanOutcome } from "./plan-types";

export interface PreviewLine {
  account: string;
  label: string;
  side: "Débito" | "Crédito";
  amount: string;
}

export type PreviewState = "contabilizar" | "borrador" | "no";

export interface PlanPreview {
  state: PreviewState;
  stateLabel: string;
  /** The rule that applies, or where the accounts come from; for a receipt not booked, why. */
  how: string;
  lines: PreviewLine[];
}

export const PREVIEW_STATE_LABELS: Record<PreviewState, string> = {
  contabilizar: "Se contabiliza",
  borrador: "Queda en borrador",
  no: "No se contabiliza",
};

export function howPlanned(plan: BookingPlan): string {
  if (plan.rule) return `Regla «${plan.rule.name}»`;
  if (plan.unclassified) return "Ninguna regla aplica: el gasto va a 70 Por clasificar";
  return "Cuentas por defecto";
}

/** The entry's lines summed per account and side, debits first, in the plan's order. */
export function previewLines(plan: BookingPlan, labelOf: (code: string) => string): PreviewLine[] {
  const sums = new Map<string, { account: string; side: PreviewLine["side"]; cents: bigint }>();
  for (const line of plan.lines) {
    for (const [side, value] of [
      ["Débito", line.debit],
      ["Crédito", line.credit],
    ] as const) {
      if (value <= 0n) continue;
      const key = `${side}:${line.account}`;
      const sum = sums.get(key) ?? { account: line.account, side, cents: 0n };
      sum.cents += value;
      sums.set(key, sum);
    }
  }
  return [...sums.values()]
    .sort((a, b) => (a.side === b.side ? 0 : a.side === "Débito" ? -1 : 1))
    .map((sum) => ({
      account: sum.account,
      label: labelOf(sum.account),
      side: sum.side,
      amount: centsText(cents(sum.cents)),
    }));
}

/** One receipt's preview from its plan outcome; `draftOnly` is a run that leaves every entry as borrador. */
export function planPreview(outcome: PlanOutcome, labelOf: (code: string) => string, draftOnly = false): PlanPreview {
  if (!outcome.ok) return { state: "no", stateLabel: PREVIEW_STATE_LABELS.no, how: outcome.message, lines: [] };
  const state: PreviewState = outcome.plan.post && !draftOnly ? "contabilizar" : "borrador";
  return {
    state,
    stateLabel: PREVIEW_STATE_LABELS[state],
    how: howPlanned(outcome.plan),
    lines: previewLines(outcome.plan, labelOf),
  };
}
