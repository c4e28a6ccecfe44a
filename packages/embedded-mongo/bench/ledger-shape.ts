import { ObjectId } from "bson";
import type { Doc } from "../src/bson/values";

/**
 * Documents shaped like the app's posted ledger: an entry with three lines, one copy per line for the
 * movement list, and the period balances of the three accounts, with the app's indexes.
 */
export const ORGANIZATION = "CR:3101000000";
const ACCOUNTS = Array.from(
  { length: 240 },
  (_, i) => `10-${String(1 + (i % 9)).padStart(2, "0")}-01-${String(1 + i).padStart(3, "0")}`,
);

export const INDEXES: Record<string, Doc[]> = {
  entries: [
    {
      key: { organizationId: 1, fiscalYear: 1, number: 1 },
      name: "organizationId_1_fiscalYear_1_number_1",
      unique: true,
      partialFilterExpression: { number: { $type: "string" } },
    },
    { key: { organizationId: 1, status: 1, date: 1, number: 1 }, name: "organizationId_1_status_1_date_1_number_1" },
    { key: { organizationId: 1, "lines.account": 1, date: 1 }, name: "organizationId_1_lines.account_1_date_1" },
    {
      key: { organizationId: 1, "source.kind": 1, "source.id": 1 },
      name: "organizationId_1_source.kind_1_source.id_1",
    },
  ],
  posted_lines: [
    { key: { organizationId: 1, account: 1, date: 1, number: 1, line: 1 }, name: "book_order" },
    { key: { organizationId: 1, entryId: 1 }, name: "organizationId_1_entryId_1" },
  ],
  period_balances: [
    { key: { organizationId: 1, account: 1, period: 1 }, name: "organizationId_1_account_1_period_1", unique: true },
    { key: { organizationId: 1, period: 1 }, name: "organizationId_1_period_1" },
  ],
};

export interface PostedEntry {
  entry: Doc;
  lines: Doc[];
  balances: Array<{ account: string; period: string; debit: bigint; credit: bigint }>;
}

/** The last month of the ten fiscal years `postedEntry` spreads entries over. */
export const LATEST_MONTH = "2025-12";

/**
 * Entry `i`: dated in one of ten fiscal years (or, with `month`, on one of that month's first 28 days),
 * three lines on pseudo-random accounts.
 */
export function postedEntry(i: number, tag = "e", month?: string): PostedEntry {
  const year = month ? Number(month.slice(0, 4)) : 2016 + (i % 10);
  const day = Math.floor(i / 10) % 365;
  const date = month
    ? `${month}-${String(1 + (i % 28)).padStart(2, "0")}`
    : new Date(Date.UTC(year, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
  const number = `${year}-${tag}${String(i).padStart(8, "0")}`;
  const pick = (k: number) => ACCOUNTS[(i * 7 + k * 13 + Math.floor(i / 3)) % ACCOUNTS.length];
  const a = BigInt(1 + (i % 5_000_000)) * 1000n;
  const b = BigInt(1 + ((i * 31) % 5_000_000)) * 1000n;
  const now = new Date();
  const _id = new ObjectId();
  const lines = [
    { account: pick(0), debit: a + b, credit: 0n, description: "cargo" },
    { account: pick(1), debit: 0n, credit: a, description: "" },
    { account: pick(2), debit: 0n, credit: b, description: "" },
  ];
  const entry: Doc = {
    _id,
    organizationId: ORGANIZATION,
    fiscalYear: year,
    number,
    date,
    status: "posted",
    description: `Movimiento ${i + 1}`,
    lines,
    source: { kind: "manual" },
    createdBy: "bench",
    createdAt: now,
    updatedBy: "bench",
    updatedAt: now,
    postedAt: now,
    history: [],
  };
  const period = date.slice(0, 7);
  return {
    entry,
    lines: lines.map((line, index) => ({
      _id: new ObjectId(),
      organizationId: ORGANIZATION,
      account: line.account,
      date,
      number,
      line: index,
      entryId: _id,
      description: line.description,
      debit: line.debit,
      credit: line.credit,
    })),
    balances: lines.map((line) => ({ account: line.account, period, debit: line.debit, credit: line.credit })),
  };
}
