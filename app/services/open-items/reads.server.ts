import type { Types } from "mongoose";
import { addDays, type CalendarDate } from "~/domain/calendar";
import { cents, type Cents } from "~/domain/money";
import {
  balanceAt,
  movementsByItem,
  movementsOf,
  stateOf,
  statementOf,
  type ItemFacts,
  type ItemState,
  type Movement,
  type SettlementFacts,
  type Side,
  type Statement,
  dollarsOpenOf,
} from "~/domain/open-items";
import { findCounterparty, type CounterpartyRecord } from "~models/counterparty";
import { findOpenItems, type OpenItemRecord } from "~models/open-item";
import { findSettlements, type SettlementRecord } from "~models/settlement";
import { itemLabel } from "./payments.server";
import { pendingReps, type PendingRep } from "./rep-reads.server";

function factsOf(item: OpenItemRecord): ItemFacts {
  return {
    id: String(item._id),
    fecha: item.fecha as CalendarDate,
    dueDate: item.dueDate as CalendarDate,
    signedAmount: cents(item.amount),
    settledAtIssue: item.settledAtIssue,
  };
}

function settlementFacts(settlement: SettlementRecord): SettlementFacts {
  return {
    id: String(settlement._id),
    kind: settlement.kind,
    date: settlement.date as CalendarDate,
    lines: settlement.lines.map((line) => ({ itemId: String(line.itemId), delta: cents(line.delta) })),
    ...(settlement.reversedOn ? { reversedOn: settlement.reversedOn as CalendarDate } : {}),
  };
}

/** The open balances of every item of a side at the end of `at`, with what each receipt's booking says. */
export async function balancesAt(organizationId: string, side: Side, at: CalendarDate, partyId?: Types.ObjectId) {
  const [items, settlements] = await Promise.all([
    findOpenItems({ organizationId, side, ...(partyId ? { partyId } : {}) }),
    findSettlements({ organizationId, side, ...(partyId ? { partyId } : {}) }),
  ]);
  const movements = movementsOf(settlements.map(settlementFacts));
  const byItem = movementsByItem(movements);
  const balances = items.map((item) => ({
    item,
    balance: balanceAt(factsOf(item), byItem.get(String(item._id)) ?? [], at),
  }));
  return { items, settlements, movements, byItem, balances };
}

export interface ItemView {
  id: string;
  label: string;
  kind: string;
  fecha: string;
  dueDate: string;
  currency: string;
  foreignAmount?: bigint;
  /** USD items: the dollars open now (Amount units). */
  dollarsOpen?: bigint;
  amount: Cents;
  balance: Cents;
  state: ItemState;
  settledAtIssue: boolean;
  movements: Array<{ settlementId: string; kind: Movement["kind"]; date: string; delta: Cents; reversal: boolean }>;
}

export interface SettlementView {
  id: string;
  kind: SettlementRecord["kind"];
  date: string;
  received?: Cents;
  applied: Cents;
  entryNumber?: string;
  reversedOn?: string;
  reversalEntryNumber?: string;
  reference?: string;
  /** A cobro / pago in dollars: the US$ it moved and the rate it was registered at (decision 299). */
  dollars?: bigint;
  rate?: bigint;
}

export interface PartyView {
  party: CounterpartyRecord;
  at: CalendarDate;
  items: ItemView[];
  settlements: SettlementView[];
  statement: Statement;
  from: CalendarDate;
  to: CalendarDate;
  /** REPs naming its open documents with no cobro / pago registered from them. */
  reps: PendingRep[];
}

/**
 * One counterparty: its items with their balances at `to` and the movements that made them, its
 * cobros / pagos, and the statement of account from `from` to `to`.
 */
export async function partyView(
  organizationId: string,
  side: Side,
  partyId: string,
  from: CalendarDate,
  to: CalendarDate,
): Promise<PartyView | null> {
  const party = await findCounterparty(organizationId, partyId);
  if (!party) return null;
  const { items, settlements, movements, byItem, balances } = await balancesAt(organizationId, side, to, party._id);
  if (items.length === 0 && settlements.length === 0) return null;
  const labels = new Map(settlements.map((s) => [String(s._id), s]));
  const reps = await pendingReps(organizationId, side, items);
  const statement = statementOf(
    items.map((item) => ({ ...factsOf(item), label: itemLabel(item), isCreditNote: item.amount < 0n })),
    movements,
    from,
    to,
    ({ kind, settlementId, reversal }) => {
      const settlement = labels.get(settlementId);
      const what = kind === "cobro" ? "Cobro" : "Pago";
      const number = reversal ? settlement?.reversalEntryNumber : settlement?.entryNumber;
      const reference = settlement?.reference ? ` · ${settlement.reference}` : "";
      return `${reversal ? `Reversión de ${what.toLowerCase()}` : what}${number ? ` (asiento ${number})` : ""}${reference}`;
    },
  );
  return {
    party,
    at: to,
    from,
    to,
    items: balances.map(({ item, balance }) => ({
      id: String(item._id),
      label: itemLabel(item),
      kind: item.kind,
      fecha: item.fecha,
      dueDate: item.dueDate,
      currency: item.currency,
      ...(item.foreignAmount === undefined ? {} : { foreignAmount: item.foreignAmount }),
      ...(item.currency === "USD" ? { dollarsOpen: dollarsOpenOf(item) } : {}),
      amount: cents(item.amount),
      balance,
      state: stateOf(factsOf(item), balance),
      settledAtIssue: item.settledAtIssue,
      movements: (byItem.get(String(item._id)) ?? [])
        .filter((movement) => movement.date <= to)
        .map((movement) => ({
          settlementId: movement.settlementId,
          kind: movement.kind,
          date: movement.date,
          delta: movement.delta,
          reversal: movement.reversal,
        })),
    })),
    settlements: settlements
      .filter((settlement) => settlement.kind !== "nota")
      .map((settlement) => ({
        id: String(settlement._id),
        kind: settlement.kind,
        date: settlement.date,
        ...(settlement.received === undefined ? {} : { received: cents(settlement.received) }),
        applied: cents(-settlement.lines.reduce((sum, line) => sum + line.delta, 0n)),
        ...(settlement.entryNumber ? { entryNumber: settlement.entryNumber } : {}),
        ...(settlement.reversedOn ? { reversedOn: settlement.reversedOn } : {}),
        ...(settlement.reversalEntryNumber ? { reversalEntryNumber: settlement.reversalEntryNumber } : {}),
        ...(settlement.reference ? { reference: settlement.reference } : {}),
        ...(settlement.dollars !== undefined && settlement.rate !== undefined
          ? { dollars: settlement.dollars, rate: settlement.rate }
          : {}),
      })),
    statement,
    reps,
  };
}

/** The day before a date, for «saldo al …» texts. */
export function dayBefore(date: CalendarDate): CalendarDate {
  return addDays(date, -1);
}
