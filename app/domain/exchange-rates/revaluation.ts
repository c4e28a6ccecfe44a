/**
 * The month-end revaluation («diferencial cambiario») as a pure plan: each account kept in dollars is
 * worth its dollar balance at the closing rate; the difference with its book balance in colones goes
 * to the exchange gain or loss account. Balances are signed, debit positive (an asset's dollars are
 * positive, a supplier's negative). The plan is what the ledger would post; the reversal mirrors it.
 */
import { cents, type Amount, type Cents } from "../money";
import { foreignToColones } from "./rate";

/**
 * Where exchange differences go, realised or not: the default chart's «Diferencial cambiario ganado /
 * perdido» (decisions 284 and 299).
 */
export const EXCHANGE_DIFFERENCE_ACCOUNTS = { gain: "40-02-02-00-00", loss: "60-04-03-00-00" } as const;

/** One account kept in a foreign currency at month end. */
export interface ForeignBalance {
  account: string;
  /** The balance in the foreign currency, signed (debit positive), in Amount units. */
  foreign: Amount;
  /** The book balance in colones, signed (debit positive). */
  colones: Cents;
  /**
   * The revalued colones when they are the sum of each document's own conversion (a control account
   * revalued through its open items), rather than the balance's dollars at the rate.
   */
  after?: Cents;
}

export interface RevaluationLine {
  account: string;
  foreign: Amount;
  /** The closing rate this account was revalued at. */
  rate: Amount;
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
  /** The one closing rate, or the rule that chose one per account. */
  rate: Amount | ((account: string) => Amount);
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
  rate: Amount | ((account: string) => Amount),
  accounts: { gain: string; loss: string },
): RevaluationPlan {
  const rateOf = typeof rate === "function" ? rate : () => rate;
  if (typeof rate !== "function" && rate <= 0n)
    throw new RangeError("El tipo de cambio de cierre debe ser mayor que cero.");
  if (balances.length > MAX_REVALUED_ACCOUNTS) {
    throw new RangeError(`Se pueden revaluar como máximo ${MAX_REVALUED_ACCOUNTS} cuentas.`);
  }
  const lines: RevaluationLine[] = [];
  let gain = 0n;
  let loss = 0n;
  for (const balance of [...balances].sort((a, b) => a.account.localeCompare(b.account))) {
    const closing = rateOf(balance.account);
    if (closing <= 0n) throw new RangeError("El tipo de cambio de cierre debe ser mayor que cero.");
    const after = balance.after ?? foreignToColones(balance.foreign, closing);
    const difference = after - balance.colones;
    lines.push({
      account: balance.account,
      foreign: balance.foreign,
      rate: closing,
      before: balance.colones,
      after,
      difference: cents(difference),
    });
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

/**
 * Which reference rate revalues an account (decision 284): the sell rate for every account (the rate
 * Ley 7092 art. 5 names for converting foreign currency), or buy for assets and sell for liabilities
 * (the practice of directive DCN-06-2013) — docs/domain/exchange-rates.md §6.
 */
export const REVALUATION_BASES = ["sell", "buy-assets"] as const;
export type RevaluationBasis = (typeof REVALUATION_BASES)[number];

export const REVALUATION_BASIS_LABELS: Record<RevaluationBasis, string> = {
  sell: "Venta para todas las cuentas",
  "buy-assets": "Compra para activos, venta para pasivos",
};

/** The closing rate of an account under a basis: group 10 (activo) takes buy under «buy-assets». */
export function closingRateRule(basis: RevaluationBasis, rate: { buy: Amount; sell: Amount }) {
  return (account: string): Amount => (basis === "buy-assets" && account.startsWith("10-") ? rate.buy : rate.sell);
}
