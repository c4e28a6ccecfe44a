import { csvText, plainAmount } from "../reports";
import type { Statement, StatementLineKind } from "./statement";

export const STATEMENT_CSV_HEADER = ["fecha", "tipo", "detalle", "cargo", "abono", "saldo"] as const;

export const STATEMENT_LINE_LABELS: Record<StatementLineKind, string> = {
  documento: "Documento",
  nota: "Nota de crédito",
  cobro: "Cobro",
  pago: "Pago",
  reversion: "Reversión",
};
export const OPENING_LABEL = "Saldo anterior";
export const CLOSING_LABEL = "Saldo final";

/** The statement of account as CSV (docs/decisions/208-one-csv-convention.md: RFC 4180, CRLF, BOM, plain decimals). */
export function statementCsv(statement: Statement): string {
  const lines: string[][] = [STATEMENT_CSV_HEADER.map(csvText)];
  lines.push([csvText(OPENING_LABEL), "", "", "", "", plainAmount(statement.opening)]);
  let charges = 0n;
  let payments = 0n;
  for (const line of statement.lines) {
    lines.push([
      line.date,
      csvText(STATEMENT_LINE_LABELS[line.kind]),
      csvText(line.description),
      plainAmount(line.charge),
      plainAmount(line.payment),
      plainAmount(line.balance),
    ]);
    charges += line.charge;
    payments += line.payment;
  }
  lines.push([
    csvText(CLOSING_LABEL),
    "",
    "",
    plainAmount(charges),
    plainAmount(payments),
    plainAmount(statement.closing),
  ]);
  return `\uFEFF${lines.map((cells) => cells.join(",")).join("\r\n")}\r\n`;
}
