import { formatCalendarDate, type CalendarDate } from "../calendar";
import type { EntryInput, EntryLineInput } from "../ledger";
import { cents, centsToAmount, formatColones, type Cents } from "../money";

/**
 * Cierre del período (docs/design/books.md §4): the closing entry of a fiscal year moves the year's balance of
 * every income, cost and expense account (40, 50, 60) to the retained-earnings account, dated the
 * year's last day. Pure: the ledger service reads the balances and posts what this returns.
 */

/** The result groups a close empties; 70 Por clasificar must be empty before closing. */
export const RESULT_GROUPS = ["40", "50", "60"] as const;
export const UNCLASSIFIED_GROUP = "70";

/** The year's Σ debit and Σ credit of one leaf account (posted lines, 1 January to 31 December). */
export interface YearFigures {
  account: string;
  debit: Cents;
  credit: Cents;
}

export interface ClosingInput {
  year: number;
  /** Movements of the year per leaf account; accounts of other groups are ignored. */
  figures: readonly YearFigures[];
  /** Σ (debit − credit) of 40–60 before 1 January: results of earlier years not closed. */
  priorResults: Cents;
  retainedEarnings: string;
}

export type ClosingPlan = { ok: true; entry: EntryInput; result: Cents } | { ok: false; message: string };

const colones = (value: Cents): string => formatColones(centsToAmount(value));

export function yearEnd(year: number): CalendarDate {
  return `${String(year).padStart(4, "0")}-12-31` as CalendarDate;
}

export function closingReference(year: number): string {
  return `CIERRE-${year}`;
}

export const CLOSE_MESSAGES = {
  nothingToClose: (year: number) =>
    `El año ${year} no tiene saldos en ingresos, costos ni gastos: no hay nada que cerrar.`,
  unclassified: (year: number, balance: Cents) =>
    `No se puede cerrar ${year}: el grupo 70 Por clasificar tiene saldo ${colones(balance)} al ${formatCalendarDate(yearEnd(year))}. Clasifique esos movimientos primero.`,
  priorResults: (year: number, balance: Cents) =>
    `No se puede cerrar ${year}: los años anteriores tienen resultados sin cerrar (${colones(balance)}). Cierre primero el año ${year - 1}.`,
  retainedIsResult: (account: string) =>
    `La cuenta de utilidades acumuladas (${account}) no puede ser una cuenta de ingresos, costos o gastos.`,
  alreadyClosed: (year: number) => `El año ${year} ya está cerrado.`,
  notEnded: (year: number) =>
    `El año ${year} todavía no termina: se puede cerrar a partir del ${formatCalendarDate(`${year + 1}-01-01` as CalendarDate)}.`,
  notClosed: (year: number) => `El año ${year} no está cerrado: no hay cierre que reabrir.`,
  lockAfterYearEnd: (year: number, lockDate: CalendarDate) =>
    `No se puede cerrar ${year}: la fecha de cierre contable (${formatCalendarDate(lockDate)}) ya es posterior al ${formatCalendarDate(yearEnd(year))}. Devuélvala antes en la página del cliente.`,
  nextYearClosed: (year: number) =>
    `No se puede reabrir ${year}: el año ${year + 1} ya está cerrado. Reabra primero ${year + 1}.`,
  lockMoved: (year: number, lockDate: CalendarDate | null) =>
    `No se puede reabrir ${year}: la fecha de cierre contable cambió después del cierre (${lockDate ? formatCalendarDate(lockDate) : "sin fecha"}). Devuélvala al ${formatCalendarDate(yearEnd(year))} en la página del cliente antes de reabrir.`,
  reasonRequired: "Escriba el motivo de la reapertura.",
  reasonTooLong: "El motivo admite como máximo 200 caracteres.",
  yearInvalid: "Elija un año entre 2000 y 2099.",
  noDefaultAccount:
    "Configure la cuenta de utilidades acumuladas en las cuentas por defecto del cliente antes de cerrar.",
} as const;

export const REASON_MAX = 200;

function isResultAccount(account: string): boolean {
  return (RESULT_GROUPS as readonly string[]).includes(account.slice(0, 2));
}

/**
 * The closing entry of `year`: one line per result account with a balance, on the side that brings it
 * to zero, and the year's result on the retained-earnings account (credit a profit, debit a loss).
 * Refused when 70 Por clasificar has a balance at the year's end or an earlier year is still open.
 */
export function closingEntry(input: ClosingInput, unclassified: Cents): ClosingPlan {
  const { year } = input;
  if (isResultAccount(input.retainedEarnings))
    return { ok: false, message: CLOSE_MESSAGES.retainedIsResult(input.retainedEarnings) };
  if (unclassified !== 0n) return { ok: false, message: CLOSE_MESSAGES.unclassified(year, unclassified) };
  if (input.priorResults !== 0n) return { ok: false, message: CLOSE_MESSAGES.priorResults(year, input.priorResults) };
  const byAccount = new Map<string, bigint>();
  for (const figure of input.figures) {
    if (!isResultAccount(figure.account)) continue;
    byAccount.set(figure.account, (byAccount.get(figure.account) ?? 0n) + figure.debit - figure.credit);
  }
  const lines: EntryLineInput[] = [];
  let total = 0n; // Σ (debit − credit) of the result accounts: positive is a loss.
  for (const account of [...byAccount.keys()].sort()) {
    const balance = byAccount.get(account)!;
    if (balance === 0n) continue;
    total += balance;
    const amount = centsToAmount(cents(balance > 0n ? balance : -balance));
    lines.push({
      account,
      description: `Cierre ${year}`,
      ...(balance > 0n ? { credit: amount } : { debit: amount }),
    });
  }
  if (lines.length === 0) return { ok: false, message: CLOSE_MESSAGES.nothingToClose(year) };
  if (total !== 0n) {
    const amount = centsToAmount(cents(total > 0n ? total : -total));
    lines.push({
      account: input.retainedEarnings,
      description: total > 0n ? `Pérdida del período ${year}` : `Utilidad del período ${year}`,
      ...(total > 0n ? { debit: amount } : { credit: amount }),
    });
  }
  return {
    ok: true,
    result: cents(-total),
    entry: {
      date: yearEnd(year),
      description: `Cierre del período ${year}`,
      reference: closingReference(year),
      lines,
    },
  };
}

/** The audited reopen's reason: required, one line, at most REASON_MAX characters. */
export function reopenReasonProblem(reason: string): string | null {
  const text = reason.trim();
  if (text === "") return CLOSE_MESSAGES.reasonRequired;
  if (text.length > REASON_MAX) return CLOSE_MESSAGES.reasonTooLong;
  return null;
}

/** A year is closed only once it has ended (in Costa Rica). */
export function yearEnded(year: number, today: CalendarDate): boolean {
  return today > yearEnd(year);
}
