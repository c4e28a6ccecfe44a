import type { Types } from "mongoose";
import type { CalendarDate } from "~/domain/calendar";
import { amountToCents, cents, type Cents } from "~/domain/money";
import { addToAging, emptyAging, type AgingTotals, type Side } from "~/domain/open-items";
import { OPENING_KIND } from "~/domain/open-items/opening-import";
import { getDefaultAccounts } from "~/services/default-accounts/default-accounts.server";
import { counterpartyNames } from "~models/counterparty";
import {
  allPartyRows,
  countOwingParties,
  dueBalanceRows,
  owingPartiesPage,
  type PartyBalanceRow,
} from "~models/open-balance";
import {
  findAgingItems,
  findItemsDatedAfter,
  findItemsOwing,
  findItemsOwingOf,
  type AgingItemRecord,
} from "~models/open-item";
import { rejectedSources } from "~models/open-item-sources";
import { bookingStatesOf } from "~models/receipt-booking";
import { findSettlementsAfter } from "~models/settlement";
import { controlBalanceAt } from "./control.server";

/** Counterparties per page of the aging: the totals always cover all of them. */
export const AGING_PAGE_SIZE = 50;

export interface PartyAging {
  partyId: string;
  cedula: string;
  nombre: string;
  aging: AgingTotals;
  openCount: number;
}

export interface Agreement {
  controlAccount: string;
  control: Cents;
  items: Cents;
  /** control − items. */
  difference: Cents;
  /** Items of receipts that have no posted entry yet: in the open items, not in the books. */
  unbooked: Cents;
  unbookedCount: number;
  /**
   * Receipts rejected (by Hacienda or the receptor message) whose entry still stands: in the books,
   * no longer in the open items, until the entry is reversed.
   */
  rejected: Cents;
  rejectedCount: number;
  /** What the rest of the difference is: entries straight to the control account, opening balances. */
  other: Cents;
  /** Open imported opening balances (part of `items`), which the books' opening entry explains. */
  opening: Cents;
  openingCount: number;
}

export interface AgingView {
  at: CalendarDate;
  /** The counterparties of the page, largest balance first. */
  parties: PartyAging[];
  /** How many counterparties have a balance at `at`, on every page. */
  partyCount: number;
  page: number;
  pageCount: number;
  totals: AgingTotals;
  agreement: Agreement;
}

/** An item whose balance at `at` is not its balance today. */
interface ChangedItem {
  item: AgingItemRecord;
  now: bigint;
  then: bigint;
}

const owes = (balance: bigint) => (balance === 0n ? 0 : 1);

/**
 * The items whose balance at the end of `at` differs from today's: those dated after it (they were
 * not there yet) and those a settlement dated, or undone, after it touched. Everything else stands
 * at `at` as the kept balances say.
 */
async function changedSince(organizationId: string, side: Side, at: CalendarDate): Promise<ChangedItem[]> {
  const [dated, later] = await Promise.all([
    findItemsDatedAfter(organizationId, side, at),
    findSettlementsAfter(organizationId, side, at),
  ]);
  const byId = new Map(dated.map((item) => [String(item._id), item]));
  const touched = new Map<string, Types.ObjectId>();
  for (const settlement of later)
    for (const line of settlement.lines)
      if (!byId.has(String(line.itemId))) touched.set(String(line.itemId), line.itemId);
  for (const item of await findAgingItems(organizationId, [...touched.values()])) byId.set(String(item._id), item);
  const then = new Map<string, bigint>();
  for (const [id, item] of byId) then.set(id, item.balance);
  for (const settlement of later) {
    const countsNow = !settlement.reversedOn;
    const countedThen = settlement.date <= at && (!settlement.reversedOn || settlement.reversedOn > at);
    if (countsNow === countedThen) continue;
    for (const line of settlement.lines) {
      const id = String(line.itemId);
      if (then.has(id)) then.set(id, then.get(id)! + (countedThen ? line.delta : -line.delta));
    }
  }
  const changed: ChangedItem[] = [];
  for (const [id, item] of byId) {
    const balance = item.settledAtIssue || item.fecha > at ? 0n : then.get(id)!;
    if (balance !== item.balance) changed.push({ item, now: item.balance, then: balance });
  }
  return changed;
}

/** The side's counterparties with a balance at `at`, and one page of them (largest balance first). */
async function partyRowsAt(
  organizationId: string,
  side: Side,
  changed: readonly ChangedItem[],
  page: number,
): Promise<{ rows: PartyBalanceRow[]; count: number; page: number; pageCount: number }> {
  const pageOf = (count: number) => {
    const pageCount = Math.max(1, Math.ceil(count / AGING_PAGE_SIZE));
    return { count, pageCount, page: Math.min(page, pageCount) };
  };
  if (changed.length === 0) {
    const paging = pageOf(await countOwingParties(organizationId, side));
    const rows = await owingPartiesPage(organizationId, side, (paging.page - 1) * AGING_PAGE_SIZE, AGING_PAGE_SIZE);
    return { rows, ...paging };
  }
  const byParty = new Map((await allPartyRows(organizationId, side)).map((row) => [String(row.partyId), { ...row }]));
  for (const { item, now, then } of changed) {
    const key = String(item.partyId);
    const row = byParty.get(key) ?? { partyId: item.partyId, balance: 0n, count: 0 };
    row.balance += then - now;
    row.count += owes(then) - owes(now);
    byParty.set(key, row);
  }
  const owing = [...byParty.values()]
    .filter((row) => row.count > 0)
    .sort((a, b) =>
      a.balance !== b.balance ? (b.balance > a.balance ? 1 : -1) : String(a.partyId).localeCompare(String(b.partyId)),
    );
  const paging = pageOf(owing.length);
  const start = (paging.page - 1) * AGING_PAGE_SIZE;
  return { rows: owing.slice(start, start + AGING_PAGE_SIZE), ...paging };
}

/** Each listed counterparty's balances in buckets at `at`, from its items owing today and the changed ones. */
async function agingOfParties(
  organizationId: string,
  side: Side,
  at: CalendarDate,
  rows: readonly PartyBalanceRow[],
  changed: readonly ChangedItem[],
): Promise<PartyAging[]> {
  const ids = rows.map((row) => row.partyId);
  const listed = new Set(ids.map(String));
  const [owing, names] = await Promise.all([
    findItemsOwingOf(organizationId, side, ids),
    counterpartyNames(organizationId, ids),
  ]);
  const balances = new Map(owing.map((item) => [String(item._id), { item, balance: item.balance }]));
  for (const { item, then } of changed)
    if (listed.has(String(item.partyId))) balances.set(String(item._id), { item, balance: then });
  const agings = new Map(ids.map((id) => [String(id), emptyAging()]));
  for (const { item, balance } of balances.values())
    if (balance !== 0n) addToAging(agings.get(String(item.partyId))!, item.dueDate as CalendarDate, at, cents(balance));
  const nameOf = new Map(names.map((party) => [String(party._id), party]));
  return rows.map((row) => {
    const party = nameOf.get(String(row.partyId));
    return {
      partyId: String(row.partyId),
      cedula: party?.cedula ?? "",
      nombre: party?.nombre ?? "",
      aging: agings.get(String(row.partyId))!,
      openCount: row.count,
    };
  });
}

/**
 * /receivables and /payables: per counterparty balance in aging buckets at `at` (one page of them),
 * the totals of all, and the books' agreement. Reads the kept balances and replays only what changed
 * after `at` (docs/decisions/270-open-balances-kept-per-counterparty-and-due-date.md).
 */
export async function agingView(organizationId: string, side: Side, at: CalendarDate, page = 1): Promise<AgingView> {
  const [changed, dueRows] = await Promise.all([
    changedSince(organizationId, side, at),
    dueBalanceRows(organizationId, side),
  ]);
  const totals = emptyAging();
  let opening = 0n;
  let openingCount = 0;
  for (const row of dueRows) {
    addToAging(totals, row.dueDate as CalendarDate, at, cents(row.balance));
    opening += row.openingBalance;
    openingCount += row.openingCount;
  }
  for (const { item, now, then } of changed) {
    addToAging(totals, item.dueDate as CalendarDate, at, cents(then - now));
    if (item.kind === OPENING_KIND) {
      opening += then - now;
      openingCount += owes(then) - owes(now);
    }
  }
  const listed = await partyRowsAt(organizationId, side, changed, page);
  const parties = await agingOfParties(organizationId, side, at, listed.rows, changed);
  return {
    at,
    parties,
    partyCount: listed.count,
    page: listed.page,
    pageCount: listed.pageCount,
    totals,
    agreement: await agreementOf(organizationId, side, at, totals.total, { opening, openingCount }, changed),
  };
}

/**
 * The control account against the items. Where they differ, the part that receipts not booked yet
 * explain needs every item open at `at` and its receipt's booking; when they agree there is nothing
 * to explain and those reads are skipped.
 */
async function agreementOf(
  organizationId: string,
  side: Side,
  at: CalendarDate,
  itemsTotal: Cents,
  opening: { opening: bigint; openingCount: number },
  changed: readonly ChangedItem[],
): Promise<Agreement> {
  const accounts = await getDefaultAccounts(organizationId);
  const controlAccount = side === "receivable" ? accounts.receivable : accounts.payable;
  const control = await controlBalanceAt(organizationId, side, controlAccount, at);
  const difference = control - itemsTotal;
  const { unbooked, unbookedCount } =
    difference === 0n ? { unbooked: 0n, unbookedCount: 0 } : await unbookedAt(organizationId, side, changed);
  const { rejected, rejectedCount } =
    difference === 0n ? { rejected: 0n, rejectedCount: 0 } : await rejectedStillBooked(organizationId, side);
  return {
    controlAccount,
    control,
    items: itemsTotal,
    difference: cents(difference),
    unbooked: cents(-unbooked),
    unbookedCount,
    rejected: cents(rejected),
    rejectedCount,
    other: cents(difference + unbooked - rejected),
    opening: cents(opening.opening),
    openingCount: opening.openingCount,
  };
}

async function unbookedAt(organizationId: string, side: Side, changed: readonly ChangedItem[]) {
  const balances = new Map(
    (await findItemsOwing(organizationId, side)).map((item) => [String(item._id), { item, balance: item.balance }]),
  );
  for (const { item, then } of changed) balances.set(String(item._id), { item, balance: then });
  const open = [...balances.values()].filter(({ balance }) => balance !== 0n);
  const states = await bookingStatesOf(
    organizationId,
    open.flatMap(({ item }) => (item.receiptId ? [String(item.receiptId)] : [])),
  );
  let unbooked = 0n;
  let unbookedCount = 0;
  for (const { item, balance } of open) {
    if (!item.receiptId || states.get(String(item.receiptId))?.status === "contabilizado") continue;
    unbooked += balance;
    unbookedCount += 1;
  }
  return { unbooked, unbookedCount };
}

/** The side's rejected receipts whose entry is still posted, with the amount it left in the control account. */
async function rejectedStillBooked(organizationId: string, side: Side) {
  const receipts = (await rejectedSources(organizationId)).filter(
    (receipt) => (receipt.kind === "FEC" || receipt.direction === "received" ? "payable" : "receivable") === side,
  );
  const states = await bookingStatesOf(
    organizationId,
    receipts.map((receipt) => String(receipt._id)),
  );
  let rejected = 0n;
  let rejectedCount = 0;
  for (const receipt of receipts) {
    if (states.get(String(receipt._id))?.status !== "contabilizado") continue;
    const amount = amountToCents(receipt.totalColones);
    rejected += receipt.kind === "NC" ? -amount : amount;
    rejectedCount += 1;
  }
  return { rejected, rejectedCount };
}
