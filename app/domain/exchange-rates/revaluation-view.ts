/** What the «Diferencial cambiario» page shows of a month's revaluation, as text. */
import { formatCalendarDate, type CalendarDate } from "../calendar";
import { centsToAmount, formatColones, formatMoney, type Cents } from "../money";
import { formatRate } from "./rate";
import type { ControlRevaluation } from "./open-item-revaluation";
import type { RevaluationPlan } from "./revaluation";

export interface RevaluationRowView {
  code: string;
  label: string;
  dollars: string;
  before: string;
  rate: string;
  after: string;
  difference: string;
  /** "gain", "loss" or "none": how the difference reads. */
  effect: "gain" | "loss" | "none";
}

export interface RevaluationPlanView {
  rows: RevaluationRowView[];
  gain: string;
  loss: string;
  net: string;
  hasEntry: boolean;
}

const colones = (value: Cents) => formatColones(centsToAmount(value));

export function revaluationPlanView(
  plan: RevaluationPlan,
  labels: Readonly<Record<string, string>>,
): RevaluationPlanView {
  return {
    rows: plan.lines.map((line) => ({
      code: line.account,
      label: labels[line.account] ?? line.account,
      dollars: formatMoney(line.foreign, "USD"),
      before: colones(line.before),
      rate: formatRate(line.rate),
      after: colones(line.after),
      difference: colones(line.difference),
      // A debit raises an asset's and lowers a liability's balance: a positive difference is a gain.
      effect: line.difference > 0n ? "gain" : line.difference < 0n ? "loss" : "none",
    })),
    gain: colones(plan.gain),
    loss: colones(plan.loss),
    net: colones((plan.gain - plan.loss) as Cents),
    hasEntry: plan.entry.length > 0,
  };
}

/** «Tipo de cambio de referencia del 31/10/2026: compra ₡505,00 · venta ₡510,00» (and the day it carries). */
export function closingRateText(rate: {
  date: CalendarDate;
  buy: bigint;
  sell: bigint;
  carriedFrom?: CalendarDate;
}): string {
  const carried = rate.carriedFrom ? ` (publicado el ${formatCalendarDate(rate.carriedFrom)})` : "";
  return `Tipo de cambio de referencia del ${formatCalendarDate(rate.date)}${carried}: compra ${formatRate(rate.buy)} · venta ${formatRate(rate.sell)}`;
}

export interface OpenItemsRevaluationView {
  code: string;
  label: string;
  rows: Array<{
    id: string;
    party: string;
    document: string;
    dollars: string;
    before: string;
    rate: string;
    after: string;
    difference: string;
  }>;
  itemsDifference: string;
  prior: string;
  difference: string;
  /** The account's line in the plan when it differs from its documents' (kept in dollars, with other lines). */
  accountLine: string | null;
}

/** The open documents in dollars per control account, and how they make (or explain) its line. */
export function openItemsRevaluationView(
  controls: readonly ControlRevaluation[],
  plan: RevaluationPlan,
  labels: Readonly<Record<string, string>>,
): OpenItemsRevaluationView[] {
  const abs = (value: bigint) => (value < 0n ? -value : value);
  return controls.map((control) => {
    const line = plan.lines.find((candidate) => candidate.account === control.account);
    return {
      code: control.account,
      label: labels[control.account] ?? control.account,
      rows: control.items.map((item) => ({
        id: item.itemId,
        party: item.partyName,
        document: item.label,
        // Shown on the document's own side: a supplier's dollars are owed, not negative.
        dollars: formatMoney(abs(item.dollars), "USD"),
        before: colones(abs(item.colones) as Cents),
        rate: formatRate(item.rate),
        after: colones(abs(item.after) as Cents),
        difference: colones(item.difference),
      })),
      itemsDifference: colones(control.itemsDifference),
      prior: colones(control.prior),
      difference: colones(control.difference),
      accountLine: line && line.difference !== control.difference ? colones(line.difference) : null,
    };
  });
}
