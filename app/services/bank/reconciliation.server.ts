/**
 * The conciliación of one bank account at a date: the stored lines, the posted lines of its ledger account
 * and the accepted matches, handed to the pure `reconcile` (app/domain/bank/reconciliation.ts); every
 * figure in the account's currency (for a dollar account, its leaf's dollars).
 */
import type { ClientSession } from "mongoose";
import type { BankAccountRecord } from "~models/bank-account";
import { matchesOfAccount } from "~models/bank-match";
import { earliestStatedOpening } from "~models/bank-statement";
import { bankLinesUpTo, firstBankLineDay } from "~models/bank-statement-line";
import { storedBigInt } from "~models/open-item";
import type { CalendarDate } from "~/domain/calendar";
import { bookLinesInBankCurrency, inBankCurrency } from "~/domain/bank/currency";
import {
  reconcile,
  reconciliationDetail,
  type Reconciliation,
  type ReconciliationDetail,
  type ReconciliationInput,
} from "~/domain/bank/reconciliation";
import { MAX_ACCOUNT_LINES } from "~/services/ledger/account-lines.server";
import {
  accountBalanceBefore,
  postedLineDates,
  postedLinesOfAccount,
  reversalPairsSince,
} from "~/services/ledger/ledger.server";

/**
 * The conciliación at a date. Given a session, it is read inside that transaction (a month close decides
 * on what its own transaction sees); the reads then run one after the other, as a transaction needs.
 */
export async function reconciliationAt(
  account: BankAccountRecord,
  date: CalendarDate,
  session?: ClientSession,
): Promise<Reconciliation> {
  return reconcile(await reconciliationInputAt(account, date, session));
}

/** The conciliación at a date and the lines behind its items: what the printed report shows. */
export async function reconciliationReportAt(
  account: BankAccountRecord,
  date: CalendarDate,
): Promise<{ reconciliation: Reconciliation; detail: ReconciliationDetail }> {
  const input = await reconciliationInputAt(account, date);
  return { reconciliation: reconcile(input), detail: reconciliationDetail(input) };
}

/** Runs the reads at once, or one after the other inside a transaction. */
async function readAll<T extends readonly unknown[]>(
  session: ClientSession | undefined,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!session) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const values: unknown[] = [];
  for (const read of reads) values.push(await read());
  return values as unknown as T;
}

async function reconciliationInputAt(
  account: BankAccountRecord,
  date: CalendarDate,
  session?: ClientSession,
): Promise<ReconciliationInput> {
  const { organizationId } = account;
  // The books before the bank's first stated balance (else its first line) are one opening figure read
  // from the period balances; only the lines since then can be in transit, so only they are read. That
  // day comes from two small reads, so the large ones then run together.
  const [opening, firstDay] = await readAll(session, [
    () => earliestStatedOpening(organizationId, account._id, session),
    () => firstBankLineDay(organizationId, account._id, session),
  ] as const);
  const earliestLine = firstDay !== null && firstDay <= date ? (firstDay as CalendarDate) : null;
  const bookFrom = (opening?.from as CalendarDate | undefined) ?? earliestLine ?? date;
  const [bankLines, matches, before, posted, reversed] = await readAll(session, [
    () => bankLinesUpTo(organizationId, account._id, date, MAX_ACCOUNT_LINES, session),
    () => matchesOfAccount(organizationId, account._id, session),
    () => accountBalanceBefore(organizationId, account.ledgerAccount, bookFrom, session),
    () => postedLinesOfAccount(organizationId, account.ledgerAccount, bookFrom, date, session),
    () => reversalPairsSince(organizationId, bookFrom, session),
  ] as const);
  // Figures in the account's currency: a dollar account's statement is compared with its leaf's dollars.
  const bookOpening = inBankCurrency(account.currency, { amount: before.colones, dollars: before.dollars });
  const bookLines = bookLinesInBankCurrency(account.currency, posted);
  // The days of matched posted lines come from the lines just read; only those outside the range are
  // looked up.
  const matchedBookDates = new Map(posted.map((line) => [`${line.entryId}:${line.line}`, line.date]));
  const outside = matches.flatMap((match) =>
    match.postedLines.filter((line) => !matchedBookDates.has(`${String(line.entryId)}:${line.line}`)),
  );
  for (const [key, day] of await postedLineDates(organizationId, outside, session)) matchedBookDates.set(key, day);
  const bankDate = new Map(bankLines.map((line) => [String(line._id), line.date as CalendarDate]));
  // A match is complete at the latest day of its lines; a bank line beyond `date` is not read, so the
  // match then counts as after the date.
  const reconciledAt = new Map<string, CalendarDate>();
  const FAR = "9999-12-31" as CalendarDate;
  for (const match of matches) {
    const days = [
      ...match.bankLineIds.map((id) => bankDate.get(String(id)) ?? FAR),
      ...match.postedLines.map((line) => matchedBookDates.get(`${String(line.entryId)}:${line.line}`) ?? FAR),
    ].sort();
    const last = days[days.length - 1];
    for (const id of match.bankLineIds) reconciledAt.set(String(id), last);
    for (const line of match.postedLines) reconciledAt.set(`${String(line.entryId)}:${line.line}`, last);
  }
  // An entry and its reversal cancel out: once both are dated they are in transit no more.
  for (const line of bookLines) {
    const key = `${line.entryId}:${line.line}`;
    const pairedAt = reversed.get(line.entryId);
    if (pairedAt !== undefined && !reconciledAt.has(key)) reconciledAt.set(key, pairedAt);
  }
  return {
    date,
    bankOpening: opening ? { from: opening.from as CalendarDate, amount: storedBigInt(opening.opening) } : null,
    bookOpening,
    bankLines: bankLines.map((line) => ({
      date: line.date as CalendarDate,
      amount: line.amount,
      state: line.state,
      label: [line.description, line.reference].filter((text) => text).join(" · "),
      ...(reconciledAt.has(String(line._id)) ? { reconciledAt: reconciledAt.get(String(line._id))! } : {}),
    })),
    bookLines: bookLines.map((line) => {
      const key = `${line.entryId}:${line.line}`;
      return {
        date: line.date,
        amount: line.amount,
        label: `Asiento ${line.number} · ${line.description}`,
        ...(reconciledAt.has(key) ? { reconciledAt: reconciledAt.get(key)! } : {}),
      };
    }),
  };
}
