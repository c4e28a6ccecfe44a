import type { Types } from "mongoose";
import { addDays, type CalendarDate } from "~/domain/calendar";
import { cents, type Cents } from "~/domain/money";
import {
  addToAging,
  balanceAt,
  emptyAging,
  movementsByItem,
  movementsOf,
  stateOf,
  statementOf,
  sumAging,
  type AgingTotals,
  type ItemFacts,
  type ItemState,
  type Movement,
  type SettlementFacts,
  type Side,
  type Statement,
} from "~/domain/open-items";
import { OPENING_KIND } from "~/domain/open-items/opening-import";
import { getDefaultAccounts } from "~/services/default-accounts/default-accounts.server";
import { counterpartyNames, findCounterparty, type CounterpartyRecord } from "~models/counterparty";
import {
  findAgingItems,
  findItemsOwing,
  findOpenItems,
  type AgingItemRecord,
  type OpenItemRecord,
} from "~models/open-item";
import { bookingStatesOf } from "~models/receipt-booking";
import { findSettlements, findSettlementsAfter, type SettlementRecord } from "~models/settlement";
import { controlBalanceAt } from "./control.server";
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

export interface PartyAging {
  partyId: string;
  cedula: string;
  nombre: string;
  aging: AgingTotals;
  openCount: number;
}

export interface Agreement {
  controlAccount: string;
  control: Cents;
  items: Cents;
  /** control − items. */
  difference: Cents;
  /** Items of receipts that have no posted entry yet: in the open items, not in the books. */
  unbooked: Cents;
  unbookedCount: number;
  /** What the rest of the difference is: entries straight to the control account, opening balances. */
  other: Cents;
  /** Open imported opening balances (part of `items`), which the books' opening entry explains. */
  opening: Cents;
  openingCount: number;
}

export interface AgingView {
  at: CalendarDate;
  parties: PartyAging[];
  totals: AgingTotals;
  agreement: Agreement;
}

/** The open balances of every item of a side at the end of `at`, with what each receipt's booking says. */
async function balancesAt(organizationId: string, side: Side, at: CalendarDate, partyId?: Types.ObjectId) {
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

/**
 * The balance at the end of `at` of every item that has one, reading only the items that owe
 * something today and what changed balances after `at`: a balance today, minus the movements dated
 * after `at` that still count, plus those undone after `at` (they counted then). Every other item was
 * already settled by `at`, or dated after it.
 */
async function owingAt(organizationId: string, side: Side, at: CalendarDate) {
  const [owing, later] = await Promise.all([
    findItemsOwing(organizationId, side),
    findSettlementsAfter(organizationId, side, at),
  ]);
  const byId = new Map(owing.map((item) => [String(item._id), item]));
  const touched = new Map<string, Types.ObjectId>();
  for (const settlement of later)
    for (const line of settlement.lines)
      if (!byId.has(String(line.itemId))) touched.set(String(line.itemId), line.itemId);
  for (const item of await findAgingItems(organizationId, [...touched.values()])) byId.set(String(item._id), item);
  const balances = new Map<string, bigint>();
  for (const [id, item] of byId) balances.set(id, item.balance);
  for (const settlement of later) {
    const countsNow = !settlement.reversedOn;
    const countedThen = settlement.date <= at && (!settlement.reversedOn || settlement.reversedOn > at);
    if (countsNow === countedThen) continue;
    for (const line of settlement.lines) {
      const id = String(line.itemId);
      balances.set(id, (balances.get(id) ?? 0n) + (countedThen ? line.delta : -line.delta));
    }
  }
  const result: Array<{ item: AgingItemRecord; balance: Cents }> = [];
  for (const [id, item] of byId) {
    if (item.settledAtIssue || item.fecha > at) continue;
    const balance = balances.get(id) ?? 0n;
    if (balance !== 0n) result.push({ item, balance: cents(balance) });
  }
  return result;
}

/** /receivables and /payables: per counterparty balance in aging buckets at `at`, totals, and the books' agreement. */
export async function agingView(organizationId: string, side: Side, at: CalendarDate): Promise<AgingView> {
  const balances = await owingAt(organizationId, side, at);
  const byParty = new Map<string, { aging: AgingTotals; openCount: number }>();
  const partyIds = new Map<string, Types.ObjectId>();
  const totals = emptyAging();
  for (const { item, balance } of balances) {
    if (balance === 0n) continue;
    const key = String(item.partyId);
    const row = byParty.get(key) ?? { aging: emptyAging(), openCount: 0 };
    addToAging(row.aging, item.dueDate as CalendarDate, at, balance);
    row.openCount += 1;
    byParty.set(key, row);
    partyIds.set(key, item.partyId);
  }
  const parties = await counterpartyNames(organizationId, [...partyIds.values()]);
  const rows: PartyAging[] = parties.map((party) => {
    const row = byParty.get(String(party._id))!;
    sumAging(totals, row.aging);
    return { partyId: String(party._id), cedula: party.cedula, nombre: party.nombre, ...row };
  });
  rows.sort((a, b) =>
    b.aging.total > a.aging.total ? 1 : b.aging.total < a.aging.total ? -1 : a.nombre.localeCompare(b.nombre),
  );
  return { at, parties: rows, totals, agreement: await agreementOf(organizationId, side, at, balances, totals.total) };
}

async function agreementOf(
  organizationId: string,
  side: Side,
  at: CalendarDate,
  balances: readonly { item: AgingItemRecord; balance: Cents }[],
  itemsTotal: Cents,
): Promise<Agreement> {
  const accounts = await getDefaultAccounts(organizationId);
  const controlAccount = side === "receivable" ? accounts.receivable : accounts.payable;
  const control = await controlBalanceAt(organizationId, side, controlAccount, at);
  const open = balances.filter(({ balance }) => balance !== 0n);
  const states = await bookingStatesOf(
    organizationId,
    open.flatMap(({ item }) => (item.receiptId ? [String(item.receiptId)] : [])),
  );
  let unbooked = 0n;
  let unbookedCount = 0;
  let opening = 0n;
  let openingCount = 0;
  for (const { item, balance } of open) {
    if (item.kind === OPENING_KIND) {
      opening += balance;
      openingCount += 1;
    }
    if (!item.receiptId) continue;
    const state = states.get(String(item.receiptId));
    if (state?.status === "contabilizado") continue;
    unbooked += balance;
    unbookedCount += 1;
  }
  const difference = control - itemsTotal;
  return {
    controlAccount,
    control,
    items: itemsTotal,
    difference: cents(difference),
    unbooked: cents(-unbooked),
    unbookedCount,
    other: cents(difference + unbooked),
    opening: cents(opening),
    openingCount,
  };
}

export interface ItemView {
  id: string;
  label: string;
  kind: string;
  fecha: string;
  dueDate: string;
  currency: string;
  foreignAmount?: bigint;
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
      })),
    statement,
    reps,
  };
}

/** The day before a date, for «saldo al …» texts. */
export function dayBefore(date: CalendarDate): CalendarDate {
  return addDays(date, -1);
}
