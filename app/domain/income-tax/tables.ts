import type { Cents } from "../money";

/**
 * The income-tax tables (Ley 7092 art. 15 and 33–34, yearly decrees): one per fiscal year and kind.
 * Limits are céntimos of colones; rates are exact decimal percentages (rate.ts).
 */
export const BRACKET_KINDS = ["persona-juridica-pequena", "persona-juridica", "persona-fisica", "asalariado"] as const;
export type BracketKind = (typeof BRACKET_KINDS)[number];

export const BRACKET_KIND_LABELS: Readonly<Record<BracketKind, string>> = {
  "persona-juridica-pequena": "Persona jurídica con renta bruta hasta el umbral (pequeña empresa)",
  "persona-juridica": "Persona jurídica (tarifa general)",
  "persona-fisica": "Persona física con actividad lucrativa",
  asalariado: "Asalariado (impuesto al salario, mensual)",
};

/** The salary tax is monthly (art. 33); every other table is for the fiscal year. */
export function periodOf(kind: BracketKind): "anual" | "mensual" {
  return kind === "asalariado" ? "mensual" : "anual";
}

export function hasThreshold(kind: BracketKind): boolean {
  return kind === "persona-juridica-pequena";
}

export function hasCredits(kind: BracketKind): boolean {
  return kind === "persona-fisica" || kind === "asalariado";
}

/** One slice: income above `from` and up to `to` (no upper limit when null) pays `rate` %. */
export interface Bracket {
  from: Cents;
  to: Cents | null;
  /** Exact decimal percentage text ("5", "12.5"). */
  rate: string;
}

export interface BracketTable {
  year: number;
  kind: BracketKind;
  brackets: Bracket[];
  /** Persona jurídica pequeña: the gross income (renta bruta) up to which its progressive table applies. */
  grossIncomeThreshold: Cents | null;
  /** Tax credits per child and for the spouse (persona física: annual; asalariado: monthly). */
  childCredit: Cents | null;
  spouseCredit: Cents | null;
  /** The decree and where the figures come from, as the seed or the last editor wrote them. */
  decree: string;
  source: string;
  /** Figures not confirmed in an official or press source: shown with «sin confirmar». */
  unconfirmed: boolean;
}

export function isBracketKind(value: unknown): value is BracketKind {
  return typeof value === "string" && (BRACKET_KINDS as readonly string[]).includes(value);
}

/** The tables decide what every client owes: super admins and root change them, other admins read them. */
export function canEditBrackets(flags: { isRoot: boolean; isSuperAdmin: boolean }): boolean {
  return flags.isRoot || flags.isSuperAdmin;
}
