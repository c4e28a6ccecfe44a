/**
 * The month-end revaluation («diferencial cambiario») as a pure plan: each account kept in dollars is
 * worth its dollar balance at the closing rate; the difference with its book balance in colones goes
 * to the exchange gain or loss account. Balances are signed, debit positive (an asset's dollars are
 * positive, a supplier's negative). The plan is what the ledger would post; the reversal mirrors it.
 */
import { cents, type Amount, type Cents } from "../money";
import { foreignToColones } from "./rate";

/** One account kept in a foreign currency at month end. */
export interface ForeignBalance {
  account: string;
  /** The balance in the foreign currency, signed (debit positive), in Amount units. */
  foreign: Amount;
  /** The book balance in colones, signed (debit positive). */
  colones: Cents;
}

export interface RevaluationLine {
  account: string;
  foreign: Amount;
  before: Cents;
  after: Cents;
  /** after − before: positive raises the account (a debit), negative lowers it (a credit). */
  difference: Cents;
}

export interface PlannedLine {
  account: string;
  debit: Cents;
  credit: Cents;
}

export interface RevaluationPlan {
  rate: Amount;
  lines: RevaluationLine[];
  gain: Cents;
  loss: Cents;
  /** The entry: one line per account that changed, the total gain credited, the total loss debited. */
  entry: PlannedLine[];
}

/** Most accounts one revaluation covers (a catalog has a few hundred leaves). */
export const MAX_REVALUED_ACCOUNTS = 500;

export function planRevaluation(
  balances: ForeignBalance[],
  rate: Amount,
  accounts: { gain: string; loss: string },
): RevaluationPlan {
  if (rate <= 0n) throw new RangeError("El tipo de cambio de cierre debe ser mayor que cero.");
  if (balances.length > MAX_REVALUED_ACCOUNTS) {
    throw new RangeError(`Se pueden revaluar como máximo ${MAX_REVALUED_ACCOUNTS} cuentas.`);
  }
  const lines: RevaluationLine[] = [];
  let gain = 0n;
  let loss = 0n;
  for (const balance of [...balances].sort((a, b) => a.account.localeCompare(b.account))) {
    const after = foreignToColones(balance.foreign, rate);
    const difference = after - balance.colones;
    lines.push({ ...balance, before: balance.colones, after, difference: cents(difference) });
    if (difference > 0n) gain += difference;
    else loss -= difference;
  }
  const entry: PlannedLine[] = lines
    .filter((line) => line.difference !== 0n)
    .map((line) => ({
      account: line.account,
      debit: cents(line.difference > 0n ? line.difference : 0n),
      credit: cents(line.difference < 0n ? -line.difference : 0n),
    }));
  if (gain > 0n) entry.push({ account: accounts.gain, debit: cents(0n), credit: cents(gain) });
  if (loss > 0n) entry.push({ account: accounts.loss, debit: cents(loss), credit: cents(0n) });
  return { rate, lines, gain: cents(gain), loss: cents(loss), entry };
}

/** The reversal of a revaluation: the same lines, debit and credit swapped. */
export function reversalOf(entry: PlannedLine[]): PlannedLine[] {
  return entry.map((line) => ({ account: line.account, debit: line.credit, credit: line.debit }));
}
