/** What the «Diferencial cambiario» page shows of a month's revaluation, as text. */
import { formatCalendarDate, type CalendarDate } from "../calendar";
import { centsToAmount, formatColones, formatMoney, type Cents } from "../money";
import { formatRate } from "./rate";
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
