/**
 * Marking a month of a bank account reconciled (docs/spec/bank.md §7): allowed only when the
 * conciliación at the month's last day has a bank balance and a difference of zero; afterwards the
 * month's lines are locked.
 */
import { monthLabel, type CalendarDate, type MonthKey } from "../calendar";

export const MONTH_CLOSE_MESSAGES = {
  noBankBalance:
    "No se puede marcar conciliado: falta el saldo según banco (importe un estado de cuenta que indique sus saldos).",
  difference: (month: MonthKey, difference: string) =>
    `No se puede marcar conciliado ${monthLabel(month)}: la diferencia es ${difference} y debe ser cero.`,
  alreadyClosed: (month: MonthKey) => `${sentence(monthLabel(month))} ya está marcado como conciliado.`,
  notClosed: (month: MonthKey) => `${sentence(monthLabel(month))} no está marcado como conciliado.`,
  locked: (month: MonthKey) =>
    `Ese movimiento es de ${monthLabel(month)}, ya marcado como conciliado: un superadministrador puede reabrir el mes.`,
  onlySuperAdmin: "Solo un superadministrador puede reabrir un mes conciliado.",
} as const;

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Why the month cannot be marked reconciled, or null when it can. */
export function closeRefusal(
  month: MonthKey,
  reconciliation: { difference: bigint | null },
  formatMoney: (value: bigint) => string,
): string | null {
  if (reconciliation.difference === null) return MONTH_CLOSE_MESSAGES.noBankBalance;
  if (reconciliation.difference !== 0n)
    return MONTH_CLOSE_MESSAGES.difference(month, formatMoney(reconciliation.difference));
  return null;
}

/** The first closed month among these lines' days, or null when none is. */
export function lockedMonthOf(
  days: readonly (CalendarDate | string)[],
  closed: ReadonlySet<MonthKey>,
): MonthKey | null {
  for (const day of days) {
    const month = day.slice(0, 7);
    if (closed.has(month)) return month;
  }
  return null;
}

/** The lock a closed month puts on the entries it matched: one per bank account and month. */
export function bankLockKey(bankAccountId: string, month: MonthKey): string {
  return `${bankAccountId}:${month}`;
}
