import { z } from "zod";
import { centsToAmount, formatMoneyInput, readCentsInput, type Cents } from "../money";
import { parseRate, rateText } from "./rate";
import { BRACKET_KINDS, type BracketTable } from "./tables";
import type { TableProblem } from "./validate";

/** The bracket-table form (browser-safe): one schema for the server and the page, working without JavaScript. */

/** Empty rows the form offers under the table's own, to add slices without JavaScript. */
export const EXTRA_ROWS = 2;

const text = (max: number) => z.string().trim().max(max).optional().default("");

const MAX_BRACKET_ROWS = 20;

const row = z.object({ from: text(40), to: text(40), rate: text(12) });

export const bracketTableSchema = z.object({
  intent: z.literal("save"),
  year: z.coerce
    .number({ invalid_type_error: "Indique el año fiscal.", required_error: "Indique el año fiscal." })
    .int("Indique el año fiscal."),
  kind: z.enum(BRACKET_KINDS, { errorMap: () => ({ message: "Seleccione el tipo de tabla." }) }),
  /** Blank for a new table; the revision read, for an edit. */
  revision: z.coerce.number().int().nonnegative().optional(),
  decree: z
    .string({ required_error: "Indique el decreto de la tabla." })
    .trim()
    .min(1, "Indique el decreto de la tabla.")
    .max(200, "El decreto no puede superar 200 caracteres."),
  source: z.string().trim().max(4000, "La fuente no puede superar 4000 caracteres.").optional().default(""),
  unconfirmed: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
  grossIncomeThreshold: text(40),
  childCredit: text(40),
  spouseCredit: text(40),
  brackets: z
    .array(row)
    .max(MAX_BRACKET_ROWS, `Una tabla admite hasta ${MAX_BRACKET_ROWS} tramos.`)
    .optional()
    .default([]),
});

/** The bracket rows the table form accepts before parsing (decision 197): one past the schema's. */
export const BRACKET_FORM_MAX_ROWS = MAX_BRACKET_ROWS + 1;

export type BracketTableForm = z.infer<typeof bracketTableSchema>;

export const copyYearSchema = z.object({
  intent: z.literal("copy"),
  year: z.coerce.number({ invalid_type_error: "Indique el año a copiar." }).int("Indique el año a copiar."),
});

type Read = { table: BracketTable; problems: TableProblem[] };

function money(value: string, field: string, problems: TableProblem[], label: string): Cents | null {
  if (value === "") return null;
  const result = readCentsInput(value);
  if (!result.ok) {
    problems.push({ field, message: `${label}: ${result.message}` });
    return null;
  }
  return result.cents;
}

/**
 * The posted form as a table, with the problems of its typed amounts and rates; blank rows are left
 * out. Problems name the form's own row indexes, so they show under the field that was typed.
 */
export function tableFromForm(form: BracketTableForm): Read & { rowOf: (index: number) => number } {
  const problems: TableProblem[] = [];
  const kept: number[] = [];
  const brackets: BracketTable["brackets"] = [];
  form.brackets.forEach((bracket, index) => {
    if (bracket.from === "" && bracket.to === "" && bracket.rate === "") return;
    const at = `brackets[${index}]`;
    const from = money(bracket.from, `${at}.from`, problems, `Tramo ${index + 1}, desde`);
    const to = money(bracket.to, `${at}.to`, problems, `Tramo ${index + 1}, hasta`);
    if (bracket.from === "")
      problems.push({ field: `${at}.from`, message: `Indique dónde empieza el tramo ${index + 1}.` });
    const units = parseRate(bracket.rate);
    if (units === null)
      problems.push({
        field: `${at}.rate`,
        message: `La tarifa del tramo ${index + 1} debe ser un porcentaje entre 0 y 100.`,
      });
    kept.push(index);
    brackets.push({ from: from ?? (0n as Cents), to, rate: units === null ? bracket.rate : rateText(units) });
  });
  const table: BracketTable = {
    year: form.year,
    kind: form.kind,
    brackets,
    grossIncomeThreshold: money(form.grossIncomeThreshold, "grossIncomeThreshold", problems, "Umbral"),
    childCredit: money(form.childCredit, "childCredit", problems, "Crédito por hijo"),
    spouseCredit: money(form.spouseCredit, "spouseCredit", problems, "Crédito por cónyuge"),
    decree: form.decree,
    source: form.source,
    unconfirmed: form.unconfirmed,
  };
  return { table, problems, rowOf: (index) => kept[index] ?? index };
}

/** A validation problem of the table, pointed at the form row it came from. */
export function problemInForm(problem: TableProblem, rowOf: (index: number) => number): TableProblem {
  const match = /^brackets\[(\d+)\](.*)$/.exec(problem.field ?? "");
  if (!match) return problem;
  return { ...problem, field: `brackets[${rowOf(Number(match[1]))}]${match[2]}` };
}

const moneyText = (value: Cents | null) => (value === null ? "" : formatMoneyInput(centsToAmount(value)));

/** The table as the form's default values, with empty rows to add slices. */
export function formValuesOf(table: BracketTable | null, year: number, kind: string) {
  const rows = (table?.brackets ?? []).map((bracket) => ({
    from: moneyText(bracket.from),
    to: moneyText(bracket.to),
    rate: bracket.rate.replace(".", ","),
  }));
  for (let index = 0; index < EXTRA_ROWS; index++) rows.push({ from: "", to: "", rate: "" });
  return {
    intent: "save",
    year: String(table?.year ?? year),
    kind: table?.kind ?? kind,
    decree: table?.decree ?? "",
    source: table?.source ?? "",
    unconfirmed: table?.unconfirmed ? "on" : "",
    grossIncomeThreshold: moneyText(table?.grossIncomeThreshold ?? null),
    childCredit: moneyText(table?.childCredit ?? null),
    spouseCredit: moneyText(table?.spouseCredit ?? null),
    brackets: rows,
  };
}
