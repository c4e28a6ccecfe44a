/**
 * What the bank pages show, ready for the components: amounts formatted in the account's currency, labels
 * in Spanish. Built by the service from the stored records.
 */
import type { CalendarDate } from "../calendar";
import { centsToAmount, formatMoney, type Cents } from "../money";
import { BANK_LABELS, type Bank } from "./account-form";
import { formatIban } from "./iban";
import { STATEMENT_FORMAT_LABELS, type StatementFormat } from "./index";

export interface BankAccountView {
  id: string;
  bank: string;
  bankLabel: string;
  number: string;
  iban: string;
  currency: "CRC" | "USD";
  ledgerAccount: string;
  ledgerLabel: string;
  format: StatementFormat;
  formatLabel: string;
  hasMapping: boolean;
}

export type BankLineState = "pendiente" | "conciliado" | "excluido";

export const BANK_LINE_STATE_LABELS: Record<BankLineState, string> = {
  pendiente: "Pendiente",
  conciliado: "Conciliado",
  excluido: "Excluido",
};

export interface BankLineView {
  id: string;
  date: CalendarDate;
  amount: string;
  moneyIn: boolean;
  description: string;
  reference: string;
  balance: string;
  state: BankLineState;
}

export interface BankStatementView {
  id: string;
  fileName: string;
  formatLabel: string;
  from: CalendarDate;
  to: CalendarDate;
  lineCount: number;
  newCount: number;
  importedAt: string;
}

export function moneyOf(value: Cents, currency: "CRC" | "USD"): string {
  return formatMoney(centsToAmount(value), currency);
}

export function bankLabel(bank: string): string {
  return BANK_LABELS[bank as Bank] ?? bank;
}

export function formatLabel(format: string): string {
  return STATEMENT_FORMAT_LABELS[format as StatementFormat] ?? format;
}

export function accountNumberText(account: { iban?: string; number?: string }): string {
  return account.iban ? formatIban(account.iban) : (account.number ?? "");
}

export interface ProposalView {
  /** The first bank line of the proposal: what «Aceptar» posts. */
  lineId: string;
  kind: "book" | "items";
  /** Money into the account: a proposal against open items registers a cobro, else a pago. */
  moneyIn: boolean;
  bankText: string;
  matchedText: string;
  amount: string;
}

export interface ReconciliationView {
  date: CalendarDate;
  bankBalance: string | null;
  bookBalance: string;
  depositsInTransit: { count: number; amount: string };
  outstandingPayments: { count: number; amount: string };
  unrecorded: { count: number; amount: string };
  excluded: { count: number; amount: string };
  difference: string | null;
  balanced: boolean;
}

export interface BankMonthView {
  month: string;
  label: string;
  closed: boolean;
  /** «Conciliado el 27/11/2026 10:31», the latest event. */
  lastEvent: string;
}
