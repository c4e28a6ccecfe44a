/**
 * One bank statement as every format reads it (docs/domain/bank-statements.md): lines with a calendar day,
 * a signed amount in céntimos (positive = money into the account), the bank's text and reference, and the
 * balances the file states. Parsers throw `StatementRefusal` with the file's line; `readStatement` turns it
 * into a `Refusal`.
 */
import type { CalendarDate } from "../calendar";
import type { Cents } from "../money";
import { refusal, type Refusal } from "../refusal";

/** The most lines one file may carry (a year of a busy account fits; larger files are split by period). */
export const MAX_STATEMENT_LINES = 20_000;
/** Longer bank texts are cut: they only feed matching and the screen. */
export const MAX_DESCRIPTION_LENGTH = 300;
export const MAX_REFERENCE_LENGTH = 60;
/** The largest statement file accepted (a camt.053 of 10 000 entries is about 8 MB). */
export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;

export type StatementCurrency = "CRC" | "USD";

export interface StatementLine {
  /** 1-based line of the file the movement was read from (for messages). */
  line: number;
  date: CalendarDate;
  amount: Cents;
  description: string;
  reference: string;
  /** The bank's own unique id of the movement when the format has one (OFX FITID, camt AcctSvcrRef). */
  bankId?: string;
  /** The account's balance after this line, as the bank wrote it. */
  balance?: Cents;
}

export interface ParsedStatement {
  /** The account the file names (number or IBAN as written), when it names one. */
  account?: string;
  currency?: StatementCurrency;
  opening?: Cents;
  closing?: Cents;
  lines: StatementLine[];
}

export class StatementRefusal extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = "StatementRefusal";
  }
}

/** «Línea 7: …» when the problem has a line, the bare message otherwise. */
export function refusalText(message: string, line?: number): string {
  return line === undefined ? message : `Línea ${line}: ${message}`;
}

export function toRefusal(error: StatementRefusal): Refusal {
  return refusal(refusalText(error.message, error.line), "file", error.line);
}

export function cut(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length > max ? clean.slice(0, max) : clean;
}

/** "COLONES", "CRC", "₡", "Dólares", "USD" → the currency, anything else → undefined. */
export function currencyOf(text: string | undefined): StatementCurrency | undefined {
  const folded = (text ?? "").normalize("NFD").replace(/\p{M}/gu, "").trim().toUpperCase();
  if (/^(CRC|COL|COLON|COLONES|₡)$/.test(folded)) return "CRC";
  if (/^(USD|DOL|DOLAR|DOLARES|US\$|\$)$/.test(folded)) return "USD";
  return undefined;
}
