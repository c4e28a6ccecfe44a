import type { AmountView, TrialRowView } from "./view";

/**
 * A trial-balance row as the page's loader sends it: one array, each amount only as its text. The
 * page expands it back; hundreds of rows as objects of objects made the loader data (serialised,
 * parsed back and written into the page by Remix on every request) three times larger (decision 177).
 */
export type TrialRowWire = [
  code: string,
  label: string,
  level: number,
  leaf: 0 | 1,
  opening: string,
  debit: string,
  credit: string,
  closing: string,
];

export function toTrialWire(rows: readonly TrialRowView[]): TrialRowWire[] {
  return rows.map((row) => [
    row.code,
    row.label,
    row.level,
    row.leaf ? 1 : 0,
    row.opening.text,
    row.debit.text,
    row.credit.text,
    row.closing.text,
  ]);
}

// formatReportAmount writes a negative figure, and only a negative one, in parentheses.
const amountOf = (text: string): AmountView => ({ text, negative: text.startsWith("(") });

export function fromTrialWire(rows: readonly TrialRowWire[]): TrialRowView[] {
  return rows.map(([code, label, level, leaf, opening, debit, credit, closing]) => ({
    code,
    label,
    level,
    leaf: leaf === 1,
    opening: amountOf(opening),
    debit: amountOf(debit),
    credit: amountOf(credit),
    closing: amountOf(closing),
  }));
}
