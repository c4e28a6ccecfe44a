import { centsToAmount, cents, formatColones, type Cents } from "../money";
import { applyRate, formatRate, parseRate } from "./rate";
import { BRACKET_KIND_LABELS, type Bracket, type BracketKind, type BracketTable } from "./tables";

// Whole colones read without ",00", as decrees write them: "₡119 174 000".
const money = (value: Cents) => formatColones(centsToAmount(value)).replace(/\s/g, " ").replace(/,00$/, "");

/** One slice of a progressive computation: the part of the income inside it and its tax. */
export interface SliceTax {
  from: Cents;
  to: Cents | null;
  rate: string;
  rateLabel: string;
  /** The income that falls inside the slice. */
  base: Cents;
  tax: Cents;
}

/**
 * The progressive tax "on the excess": each slice taxes only the part of the income inside it.
 * Zero or negative income pays nothing (every slice's base is zero).
 */
export function progressiveTax(income: Cents, brackets: readonly Bracket[]): { slices: SliceTax[]; total: Cents } {
  let total = 0n;
  const slices = brackets.map((bracket) => {
    const top = bracket.to === null || income < bracket.to ? income : bracket.to;
    const base = cents(top > bracket.from ? top - bracket.from : 0n);
    const units = parseRate(bracket.rate) ?? 0n;
    const tax = applyRate(base, units);
    total += tax;
    return { from: bracket.from, to: bracket.to, rate: bracket.rate, rateLabel: formatRate(units), base, tax };
  });
  return { slices, total: cents(total) };
}

/** Who can add a missing table: only super admins write tables (decision 155). */
export const NO_TABLE_WHO = "Solo un superadministrador puede registrarla en Tramos del Impuesto de Renta.";

/** The organization's kind of taxpayer (its record); asalariado is a payroll table, never an organization. */
export type OrganizationTaxpayer = "persona-juridica" | "persona-fisica";

export interface TableChoice {
  /** The table that applies, or null when the year has none for this taxpayer. */
  table: BracketTable | null;
  kind: BracketKind;
  /** Why, in one line: "renta bruta ₡98 400 000,00 ≤ umbral ₡119 174 000,00 → tarifa progresiva de pequeña empresa". */
  reason: string;
}

/**
 * Which table applies (art. 15): a persona jurídica whose gross income does not exceed the year's
 * threshold uses the small-company progressive table, any other the general rate; a persona física
 * with a lucrative activity uses its own progressive table.
 */
export function chooseTable(
  taxpayer: OrganizationTaxpayer,
  year: number,
  grossIncome: Cents,
  tables: readonly BracketTable[],
): TableChoice {
  const find = (kind: BracketKind) => tables.find((table) => table.year === year && table.kind === kind) ?? null;
  const missing = (kind: BracketKind, prefix: string): TableChoice => ({
    table: null,
    kind,
    reason: `${prefix}sin tabla: no hay tabla «${BRACKET_KIND_LABELS[kind]}» para ${year}. ${NO_TABLE_WHO}`,
  });
  if (taxpayer === "persona-fisica") {
    const table = find("persona-fisica");
    if (!table) return missing("persona-fisica", "Persona física con actividad lucrativa, pero ");
    return {
      table,
      kind: "persona-fisica",
      reason: "persona física con actividad lucrativa → tarifa progresiva de persona física",
    };
  }
  const small = find("persona-juridica-pequena");
  if (small?.grossIncomeThreshold != null && grossIncome <= small.grossIncomeThreshold) {
    return {
      table: small,
      kind: "persona-juridica-pequena",
      reason: `renta bruta ${money(grossIncome)} ≤ umbral ${money(small.grossIncomeThreshold)} → tarifa progresiva de pequeña empresa`,
    };
  }
  const general = find("persona-juridica");
  const why =
    small?.grossIncomeThreshold != null
      ? `renta bruta ${money(grossIncome)} > umbral ${money(small.grossIncomeThreshold)}`
      : `sin tabla de pequeña empresa para ${year}`;
  if (!general) return missing("persona-juridica", `${why}; `);
  const rate = general.brackets.length === 1 ? formatRate(parseRate(general.brackets[0].rate) ?? 0n) : "progresiva";
  return { table: general, kind: "persona-juridica", reason: `${why} → tarifa general de ${rate}` };
}

export interface Credits {
  children: number;
  spouse: boolean;
}

export interface TaxComputation {
  slices: SliceTax[];
  /** Tax of the slices before credits. */
  gross: Cents;
  credits: Cents;
  /** What is owed: slices minus credits, never below zero. */
  total: Cents;
}

/** The table's tax on the taxable income (net income, or the month's salary), with credits for persona física / asalariado. */
export function computeTax(table: BracketTable, income: Cents, credits: Credits = { children: 0, spouse: false }) {
  const { slices, total } = progressiveTax(income, table.brackets);
  const creditTotal =
    (table.childCredit ?? 0n) * BigInt(Math.max(0, Math.trunc(credits.children))) +
    (credits.spouse ? (table.spouseCredit ?? 0n) : 0n);
  const applied = creditTotal > total ? total : creditTotal;
  return { slices, gross: total, credits: cents(applied), total: cents(total - applied) } satisfies TaxComputation;
}
