import { addDays, type CalendarDate } from "../calendar";

/** CondicionVenta 01: paid at issue. */
export const CONTADO = "01";
/** The longest credit term read from a document or typed for a counterparty (Hacienda's field allows 5 digits). */
export const MAX_TERM_DAYS = 99_999;

export interface DueDateInput {
  /** The document's issue date in Costa Rica. */
  fecha: CalendarDate;
  condicionVenta?: string;
  /** PlazoCredito of the document, in days, when it has one. */
  plazoCredito?: number;
  /** The counterparty's agreed term, used when the document names none. */
  partyTermDays?: number;
  /** The sale's booking debited the cash account (contado with a cash account set): nothing is owed. */
  bookedToCash: boolean;
}

export interface DueDate {
  dueDate: CalendarDate;
  /** Settled the day it was issued: never open (docs/spec/open-items.md §2). */
  settledAtIssue: boolean;
}

function boundedTerm(days: number | undefined): number | undefined {
  if (days === undefined || !Number.isInteger(days) || days < 0) return undefined;
  return Math.min(days, MAX_TERM_DAYS);
}

/**
 * When a document falls due: a contado document at issue (and settled then when its booking went to
 * cash); a credit document its own PlazoCredito days after its date, else the counterparty's term,
 * else at issue.
 */
export function dueDateOf(input: DueDateInput): DueDate {
  if (input.condicionVenta === CONTADO) return { dueDate: input.fecha, settledAtIssue: input.bookedToCash };
  const term = boundedTerm(input.plazoCredito) ?? boundedTerm(input.partyTermDays) ?? 0;
  return { dueDate: addDays(input.fecha, term), settledAtIssue: false };
}

/** PlazoCredito as Hacienda writes it ("30", "30 días", "") in whole days, or undefined. */
export function readTermDays(text: string | undefined): number | undefined {
  const match = /^\s*(\d{1,5})\b/.exec(text ?? "");
  return match ? Number(match[1]) : undefined;
}
