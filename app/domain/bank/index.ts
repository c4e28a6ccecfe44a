/**
 * Reading a statement file for a bank account: the parser of its format, then the checks every file must
 * pass (balances agree, same account, same currency). A refusal names the line when there is one.
 */
import type { Refusal } from "../refusal";
import { parseBac } from "./bac";
import { parseCamt053 } from "./camt053";
import { checkAccount, checkOpeningAndClosing, type AccountIdentity } from "./checks";
import { parseMappedCsv, type CsvMapping } from "./generic-csv";
import { parseOfx } from "./ofx";
import { parseScotiabank } from "./scotiabank";
import { StatementRefusal, toRefusal, type ParsedStatement, type StatementCurrency } from "./statement";

export const STATEMENT_FORMATS = ["bac", "scotiabank", "csv", "ofx", "camt053"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const STATEMENT_FORMAT_LABELS: Record<StatementFormat, string> = {
  bac: "BAC Credomatic (CSV)",
  scotiabank: "Scotiabank (CSV con «;»)",
  csv: "CSV con la configuración de columnas de la cuenta",
  ofx: "OFX (Money, Quicken)",
  camt053: "ISO 20022 camt.053 (XML)",
};

export interface StatementTarget extends AccountIdentity {
  currency: StatementCurrency;
  mapping?: CsvMapping;
}

export type ReadStatementResult = { ok: true; statement: ParsedStatement } | { ok: false; refusal: Refusal };

function parse(format: StatementFormat, bytes: Uint8Array, target: StatementTarget): ParsedStatement {
  switch (format) {
    case "bac":
      return parseBac(bytes);
    case "scotiabank":
      return parseScotiabank(bytes);
    case "ofx":
      return parseOfx(bytes);
    case "camt053":
      return parseCamt053(bytes);
    case "csv":
      if (!target.mapping)
        throw new StatementRefusal(
          "Esta cuenta todavía no tiene configuración de columnas para CSV; guárdela antes de subir el archivo.",
        );
      return parseMappedCsv(bytes, target.mapping, target.currency);
  }
}

export function readStatement(
  format: StatementFormat,
  bytes: Uint8Array,
  target: StatementTarget,
): ReadStatementResult {
  try {
    if (bytes.length === 0) throw new StatementRefusal("El archivo está vacío.");
    const statement = parse(format, bytes, target);
    checkOpeningAndClosing(statement, statement.currency ?? target.currency);
    checkAccount(statement, target);
    if (statement.currency && statement.currency !== target.currency)
      throw new StatementRefusal(
        `El archivo está en ${statement.currency} y la cuenta bancaria en ${target.currency}.`,
      );
    return { ok: true, statement };
  } catch (error) {
    if (error instanceof StatementRefusal) return { ok: false, refusal: toRefusal(error) };
    throw error;
  }
}

export type { ParsedStatement, StatementLine, StatementCurrency } from "./statement";
export type { CsvMapping } from "./generic-csv";
export { csvMappingSchema } from "./generic-csv";
