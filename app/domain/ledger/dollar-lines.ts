/**
 * Lines to an account kept in dollars (docs/decisions/282): each carries its US$ amount and the rate
 * that turned it into colones, and the colones are exactly the dollars at that rate, rounded once to
 * the céntimo (docs/domain/exchange-rates.md §5). A line with US$0 and no rate is an adjustment in
 * colones only: the month-end revaluation, a realised exchange difference.
 */
import { foreignToColones, formatRate, MAX_RATE } from "../exchange-rates/rate";
import { centsToAmount, formatColones, formatMoney, type Amount, type Cents } from "../money";
import type { EntryLine } from "./types";

/** The largest dollar amount of a line (Hacienda's largest decimal 18,5, as for colones). */
export const MAX_DOLLAR_AMOUNT: Amount = 999_999_999_999_999_999n;

export const dollarLineMessages = {
  missing: (line: number, code: string) =>
    `Línea ${line}: la cuenta ${code} se lleva en dólares: indique el monto en US$ y el tipo de cambio.`,
  rateMissing: (line: number) => `Línea ${line}: indique el tipo de cambio de los dólares.`,
  rateWithoutDollars: (line: number) =>
    `Línea ${line}: sin monto en US$ la línea es un ajuste en colones y no lleva tipo de cambio.`,
  rateOutOfRange: (line: number) => `Línea ${line}: el tipo de cambio debe ser mayor que cero y razonable.`,
  negative: (line: number) => `Línea ${line}: el monto en US$ no puede ser negativo.`,
  tooLarge: (line: number) => `Línea ${line}: el monto en US$ supera el máximo admitido.`,
  mismatch: (line: number, dollars: Amount, rate: Amount, expected: Cents, typed: Cents) =>
    `Línea ${line}: ${formatMoney(dollars, "USD")} × ${formatRate(rate)} = ${formatColones(centsToAmount(expected))}; la línea dice ${formatColones(centsToAmount(typed))}.`,
  notInDollars: (line: number, code: string) =>
    `Línea ${line}: la cuenta ${code} se lleva en colones: no lleva monto en dólares.`,
};

/** Why a checked line to a dollar account is wrong, or null. `line` is the number people see. */
export function dollarLineProblem(
  entryLine: Pick<EntryLine, "account" | "debit" | "credit" | "currency" | "foreignAmount" | "rate">,
  line: number,
): string | null {
  const { currency, foreignAmount, rate } = entryLine;
  if (currency !== "USD" || foreignAmount === undefined) return dollarLineMessages.missing(line, entryLine.account);
  if (foreignAmount < 0n) return dollarLineMessages.negative(line);
  if (foreignAmount > MAX_DOLLAR_AMOUNT) return dollarLineMessages.tooLarge(line);
  if (foreignAmount === 0n) return rate === undefined ? null : dollarLineMessages.rateWithoutDollars(line);
  if (rate === undefined) return dollarLineMessages.rateMissing(line);
  if (rate <= 0n || rate > MAX_RATE) return dollarLineMessages.rateOutOfRange(line);
  const expected = foreignToColones(foreignAmount, rate);
  const typed = entryLine.debit > 0n ? entryLine.debit : entryLine.credit;
  return expected === typed ? null : dollarLineMessages.mismatch(line, foreignAmount, rate, expected, typed);
}

/** A line's dollars signed like its colones: debit positive. Zero for a line without dollars. */
export function signedDollars(line: Pick<EntryLine, "debit" | "credit" | "currency" | "foreignAmount">): Amount {
  if (line.currency !== "USD" || !line.foreignAmount) return 0n;
  return line.credit > 0n ? -line.foreignAmount : line.foreignAmount;
}
