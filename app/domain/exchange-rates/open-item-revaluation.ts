/**
 * Open documents in dollars at month end (docs/decisions/300-open-items-in-the-revaluation.md): each
 * is worth its open dollars at the closing rate; its difference with the colones it stands at (its
 * document's rate) is its unrealised difference so far. Per control account, the items' differences
 * less what earlier months already revalued is the month's line of that account.
 */
import { cents, divideRounded, type Amount, type Cents } from "../money";
import { foreignToColones } from "./rate";

/** Most documents the report details (a month-end of a large customer ledger). */
export const MAX_REVALUED_ITEMS = 5_000;

export interface DollarItemAtMonthEnd {
  itemId: string;
  partyName: string;
  label: string;
  control: string;
  /** Signed like the control account's balance: receivables positive, payables negative. */
  dollars: Amount;
  colones: Cents;
}

export interface ItemRevaluation extends DollarItemAtMonthEnd {
  rate: Amount;
  after: Cents;
  difference: Cents;
}

export interface ControlRevaluation {
  account: string;
  items: ItemRevaluation[];
  dollars: Amount;
  /** Σ of the items' colones, at their documents' rates. */
  colones: Cents;
  after: Cents;
  /** Σ of the items' differences: what they have gained or lost since they were booked. */
  itemsDifference: Cents;
  /** What the revaluations of earlier months left standing on the account. */
  prior: Cents;
  /** itemsDifference − prior: the month's line of the account. */
  difference: Cents;
}

/**
 * An item's open dollars at a past day: today's, less the dollars of the settlements that count today
 * but did not then (dated after it, or undone after it). Null when one of those moved colones only:
 * the caller then reads the dollars from the colones at the document's rate.
 */
export function dollarsAtDay(
  dollarsNow: Amount,
  lines: readonly { foreignDelta?: bigint; date: string; reversedOn?: string }[],
  day: string,
): Amount | null {
  let dollars = dollarsNow;
  for (const line of lines) {
    const countsNow = !line.reversedOn;
    const countedThen = line.date <= day && !(line.reversedOn && line.reversedOn <= day);
    if (countsNow === countedThen) continue;
    if (line.foreignDelta === undefined) return null;
    dollars += countsNow ? -line.foreignDelta : line.foreignDelta;
  }
  return dollars;
}

/** Dollars read from colones at a rate, to the cent: exact for amounts booked at that rate. */
export function dollarsFromColones(colones: Cents, rate: Amount): Amount {
  return rate <= 0n ? 0n : divideRounded(colones * 1_000n * 100_000n, rate * 1_000n) * 1_000n;
}

export function revalueItems(
  items: readonly DollarItemAtMonthEnd[],
  rateOf: (control: string) => Amount,
  prior: ReadonlyMap<string, Cents>,
): ControlRevaluation[] {
  if (items.length > MAX_REVALUED_ITEMS)
    throw new RangeError(`Se pueden revaluar como máximo ${MAX_REVALUED_ITEMS} documentos en dólares.`);
  const byControl = new Map<string, ItemRevaluation[]>();
  for (const item of items) {
    const rate = rateOf(item.control);
    const after = foreignToColones(item.dollars, rate);
    const revalued = { ...item, rate, after, difference: cents(after - item.colones) };
    byControl.set(item.control, [...(byControl.get(item.control) ?? []), revalued]);
  }
  for (const account of prior.keys()) if (!byControl.has(account)) byControl.set(account, []);
  return [...byControl.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([account, revalued]) => {
      const sum = (pick: (item: ItemRevaluation) => bigint) => revalued.reduce((total, item) => total + pick(item), 0n);
      const itemsDifference = cents(sum((item) => item.difference));
      const standing = prior.get(account) ?? cents(0n);
      return {
        account,
        items: [...revalued].sort(
          (a, b) => a.partyName.localeCompare(b.partyName, "es") || a.label.localeCompare(b.label),
        ),
        dollars: sum((item) => item.dollars),
        colones: cents(sum((item) => item.colones)),
        after: cents(sum((item) => item.after)),
        itemsDifference,
        prior: standing,
        difference: cents(itemsDifference - standing),
      };
    });
}
