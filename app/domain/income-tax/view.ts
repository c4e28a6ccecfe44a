import { centsToAmount, formatColones, type Cents } from "../money";
import { formatRate, parseRate } from "./rate";
import { BRACKET_KIND_LABELS, periodOf, type BracketTable } from "./tables";

/** Tables and computations as pages show them (es-CR colones, rates "12,5 %"): JSON-safe strings. */

export const colonesText = (value: Cents) => formatColones(centsToAmount(value));

export interface SliceRowView {
  from: string;
  to: string;
  rate: string;
}

export function sliceRowsView(brackets: BracketTable["brackets"]): SliceRowView[] {
  return brackets.map((bracket) => ({
    from: colonesText(bracket.from),
    to: bracket.to === null ? "en adelante" : colonesText(bracket.to),
    rate: formatRate(parseRate(bracket.rate) ?? 0n),
  }));
}

export interface TableView {
  year: number;
  kind: string;
  kindLabel: string;
  period: string;
  decree: string;
  source: string;
  unconfirmed: boolean;
  threshold: string | null;
  childCredit: string | null;
  spouseCredit: string | null;
  rows: SliceRowView[];
}

export function tableView(table: BracketTable): TableView {
  return {
    year: table.year,
    kind: table.kind,
    kindLabel: BRACKET_KIND_LABELS[table.kind],
    period: periodOf(table.kind) === "mensual" ? "Montos mensuales" : "Montos anuales",
    decree: table.decree,
    source: table.source,
    unconfirmed: table.unconfirmed,
    threshold: table.grossIncomeThreshold === null ? null : colonesText(table.grossIncomeThreshold),
    childCredit: table.childCredit === null ? null : colonesText(table.childCredit),
    spouseCredit: table.spouseCredit === null ? null : colonesText(table.spouseCredit),
    rows: sliceRowsView(table.brackets),
  };
}
