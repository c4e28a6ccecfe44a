import { plainAmount } from "./display";
import type { StatementRow, TrialBalance } from "./statements";

/**
 * The CSV downloads, with the column names and order others process (issue 12): RFC 4180, CRLF,
 * amounts as plain decimals with a dot, a byte-order mark so spreadsheet programs read the accents.
 */
export const TRIAL_CSV_HEADER = [
  "código",
  "cuenta",
  "nivel",
  "saldo inicial",
  "débitos",
  "créditos",
  "saldo final",
] as const;
export const STATEMENT_CSV_HEADER = ["código", "cuenta", "nivel", "monto"] as const;
export const COMPARISON_CSV_COLUMN = "comparación";
export const TRIAL_TOTALS_LABEL = "Totales";

// A text cell starting with one of these runs as a formula in spreadsheet programs.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function document(lines: string[][]): string {
  return `\uFEFF${lines.map((cells) => cells.join(",")).join("\r\n")}\r\n`;
}

/** Balance de Comprobación: debit positive; the totals row has an empty código. */
export function trialBalanceCsv(trial: TrialBalance): string {
  const lines: string[][] = [TRIAL_CSV_HEADER.map(csvText)];
  for (const row of trial.rows) {
    lines.push([
      row.code,
      csvText(row.label),
      String(row.level),
      plainAmount(row.opening),
      plainAmount(row.debit),
      plainAmount(row.credit),
      plainAmount(row.closing),
    ]);
  }
  const t = trial.totals;
  lines.push([
    "",
    TRIAL_TOTALS_LABEL,
    "",
    plainAmount(t.opening),
    plainAmount(t.debit),
    plainAmount(t.credit),
    plainAmount(t.closing),
  ]);
  return document(lines);
}

/**
 * Estado de Resultados and Balance General: group and account rows on their natural side, result
 * lines (utilidad bruta, antes de impuestos, neta, …) with an empty código and nivel.
 */
export function statementCsv(rows: readonly StatementRow[], withComparison: boolean): string {
  const header: string[] = [...STATEMENT_CSV_HEADER];
  if (withComparison) header.push(COMPARISON_CSV_COLUMN);
  const lines: string[][] = [header.map(csvText)];
  for (const row of rows) {
    const cells = [
      row.code ?? "",
      csvText(row.label),
      row.kind === "line" ? "" : String(row.level),
      plainAmount(row.amount),
    ];
    if (withComparison) cells.push(row.compared === null ? "" : plainAmount(row.compared));
    lines.push(cells);
  }
  return document(lines);
}
