import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cents } from "../money";
import { balanceChanges, diffBalances, mergeChanges, rebuildBalances, type BalanceMap, balanceKey } from "./balances";

const lines = [
  { account: "A", date: "2026-01-05", debit: cents(100n), credit: cents(0n) },
  { account: "B", date: "2026-01-05", debit: cents(0n), credit: cents(100n) },
  { account: "A", date: "2026-01-31", debit: cents(0n), credit: cents(40n) },
  { account: "A", date: "2026-02-01", debit: cents(7n), credit: cents(0n) },
];

function apply(map: BalanceMap, rows: ReturnType<typeof balanceChanges>) {
  for (const row of rows) {
    const key = balanceKey(row.account, row.period);
    const current = map.get(key) ?? {
      account: row.account,
      period: row.period,
      debit: cents(0n),
      credit: cents(0n),
      lineCount: 0,
    };
    map.set(key, {
      ...current,
      debit: cents(current.debit + row.debit),
      credit: cents(current.credit + row.credit),
      lineCount: current.lineCount + row.lineCount,
    });
  }
}

describe("period balances", () => {
  it("rebuilds Σ debit, Σ credit and line count per account and month", () => {
    const map = rebuildBalances(lines);
    expect(map.get("A|2026-01")).toEqual({ account: "A", period: "2026-01", debit: 100n, credit: 40n, lineCount: 2 });
    expect(map.get("A|2026-02")).toEqual({ account: "A", period: "2026-02", debit: 7n, credit: 0n, lineCount: 1 });
    expect(map.size).toBe(3);
  });

  it("reports each differing account and month, treating zero rows as none", () => {
    const expected = rebuildBalances(lines);
    const stored = rebuildBalances(lines);
    stored.set("C|2026-03", { account: "C", period: "2026-03", debit: cents(0n), credit: cents(0n), lineCount: 0 });
    expect(diffBalances(expected, stored)).toEqual([]);
    stored.get("A|2026-02")!.debit = cents(8n);
    stored.delete("B|2026-01");
    expect(diffBalances(expected, stored)).toEqual([
      {
        account: "A",
        period: "2026-02",
        expected: { debit: 7n, credit: 0n, lineCount: 1 },
        stored: { debit: 8n, credit: 0n, lineCount: 1 },
      },
      {
        account: "B",
        period: "2026-01",
        expected: { debit: 0n, credit: 100n, lineCount: 1 },
        stored: { debit: 0n, credit: 0n, lineCount: 0 },
      },
    ]);
  });

  it("posting, editing and un-posting through changes equals a rebuild (property)", () => {
    const line = fc.record({
      account: fc.constantFrom("A", "B", "C"),
      debit: fc.bigInt({ min: 0n, max: 1000n }).map(cents),
      credit: fc.bigInt({ min: 0n, max: 1000n }).map(cents),
    });
    const entry = fc.record({
      date: fc.constantFrom("2026-01-10", "2026-02-10", "2027-01-01"),
      lines: fc.array(line, { minLength: 1, maxLength: 4 }),
    });
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.array(entry, { maxLength: 6 }),
        (posted, removed, edits) => {
          const live = [...posted];
          const stored: BalanceMap = new Map();
          for (const e of posted) apply(stored, balanceChanges(e.date, e.lines, 1));
          for (const [i, pick] of removed.entries()) {
            if (live.length === 0) break;
            const index = pick % live.length;
            const old = live[index];
            const replacement = edits[i];
            if (replacement) {
              apply(
                stored,
                mergeChanges(
                  balanceChanges(old.date, old.lines, -1),
                  balanceChanges(replacement.date, replacement.lines, 1),
                ),
              );
              live[index] = replacement;
            } else {
              apply(stored, balanceChanges(old.date, old.lines, -1));
              live.splice(index, 1);
            }
          }
          const rebuilt = rebuildBalances(live.flatMap((e) => e.lines.map((l) => ({ ...l, date: e.date }))));
          expect(diffBalances(rebuilt, stored)).toEqual([]);
        },
      ),
    );
  });
});
