/**
 * Applying a template: the entry's description and lines from the template, the date, the base and
 * the typed amounts. The result fills the entry form; the entry is then checked and posted like any
 * other, so applying never decides whether the entry is valid.
 *
 * Amounts (docs/decisions/209-template-remainder-and-rounding.md): a fixed line is its amount, a typed
 * line what was typed, a percentage line base × rate. Rounding is by largest remainder per side: each
 * side's lines together come to that side's exact total rounded to the céntimo (half up), every line
 * is its exact amount rounded down or up (never further than one céntimo), and the céntimos to hand out
 * go to the largest remainders (ties: the smaller amount, then the later line). So a template that
 * balances before rounding balances after it, always. A line «el resto» takes whatever makes debits
 * equal credits once the other lines are known; when the amounts given do not balance and no line is
 * «el resto», nothing is adjusted: the form shows the difference and saving refuses it.
 */
import type { CalendarDate } from "../calendar";
import { cents, centsToAmount, divideRounded, formatColones, type Cents } from "../money";
import { refusal, type Refusal } from "../refusal";
import { appliedDoesNotBalance, restNotPositive, TEMPLATE_MESSAGES } from "./messages";
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

  // Each line's exact amount (millionths of a céntimo); null: typed and left blank, or «el resto».
  const exact: Array<bigint | null> = template.lines.map((line, index) => {
    if (line.kind === "porcentaje") return (base ?? 0n) * BigInt(line.rate ?? 0);
    if (line.kind === "resto") return null;
    const value = line.kind === "fijo" ? line.amount : (inputs.typed[index] ?? null);
    return value === null ? null : value * MICRO;
  });
  const rounded = roundBySide(
    template.lines.map((line) => line.side),
    exact,
  );

  const complete = template.lines.every((line, index) => line.kind === "resto" || exact[index] !== null);
  const signed = (values: Array<bigint | null>) =>
    values.reduce<bigint>((sum, value, index) => {
      const amount = value ?? 0n;
      return template.lines[index].side === "debito" ? sum + amount : sum - amount;
    }, 0n);

  let notice: string | null = null;
  const rest = template.lines.findIndex((line) => line.kind === "resto");
  if (complete) {
    const difference = signed(rounded);
    if (rest >= 0) {
      // Debits − credits of the other lines: the rest is what its side lacks.
      const value = template.lines[rest].side === "debito" ? -difference : difference;
      if (value > 0n) rounded[rest] = value;
      else notice = restNotPositive(rest + 1, formatColones(centsToAmount(cents(value))));
    } else if (difference !== 0n) {
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
 * Rounds each side's lines by largest remainder: the side's lines add up to the side's exact total
 * rounded half up, each line is its exact amount rounded down or up, and the extra céntimos go to the
 * largest remainders (ties: the smaller amount, then the later line). Blank lines stay null.
 */
export function roundBySide(
  sides: ReadonlyArray<"debito" | "credito">,
  exact: ReadonlyArray<bigint | null>,
): Array<bigint | null> {
  const rounded: Array<bigint | null> = exact.map((value) => (value === null ? null : value / MICRO));
  for (const side of ["debito", "credito"] as const) {
    const lines = exact.flatMap((value, index) => (value !== null && sides[index] === side ? [index] : []));
    const total = lines.reduce((sum, index) => sum + exact[index]!, 0n);
    const floors = lines.reduce((sum, index) => sum + rounded[index]!, 0n);
    let extra = divideRounded(total, MICRO) - floors;
    const byRemainder = [...lines].sort((a, b) => {
      const remainderA = exact[a]! % MICRO;
      const remainderB = exact[b]! % MICRO;
      if (remainderA !== remainderB) return remainderA > remainderB ? -1 : 1;
      if (exact[a] !== exact[b]) return exact[a]! < exact[b]! ? -1 : 1;
      return b - a;
    });
    for (const index of byRemainder) {
      if (extra <= 0n) break;
      if (exact[index]! % MICRO === 0n) break;
      rounded[index] = rounded[index]! + 1n;
      extra -= 1n;
    }
  }
  return rounded;
}
