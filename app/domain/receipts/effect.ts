/**
 * How a receipt counts in a month's totals (decision 004): credit notes subtract, payment receipts
 * (REP) document the payment of an invoice already counted, and Hacienda's rejections do not count.
 */
import type { Amount } from "../money";

/** 1 counts, −1 subtracts, 0 does not count. */
export type ReceiptEffect = 1 | -1 | 0;

export function effectOf(kind: string): ReceiptEffect {
  if (kind === "NC") return -1;
  if (kind === "REP") return 0;
  return 1;
}

/** The amount as the receipt's rows show it: negative for a credit note. */
export function signedByEffect(amount: Amount, effect: ReceiptEffect): Amount {
  return effect < 0 ? -amount : amount;
}

export function countsInTotals(receipt: { effect: ReceiptEffect; haciendaEstado?: string }): boolean {
  return receipt.effect !== 0 && receipt.haciendaEstado !== "rechazado";
}

/** What the "en los totales" column says of a receipt that does not count. */
export const NOT_COUNTED_LABEL = "no cuenta";

const EFFECT_LABELS: Record<ReceiptEffect, string> = { 1: "suma", [-1]: "resta", 0: NOT_COUNTED_LABEL };

/** "suma", "resta" or "no cuenta": what the receipt does to the totals. */
export function effectLabel(receipt: { effect: ReceiptEffect; haciendaEstado?: string }): string {
  return countsInTotals(receipt) ? EFFECT_LABELS[receipt.effect] : EFFECT_LABELS[0];
}
