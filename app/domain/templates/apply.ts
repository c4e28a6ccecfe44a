/**
 * Applying a template: the entry's description and lines from the template, the date, the base and
 * the typed amounts. The result fills the entry form; the entry is then checked and posted like any
 * other, so applying never decides whether the entry is valid.
 *
 * Rounding (docs/decisions/140-entry-templates.md): a percentage line is base × rate, rounded to the
 * céntimo half away from zero. When the lines balance exactly before rounding, the céntimos lost or
 * gained by rounding (the residue) are absorbed by one percentage line (see absorbResidue), so the
 * entry balances. When they do not balance before rounding (typed amounts that do not
 * match), nothing is adjusted: the form shows the difference and saving refuses it.
 */
import type { CalendarDate } from "../calendar";
import { cents, centsToAmount, divideRounded, formatColones, type Cents } from "../money";
import { refusal, type Refusal } from "../refusal";
import { appliedDoesNotBalance, TEMPLATE_MESSAGES } from "./messages";
import { fillPattern } from "./pattern";
import type { EntryTemplate } from "./types";

export interface TemplateInputs {
  date: CalendarDate;
  /** Needed when the template has percentage lines. */
  base: Cents | null;
  /** The amounts of the «a digitar» lines, by the template line's index; a missing one leaves the line's amount blank. */
  typed: ReadonlyArray<Cents | null | undefined>;
}

export interface AppliedLine {
  account: string;
  description: string;
  debit: Cents | null;
  credit: Cents | null;
}

export interface AppliedTemplate {
  description: string;
  lines: AppliedLine[];
  /** Set when the lines do not balance with the amounts given (a warning: the form is still filled). */
  notice: string | null;
}

export type ApplyOutcome = { ok: true; applied: AppliedTemplate } | { ok: false; refusals: Refusal[] };

// base (céntimos) × rate (ten-thousandths of a percent) is in millionths of a céntimo.
const MICRO = 1_000_000n;

export function usesBase(template: Pick<EntryTemplate, "lines">): boolean {
  return template.lines.some((line) => line.kind === "porcentaje");
}

export function applyTemplate(template: EntryTemplate, inputs: TemplateInputs): ApplyOutcome {
  const refusals: Refusal[] = [];
  const base = inputs.base;
  if (usesBase(template)) {
    if (base === null) refusals.push(refusal(TEMPLATE_MESSAGES.baseRequired, "base"));
    else if (base <= 0n) refusals.push(refusal(TEMPLATE_MESSAGES.baseZero, "base"));
  }
  template.lines.forEach((line, index) => {
    const typed = inputs.typed[index];
    if (line.kind === "digitar" && typed != null && typed <= 0n)
      refusals.push(refusal(TEMPLATE_MESSAGES.typedZero, `typed[${index}]`));
  });
  if (refusals.length > 0) return { ok: false, refusals };

  // Each line's amount before rounding (millionths of a céntimo) and rounded (céntimos); null: not typed.
  const exact: Array<bigint | null> = [];
  const rounded: Array<bigint | null> = [];
  template.lines.forEach((line, index) => {
    if (line.kind === "porcentaje") {
      const micro = (base ?? 0n) * BigInt(line.rate ?? 0);
      exact.push(micro);
      rounded.push(divideRounded(micro, MICRO));
    } else {
      const value = line.kind === "fijo" ? line.amount : (inputs.typed[index] ?? null);
      exact.push(value === null ? null : value * MICRO);
      rounded.push(value);
    }
  });

  const complete = exact.every((value) => value !== null);
  const signed = (values: Array<bigint | null>) =>
    values.reduce<bigint>((sum, value, index) => {
      const amount = value ?? 0n;
      return template.lines[index].side === "debito" ? sum + amount : sum - amount;
    }, 0n);

  let notice: string | null = null;
  if (complete) {
    if (signed(exact) === 0n) absorbResidue(template, exact, rounded, signed(rounded));
    const difference = signed(rounded);
    if (difference !== 0n) {
      const absolute = difference < 0n ? -difference : difference;
      notice = appliedDoesNotBalance(formatColones(centsToAmount(cents(absolute))));
    }
  }

  const description = fillPattern(template.description, inputs.date);
  return {
    ok: true,
    applied: {
      description,
      notice,
      lines: template.lines.map((line, index) => {
        const value = rounded[index];
        const amount = value === null ? null : cents(value);
        return {
          account: line.account,
          description: fillPattern(line.description, inputs.date),
          debit: line.side === "debito" ? amount : null,
          credit: line.side === "credito" ? amount : null,
        };
      }),
    },
  };
}

/**
 * Moves the rounding residue (debits − credits, in céntimos) onto one percentage line: the one whose
 * rounding went furthest in the direction the correction undoes (a credit rounded up when credits are
 * too high, a debit rounded up when debits are), then the larger amount, then the first. A line that
 * was exact (100 % of the base) is never the one changed while a rounded one can take it.
 */
function absorbResidue(
  template: EntryTemplate,
  exact: Array<bigint | null>,
  rounded: Array<bigint | null>,
  residue: bigint,
): void {
  if (residue === 0n) return;
  let chosen = -1;
  let chosenScore = 0n;
  template.lines.forEach((line, index) => {
    if (line.kind !== "porcentaje") return;
    const change = line.side === "debito" ? -residue : residue;
    const error = (rounded[index] ?? 0n) * MICRO - (exact[index] ?? 0n);
    const score = change > 0n ? -error : error;
    const better =
      chosen === -1 ||
      score > chosenScore ||
      (score === chosenScore && (rounded[index] ?? 0n) > (rounded[chosen] ?? 0n));
    if (better) {
      chosen = index;
      chosenScore = score;
    }
  });
  if (chosen === -1) return;
  const adjusted = (rounded[chosen] ?? 0n) + (template.lines[chosen].side === "debito" ? -residue : residue);
  if (adjusted > 0n) rounded[chosen] = adjusted;
}
