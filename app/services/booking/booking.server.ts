import { planBooking } from "~/domain/booking/plan";
import type { BookingPlan, PlanOutcome } from "~/domain/booking/plan-types";
import type { RuleMatch } from "~/domain/booking/rule-match";
import type { EntryInput } from "~/domain/ledger";
import { formatCalendarDate, parseCalendarDate, type CalendarDate } from "~/domain/calendar";
import { centsToAmount } from "~/domain/money";
import { matchRule } from "~/domain/rules";
import { findReceiptsForBooking, pendingReceiptIds, type ReceiptForBooking } from "~models/receipt-booking";
import { getDefaultAccounts, getImportBooking } from "~/services/default-accounts/default-accounts.server";
import { bookReceiptEntries, type Actor, type ReceiptEntryRequest } from "~/services/ledger/ledger.server";
import { loadLedgerContext } from "~/services/ledger/context.server";
import { loadRules } from "~/services/rules/rules.server";
import { recordAutomaticAnswers, wantsAutomaticAnswer, type AutomaticAnswer } from "./auto-answer.server";
import { bookingInputs } from "./booking-input.server";

export type BookingResultKind =
  "contabilizado" | "borrador" | "ya-contabilizado" | "no-contabilizable" | "rechazado" | "error";

/** What happened to one receipt, for the per-receipt result list. */
export interface BookingResult {
  receiptId: string;
  consecutivo: string;
  kind: BookingResultKind;
  message?: string;
  entryId?: string;
  number?: string;
}

/** Receipts per transaction: large enough to post a month quickly, small enough to retry cheaply. */
export const BOOKING_BATCH = 100;

/** The ledger entry a booking plan proposes for its receipt. */
export function entryInput(plan: BookingPlan, receiptId: string): EntryInput {
  return {
    date: plan.date,
    description: plan.description,
    reference: plan.reference,
    lines: plan.lines.map((line) => ({
      account: line.account,
      description: line.description,
      debit: line.debit > 0n ? centsToAmount(line.debit) : null,
      credit: line.credit > 0n ? centsToAmount(line.credit) : null,
      receiptId,
      ...(line.taxCode ? { taxCode: line.taxCode, taxRate: line.taxRate } : {}),
      ...(line.currency ? { currency: line.currency, foreignAmount: line.foreignAmount, rate: line.rate } : {}),
    })),
  };
}

export interface BookingOptions {
  /** When no rule decides: post (true, the default) or leave a borrador. */
  post?: boolean;
  /** Leave every entry as borrador, whatever the rule says (an import that books as borrador). */
  draftOnly?: boolean;
  /**
   * The open-period day the accountant chose for receipts dated on or before the lock date: the entry
   * is dated then, the receipt keeps its own date (named in the entry's description).
   */
  bookingDate?: CalendarDate;
}

/** Why a receipt dated in a closed period waits: the accountant chooses the open period to book it in. */
export function closedPeriodMessage(date: CalendarDate, lockDate: CalendarDate): string {
  return `La fecha del comprobante (${formatCalendarDate(date)}) está en un período cerrado (cierre contable: ${formatCalendarDate(lockDate)}): elija el día del período abierto en que se contabiliza; el comprobante conserva su fecha.`;
}

/** The plan dated in the open period the accountant chose, when the receipt's own day is closed. */
function inOpenPeriod(
  plan: BookingPlan,
  lockDate: CalendarDate | null,
  bookingDate: CalendarDate | undefined,
): BookingPlan | string {
  const own = parseCalendarDate(plan.date);
  if (lockDate === null || own === null || own > lockDate) return plan;
  if (!bookingDate) return closedPeriodMessage(own, lockDate);
  return {
    ...plan,
    date: bookingDate,
    description: `${plan.description} (comprobante del ${formatCalendarDate(own)})`.slice(0, 300),
  };
}

/**
 * Books the organization's receipts (ids of another organization are answered as not found): each
 * one's plan from its XML, the default accounts and the first matching rule, then the entries and
 * their receipt links through the ledger, a batch per transaction. Never books a receipt twice.
 */
/** One receipt's plan as booking would make it now: the entry, or why there is none. */
export interface PlannedReceipt {
  receiptId: string;
  receipt: ReceiptForBooking | null;
  outcome: PlanOutcome;
  match: RuleMatch | null;
}

type DefaultAccounts = Awaited<ReturnType<typeof getDefaultAccounts>>;
type Rules = Awaited<ReturnType<typeof loadRules>>;

/**
 * The plans of a batch of the organization's receipts (ids of another organization come back as not
 * found): each one's plan from its XML, the default accounts and the first matching rule. Booking and
 * its preview both read them from here, so the preview shows what booking does.
 */
export async function planReceipts(
  organizationId: string,
  ids: readonly string[],
  setup: { accounts: DefaultAccounts; rules: Rules },
  options: BookingOptions = {},
): Promise<PlannedReceipt[]> {
  const receipts = await findReceiptsForBooking(organizationId, ids);
  const inputs = await bookingInputs(organizationId, receipts);
  const byId = new Map(receipts.map((receipt) => [String(receipt._id), receipt]));
  return ids.map((id) => {
    const receipt = byId.get(id) ?? null;
    const input = inputs.get(id);
    if (!receipt || !input)
      return { receiptId: id, receipt, match: null, outcome: refused("Comprobante no encontrado.") };
    if (!input.ok) return { receiptId: id, receipt, match: null, outcome: refused(input.message) };
    const document = input.input.document;
    const match: RuleMatch | null = document.kind === "MH" ? null : matchRule(setup.rules, document);
    return { receiptId: id, receipt, match, outcome: planBooking(input.input, setup.accounts, match, options) };
  });
}

function refused(message: string): PlanOutcome {
  return { ok: false, reason: "error", message };
}

/** What booking needs besides the receipts: the default accounts and the rules. */
export async function bookingSetup(organizationId: string): Promise<{ accounts: DefaultAccounts; rules: Rules }> {
  const [accounts, rules] = await Promise.all([getDefaultAccounts(organizationId), loadRules(organizationId)]);
  return { accounts, rules };
}

/**
 * Books the organization's receipts (ids of another organization are answered as not found): each
 * one's plan (`planReceipts`), then the entries and their receipt links through the ledger, a batch per
 * transaction. Never books a receipt twice.
 */
export async function bookReceipts(
  organizationId: string,
  receiptIds: readonly string[],
  actor: Actor,
  options: BookingOptions = {},
): Promise<BookingResult[]> {
  const [setup, context] = await Promise.all([bookingSetup(organizationId), loadLedgerContext(organizationId)]);
  const lockDate = context?.lockDate ?? null;
  const results: BookingResult[] = [];
  for (let start = 0; start < receiptIds.length; start += BOOKING_BATCH) {
    const ids = receiptIds.slice(start, start + BOOKING_BATCH);
    const planned = await planReceipts(organizationId, ids, setup, options);
    const batch: BookingResult[] = [];
    const requests: ReceiptEntryRequest[] = [];
    const requested: BookingResult[] = [];
    const answers: Array<AutomaticAnswer | null> = [];
    for (const { receiptId: id, receipt, outcome, match } of planned) {
      const result: BookingResult = { receiptId: id, consecutivo: receipt?.consecutivo ?? "", kind: "error" };
      batch.push(result);
      if (!receipt || !outcome.ok) {
        if (!outcome.ok) {
          result.kind = outcome.reason;
          result.message = outcome.message;
        }
        continue;
      }
      const plan = inOpenPeriod(outcome.plan, lockDate, options.bookingDate);
      if (typeof plan === "string") {
        result.message = plan;
        continue;
      }
      requests.push({
        receiptId: id,
        input: entryInput(plan, id),
        post: outcome.plan.post && !options.draftOnly,
        rule: outcome.plan.rule,
        unclassified: outcome.plan.unclassified,
      });
      requested.push(result);
      const autoAnswer = outcome.plan.rule ? match?.autoAnswer : undefined;
      answers.push(autoAnswer && wantsAutomaticAnswer(receipt) ? { receiptId: id, ...autoAnswer } : null);
    }
    const outcomes = await bookReceiptEntries(organizationId, requests, actor);
    outcomes.forEach((outcome, index) => {
      const result = requested[index];
      if (outcome.kind === "booked") {
        result.kind = outcome.status;
        result.entryId = outcome.entryId;
        if (outcome.number) result.number = outcome.number;
      } else if (outcome.kind === "already") {
        result.kind = "ya-contabilizado";
        result.entryId = outcome.entryId;
      } else {
        result.message = outcome.refusals.map((refusal) => refusal.message).join(" ");
      }
    });
    // The rule's automatic acceptance, once its receipt is booked (the entry already follows it).
    const answered = await recordAutomaticAnswers(
      organizationId,
      outcomes.flatMap((outcome, index) => (outcome.kind === "booked" && answers[index] ? [answers[index]] : [])),
      actor.by,
    );
    const byReceipt = new Map(batch.map((result) => [result.receiptId, result]));
    for (const answer of answered) {
      const result = byReceipt.get(answer.receiptId)!;
      result.message = answer.ok
        ? `Aceptado automáticamente por la regla (mensaje del receptor ${answer.consecutivo}).`
        : `La respuesta automática no se registró: ${answer.message}`;
    }
    results.push(...batch);
  }
  return results;
}

/** One receipt, from its page. */
export async function bookReceipt(
  organizationId: string,
  receiptId: string,
  actor: Actor,
  options: BookingOptions = {},
): Promise<BookingResult> {
  const [result] = await bookReceipts(organizationId, [receiptId], actor, options);
  return result;
}

/** The month's receipts that still wait for an entry (not booked, bookable). */
export async function pendingReceipts(organizationId: string, month: string): Promise<string[]> {
  return pendingReceiptIds(organizationId, month);
}

/**
 * Every pending receipt of the month, batch by batch; `onProgress` hears each batch's results. Run
 * again after an interruption, it books what is still pending.
 */
export async function bookMonth(
  organizationId: string,
  month: string,
  actor: Actor,
  options: BookingOptions & { onProgress?: (results: BookingResult[], total: number) => Promise<void> | void } = {},
): Promise<BookingResult[]> {
  const ids = await pendingReceiptIds(organizationId, month);
  const results: BookingResult[] = [];
  for (let start = 0; start < ids.length; start += BOOKING_BATCH) {
    const batch = await bookReceipts(organizationId, ids.slice(start, start + BOOKING_BATCH), actor, options);
    results.push(...batch);
    await options.onProgress?.(batch, ids.length);
  }
  return results;
}

/**
 * What an import does with the receipts it stored, as the organization chose: nothing ("espera"),
 * borradores, or posted entries (a rule may still leave its receipts as borrador).
 */
export async function bookImportedReceipts(
  organizationId: string,
  receiptIds: readonly string[],
  by: string,
): Promise<BookingResult[]> {
  if (receiptIds.length === 0) return [];
  const mode = await getImportBooking(organizationId);
  if (mode === "espera") return [];
  return bookReceipts(organizationId, receiptIds, { by }, { draftOnly: mode === "borrador" });
}
