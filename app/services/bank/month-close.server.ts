/**
 * «Marcar conciliado» for a month of a bank account and its audited reopen (docs/spec/bank.md §7): the
 * month is closed only with a difference of zero at its last day; in the same transaction the entries
 * its lines matched get the month's lock, which the ledger enforces. While closed, the month's lines
 * can be neither accepted, excluded nor undone.
 */
import type { Types } from "mongoose";
import { firstDayOfMonth, lastDayOfMonth, monthLabel, type MonthKey } from "~/domain/calendar";
import { bankLockKey, closeRefusal, MONTH_CLOSE_MESSAGES } from "~/domain/bank/month-close";
import { moneyOf } from "~/domain/bank/view";
import { cents } from "~/domain/money";
import { refused, type Refused } from "~/domain/refusal";
import { lockEntriesForBank, unlockEntriesForBank } from "~/services/ledger/ledger.server";
import { withTransaction } from "~/utils/db.server";
import { touchBankAccountLines, type BankAccountRecord } from "~models/bank-account";
import { matchesOfLines } from "~models/bank-match";
import { bankMonthsOf, closeBankMonth, reopenBankMonth } from "~models/bank-month";
import { bankLineIdsBetween } from "~models/bank-statement-line";
import { reconciliationAt } from "./reconciliation.server";

export type MonthOutcome = { ok: true; message: string } | Refused;

class AlreadyClosed extends Error {}

export async function closedMonthsOf(account: BankAccountRecord): Promise<Set<MonthKey>> {
  const months = await bankMonthsOf(account.organizationId, account._id);
  return new Set(months.filter((month) => month.closed).map((month) => month.month));
}

/** The account's marked months, newest first, with who did what. */
export async function monthHistoryOf(account: BankAccountRecord) {
  return (await bankMonthsOf(account.organizationId, account._id)).map((month) => ({
    month: month.month,
    closed: month.closed,
    history: month.history.map((event) => ({ action: event.action, by: event.by, at: event.at.toISOString() })),
  }));
}

/**
 * Closes the month when the conciliación at its last day, read inside the close's own transaction, has a
 * difference of zero. An import or another close running at the same time raises the account's lines
 * revision too, so one of the two conflicts and runs again on what the other stored.
 */
export async function closeMonth(account: BankAccountRecord, month: MonthKey, userId: string): Promise<MonthOutcome> {
  try {
    const refusal = await withTransaction(async (session) => {
      const reconciliation = await reconciliationAt(account, lastDayOfMonth(month), session);
      const refusal = closeRefusal(month, reconciliation, (value) => moneyOf(cents(value), account.currency));
      if (refusal) return refusal;
      await touchBankAccountLines(account.organizationId, account._id, session);
      const closed = await closeBankMonth(
        {
          organizationId: account.organizationId,
          bankAccountId: account._id,
          month,
          bankBalance: reconciliation.bankBalance!,
          bookBalance: reconciliation.bookBalance,
        },
        { action: "conciliado", by: userId, at: new Date() },
        session,
      );
      if (!closed) throw new AlreadyClosed();
      const lines = await bankLineIdsBetween(
        account.organizationId,
        account._id,
        firstDayOfMonth(month),
        lastDayOfMonth(month),
        session,
      );
      const matches = await matchesOfLines(account.organizationId, lines, session);
      const entries = new Map<string, Types.ObjectId>();
      for (const match of matches)
        for (const line of match.postedLines) entries.set(String(line.entryId), line.entryId);
      await lockEntriesForBank(
        account.organizationId,
        [...entries.values()],
        bankLockKey(String(account._id), month),
        session,
      );
      return null;
    });
    if (refusal) return refused({ message: refusal, kind: "conflict" });
  } catch (error) {
    if (error instanceof AlreadyClosed)
      return refused({ message: MONTH_CLOSE_MESSAGES.alreadyClosed(month), kind: "conflict" });
    throw error;
  }
  return { ok: true, message: `Conciliación de ${monthLabel(month)} marcada como conciliada.` };
}

/** The super admin's reopen (the route checks the role): the month's lines and entries are free again. */
export async function reopenMonth(account: BankAccountRecord, month: MonthKey, userId: string): Promise<MonthOutcome> {
  const reopened = await withTransaction(async (session) => {
    const done = await reopenBankMonth(
      account.organizationId,
      account._id,
      month,
      { action: "reabierto", by: userId, at: new Date() },
      session,
    );
    if (done) await unlockEntriesForBank(account.organizationId, bankLockKey(String(account._id), month), session);
    return done;
  });
  if (!reopened) return refused({ message: MONTH_CLOSE_MESSAGES.notClosed(month), kind: "conflict" });
  return { ok: true, message: `Conciliación de ${monthLabel(month)} reabierta.` };
}
