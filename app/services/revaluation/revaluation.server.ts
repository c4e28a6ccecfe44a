/**
 * «Diferencial cambiario» (decision 284): the month-end revaluation of the accounts kept in dollars. The
 * report reads each account's dollars and book colones at the month's last day (without this month's
 * own revaluation), the closing rate of that day, and plans the entry; posting goes through the ledger
 * once per month and organization (source diferencial/<month>), reversing frees the month.
 */
import { firstDayOfMonth, lastDayOfMonth, monthLabel, type MonthKey } from "~/domain/calendar";
import { flattenCatalog } from "~/domain/catalog";
import {
  closingRateRule,
  EXCHANGE_DIFFERENCE_ACCOUNTS,
  planRevaluation,
  type ControlRevaluation,
  type RevaluationBasis,
  type RevaluationPlan,
} from "~/domain/exchange-rates";
import { openItemsRevaluation } from "./open-items.server";
import type { EntryInput } from "~/domain/ledger";
import { cents, centsToAmount } from "~/domain/money";
import { refusal, refused, type Refusal, type Result } from "~/domain/refusal";
import { rateOfDay, type RateOfDay } from "~/services/exchange-rates/rates.server";
import { loadLedgerContext } from "~/services/ledger/context.server";
import {
  accountBalancesAt,
  postOnce,
  reverse,
  sourceTotalsBetween,
  standingEntryOf,
  type Actor,
} from "~/services/ledger/ledger.server";

export const REVALUATION_SOURCE_KIND = "diferencial" as const;
/** Where the gain and the loss go: the default chart's «Diferencial cambiario ganado / perdido». */
export const REVALUATION_ACCOUNTS = EXCHANGE_DIFFERENCE_ACCOUNTS;

const sourceOf = (month: MonthKey) => ({ kind: REVALUATION_SOURCE_KIND, id: month });

export interface PostedRevaluation {
  id: string;
  number: string;
  date: string;
}

export interface RevaluationReport {
  month: MonthKey;
  basis: RevaluationBasis;
  /** The closing rate of the month's last day (or the day it carries from), null when none is known. */
  rate: RateOfDay["rate"];
  rateWarning: string | null;
  /** The accounts revalued (kept in dollars, or control accounts of documents in dollars), by code, with their labels. */
  labels: Record<string, string>;
  /** The accounts kept in dollars: their lines in the entry carry US$0. */
  keptInDollars: string[];
  plan: RevaluationPlan | null;
  /** The open documents in dollars per control account (clientes, proveedores), revalued per document. */
  items: ControlRevaluation[];
  posted: PostedRevaluation | null;
  accounts: { gain: { code: string; label: string }; loss: { code: string; label: string } };
}

function summary(entry: { _id: unknown; number?: string; date: string }): PostedRevaluation {
  return { id: String(entry._id), number: entry.number ?? "", date: entry.date };
}

/** The month's report: before/after per account and the entry it plans, and the posted one if any. */
export async function revaluationReport(
  organizationId: string,
  month: MonthKey,
  basis: RevaluationBasis,
): Promise<RevaluationReport> {
  const last = lastDayOfMonth(month);
  const context = await loadLedgerContext(organizationId);
  const nodes = context ? flattenCatalog(context.tree) : [];
  const inDollars = nodes.filter((node) => node.currency === "USD");
  const labelOf = (code: string) => nodes.find((node) => node.key === code)?.label ?? code;
  const labels: Record<string, string> = Object.fromEntries(inDollars.map((node) => [node.key, node.label]));
  const [balances, own, ofDay, standing] = await Promise.all([
    accountBalancesAt(
      organizationId,
      inDollars.map((node) => node.key),
      last,
    ),
    sourceTotalsBetween(organizationId, sourceOf(month), firstDayOfMonth(month), last),
    rateOfDay(last),
    standingEntryOf(organizationId, sourceOf(month)),
  ]);
  const rate = ofDay.rate;
  const kept = new Set(inDollars.map((node) => node.key));
  const items = rate ? await openItemsRevaluation(organizationId, month, closingRateRule(basis, rate)) : [];
  // A control account kept in colones is revalued through its documents in dollars (decision 300).
  const throughItems = items.filter((control) => !kept.has(control.account));
  const plan = rate
    ? planRevaluation(
        [
          ...inDollars.map((node) => {
            const balance = balances.get(node.key)!;
            const mine = own.get(node.key);
            // The book colones before this month's own revaluation, posted or not.
            const colones = mine ? balance.colones - (mine.debit - mine.credit) : balance.colones;
            return { account: node.key, foreign: balance.dollars, colones: cents(colones) };
          }),
          ...throughItems.map((control) => ({
            account: control.account,
            foreign: control.dollars,
            colones: cents(control.colones + control.prior),
            after: control.after,
          })),
        ],
        closingRateRule(basis, rate),
        REVALUATION_ACCOUNTS,
      )
    : null;
  for (const control of throughItems) labels[control.account] = labelOf(control.account);
  return {
    month,
    basis,
    rate,
    rateWarning: ofDay.warning,
    labels,
    keptInDollars: [...kept],
    plan,
    items,
    posted: standing ? summary(standing) : null,
    accounts: {
      gain: { code: REVALUATION_ACCOUNTS.gain, label: labelOf(REVALUATION_ACCOUNTS.gain) },
      loss: { code: REVALUATION_ACCOUNTS.loss, label: labelOf(REVALUATION_ACCOUNTS.loss) },
    },
  };
}

export function alreadyRevaluedMessage(month: MonthKey): string {
  return `El diferencial cambiario de ${monthLabel(month)} ya está registrado; revierta el asiento para registrarlo de nuevo.`;
}

/** The planned entry as the ledger's input: dated the month's last day, colón-only lines (US$0). */
export function revaluationEntry(
  month: MonthKey,
  plan: RevaluationPlan,
  dollarAccounts: ReadonlySet<string>,
): EntryInput {
  const description = `Diferencial cambiario de ${monthLabel(month)}`;
  return {
    date: lastDayOfMonth(month),
    description,
    reference: `DC ${month}`,
    lines: plan.entry.map((line) => ({
      account: line.account,
      description,
      debit: line.debit > 0n ? centsToAmount(line.debit) : null,
      credit: line.credit > 0n ? centsToAmount(line.credit) : null,
      ...(dollarAccounts.has(line.account) ? { currency: "USD", foreignAmount: 0n } : {}),
    })),
  };
}

/** «Registrar»: posts the month's revaluation through the ledger, unless one already stands. */
export async function postRevaluation(
  organizationId: string,
  month: MonthKey,
  basis: RevaluationBasis,
  actor: Actor,
): Promise<Result<PostedRevaluation>> {
  const report = await revaluationReport(organizationId, month, basis);
  if (report.posted) return refused({ message: alreadyRevaluedMessage(month), kind: "conflict" });
  if (!report.rate)
    return refused(
      refusal(
        `No hay tipo de cambio del ${lastDayOfMonth(month)} ni de los días anteriores: ingréselo en Tipo de cambio.`,
      ),
    );
  if (!report.plan || report.plan.entry.length === 0)
    return refused(
      refusal(
        `No hay diferencia que registrar en ${monthLabel(month)}: las cuentas en dólares ya están al tipo de cierre.`,
      ),
    );
  const input = revaluationEntry(month, report.plan, new Set(report.keptInDollars));
  const outcome = await postOnce(organizationId, input, actor, sourceOf(month), alreadyRevaluedMessage(month));
  if (outcome.ok) return { ok: true, value: summary(outcome.entry) };
  const refusals: Refusal[] = outcome.standing
    ? [{ message: alreadyRevaluedMessage(month), kind: "conflict" }]
    : outcome.refusals.map((item) => ({ message: item.message }));
  return refused(...refusals);
}

/** «Revertir»: the reversal on the same day, so the month can be revalued again. */
export async function reverseRevaluation(
  organizationId: string,
  month: MonthKey,
  actor: Actor,
): Promise<Result<PostedRevaluation>> {
  const standing = await standingEntryOf(organizationId, sourceOf(month));
  if (!standing)
    return refused({
      message: `El diferencial cambiario de ${monthLabel(month)} no está registrado.`,
      kind: "conflict",
    });
  const outcome = await reverse(organizationId, String(standing._id), { ...actor, date: standing.date });
  if (!outcome.ok) return refused(...outcome.refusals);
  return { ok: true, value: summary(outcome.entry) };
}
