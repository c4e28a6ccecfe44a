import { monthLabel, type MonthKey } from "~/domain/calendar";
import { planSettlement, SETTLEMENT_SOURCE_KIND } from "~/domain/iva";
import { getDefaultAccounts } from "~/services/default-accounts/default-accounts.server";
import { postOnce, reverse, standingEntryOf, type Actor } from "~/services/ledger/ledger.server";
import { loadVatMonth } from "./vat-return.server";

/**
 * «Liquidar IVA del mes»: one standing settlement entry per month (source iva/<month>), posted through
 * the ledger; reversing it allows settling again.
 */
export interface SettlementSummary {
  id: string;
  number: string;
  date: string;
}

export type SettleOutcome =
  | { ok: true; entry: SettlementSummary }
  | { ok: false; already?: SettlementSummary; notFound?: boolean; message: string };

const sourceOf = (month: MonthKey) => ({ kind: SETTLEMENT_SOURCE_KIND, id: month }) as const;

export function alreadySettledMessage(month: MonthKey): string {
  return `El IVA de ${monthLabel(month)} ya está liquidado; no se registró otro asiento.`;
}

function summary(entry: { _id: unknown; number?: string; date: string }): SettlementSummary {
  return { id: String(entry._id), number: entry.number ?? "", date: entry.date };
}

export async function settlementOf(organizationId: string, month: MonthKey): Promise<SettlementSummary | null> {
  const entry = await standingEntryOf(organizationId, sourceOf(month));
  return entry ? summary(entry) : null;
}

export async function settleVat(organizationId: string, month: MonthKey, actor: Actor): Promise<SettleOutcome> {
  const standing = await settlementOf(organizationId, month);
  if (standing) return { ok: false, already: standing, message: alreadySettledMessage(month) };
  const [{ ivaReturn }, accounts] = await Promise.all([
    loadVatMonth(organizationId, month),
    getDefaultAccounts(organizationId),
  ]);
  const plan = planSettlement(month, ivaReturn, accounts);
  if (!plan.ok) return { ok: false, message: plan.message };
  const outcome = await postOnce(organizationId, plan.entry, actor, sourceOf(month), alreadySettledMessage(month));
  if (outcome.ok) return { ok: true, entry: summary(outcome.entry) };
  return {
    ok: false,
    ...(outcome.standing ? { already: summary(outcome.standing) } : {}),
    message: outcome.refusals.map((refusal) => refusal.message).join(" "),
  };
}

export type ReverseOutcome = { ok: true; reversal: SettlementSummary } | { ok: false; message: string };

/** Reverses the month's settlement on its own date, so the month's balances are as before it. */
export async function reverseSettlement(
  organizationId: string,
  month: MonthKey,
  actor: Actor,
): Promise<ReverseOutcome> {
  const standing = await standingEntryOf(organizationId, sourceOf(month));
  if (!standing) return { ok: false, message: `El IVA de ${monthLabel(month)} no está liquidado.` };
  const outcome = await reverse(organizationId, String(standing._id), { ...actor, date: standing.date });
  if (!outcome.ok) return { ok: false, message: outcome.refusals.map((refusal) => refusal.message).join(" ") };
  return { ok: true, reversal: summary(outcome.entry) };
}
