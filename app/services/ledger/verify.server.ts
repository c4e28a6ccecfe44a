import {
  balanceKey,
  diffBalances,
  rebuildBalances,
  signedDollars,
  type BalanceDifference,
  type BalanceMap,
} from "~/domain/ledger";
import { Entry, type EntryRecord } from "~models/entry";
import { periodBalancesCursor, type PeriodBalanceRecord } from "~models/period-balance";
import { PostedLine, type PostedLineRecord } from "~models/posted-line";
import { cents, type Cents } from "~/domain/money";
import { toBigInt, toCents } from "./records.server";

/** The balances the posted lines imply, read line by line from a cursor. */
export async function rebuildFromPostedLines(organizationId: string): Promise<BalanceMap> {
  const rebuilt: BalanceMap = new Map();
  const cursor = Entry.find(
    { organizationId, status: "contabilizado" },
    {
      date: 1,
      "lines.account": 1,
      "lines.debit": 1,
      "lines.credit": 1,
      "lines.currency": 1,
      "lines.foreignAmount": 1,
    },
  )
    .lean<EntryRecord[]>()
    .cursor();
  for await (const entry of cursor as AsyncIterable<EntryRecord>) {
    rebuildBalances(
      entry.lines.map((line) => {
        const debit = toCents(line.debit);
        const credit = toCents(line.credit);
        const foreignAmount = line.foreignAmount == null ? undefined : toBigInt(line.foreignAmount);
        return {
          account: line.account,
          date: entry.date,
          debit,
          credit,
          dollars: signedDollars({ debit, credit, currency: line.currency, foreignAmount }),
        };
      }),
      rebuilt,
    );
  }
  return rebuilt;
}

/** The same balances from the posted-line copies the movement list reads. */
export async function rebuildFromPostedLineCopies(organizationId: string): Promise<BalanceMap> {
  const rebuilt: BalanceMap = new Map();
  const cursor = PostedLine.find({ organizationId }, { _id: 0, account: 1, date: 1, debit: 1, credit: 1, dollars: 1 })
    .lean<PostedLineRecord[]>()
    .cursor();
  const batch: PostedLineRecord[] = [];
  const flush = () => {
    rebuildBalances(
      batch.map((line) => ({
        account: line.account,
        date: line.date,
        debit: toCents(line.debit),
        credit: toCents(line.credit),
        dollars: toBigInt(line.dollars),
      })),
      rebuilt,
    );
    batch.length = 0;
  };
  for await (const line of cursor as AsyncIterable<PostedLineRecord>) {
    batch.push(line);
    if (batch.length >= 1000) flush();
  }
  flush();
  return rebuilt;
}

export async function storedBalances(organizationId: string): Promise<BalanceMap> {
  const stored: BalanceMap = new Map();
  for await (const row of periodBalancesCursor(organizationId) as AsyncIterable<PeriodBalanceRecord>) {
    stored.set(balanceKey(row.account, row.period), {
      account: row.account,
      period: row.period,
      debit: toCents(row.debit),
      credit: toCents(row.credit),
      lineCount: Number(row.lineCount),
      ...(row.dollars ? { dollars: toBigInt(row.dollars) } : {}),
    });
  }
  return stored;
}

/**
 * Rebuilds the period balances from the posted entries' lines and returns every difference with the
 * stored balances, then every difference with the posted-line copies (none: the books agree).
 */
export async function verifyLedger(organizationId: string): Promise<BalanceDifference[]> {
  const [rebuilt, stored, copies] = await Promise.all([
    rebuildFromPostedLines(organizationId),
    storedBalances(organizationId),
    rebuildFromPostedLineCopies(organizationId),
  ]);
  return [...diffBalances(rebuilt, stored), ...diffBalances(rebuilt, copies)];
}

/** Σ debit and Σ credit per leaf account from the period balances (optionally months from–to). */
export async function accountTotals(
  organizationId: string,
  months: { from?: string; to?: string } = {},
): Promise<Map<string, { debit: Cents; credit: Cents }>> {
  const totals = new Map<string, { debit: Cents; credit: Cents }>();
  for (const row of (await storedBalances(organizationId)).values()) {
    if ((months.from && row.period < months.from) || (months.to && row.period > months.to)) continue;
    if (row.lineCount === 0 && row.debit === 0n && row.credit === 0n) continue;
    const total = totals.get(row.account);
    totals.set(
      row.account,
      total
        ? { debit: cents(total.debit + row.debit), credit: cents(total.credit + row.credit) }
        : { debit: row.debit, credit: row.credit },
    );
  }
  return totals;
}
