/**
 * The conciliación of one bank account at a date: the stored lines, the posted lines of its ledger account
 * and the accepted matches, handed to the pure `reconcile` (app/domain/bank/reconciliation.ts); every
 * figure in the account's currency (for a dollar account, its leaf's dollars).
 */
import type { ClientSession } from "mongoose";
import type { BankAccountRecord } from "~models/bank-account";
import { matchesOfAccount, setMatchDay, unmarkedMatchesOfAccount, type BankMatchRecord } from "~models/bank-match";
import { bankMovementFromImports, earliestStatedOpening } from "~models/bank-statement";
import {
  bankLinesOpenAt,
  bankLinesUpTo,
  bankMovementBetween,
  firstBankLineDay,
  setReconciledDay,
} from "~models/bank-statement-line";
import { withTransaction } from "~/utils/db.server";
import { storedBigInt } from "~models/open-item";
import { addDays, type CalendarDate } from "~/domain/calendar";
import { bookLinesInBankCurrency, inBankCurrency } from "~/domain/bank/currency";
import {
  reconcile,
  reconciliationDetail,
  type Reconciliation,
  type ReconciliationDetail,
  type ReconciliationInput,
  type ReconciliationItem,
} from "~/domain/bank/reconciliation";
import { MAX_ACCOUNT_LINES } from "~/services/ledger/account-lines.server";
import {
  accountBalanceBefore,
  postedLineDates,
  postedLinesOfAccount,
  postedLinesOpenAt,
  markPostedLinesForBank,
  reversalPairsSince,
  type AccountLine,
} from "~/services/ledger/ledger.server";
import { completedOn } from "./match-state.server";

/**
 * The conciliación at a date. Given a session, it is read inside that transaction (a month close decides
 * on what its own transaction sees); the reads then run one after the other, as a transaction needs.
 */
export async function reconciliationAt(
  account: BankAccountRecord,
  date: CalendarDate,
  session?: ClientSession,
): Promise<Reconciliation> {
  if (!session) await storeMissingReconciliationDays(account);
  return reconcile(await openLinesInputAt(account, date, session));
}

/** The conciliación at a date and the lines behind its items: what the printed report shows. */
export async function reconciliationReportAt(
  account: BankAccountRecord,
  date: CalendarDate,
): Promise<{ reconciliation: Reconciliation; detail: ReconciliationDetail }> {
  await storeMissingReconciliationDays(account);
  const input = await openLinesInputAt(account, date);
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

/**
 * Where the conciliación starts: the bank's first stated balance (else its first line). The books before
 * it are one opening figure; only the lines since then can be in transit.
 */
async function startOf(account: BankAccountRecord, date: CalendarDate, session?: ClientSession) {
  const { organizationId } = account;
  const [opening, firstDay] = await readAll(session, [
    () => earliestStatedOpening(organizationId, account._id, session),
    () => firstBankLineDay(organizationId, account._id, session),
  ] as const);
  const earliestLine = firstDay !== null && firstDay <= date ? (firstDay as CalendarDate) : null;
  const bookFrom = (opening?.from as CalendarDate | undefined) ?? earliestLine ?? date;
  const bankOpening = opening ? { from: opening.from as CalendarDate, amount: storedBigInt(opening.opening) } : null;
  return { bankOpening, bookFrom };
}

const bankLabel = (line: { description: string; reference: string }) =>
  [line.description, line.reference].filter((text) => text).join(" · ");
const bookLabel = (line: AccountLine) => `Asiento ${line.number} · ${line.description}`;
const bookKey = (line: { entryId: unknown; line: number }) => `${String(line.entryId)}:${line.line}`;

/**
 * The conciliación's input from what is still open at the date: the bank lines not reconciled by then
 * (their `reconciledAt`), the posted lines whose bank mark is absent or later, the bank's movement from
 * its imports' day totals and the books' balance from the period balances and one month summed by the
 * database — its cost follows the open items, not the account's history (decision 314).
 */
async function openLinesInputAt(
  account: BankAccountRecord,
  date: CalendarDate,
  session?: ClientSession,
): Promise<ReconciliationInput> {
  const { organizationId } = account;
  const { bankOpening, bookFrom } = await startOf(account, date, session);
  const bankFrom = bankOpening?.from ?? bookFrom;
  const [bankLines, bankMovement, balance, posted, reversed] = await readAll(session, [
    () => bankLinesOpenAt(organizationId, account._id, bankFrom, date, MAX_ACCOUNT_LINES, session),
    async () =>
      (await bankMovementFromImports(organizationId, account._id, bankFrom, date, session)) ??
      bankMovementBetween(organizationId, account._id, bankFrom, date, session),
    () => accountBalanceBefore(organizationId, account.ledgerAccount, addDays(date, 1), session),
    () => postedLinesOpenAt(organizationId, account.ledgerAccount, bookFrom, date, session),
    () => reversalPairsSince(organizationId, bookFrom, session),
  ] as const);
  const bookBalance = inBankCurrency(account.currency, { amount: balance.colones, dollars: balance.dollars });
  return {
    date,
    bankOpening,
    totals: { bankMovement, bookBalance },
    bankLines: bankLines.map((line) => ({
      date: line.date as CalendarDate,
      amount: line.amount,
      state: line.state,
      label: bankLabel(line),
      ...(line.reconciledAt ? { reconciledAt: line.reconciledAt as CalendarDate } : {}),
    })),
    bookLines: bookLinesInBankCurrency(account.currency, posted).map((line) => {
      // An entry and its reversal cancel out: once both are dated they are in transit no more.
      const reconciledAt = line.bankReconciledAt ?? reversed.get(line.entryId);
      return {
        date: line.date,
        amount: line.amount,
        label: bookLabel(line),
        ...(reconciledAt ? { reconciledAt } : {}),
      };
    }),
  };
}

/**
 * The conciliación's input recomputed from scratch: every bank line up to the date, every match of the
 * account and the days of the lines it ties, every posted line since the start — what the stored days
 * must agree with (`verifyReconciliation`).
 */
async function fromScratchInputAt(account: BankAccountRecord, date: CalendarDate): Promise<ReconciliationInput> {
  const { organizationId } = account;
  const { bankOpening, bookFrom } = await startOf(account, date);
  // Before the bank's first stated balance, the books' opening is their balance at the date itself.
  const dayAfter = addDays(date, 1);
  const [bankLines, matches, before, posted, reversed] = await Promise.all([
    bankLinesUpTo(organizationId, account._id, date, MAX_ACCOUNT_LINES),
    matchesOfAccount(organizationId, account._id),
    accountBalanceBefore(organizationId, account.ledgerAccount, bookFrom < dayAfter ? bookFrom : dayAfter),
    postedLinesOfAccount(organizationId, account.ledgerAccount, bookFrom, date),
    reversalPairsSince(organizationId, bookFrom),
  ]);
  const bookOpening = inBankCurrency(account.currency, { amount: before.colones, dollars: before.dollars });
  const bookLines = bookLinesInBankCurrency(account.currency, posted);
  const completed = await completionDays(account, matches);
  return {
    date,
    bankOpening,
    bookOpening,
    bankLines: bankLines.map((line) => ({
      date: line.date as CalendarDate,
      amount: line.amount,
      state: line.state,
      label: bankLabel(line),
      ...(completed.has(String(line._id)) ? { reconciledAt: completed.get(String(line._id))! } : {}),
    })),
    bookLines: bookLines.map((line) => {
      const reconciledAt = completed.get(bookKey(line)) ?? reversed.get(line.entryId);
      return {
        date: line.date,
        amount: line.amount,
        label: bookLabel(line),
        ...(reconciledAt ? { reconciledAt } : {}),
      };
    }),
  };
}

/**
 * The day each match of the account is complete (the latest day of its bank and posted lines), keyed by
 * bank line id and by `entryId:line`; a side not found makes it never complete.
 */
async function completionDays(
  account: BankAccountRecord,
  matches: ReadonlyArray<Pick<BankMatchRecord, "bankLineIds" | "postedLines">>,
): Promise<Map<string, CalendarDate>> {
  const FAR = "9999-12-31" as CalendarDate;
  const bankDays = new Map(
    (await bankLinesUpTo(account.organizationId, account._id, "9999-12-31", MAX_ACCOUNT_LINES)).map((line) => [
      String(line._id),
      line.date as CalendarDate,
    ]),
  );
  const bookDays = await postedLineDates(
    account.organizationId,
    matches.flatMap((match) => match.postedLines),
  );
  const completed = new Map<string, CalendarDate>();
  for (const match of matches) {
    const last = completedOn([
      ...match.bankLineIds.map((id) => bankDays.get(String(id)) ?? FAR),
      ...match.postedLines.map((line) => bookDays.get(bookKey(line)) ?? FAR),
    ]);
    for (const id of match.bankLineIds) completed.set(String(id), last);
    for (const line of match.postedLines) completed.set(bookKey(line), last);
  }
  return completed;
}

/**
 * Matches stored before they kept their day get it now, with their bank lines' `reconciledAt` and their
 * posted lines' mark, in one transaction: what the conciliación and matching read from then on.
 */
export async function storeMissingReconciliationDays(account: BankAccountRecord): Promise<void> {
  const unmarked = await unmarkedMatchesOfAccount(account.organizationId, account._id);
  if (unmarked.length === 0) return;
  const completed = await completionDays(account, unmarked);
  await withTransaction(async (session) => {
    for (const match of unmarked) {
      const day = completed.get(String(match.bankLineIds[0]))!;
      await setMatchDay(match._id, day, session);
      const filter = { organizationId: account.organizationId, bankAccountId: account._id, ids: match.bankLineIds };
      await setReconciledDay(filter, day, session);
      await markPostedLinesForBank(
        account.organizationId,
        account.ledgerAccount,
        match.postedLines.map((line) => ({ ...line, day })),
        session,
      );
    }
  });
}

const itemOrder = (item: ReconciliationItem) => `${item.date}|${item.amount}|${item.label}`;
const sortedItems = (items: readonly ReconciliationItem[]) =>
  items.map(itemOrder).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The bank's verification, like the ledger's: the conciliación at each date read from the stored days
 * equals the one recomputed from every line and match, item by item; and every stored day equals its
 * match's. Returns the differences found (none when all agree).
 */
export async function verifyReconciliation(
  account: BankAccountRecord,
  dates: readonly CalendarDate[],
): Promise<string[]> {
  const differences: string[] = [];
  for (const date of dates) {
    const [open, scratch] = await Promise.all([openLinesInputAt(account, date), fromScratchInputAt(account, date)]);
    const stored = reconcile(open);
    const recomputed = reconcile(scratch);
    for (const key of Object.keys(recomputed) as Array<keyof Reconciliation>)
      if (JSON.stringify(stored[key], bigintText) !== JSON.stringify(recomputed[key], bigintText))
        differences.push(
          `${date} ${key}: ${JSON.stringify(stored[key], bigintText)} ≠ ${JSON.stringify(recomputed[key], bigintText)}`,
        );
    const storedDetail = reconciliationDetail(open);
    const recomputedDetail = reconciliationDetail(scratch);
    for (const section of Object.keys(recomputedDetail) as Array<keyof ReconciliationDetail>)
      if (sortedItems(storedDetail[section]).join("\n") !== sortedItems(recomputedDetail[section]).join("\n"))
        differences.push(`${date} ${section}: las partidas difieren`);
  }
  const matches = await matchesOfAccount(account.organizationId, account._id);
  const completed = await completionDays(account, matches);
  const [lines, marked] = await Promise.all([
    bankLinesUpTo(account.organizationId, account._id, "9999-12-31", MAX_ACCOUNT_LINES),
    postedLinesOfAccount(
      account.organizationId,
      account.ledgerAccount,
      "0000-01-01" as CalendarDate,
      "9999-12-31" as CalendarDate,
    ),
  ]);
  for (const line of lines) {
    const expected = completed.get(String(line._id));
    if (
      (line.reconciledAt ?? null) !== (expected ?? null) ||
      (line.state === "conciliado") !== (expected !== undefined)
    )
      differences.push(`línea ${String(line._id)}: ${line.state} ${line.reconciledAt ?? "—"} ≠ ${expected ?? "—"}`);
  }
  for (const line of marked) {
    const expected = completed.get(bookKey(line));
    if ((line.bankReconciledAt ?? null) !== (expected ?? null))
      differences.push(
        `asiento ${line.number} línea ${line.line}: ${line.bankReconciledAt ?? "—"} ≠ ${expected ?? "—"}`,
      );
  }
  return differences;
}

const bigintText = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);
