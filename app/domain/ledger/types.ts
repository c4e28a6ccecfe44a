import type { Amount, Cents } from "../money";

// Every amount of the books is the domain's branded `Cents` (whole céntimos, 0.01 colón, exact).

export const ENTRY_SOURCE_KINDS = [
  "manual",
  "comprobante",
  "plantilla",
  "regla",
  "factura",
  "cierre",
  "reversion",
  "iva",
  "renta",
  "cobro",
  "pago",
  "diferencial",
  "banco",
] as const;
export type EntrySourceKind = (typeof ENTRY_SOURCE_KINDS)[number];

export const ENTRY_STATUSES = ["borrador", "contabilizado"] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

export interface EntrySource {
  kind: EntrySourceKind;
  /** What produced the entry: a receipt, template, rule, invoice or the reversed entry. */
  id?: string;
}

/** One line as a caller proposes it; amounts are exact Amounts (0.00001 units) not yet checked. */
export interface EntryLineInput {
  account: string;
  description?: string;
  debit?: Amount | null;
  credit?: Amount | null;
  receiptId?: string;
  currency?: string;
  foreignAmount?: Amount;
  /** Colones per unit of `currency` (five decimals) that turned `foreignAmount` into the line's colones. */
  rate?: Amount;
  taxCode?: string;
  taxRate?: string;
}

export interface EntryInput {
  /** `YYYY-MM-DD`, a Costa Rica calendar day. */
  date: string;
  description: string;
  reference?: string;
  lines: EntryLineInput[];
}

/** A checked line: exactly one of debit and credit is positive, both in whole céntimos. */
export interface EntryLine {
  account: string;
  description: string;
  debit: Cents;
  credit: Cents;
  receiptId?: string;
  currency?: string;
  /** Always positive: the side is the line's debit or credit. */
  foreignAmount?: Amount;
  rate?: Amount;
  taxCode?: string;
  taxRate?: string;
}

/** A checked entry, ready for the ledger service to store. */
export interface ValidEntry {
  date: string;
  description: string;
  reference: string;
  lines: EntryLine[];
  totalDebit: Cents;
  totalCredit: Cents;
}

/** The part of a posted line that balances and totals need. */
export interface PostedLine {
  account: string;
  date: string;
  debit: Cents;
  credit: Cents;
  /** The line's dollars signed like its colones (debit positive); 0 for a line without dollars. */
  dollars?: Amount;
}
