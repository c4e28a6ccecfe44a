/**
 * Reconciling a bank account's lines: proposals from the pure matcher (app/domain/bank/matching.ts) over
 * its pending lines, the posted lines of its ledger account not yet matched, and the organization's open
 * items; accepting a proposal (against posted lines, or registering the open items' cobro / pago), excluding
 * a line, and undoing either — each in one transaction that refuses lines another request changed meanwhile.
 */
import { refused, type Refused } from "~/domain/refusal";
import { Types, type ClientSession } from "mongoose";
import type { BankAccountRecord } from "~models/bank-account";
import {
  deleteBankMatch,
  insertBankMatch,
  insertBankMatches,
  matchOfLine,
  unmarkedMatchesOfAccount,
  type BankMatchRecord,
} from "~models/bank-match";
import { findSettlement } from "~models/settlement";
import { bankLinesInState, moveBankLines, type BankLineToMatch } from "~models/bank-statement-line";
import { listCounterparties } from "~models/counterparty";
import { findOpenItems } from "~models/open-item";
import { addDays, type CalendarDate } from "~/domain/calendar";
import {
  DEFAULT_MATCH_OPTIONS,
  proposeMatches,
  type MatchBankLine,
  type MatchBookLine,
  type MatchOpenItem,
  type Proposal,
} from "~/domain/bank/matching";
import { bookLinesInBankCurrency } from "~/domain/bank/currency";
import { MAX_STATEMENT_LINES } from "~/domain/bank/statement";
import { amountToCents, cents } from "~/domain/money";
import { dollarsOpenOf } from "~/domain/open-items";
import { registerPayment, undoPayment } from "~/services/open-items/payments.server";
import {
  getEntry,
  linesOf,
  reversalPairsSince,
  unmatchedPostedLines,
  reverse,
  type AccountLine,
} from "~/services/ledger/ledger.server";
import { withTransaction } from "~/utils/db.server";
import { closedMonthsOf } from "./month-close.server";
import { storeMissingReconciliationDays } from "./reconciliation.server";
import { lockedMonthOf } from "~/domain/bank/month-close";
import {
  completedOn,
  LinesChanged,
  LockedMonth,
  markMatched,
  refuseLockedMonths,
  unmarkMatched,
} from "./match-state.server";

export const MATCH_MESSAGES = {
  changed: "Otro usuario cambió estos movimientos mientras se guardaba; revise la lista e intente de nuevo.",
  proposalGone: "La propuesta ya no está disponible: los movimientos cambiaron. Revise la lista.",
  notMatched: "Ese movimiento no está conciliado.",
  notExcluded: "Ese movimiento no está excluido.",
  notPending: "Ese movimiento no está pendiente.",
  noBookProposals: "No hay propuestas contra asientos para aceptar.",
} as const;

export interface MatchingData {
  proposals: Proposal[];
  bank: Map<string, BankLineToMatch>;
  book: Map<string, AccountLine>;
  items: Map<string, MatchOpenItem & { partyId: string; label: string }>;
}

const bookKey = (line: { entryId: string | Types.ObjectId; line: number }) => `${String(line.entryId)}:${line.line}`;

/** The refusal for an error a transaction was aborted with, or null for any other error. */
function abortRefusal(error: unknown): Refused | null {
  if (error instanceof LinesChanged) return refused({ message: MATCH_MESSAGES.changed, kind: "conflict" });
  if (error instanceof LockedMonth) return error.refusal;
  return null;
}

export async function matchingData(account: BankAccountRecord): Promise<MatchingData> {
  const pending = await bankLinesInState(account.organizationId, account._id, "pendiente", MAX_STATEMENT_LINES);
  const empty: MatchingData = { proposals: [], bank: new Map(), book: new Map(), items: new Map() };
  if (pending.length === 0) return empty;
  const window = DEFAULT_MATCH_OPTIONS.windowDays;
  const from = addDays(pending[0].date as CalendarDate, -window);
  const to = addDays(pending[pending.length - 1].date as CalendarDate, window);
  await storeMissingReconciliationDays(account);
  const [posted, matches, openItems, reversed] = await Promise.all([
    unmatchedPostedLines(account.organizationId, account.ledgerAccount, from, to),
    unmarkedMatchesOfAccount(account.organizationId, account._id),
    findOpenItems({ organizationId: account.organizationId, owing: true }),
    reversalPairsSince(account.organizationId, from),
  ]);
  // An entry and its reversal cancel out: neither is a movement the bank can show. Posted lines a match
  // names are marked, and so not read, except those of matches stored before marks were kept.
  const taken = new Set(matches.flatMap((match) => match.postedLines.map(bookKey)));
  // A dollar account's statement is in dollars: its posted lines are matched on the dollars they carry.
  const book = new Map(
    bookLinesInBankCurrency(account.currency, posted)
      .filter((line) => !taken.has(bookKey(line)) && !reversed.has(line.entryId))
      .map((line) => [bookKey(line), line]),
  );
  const open = openItems.filter((item) => item.balance > 0n && item.currency === account.currency);
  const parties = new Map(
    (
      await listCounterparties(
        account.organizationId,
        [...new Set(open.map((item) => String(item.partyId)))].map((id) => new Types.ObjectId(id)),
      )
    ).map((party) => [String(party._id), party]),
  );
  const items = new Map(
    open.map((item) => {
      const party = parties.get(String(item.partyId));
      return [
        String(item._id),
        {
          id: String(item._id),
          side: item.side,
          // A dollar account's statement is in dollars: its items are matched on their open dollars.
          balance: item.currency === "USD" ? amountToCents(dollarsOpenOf(item)) : item.balance,
          cedula: party?.cedula ?? "",
          name: party?.nombre ?? "",
          reference: item.consecutivo,
          dueDate: item.dueDate as CalendarDate,
          partyId: String(item.partyId),
          label: `${item.kind} ${item.consecutivo}`,
        },
      ];
    }),
  );
  const bank = new Map(pending.map((line) => [String(line._id), line]));
  const bankLines: MatchBankLine[] = pending.map((line) => ({
    id: String(line._id),
    date: line.date as CalendarDate,
    amount: line.amount,
    reference: line.reference,
    description: line.description,
  }));
  const bookLines: MatchBookLine[] = [...book.entries()].map(([id, line]) => ({
    id,
    date: line.date,
    amount: line.amount,
    reference: `${line.number} ${line.description}`,
  }));
  return { proposals: proposeMatches(bankLines, bookLines, [...items.values()]), bank, book, items };
}

export type MatchOutcome = { ok: true; message: string } | Refused;

/**
 * Accepts the current proposal that starts with this bank line. Against posted lines: the match is
 * stored. Against open items: their cobro / pago is registered (the bank account's ledger account
 * receives or pays the money) and matched with the bank lines in the payment's own transaction.
 */
export async function acceptProposal(
  account: BankAccountRecord,
  bankLineId: string,
  userId: string,
): Promise<MatchOutcome> {
  const data = await matchingData(account);
  const proposal = data.proposals.find((candidate) => candidate.bankLineIds[0] === bankLineId);
  if (!proposal) return refused({ message: MATCH_MESSAGES.proposalGone, kind: "conflict" });
  const count = proposal.bankLineIds.length;
  const done = {
    ok: true as const,
    message: count === 1 ? "Movimiento conciliado." : `${count} movimientos conciliados.`,
  };
  if (proposal.kind === "items") return acceptItems(account, data, proposal, userId, done);
  const [match] = bookMatches(account, data, [proposal], userId, new Date());
  try {
    await withTransaction(async (session) => {
      await refuseLockedMonths(account, { days: proposal.bankLineIds.map((id) => data.bank.get(id)!.date) }, session);
      await insertBankMatch(match, session);
      await markMatched(account, [match], session);
    });
  } catch (error) {
    const refusal = abortRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
  return done;
}

/** The matches that accepting these proposals against posted lines stores, each with the day it is complete. */
function bookMatches(
  account: BankAccountRecord,
  data: MatchingData,
  proposals: ReadonlyArray<Extract<Proposal, { kind: "book" }>>,
  userId: string,
  acceptedAt: Date,
) {
  return proposals.map((proposal) => {
    const bankLines = proposal.bankLineIds.map((id) => data.bank.get(id)!);
    const bookLines = proposal.bookLineIds.map((key) => data.book.get(key)!);
    return {
      organizationId: account.organizationId,
      bankAccountId: account._id,
      bankLineIds: bankLines.map((line) => line._id),
      postedLines: bookLines.map((line) => ({ entryId: new Types.ObjectId(line.entryId), line: line.line })),
      amount: bankLines.reduce((total, line) => total + line.amount, 0n),
      reconciledAt: completedOn([...bankLines.map((line) => line.date), ...bookLines.map((line) => line.date)]),
      acceptedBy: userId,
      acceptedAt,
    };
  });
}

/**
 * «Aceptar las propuestas contra asientos»: every current proposal against posted lines — what the books
 * already show — accepted at once, all their matches stored and their lines moved to «conciliado» in one
 * transaction; a line another request changed meanwhile refuses the whole acceptance. Proposals against
 * open items register a cobro or pago and are accepted one by one; lines of a month marked reconciled
 * are left.
 */
export async function acceptBookProposals(
  account: BankAccountRecord,
  userId: string,
): Promise<{ ok: true; message: string; accepted: number } | Refused> {
  const [data, closed] = await Promise.all([matchingData(account), closedMonthsOf(account)]);
  const proposals = data.proposals.filter(
    (proposal): proposal is Extract<Proposal, { kind: "book" }> =>
      proposal.kind === "book" &&
      lockedMonthOf(
        proposal.bankLineIds.map((id) => data.bank.get(id)!.date),
        closed,
      ) === null,
  );
  if (proposals.length === 0) return refused({ message: MATCH_MESSAGES.noBookProposals, kind: "conflict" });
  const matches = bookMatches(account, data, proposals, userId, new Date());
  const accepted = matches.reduce((count, match) => count + match.bankLineIds.length, 0);
  try {
    await withTransaction(async (session) => {
      // Months closed since the proposals were read refuse the whole acceptance.
      await refuseLockedMonths(
        account,
        { days: proposals.flatMap((proposal) => proposal.bankLineIds.map((id) => data.bank.get(id)!.date)) },
        session,
      );
      await insertBankMatches(matches, session);
      await markMatched(account, matches, session);
    });
  } catch (error) {
    const refusal = abortRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
  return {
    ok: true,
    accepted,
    message: accepted === 1 ? "Movimiento conciliado." : `${accepted} movimientos conciliados.`,
  };
}

async function acceptItems(
  account: BankAccountRecord,
  data: MatchingData,
  proposal: Extract<Proposal, { kind: "items" }>,
  userId: string,
  done: { ok: true; message: string },
): Promise<MatchOutcome> {
  const lines = proposal.bankLineIds.map((id) => data.bank.get(id)!);
  const items = proposal.items.map((entry) => data.items.get(entry.id)!);
  const [first] = items;
  // The matcher only groups items of one counterparty and side; anything else is not a proposal to trust.
  if (items.some((item) => item.partyId !== first.partyId || item.side !== first.side))
    return refused({ message: MATCH_MESSAGES.proposalGone, kind: "conflict" });
  const amount = lines.reduce((total, line) => total + line.amount, 0n);
  const ids = lines.map((line) => line._id);
  const date = lines.map((line) => line.date as CalendarDate).sort()[lines.length - 1];
  const reference = lines.find((line) => line.reference !== "")?.reference ?? "";
  try {
    const outcome = await registerPayment(
      account.organizationId,
      first.side,
      first.partyId,
      {
        date,
        moneyAccount: account.ledgerAccount,
        received: cents(amount < 0n ? -amount : amount),
        ...(reference ? { reference } : {}),
        applications: proposal.items.map((entry) => ({ itemId: entry.id, amount: cents(entry.amount) })),
      },
      { by: userId },
      async (entry, settlementId, session) => {
        const postedLines = linesOf(entry).flatMap((line, index) =>
          line.account === account.ledgerAccount ? [{ entryId: entry._id, line: index }] : [],
        );
        await refuseLockedMonths(account, { days: lines.map((line) => line.date) }, session);
        // The cobro / pago is dated on the latest bank line, so the match is complete that day.
        const match = { bankLineIds: ids, postedLines, reconciledAt: completedOn([date, entry.date]) };
        await insertBankMatch(
          {
            organizationId: account.organizationId,
            bankAccountId: account._id,
            ...match,
            amount,
            settlementId,
            acceptedBy: userId,
            acceptedAt: new Date(),
          },
          session,
        );
        await markMatched(account, [match], session);
      },
    );
    if (!outcome.ok) return outcome;
  } catch (error) {
    const refusal = abortRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
  return done;
}

/** «excluir» (not to be reconciled) and its undo, for one pending or excluded line. */
export async function setExcluded(
  account: BankAccountRecord,
  bankLineId: string,
  excluded: boolean,
): Promise<MatchOutcome> {
  if (!Types.ObjectId.isValid(bankLineId)) return refused({ message: MATCH_MESSAGES.notPending, kind: "not-found" });
  const ids = [new Types.ObjectId(bankLineId)];
  const filter = { organizationId: account.organizationId, bankAccountId: account._id, ids };
  let moved: boolean;
  try {
    moved = await withTransaction(async (session) => {
      await refuseLockedMonths(account, { ids }, session);
      return excluded
        ? moveBankLines(filter, "pendiente", "excluido", session)
        : moveBankLines(filter, "excluido", "pendiente", session);
    });
  } catch (error) {
    const refusal = abortRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
  if (!moved)
    return refused({ message: excluded ? MATCH_MESSAGES.notPending : MATCH_MESSAGES.notExcluded, kind: "conflict" });
  return {
    ok: true,
    message: excluded ? "Movimiento excluido de la conciliación." : "El movimiento volvió a pendiente.",
  };
}

/**
 * Undoes the match a reconciled line belongs to: all its bank lines go back to pending. A match that
 * registered a cobro / pago undoes it too, and one a bank rule booked reverses its entry — each reversal
 * dated on its entry's own day, in the same transaction.
 */
export async function undoMatch(account: BankAccountRecord, bankLineId: string, userId: string): Promise<MatchOutcome> {
  if (!Types.ObjectId.isValid(bankLineId)) return refused({ message: MATCH_MESSAGES.notMatched, kind: "not-found" });
  const release = async (match: BankMatchRecord, session: ClientSession) => {
    await refuseLockedMonths(account, { ids: match.bankLineIds }, session);
    if (!(await deleteBankMatch(match._id, session))) throw new LinesChanged();
    await unmarkMatched(account, match, session);
  };
  try {
    const match = await matchOfLine(account.organizationId, new Types.ObjectId(bankLineId));
    if (!match || String(match.bankAccountId) !== String(account._id))
      return refused({ message: MATCH_MESSAGES.notMatched, kind: "conflict" });
    if (match.settlementId) {
      const settlement = await findSettlement(account.organizationId, String(match.settlementId));
      if (!settlement) return refused({ message: MATCH_MESSAGES.changed, kind: "conflict" });
      const outcome = await undoPayment(
        account.organizationId,
        String(match.settlementId),
        settlement.date as CalendarDate,
        { by: userId },
        (session) => release(match, session),
      );
      if (!outcome.ok) return outcome;
    } else if (match.ruleEntryId) {
      const entry = await getEntry(account.organizationId, String(match.ruleEntryId));
      if (!entry) return refused({ message: MATCH_MESSAGES.changed, kind: "conflict" });
      const outcome = await reverse(
        account.organizationId,
        String(match.ruleEntryId),
        { by: userId, date: entry.date },
        (_reversal, session) => release(match, session),
      );
      if (!outcome.ok) return outcome;
    } else await withTransaction((session) => release(match, session));
    const count = match.bankLineIds.length;
    return {
      ok: true,
      message:
        count === 1 ? "Conciliación deshecha." : `Conciliación deshecha: ${count} movimientos volvieron a pendiente.`,
    };
  } catch (error) {
    const refusal = abortRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
}
