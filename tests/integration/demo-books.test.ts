import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarDate } from "../../app/domain/calendar";
import { journalAccountName } from "../../app/domain/ledger";
import { cents, parseDecimal } from "../../app/domain/money";
import {
  accountMovements,
  accountTotals,
  exportJournal,
  listEntries,
  verifyLedger,
} from "../../app/services/ledger/ledger.server";
import { ensureOrganization } from "../../models/organization";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import { demoBooksRange, demoEntries } from "../../scripts/demo-entries";
import { DEMO_BOOKS_ORGANIZATIONS, seedDemoEntries } from "../../scripts/seed-demo-entries";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";

// The demo books (npm run seed -- --demo): seeded twice, they must be the same books, balanced, with
// Activo = Pasivo + Patrimonio + the year's result, and hledger must read the same totals.
const TODAY = "2026-11-23" as CalendarDate;
const hledger = spawnSync("hledger", ["--version"], { encoding: "utf8" });
const HLEDGER_MISSING = hledger.error !== undefined || hledger.status !== 0;
if (HLEDGER_MISSING)
  console.warn(
    "hledger is not installed: skipping the demo journal check (scripts/install-test-system-packages.sh installs it)",
  );

let environment: AppEnvironment;
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "demo-books-"));
const logs: string[] = [];

beforeAll(async () => {
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  await seedDemoEntries({ log: (line) => logs.push(line), today: TODAY });
}, 180_000);

afterAll(async () => {
  await environment?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

/** debit − credit per leaf account from the books' own period balances. */
async function balances(organizationId: string): Promise<Map<string, bigint>> {
  const result = new Map<string, bigint>();
  for (const [account, { debit, credit }] of await accountTotals(organizationId)) result.set(account, debit - credit);
  return result;
}

function groupTotal(books: Map<string, bigint>, group: string): bigint {
  let total = 0n;
  for (const [account, balance] of books) if (account.startsWith(`${group}-`)) total += balance;
  return total;
}

describe("the demo books", () => {
  it("are generated the same way every time, 30–60 entries a month, dated from 1 January to today", () => {
    for (const organizationId of DEMO_BOOKS_ORGANIZATIONS) {
      const entries = demoEntries(organizationId, TODAY);
      expect(JSON.stringify(entries, (_, value) => (typeof value === "bigint" ? String(value) : value))).toBe(
        JSON.stringify(demoEntries(organizationId, TODAY), (_, value) =>
          typeof value === "bigint" ? String(value) : value,
        ),
      );
      expect(entries[0].input.date).toBe("2026-01-01");
      expect(entries.every((entry) => entry.input.date >= "2026-01-01" && entry.input.date <= TODAY)).toBe(true);
      const perMonth = new Map<string, number>();
      for (const entry of entries)
        perMonth.set(entry.input.date.slice(0, 7), (perMonth.get(entry.input.date.slice(0, 7)) ?? 0) + 1);
      expect(perMonth.size).toBe(11);
      for (const [month, count] of perMonth) {
        if (month === "2026-11") continue;
        expect(count, month).toBeGreaterThanOrEqual(30);
        expect(count, month).toBeLessThanOrEqual(60);
      }
    }
    // Early in a year the books also cover the year before, so the screens are never empty.
    expect(demoBooksRange("2027-02-10" as CalendarDate)).toEqual({ from: "2026-01-01", to: "2027-02-10" });
    expect(demoBooksRange("2027-03-01" as CalendarDate)).toEqual({ from: "2027-01-01", to: "2027-03-01" });
  });

  it("are seeded once: a second run adds nothing", async () => {
    const before = await Promise.all(DEMO_BOOKS_ORGANIZATIONS.map((id) => listEntries(id, {}, { pageSize: 1 })));
    const totalsBefore = await Promise.all(DEMO_BOOKS_ORGANIZATIONS.map(balances));
    await seedDemoEntries({ log: (line) => logs.push(line), today: "2026-12-01" as CalendarDate });
    const after = await Promise.all(DEMO_BOOKS_ORGANIZATIONS.map((id) => listEntries(id, {}, { pageSize: 1 })));
    expect(after.map((list) => list.count)).toEqual(before.map((list) => list.count));
    expect(await Promise.all(DEMO_BOOKS_ORGANIZATIONS.map(balances))).toEqual(totalsBefore);
    expect(logs.filter((line) => line.includes("already has entries"))).toHaveLength(2);
    for (const [i, organizationId] of DEMO_BOOKS_ORGANIZATIONS.entries()) {
      const drafts = await listEntries(organizationId, { status: "borrador" });
      expect(drafts.count).toBe(organizationId === "CR:3101123456" ? 3 : 2);
      expect(before[i].count).toBe(demoEntries(organizationId, TODAY).length);
    }
  });

  it("balance, agree with a rebuild, and give Activo = Pasivo + Patrimonio + the year's result", async () => {
    for (const organizationId of DEMO_BOOKS_ORGANIZATIONS) {
      expect(await verifyLedger(organizationId)).toEqual([]);
      const books = await balances(organizationId);
      const assets = groupTotal(books, "10");
      const liabilities = -groupTotal(books, "20");
      const equity = -groupTotal(books, "30");
      const result = -(groupTotal(books, "40") + groupTotal(books, "50") + groupTotal(books, "60"));
      expect(groupTotal(books, "70")).toBe(0n);
      expect(assets).toBe(liabilities + equity + result);
      // A believable business: it owns more than it owes and made a profit this year.
      expect(assets).toBeGreaterThan(liabilities);
      expect(result).toBeGreaterThan(0n);
      expect(groupTotal(books, "40")).toBeLessThan(0n);
      // Money in the bank and the register never runs out.
      for (const account of ["10-01-01-01-00", "10-01-01-03-01"])
        expect(books.get(account)!, account).toBeGreaterThan(0n);
      for (const [account, balance] of books)
        if (account.startsWith("10-01-01-")) expect(balance, account).toBeGreaterThanOrEqual(0n);
      // Payroll with CCSS: the employer's charges are 26.67 % of the salaries.
      const salaries = books.get("60-01-01-00-00")!;
      const charges = books.get("60-01-04-00-00")!;
      expect(Number(charges) / Number(salaries)).toBeCloseTo(0.2667, 3);
      expect(books.get("20-01-02-01-01")!).toBeLessThan(0n);
      expect(books.get("10-01-03-01-01")!).toBeGreaterThanOrEqual(0n);
    }
  });

  it("page the bank's movements across months with one running balance", async () => {
    const organizationId = "CR:3101123456";
    const query = {
      account: "10-01-01-03-01",
      from: "2026-02-10" as CalendarDate,
      to: "2026-10-20" as CalendarDate,
      pageSize: 25,
    };
    const first = await accountMovements(organizationId, { ...query, page: 1 });
    expect(first.pageCount).toBeGreaterThan(10);
    let balance = first.openingBalance;
    let seen = 0;
    for (let page = 1; page <= first.pageCount; page++) {
      const movements = await accountMovements(organizationId, { ...query, page });
      for (const row of movements.rows) {
        balance = cents(balance + row.debit - row.credit);
        expect(row.balance).toBe(balance);
        seen++;
      }
    }
    expect(seen).toBe(first.count);
    expect(balance).toBe(first.closingBalance);
    const opening = await accountMovements(organizationId, {
      ...query,
      from: "2026-01-01" as CalendarDate,
      to: "2026-02-09" as CalendarDate,
      pageSize: 500,
    });
    expect(opening.closingBalance).toBe(first.openingBalance);
  });

  it.skipIf(HLEDGER_MISSING)("export a journal whose hledger totals equal the books' own", async () => {
    for (const organizationId of DEMO_BOOKS_ORGANIZATIONS) {
      const file = path.join(directory, `${organizationId.slice(3)}.journal`);
      const stream = fs.createWriteStream(file);
      for await (const chunk of (await exportJournal(organizationId))!) stream.write(chunk);
      await new Promise((resolve) => stream.end(resolve));
      execFileSync("hledger", ["-f", file, "check", "accounts"]);
      const csv = execFileSync("hledger", ["-f", file, "bal", "--flat", "-N", "-O", "csv"], { encoding: "utf8" });
      const fromHledger = new Map<string, bigint>();
      for (const row of csv.trim().split("\n").slice(1)) {
        const [, account, amount] = /^"([^"]+)","(-?\d+\.\d{2}) CRC"$/.exec(row) ?? [];
        if (!account) throw new Error(`unexpected hledger row: ${row}`);
        fromHledger.set(account, parseDecimal(amount, 2)!);
      }
      const fromBooks = new Map<string, bigint>();
      for (const [account, balance] of await balances(organizationId))
        if (balance !== 0n) fromBooks.set(journalAccountName(account), balance);
      expect(fromHledger).toEqual(fromBooks);
      expect(fromBooks.size).toBeGreaterThan(40);
    }
  });
});
