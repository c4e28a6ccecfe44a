import { todayInCostaRica } from "~/domain/calendar";
import { CLOSE_MESSAGES, yearEnd, yearEnded } from "~/domain/closing";
import { getDefaultAccounts } from "~/services/default-accounts/default-accounts.server";
import { loadLedgerContext } from "../ledger/context.server";
import { closeYear, closedYears, reopenYear, type Actor, type ClosedYear } from "../ledger/ledger.server";

/**
 * Cierre del período from the Balance General (issue 12): the retained-earnings account comes from the
 * organization's default accounts; the ledger service posts the close and moves the lock date.
 */
export async function closeFiscalYear(organizationId: string, year: number, actor: Actor) {
  if (!yearEnded(year, todayInCostaRica(actor.now ?? new Date())))
    return { ok: false as const, refusals: [{ message: CLOSE_MESSAGES.notEnded(year) }] };
  const { retainedEarnings } = await getDefaultAccounts(organizationId);
  return closeYear(organizationId, year, retainedEarnings, actor);
}

export function reopenFiscalYear(organizationId: string, year: number, reason: string, actor: Actor) {
  return reopenYear(organizationId, year, reason, actor);
}

export interface YearCloseStatus {
  year: number;
  yearEnd: string;
  /** The year's closing entry, when the year is closed. */
  closing: ClosedYear | null;
  /** The year is over (today is after its 31 December): it may be closed. */
  ended: boolean;
  /** Closed and the next year is not: the reopen is allowed. */
  canReopen: boolean;
  retainedEarnings: { code: string; label: string };
}

/** What the Balance General's «Cierre del período» panel shows for `year`. */
export async function yearCloseStatus(
  organizationId: string,
  year: number,
  now: Date = new Date(),
): Promise<YearCloseStatus> {
  const [closed, accounts, context] = await Promise.all([
    closedYears(organizationId),
    getDefaultAccounts(organizationId),
    loadLedgerContext(organizationId),
  ]);
  const closing = closed.find((entry) => entry.year === year) ?? null;
  const code = accounts.retainedEarnings;
  return {
    year,
    yearEnd: yearEnd(year),
    closing,
    ended: yearEnded(year, todayInCostaRica(now)),
    canReopen: closing !== null && !closed.some((entry) => entry.year === year + 1),
    retainedEarnings: { code, label: context?.accounts.get(code)?.label ?? "" },
  };
}
