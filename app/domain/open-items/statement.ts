import { addDays, type CalendarDate } from "../calendar";
import type { Cents } from "../money";
import { balanceAt, movementsByItem, type ItemFacts, type Movement } from "./balances";

/** The most lines one statement of account shows or exports (a wider range must be narrowed). */
export const MAX_STATEMENT_LINES = 5_000;

export type StatementLineKind = "documento" | "nota" | "cobro" | "pago" | "reversion";

export interface StatementItem extends ItemFacts {
  /** «FE 00100001010000000123». */
  label: string;
  isCreditNote: boolean;
}

export interface StatementLine {
  date: CalendarDate;
  kind: StatementLineKind;
  description: string;
  /** Increases what is owed (a document, an undone payment). */
  charge: Cents;
  /** Decreases it (a credit note, a payment). */
  payment: Cents;
  balance: Cents;
}

export interface Statement {
  opening: Cents;
  lines: StatementLine[];
  closing: Cents;
  truncated: boolean;
}

interface Event {
  date: CalendarDate;
  order: number;
  kind: StatementLineKind;
  description: string;
  amount: bigint;
}

const ORDER: Record<StatementLineKind, number> = { documento: 0, nota: 1, cobro: 2, pago: 2, reversion: 3 };

/**
 * The estado de cuenta of one counterparty from `from` to `to`: the balance before `from`, then each
 * document and credit note at its amount, each payment at what it applied to this party's items, each
 * undone payment back, with the running balance. A credit note applied to a document moves nothing
 * between them at the party's level, so it shows once, as the note.
 */
export function statementOf(
  items: readonly StatementItem[],
  movements: readonly Movement[],
  from: CalendarDate,
  to: CalendarDate,
  describe: (movement: { kind: "cobro" | "pago"; settlementId: string; reversal: boolean }) => string,
): Statement {
  const byItem = movementsByItem(movements);
  const before = addDays(from, -1);
  let opening = 0n;
  const events: Event[] = [];
  for (const item of items) {
    opening += balanceAt(item, byItem.get(item.id) ?? [], before);
    if (item.settledAtIssue || item.fecha < from || item.fecha > to) continue;
    events.push({
      date: item.fecha,
      order: ORDER[item.isCreditNote ? "nota" : "documento"],
      kind: item.isCreditNote ? "nota" : "documento",
      description: item.label,
      amount: item.signedAmount,
    });
  }
  const payments = new Map<string, Event>();
  for (const movement of movements) {
    if (movement.kind === "nota" || movement.date < from || movement.date > to) continue;
    const key = `${movement.settlementId}|${movement.reversal}`;
    const existing = payments.get(key);
    if (existing) existing.amount += movement.delta;
    else
      payments.set(key, {
        date: movement.date,
        order: ORDER[movement.reversal ? "reversion" : movement.kind],
        kind: movement.reversal ? "reversion" : movement.kind,
        description: describe({
          kind: movement.kind,
          settlementId: movement.settlementId,
          reversal: movement.reversal,
        }),
        amount: movement.delta,
      });
  }
  events.push(...payments.values());
  events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));
  const truncated = events.length > MAX_STATEMENT_LINES;
  let balance = opening;
  const lines: StatementLine[] = [];
  for (const event of events) {
    balance += event.amount;
    if (lines.length >= MAX_STATEMENT_LINES) continue;
    lines.push({
      date: event.date,
      kind: event.kind,
      description: event.description,
      charge: (event.amount > 0n ? event.amount : 0n) as Cents,
      payment: (event.amount < 0n ? -event.amount : 0n) as Cents,
      balance: balance as Cents,
    });
  }
  return { opening: opening as Cents, lines, closing: balance as Cents, truncated };
}
