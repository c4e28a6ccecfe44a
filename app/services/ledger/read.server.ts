import type { EntryDisplayStatus } from "~/domain/entries/labels";
import { accountCodePrefix, type EntrySourceKind } from "~/domain/ledger";
import { pageWindow } from "~/domain/ledger";
import { Entry, findEntry, findEntryBySubmission, type EntryRecord } from "~models/entry";
import type { Cents } from "~/domain/money";
import { foldedPattern } from "~/domain/text";
import { toCents } from "./records.server";

/** The organization's entry; null for an unknown id and for another organization's entry (a 404). */
export function getEntry(organizationId: string, id: string): Promise<EntryRecord | null> {
  return findEntry(organizationId, id);
}

export interface EntryFilters {
  from?: string;
  to?: string;
  text?: string;
  /** An account code; a parent includes its children. */
  account?: string;
  source?: EntrySourceKind;
  /** "contabilizado" means posted and still standing; "revertido", posted and later reversed. */
  status?: EntryDisplayStatus;
}

/** A MongoDB condition on a line's account: the code itself, or every code under a parent. */
export function accountCondition(code: string): string | { $regex: string } {
  const prefix = accountCodePrefix(code);
  return prefix === code ? code : { $regex: `^${prefix}` };
}

export function entryFilter(organizationId: string, filters: EntryFilters): Record<string, unknown> {
  const filter: Record<string, unknown> = { organizationId };
  if (filters.from || filters.to) {
    filter.date = { ...(filters.from ? { $gte: filters.from } : {}), ...(filters.to ? { $lte: filters.to } : {}) };
  }
  if (filters.status === "borrador") filter.status = "borrador";
  if (filters.status === "contabilizado")
    Object.assign(filter, { status: "contabilizado", reversedBy: { $exists: false } });
  if (filters.status === "revertido") Object.assign(filter, { status: "contabilizado", reversedBy: { $exists: true } });
  if (filters.source) filter["source.kind"] = filters.source;
  if (filters.account) filter["lines.account"] = accountCondition(filters.account);
  const text = filters.text?.trim();
  if (text) {
    // Descriptions are kept as typed: the folded query becomes a pattern that matches their accents and case.
    const pattern = { $regex: foldedPattern(text) };
    filter.$or = [
      { description: pattern },
      { reference: pattern },
      { number: pattern },
      { "lines.description": pattern },
    ];
  }
  return filter;
}

export interface EntryList {
  rows: EntryRecord[];
  count: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** Σ of the listed entries' debits (= credits: every posted entry balances; drafts may not). */
  totalDebit: Cents;
}

/** One page of the filtered history, newest first, with the count and totals of the whole filter. */
export async function listEntries(
  organizationId: string,
  filters: EntryFilters,
  paging: { page?: number; pageSize?: number } = {},
): Promise<EntryList> {
  const filter = entryFilter(organizationId, filters);
  const [summary] = await Entry.aggregate<{ count: number; totalDebit: unknown }>([
    { $match: filter },
    { $group: { _id: null, count: { $sum: 1 }, totalDebit: { $sum: "$totalDebit" } } },
  ]);
  const count = summary?.count ?? 0;
  const window = pageWindow(paging.page ?? 1, paging.pageSize ?? 50, count);
  const rows = await Entry.find(filter, { history: 0 })
    .sort({ date: -1, number: -1, _id: -1 })
    .skip(window.offset)
    .limit(window.pageSize)
    .lean<EntryRecord[]>();
  return {
    rows,
    count,
    page: window.page,
    pageSize: window.pageSize,
    pageCount: window.pageCount,
    totalDebit: toCents(summary?.totalDebit),
  };
}

/** Accounts any entry of the organization uses (drafts too): the catalog refuses to remove them or give them children. */
export async function accountsInUse(organizationId: string): Promise<Set<string>> {
  const accounts: string[] = await Entry.distinct("lines.account", { organizationId });
  return new Set(accounts);
}

/**
 * Whether any line of the account (drafts included) is in colones only: no dollar amount beside it.
 * Such an account cannot start being kept in dollars (decision 282).
 */
export async function accountHasColonLines(organizationId: string, account: string): Promise<boolean> {
  const found = await Entry.findOne(
    {
      organizationId,
      lines: {
        $elemMatch: { account, $or: [{ currency: { $ne: "USD" } }, { foreignAmount: { $exists: false } }] },
      },
    },
    { _id: 1 },
  ).lean();
  return found !== null;
}

/** The entry an earlier submission of the same form posted (its one-time token), or null. */
export function entryBySubmission(organizationId: string, token: string): Promise<EntryRecord | null> {
  return findEntryBySubmission(organizationId, token);
}

/**
 * Posted, not reversed entries of one source kind whose source id matches a pattern (e.g. a month's
 * IVA rectifications «2026-10/v2»): their ids and dates.
 */
export function standingEntriesOfSource(
  organizationId: string,
  kind: EntrySourceKind,
  sourceIdPattern: string,
): Promise<Array<{ _id: unknown; date: string }>> {
  return Entry.find(
    {
      organizationId,
      status: "contabilizado",
      "source.kind": kind,
      "source.id": { $regex: sourceIdPattern },
      reversedBy: { $exists: false },
    },
    { _id: 1, date: 1 },
  ).lean<Array<{ _id: unknown; date: string }>>();
}
