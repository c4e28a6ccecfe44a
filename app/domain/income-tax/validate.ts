import { formatColones, centsToAmount, type Cents } from "../money";
import { HUNDRED_PERCENT, parseRate } from "./rate";
import { hasCredits, hasThreshold, type BracketTable } from "./tables";

export interface TableProblem {
  /** The form field the problem belongs to (`brackets[1].to`, `grossIncomeThreshold`, …); none for the table. */
  field?: string;
  message: string;
}

export const MIN_YEAR = 2021;
export const MAX_YEAR = 2100;

const money = (value: Cents) => formatColones(centsToAmount(value));

/**
 * A usable table: a fiscal year, at least one slice, starting at ₡0, each slice starting where the
 * previous one ends with a higher limit, only the last one open-ended, rates 0–100 %; the threshold
 * only (and always) for the small-company table, credits never negative.
 */
export function validateTable(table: BracketTable): TableProblem[] {
  const problems: TableProblem[] = [];
  if (!Number.isInteger(table.year) || table.year < MIN_YEAR || table.year > MAX_YEAR)
    problems.push({ field: "year", message: `El año fiscal debe estar entre ${MIN_YEAR} y ${MAX_YEAR}.` });
  const { brackets } = table;
  if (brackets.length === 0) problems.push({ field: "brackets", message: "La tabla necesita al menos un tramo." });
  brackets.forEach((bracket, index) => {
    const at = `brackets[${index}]`;
    const n = index + 1;
    if (index === 0 && bracket.from !== 0n)
      problems.push({ field: `${at}.from`, message: "El primer tramo debe empezar en ₡0." });
    if (index > 0) {
      const previous = brackets[index - 1].to;
      if (previous !== null && bracket.from !== previous)
        problems.push({
          field: `${at}.from`,
          message: `El tramo ${n} debe empezar donde termina el anterior (${money(previous)}).`,
        });
    }
    const last = index === brackets.length - 1;
    if (bracket.to === null && !last)
      problems.push({ field: `${at}.to`, message: `Solo el último tramo puede quedar sin límite superior.` });
    if (bracket.to !== null && last)
      problems.push({ field: `${at}.to`, message: "El último tramo no lleva límite superior (se aplica al exceso)." });
    if (bracket.to !== null && bracket.to <= bracket.from)
      problems.push({ field: `${at}.to`, message: `El límite del tramo ${n} debe ser mayor que su inicio.` });
    const rate = parseRate(bracket.rate);
    if (rate === null || rate > HUNDRED_PERCENT)
      problems.push({ field: `${at}.rate`, message: `La tarifa del tramo ${n} debe ser un porcentaje entre 0 y 100.` });
  });
  if (hasThreshold(table.kind)) {
    if (table.grossIncomeThreshold === null || table.grossIncomeThreshold <= 0n)
      problems.push({
        field: "grossIncomeThreshold",
        message: "Indique el umbral de renta bruta de la pequeña empresa.",
      });
  } else if (table.grossIncomeThreshold !== null) {
    problems.push({ field: "grossIncomeThreshold", message: "Solo la tabla de pequeña empresa tiene umbral." });
  }
  for (const field of ["childCredit", "spouseCredit"] as const) {
    const value = table[field];
    if (value === null) continue;
    if (!hasCredits(table.kind)) problems.push({ field, message: "Esta tabla no lleva créditos por hijo o cónyuge." });
    else if (value < 0n) problems.push({ field, message: "Un crédito no puede ser negativo." });
  }
  if (!table.decree.trim()) problems.push({ field: "decree", message: "Indique el decreto de la tabla." });
  return problems;
}

/** One table per fiscal year and kind. */
export function duplicateTables(tables: readonly Pick<BracketTable, "year" | "kind">[]): string[] {
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const { year, kind } of tables) {
    const key = `${year}/${kind}`;
    if (seen.has(key)) duplicates.push(key);
    seen.add(key);
  }
  return duplicates;
}
