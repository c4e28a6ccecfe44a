import type { Side } from "./balances";

/**
 * The open balances kept beside the items, so the aging reads a few rows instead of every item
 * (docs/decisions/270-open-balances-kept-per-counterparty-and-due-date.md): per counterparty, its
 * items' balance and how many items owe something; per due date, the same, and the part of it that
 * is imported opening balances.
 */
export interface KeptItem {
  side: Side;
  partyId: string;
  dueDate: string;
  /** An imported opening balance (kind «SI»). */
  opening: boolean;
  balance: bigint;
}

/** One item's balance before and after a change (0 before when it is new, 0 after when it is removed). */
export interface ItemBalanceChange {
  item: Omit<KeptItem, "balance">;
  before: bigint;
  after: bigint;
}

export interface PartyRowChange {
  side: Side;
  partyId: string;
  balance: bigint;
  count: number;
}

export interface DueRowChange {
  side: Side;
  dueDate: string;
  balance: bigint;
  count: number;
  openingBalance: bigint;
  openingCount: number;
}

export interface KeptBalanceChanges {
  parties: PartyRowChange[];
  dueDates: DueRowChange[];
}

const owes = (balance: bigint) => (balance === 0n ? 0 : 1);

/** What a set of item changes adds to the kept rows; rows that would not change are left out. */
export function keptBalanceChanges(changes: readonly ItemBalanceChange[]): KeptBalanceChanges {
  const parties = new Map<string, PartyRowChange>();
  const dueDates = new Map<string, DueRowChange>();
  for (const { item, before, after } of changes) {
    const balance = after - before;
    const count = owes(after) - owes(before);
    if (balance === 0n && count === 0) continue;
    const partyKey = `${item.side}|${item.partyId}`;
    const party = parties.get(partyKey) ?? { side: item.side, partyId: item.partyId, balance: 0n, count: 0 };
    party.balance += balance;
    party.count += count;
    parties.set(partyKey, party);
    const dueKey = `${item.side}|${item.dueDate}`;
    const due = dueDates.get(dueKey) ?? {
      side: item.side,
      dueDate: item.dueDate,
      balance: 0n,
      count: 0,
      openingBalance: 0n,
      openingCount: 0,
    };
    due.balance += balance;
    due.count += count;
    if (item.opening) {
      due.openingBalance += balance;
      due.openingCount += count;
    }
    dueDates.set(dueKey, due);
  }
  const moves = (row: { balance: bigint; count: number }) => row.balance !== 0n || row.count !== 0;
  return { parties: [...parties.values()].filter(moves), dueDates: [...dueDates.values()].filter(moves) };
}

/** The rows as they should be for these items: what a rebuild writes and what a check compares with. */
export function keptBalancesOf(items: readonly KeptItem[]): KeptBalanceChanges {
  return keptBalanceChanges(items.map(({ balance, ...item }) => ({ item, before: 0n, after: balance })));
}

/** A due date moved (a counterparty's term changed): the balance leaves one row and enters the other. */
export function dueDateMove(item: KeptItem, dueDate: string): ItemBalanceChange[] {
  const { balance, ...rest } = item;
  return [
    { item: rest, before: balance, after: 0n },
    { item: { ...rest, dueDate }, before: 0n, after: balance },
  ];
}
