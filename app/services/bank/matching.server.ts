/**
 * Reconciling a bank account's lines: proposals from the pure matcher (app/domain/bank/matching.ts) over
 * its pending lines, the posted lines of its ledger account not yet matched, and the organization's open
 * items; accepting a proposal (against posted lines, or registering the open items' cobro / pago), excluding
 * a line, and undoing either — each in one transaction that refuses lines another request changed meanwhile.
 */
import { createHash } from "node:crypto";
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
import {
  proposalSetWithToken,
  storedProposalToken,
  storeProposalSet,
  deleteProposalSet,
  packProposals,
  type StoredBookProposal,
} from "~models/bank-proposal-set";
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
  type UnmatchedLine,
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
  bookProposalsChanged:
    "Las propuestas contra asientos cambiaron desde que se mostraron; revise la lista e intente de nuevo.",
} as const;

export interface MatchingData {
  proposals: Proposal[];
  bank: Map<string, BankLineToMatch>;
  book: Map<string, UnmatchedLine>;
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

/** The proposals against posted lines, as accepting them stores them: lines, total and completion day. */
function bookProposalsOf(data: MatchingData): StoredBookProposal[] {
  return data.proposals.flatMap((proposal) => {
    if (proposal.kind !== "book") return [];
    const bankLines = proposal.bankLineIds.map((id) => data.bank.get(id)!);
    const bookLines = proposal.bookLineIds.map((key) => data.book.get(key)!);
    return [
      {
        bankLineIds: bankLines.map((line) => line._id),
        bankDays: bankLines.map((line) => line.date),
        postedLines: bookLines.map((line) => ({
          entryId: new Types.ObjectId(line.entryId),
          line: line.line,
          postedLineId: line.postedLineId,
        })),
        amount: bankLines.reduce((total, line) => total + line.amount, 0n),
        reconciledAt: completedOn([...bankLines.map((line) => line.date), ...bookLines.map((line) => line.date)]),
      },
    ];
  });
}

/** What names a set of proposals against posted lines: the ids of their lines, in order. */
function tokenOf(proposals: readonly StoredBookProposal[]): string {
  const hash = createHash("sha256");
  // Each id's twelve bytes, and a count before each list, so no two different sets read the same.
  const count = Buffer.alloc(4);
  const list = (ids: readonly Types.ObjectId[]) => {
    count.writeUInt32BE(ids.length);
    hash.update(count);
    for (const id of ids) hash.update(id.id);
  };
  for (const proposal of proposals) {
    list(proposal.bankLineIds);
    list(proposal.postedLines.map((line) => line.postedLineId));
  }
  return hash.digest("base64url").slice(0, 22);
}

/** A token as `tokenOf` writes it. */
export const PROPOSALS_TOKEN = /^[A-Za-z0-9_-]{22}$/;

/**
 * Matching for the account page: the proposals, and the token of those against posted lines (null when
 * there are fewer than two, as the page then offers no button for them). That set is stored for the account unless it already is, so «Aceptar las propuestas
 * contra asientos» accepts exactly what the page showed without proposing again, whichever process of the
 * server receives it (decision 315).
 */
export async function matchingForPage(
  account: BankAccountRecord,
): Promise<MatchingData & { bookToken: string | null }> {
  const data = await matchingData(account);
  const book = bookProposalsOf(data);
  // The page offers to accept them all only when there are at least two.
  if (book.length < 2) return { ...data, bookToken: null };
  const token = tokenOf(book);
  if ((await storedProposalToken(account.organizationId, account._id)) !== token)
    await storeProposalSet({
      _id: account._id,
      organizationId: account.organizationId,
      token,
      proposals: packProposals(book),
      storedAt: new Date(),
    });
  return { ...data, bookToken: token };
}

/** The match documents that accepting these proposals stores. */
function matchRecordsOf(
  account: BankAccountRecord,
  proposals: readonly StoredBookProposal[],
  userId: string,
  acceptedAt: Date,
) {
  return proposals.map((proposal) => ({
    organizationId: account.organizationId,
    bankAccountId: account._id,
    bankLineIds: proposal.bankLineIds,
    postedLines: proposal.postedLines.map((line) => ({ entryId: line.entryId, line: line.line })),
    amount: proposal.amount,
    reconciledAt: proposal.reconciledAt,
    acceptedBy: userId,
    acceptedAt,
  }));
}

/**
 * Stores the matches of these proposals against posted lines inside the caller's transaction: refused
 * (by throwing) when a line is in a month marked conciliado, a bank line is no longer pending, a posted
 * line was edited or matched since matching read it, or its entry was reversed since.
 */
async function storeBookMatches(
  account: BankAccountRecord,
  proposals: readonly StoredBookProposal[],
  userId: string,
  session: ClientSession,
): Promise<void> {
  const days = proposals.flatMap((proposal) => proposal.bankDays);
  await refuseLockedMonths(account, { days }, session);
  // Matching reads posted lines from the window before the earliest bank line, and reversals since then.
  const earliest = days.reduce((first, day) => (day < first ? day : first), days[0]) as CalendarDate;
  const reversed = await reversalPairsSince(
    account.organizationId,
    addDays(earliest, -DEFAULT_MATCH_OPTIONS.windowDays),
    session,
  );
  if (proposals.some((proposal) => proposal.postedLines.some((line) => reversed.has(String(line.entryId)))))
    throw new LinesChanged();
  await insertBankMatches(matchRecordsOf(account, proposals, userId, new Date()), session);
  await markMatched(
    account,
    proposals.map((proposal) => ({ ...proposal, reconciledAt: proposal.reconciledAt as CalendarDate })),
    session,
  );
}

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
  const book = bookProposalsOf({ ...data, proposals: [proposal] });
  try {
    await withTransaction((session) => storeBookMatches(account, book, userId, session));
  } catch (error) {
    const refusal = abortRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
  return done;
}

/**
 * «Aceptar las propuestas contra asientos»: every proposal against posted lines — what the books already
 * show — accepted at once, all their matches stored and their lines moved to «conciliado» in one
 * transaction; a line another request changed meanwhile refuses the whole acceptance. With the page's
 * token, the proposals accepted are those the page showed, as stored for the account (a set no longer
 * stored is refused); without one, they are proposed again. Proposals against open items register a
 * cobro or pago and are accepted one by one; lines of a month marked reconciled are left.
 */
export async function acceptBookProposals(
  account: BankAccountRecord,
  userId: string,
  token?: string,
): Promise<{ ok: true; message: string; accepted: number } | Refused> {
  const shown = token ? await proposalSetWithToken(account.organizationId, account._id, token) : null;
  if (token && !shown) return refused({ message: MATCH_MESSAGES.bookProposalsChanged, kind: "conflict" });
  const [all, closed] = await Promise.all([
    shown ?? matchingData(account).then(bookProposalsOf),
    closedMonthsOf(account),
  ]);
  const proposals = all.filter((proposal) => lockedMonthOf(proposal.bankDays, closed) === null);
  if (proposals.length === 0) return refused({ message: MATCH_MESSAGES.noBookProposals, kind: "conflict" });
  const accepted = proposals.reduce((count, proposal) => count + proposal.bankLineIds.length, 0);
  try {
    await withTransaction(async (session) => {
      await storeBookMatches(account, proposals, userId, session);
      // A set is accepted once: the same form sent again finds it gone.
      if (shown) await deleteProposalSet(account.organizationId, account._id, session);
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
