import { lastDayOfMonth, monthLabel, todayInCostaRica, type MonthKey } from "~/domain/calendar";
import type { DefaultAccounts } from "~/domain/booking/default-accounts";
import {
  compareWithDeclaration,
  declaredFiguresOf,
  differenceLines,
  netByAccount,
  planSettlement,
  SETTLEMENT_SOURCE_KIND,
} from "~/domain/iva";
import { cents } from "~/domain/money";
import type { EntryLineInput } from "~/domain/ledger/types";
import { getDefaultAccounts } from "~/services/default-accounts/default-accounts.server";
import { postOnce, reverse, reverseWithin, standingEntryOf, type Actor } from "~/services/ledger/ledger.server";
import { standingEntriesOfSource } from "~/services/ledger/read.server";
import {
  currentDeclaration,
  insertDeclaration,
  nextDeclarationVersion,
  setDeclarationStatus,
  type VatDeclarationRecord,
} from "~models/vat-declaration";
import type { ClientSession } from "mongoose";
import { withTransaction } from "~/utils/db.server";
import { reconcileVat, type ReconciliationRow } from "./vat-reconciliation.server";
import { loadVatMonth, type VatMonth } from "./vat-return.server";
import { isDuplicateKeyError } from "~models/mongo-errors";

/**
 * «Liquidar IVA del mes»: one standing settlement entry per month (source iva/<month>) and the month's
 * declaration, written in the same transaction through the ledger; «Rectificar» posts the difference
 * of a new version (source iva/<month>/v<n>); reversing frees the month.
 */
export interface SettlementSummary {
  id: string;
  number: string;
  date: string;
}

export type SettleOutcome =
  | { ok: true; entry: SettlementSummary | null; version: number }
  | {
      ok: false;
      already?: SettlementSummary;
      /** The month has not ended: liquidating needs the accountant's confirmation. */
      needsConfirmation?: boolean;
      /** The IVA accounts and the return differ: the accountant chooses an account for the adjustment. */
      needsAdjustment?: boolean;
      message: string;
    };

export interface SettleOptions {
  /** The accountant confirmed liquidating a month that has not ended. */
  confirmEarly?: boolean;
  /** Where the difference between the IVA accounts and the declared figures goes. */
  adjustmentAccount?: string;
  now?: Date;
}

const sourceOf = (month: MonthKey) => ({ kind: SETTLEMENT_SOURCE_KIND, id: month }) as const;
const rectificationSourceOf = (month: MonthKey, version: number) =>
  ({ kind: SETTLEMENT_SOURCE_KIND, id: `${month}/v${version}` }) as const;

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

/** Whether the month's last day is today or later in Costa Rica. */
export function monthNotEnded(month: MonthKey, now: Date = new Date()): boolean {
  return lastDayOfMonth(month) >= todayInCostaRica(now);
}

/**
 * The adjustment that empties what the IVA accounts hold beyond (or short of) the return's figures,
 * against the chosen account. Signed per account, debit positive.
 */
export function adjustmentByAccount(rows: ReconciliationRow[], adjustmentAccount: string): Map<string, bigint> {
  const adjustment = new Map<string, bigint>();
  let counterpart = 0n;
  for (const row of rows) {
    if (row.difference === 0n || !row.account) continue;
    const excess = row.fromBooks - row.fromReceipts;
    // Débito accounts hold a credit balance: debiting the excess empties it; crédito accounts the reverse.
    const onAccount = row.side === "debito" ? excess : -excess;
    adjustment.set(row.account, (adjustment.get(row.account) ?? 0n) + onAccount);
    counterpart -= onAccount;
  }
  if (counterpart !== 0n || adjustment.size > 0)
    adjustment.set(adjustmentAccount, (adjustment.get(adjustmentAccount) ?? 0n) + counterpart);
  return adjustment;
}

type LinesOutcome =
  | { ok: true; target: Map<string, bigint>; adjusted: boolean }
  | { ok: false; needsAdjustment?: boolean; message: string };

function pendingMessage(count: number): string {
  return count === 1
    ? "Hay 1 comprobante pendiente de revisión: inclúyalo o exclúyalo antes de liquidar."
    : `Hay ${count} comprobantes pendientes de revisión: inclúyalos o exclúyalos antes de liquidar.`;
}

/** What the month's declared figures put on each account: the settlement, plus the chosen adjustment. */
async function settlementTarget(
  organizationId: string,
  vat: VatMonth,
  accounts: DefaultAccounts,
  adjustmentAccount: string | undefined,
): Promise<LinesOutcome> {
  const { ivaReturn, month } = vat;
  if (ivaReturn.pending.length > 0) return { ok: false, message: pendingMessage(ivaReturn.pending.length) };
  const plan = planSettlement(month, ivaReturn, accounts);
  if (!plan.ok) return plan;
  const target = netByAccount(plan.entry.lines);
  const reconciliation = await reconcileVat(organizationId, month, ivaReturn, accounts);
  const differing = reconciliation.rows.filter((row) => row.difference !== 0n);
  if (differing.length === 0) return { ok: true, target, adjusted: false };
  if (!adjustmentAccount)
    return {
      ok: false,
      needsAdjustment: true,
      message:
        "Las cuentas de IVA no coinciden con las cifras de la declaración (vea la conciliación): elija la cuenta del ajuste o corrija los asientos antes de liquidar.",
    };
  for (const [account, amount] of adjustmentByAccount(differing, adjustmentAccount))
    target.set(account, (target.get(account) ?? 0n) + amount);
  return { ok: true, target, adjusted: true };
}

function declarationRecord(
  organizationId: string,
  vat: VatMonth,
  version: number,
  target: Map<string, bigint>,
  entry: { _id: unknown; number?: string } | null,
  by: string,
): VatDeclarationRecord {
  const figures = declaredFiguresOf(vat.ivaReturn);
  const now = new Date();
  return {
    organizationId,
    month: vat.month,
    version,
    status: "vigente",
    totals: {
      debit: String(figures.totals.debit),
      credit: String(figures.totals.credit),
      previousCreditBalance: String(figures.totals.previousCreditBalance),
      payable: String(figures.totals.payable),
      creditBalance: String(figures.totals.creditBalance),
    },
    lines: figures.lines.map((line) => ({ label: line.label, amount: String(line.amount) })),
    accounts: [...target]
      .filter(([, amount]) => amount !== 0n)
      .map(([account, amount]) => ({ account, amount: String(amount) })),
    receipts: figures.receiptIds.map((id) => ({ id, clave: vat.claves.get(id) ?? "" })),
    entryId: entry ? String(entry._id) : null,
    entryNumber: entry?.number ?? null,
    by,
    at: now,
    history: [{ at: now, by, status: "vigente" }],
  };
}

function refusal(outcome: { refusals: { message: string }[] }): string {
  return outcome.refusals.map((item) => item.message).join(" ");
}

export async function settleVat(
  organizationId: string,
  month: MonthKey,
  actor: Actor,
  options: SettleOptions = {},
): Promise<SettleOutcome> {
  const standing = await settlementOf(organizationId, month);
  if (standing) return { ok: false, already: standing, message: alreadySettledMessage(month) };
  if (!options.confirmEarly && monthNotEnded(month, options.now))
    return {
      ok: false,
      needsConfirmation: true,
      message: `${monthLabel(month)} no ha terminado: los comprobantes que lleguen después dejarán la declaración desactualizada. ¿Liquidar de todos modos?`,
    };
  const [vat, accounts] = await Promise.all([loadVatMonth(organizationId, month), getDefaultAccounts(organizationId)]);
  const target = await settlementTarget(organizationId, vat, accounts, options.adjustmentAccount);
  if (!target.ok) return target;
  const lines = differenceLines(target.target, new Map(), "Liquidación del IVA");
  const plan = planSettlement(month, vat.ivaReturn, accounts);
  if (!plan.ok) return plan;
  const entry = { ...plan.entry, lines: target.adjusted ? lines : plan.entry.lines };
  const version = await nextDeclarationVersion(organizationId, month);
  const outcome = await postOnce(
    organizationId,
    entry,
    actor,
    sourceOf(month),
    alreadySettledMessage(month),
    async (posted, session) => {
      await insertDeclaration(
        declarationRecord(organizationId, vat, version, target.target, posted, actor.by),
        session,
      );
    },
  );
  if (outcome.ok) return { ok: true, entry: summary(outcome.entry), version };
  return {
    ok: false,
    ...(outcome.standing ? { already: summary(outcome.standing) } : {}),
    message: refusal(outcome),
  };
}

/**
 * «Rectificar»: a new version of the month's declaration with the current figures; the difference of
 * what it puts on each account against the earlier versions is posted through the ledger.
 */
export async function rectifyVat(
  organizationId: string,
  month: MonthKey,
  actor: Actor,
  options: SettleOptions = {},
): Promise<SettleOutcome> {
  const declared = await currentDeclaration(organizationId, month);
  if (!declared) return { ok: false, message: `El IVA de ${monthLabel(month)} no está declarado: liquídelo primero.` };
  const [vat, accounts] = await Promise.all([loadVatMonth(organizationId, month), getDefaultAccounts(organizationId)]);
  const comparison = compareWithDeclaration(declarationFigures(declared), vat.ivaReturn);
  if (!comparison.stale)
    return { ok: false, message: `La declaración de ${monthLabel(month)} está al día: no hay nada que rectificar.` };
  const target = await settlementTarget(organizationId, vat, accounts, options.adjustmentAccount);
  if (!target.ok) return target;
  const already = new Map(declared.accounts.map((row) => [row.account, BigInt(row.amount)]));
  const version = declared.version + 1;
  const description = `Rectificación ${version} de la liquidación del IVA de ${monthLabel(month)}`;
  const lines: EntryLineInput[] = differenceLines(target.target, already, description);
  const writeState = async (posted: { _id: unknown; number?: string } | null, session: ClientSession) => {
    await setDeclarationStatus(organizationId, month, declared.version, "rectificada", actor.by, session);
    await insertDeclaration(declarationRecord(organizationId, vat, version, target.target, posted, actor.by), session);
  };
  const alreadyRectified = `La versión ${version} de la declaración de ${monthLabel(month)} ya existe: recargue la página.`;
  let outcome;
  try {
    if (lines.length === 0) {
      await withTransaction((session) => writeState(null, session));
      return { ok: true, entry: null, version };
    }
    outcome = await postOnce(
      organizationId,
      { date: lastDayOfMonth(month), description, reference: `IVA ${month} v${version}`, lines },
      actor,
      rectificationSourceOf(month, version),
      alreadyRectified,
      writeState,
    );
  } catch (error) {
    // Two «Rectificar» at once: the unique (month, version) index lets one of them through.
    if (isDuplicateKeyError(error)) return { ok: false, message: alreadyRectified };
    throw error;
  }
  if (outcome.ok) return { ok: true, entry: summary(outcome.entry), version };
  return { ok: false, message: refusal(outcome) };
}

export function declarationFigures(declared: VatDeclarationRecord) {
  const centsOf = (text: string) => cents(BigInt(text));
  return {
    totals: {
      debit: centsOf(declared.totals.debit),
      credit: centsOf(declared.totals.credit),
      previousCreditBalance: centsOf(declared.totals.previousCreditBalance),
      payable: centsOf(declared.totals.payable),
      creditBalance: centsOf(declared.totals.creditBalance),
    },
    lines: declared.lines.map((line) => ({ label: line.label, amount: centsOf(line.amount) })),
    receiptIds: declared.receipts.map((receipt) => receipt.id),
  };
}

export type ReverseOutcome = { ok: true; reversal: SettlementSummary } | { ok: false; message: string };

/**
 * Reverses the month's settlement and its rectifications on their own dates, and marks the declaration
 * reverted, in one transaction: the month's balances are as before it and it can be liquidated again.
 */
export async function reverseSettlement(
  organizationId: string,
  month: MonthKey,
  actor: Actor,
): Promise<ReverseOutcome> {
  const standing = await standingEntryOf(organizationId, sourceOf(month));
  if (!standing) return { ok: false, message: `El IVA de ${monthLabel(month)} no está liquidado.` };
  const rectifications = await standingEntriesOfSource(organizationId, SETTLEMENT_SOURCE_KIND, `^${month}/v\\d+$`);
  const declared = await currentDeclaration(organizationId, month);
  const outcome = await reverse(
    organizationId,
    String(standing._id),
    { ...actor, date: standing.date },
    async (_, session) => {
      for (const entry of rectifications)
        await reverseWithin(organizationId, String(entry._id), { ...actor, date: entry.date }, session);
      if (declared) await setDeclarationStatus(organizationId, month, declared.version, "revertida", actor.by, session);
    },
  );
  if (!outcome.ok) return { ok: false, message: refusal(outcome) };
  return { ok: true, reversal: summary(outcome.entry) };
}
