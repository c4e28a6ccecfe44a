import type { CalendarDate } from "../calendar";
import type { Cents } from "../money";

/** Customers owe us receivables; we owe suppliers payables. */
export type Side = "receivable" | "payable";

export type SettlementKind = "nota" | "cobro" | "pago";

/**
 * What an item is worth on the side's natural sign: a sale or purchase document is positive, a
 * credit note negative (it is owed back until applied).
 */
export interface ItemFacts {
  id: string;
  fecha: CalendarDate;
  dueDate: CalendarDate;
  signedAmount: Cents;
  settledAtIssue: boolean;
}

/** One item's share of a settlement: `delta` is added to its balance (a payment of 100 is −100). */
export interface SettlementLine {
  itemId: string;
  delta: Cents;
}

export interface SettlementFacts {
  id: string;
  kind: SettlementKind;
  date: CalendarDate;
  lines: readonly SettlementLine[];
  /** Undone on that date by a reversal: from then on the lines count no more. */
  reversedOn?: CalendarDate;
}

/** A dated change of an item's balance: the settlement's line, or its undoing. */
export interface Movement {
  itemId: string;
  settlementId: string;
  kind: SettlementKind;
  date: CalendarDate;
  delta: Cents;
  reversal: boolean;
}

export function movementsOf(settlements: readonly SettlementFacts[]): Movement[] {
  const movements: Movement[] = [];
  for (const settlement of settlements) {
    for (const line of settlement.lines) {
      const base = { itemId: line.itemId, settlementId: settlement.id, kind: settlement.kind };
      movements.push({ ...base, date: settlement.date, delta: line.delta, reversal: false });
      if (settlement.reversedOn)
        movements.push({ ...base, date: settlement.reversedOn, delta: -line.delta as Cents, reversal: true });
    }
  }
  return movements;
}

/** Movements grouped by item, for balance look-ups. */
export function movementsByItem(movements: readonly Movement[]): Map<string, Movement[]> {
  const byItem = new Map<string, Movement[]>();
  for (const movement of movements) {
    const list = byItem.get(movement.itemId);
    if (list) list.push(movement);
    else byItem.set(movement.itemId, [movement]);
  }
  return byItem;
}

/**
 * The item's open balance at the end of `at` (null = with every movement): nothing before its date,
 * nothing when it was settled at issue.
 */
export function balanceAt(item: ItemFacts, movements: readonly Movement[], at: CalendarDate | null): Cents {
  if (item.settledAtIssue) return 0n as Cents;
  if (at !== null && item.fecha > at) return 0n as Cents;
  let balance: bigint = item.signedAmount;
  for (const movement of movements) if (at === null || movement.date <= at) balance += movement.delta;
  return balance as Cents;
}

export type ItemState = "open" | "partial" | "settled";

export function stateOf(item: ItemFacts, balance: Cents): ItemState {
  if (item.settledAtIssue || balance === 0n) return "settled";
  return balance === item.signedAmount ? "open" : "partial";
}

export const ITEM_STATE_LABELS: Record<ItemState, string> = {
  open: "Pendiente",
  partial: "Abonado",
  settled: "Cancelado",
};

/**
 * How much of a credit note goes to the document it references: all of it when the document still
 * owes that much, else what the document owes (the rest stays as the counterparty's credit).
 */
export function creditNoteApplication(documentOpen: Cents, noteOpen: Cents): Cents {
  const available = -noteOpen;
  if (documentOpen <= 0n || available <= 0n) return 0n as Cents;
  return (documentOpen < available ? documentOpen : available) as Cents;
}

/** The lines of a credit note applied to its document. */
export function creditNoteLines(documentId: string, noteId: string, applied: Cents): SettlementLine[] {
  return [
    { itemId: documentId, delta: -applied as Cents },
    { itemId: noteId, delta: applied },
  ];
}
