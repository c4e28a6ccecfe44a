import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, type CalendarDate } from "../../app/domain/calendar";
import { buildCatalog, flattenCatalog, isSelectable } from "../../app/domain/catalog";
import { journalAccountName, type EntryInput } from "../../app/domain/ledger";
import { parseDecimal } from "../../app/domain/money";
import { parseReportQuery } from "../../app/domain/reports";
import { createAndPost, exportJournal } from "../../app/services/ledger/ledger.server";
import { resultsReport, trialReport } from "../../app/services/reports/reports.server";
import { ensureOrganization } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";

// The correctness oracle of the statements: a random year posted through the ledger service and
// exported as a journal; hledger's own balances must equal the Balance de Comprobación at every
// level, and its income statement's net the Estado de Resultados' result.
const hledger = spawnSync("hledger", ["--version"], { encoding: "utf8" });
const HLEDGER_MISSING = hledger.error !== undefined || hledger.status !== 0;
if (HLEDGER_MISSING)
  console.warn(
    "hledger is not installed: skipping the reports oracle test (scripts/install-test-system-packages.sh installs it)",
  );

const ORG = "CR:3101444444";
const actor = { by: "oraculo-reportes@test" };
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "reports-hledger-"));
let environment: AppEnvironment;
let journal: string;

const leaves = flattenCatalog(buildCatalog({}))
  .filter((node) => isSelectable(node))
  .map((node) => node.key);
const line = fc.record({ account: fc.constantFrom(...leaves), cents: fc.bigInt({ min: 1n, max: 10n ** 10n }) });
const generatedEntry = fc.record({
  date: fc
    .date({ min: new Date("2025-10-01T12:00:00Z"), max: new Date("2026-12-31T12:00:00Z"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  debits: fc.array(line, { minLength: 1, maxLength: 3 }),
  creditAccounts: fc.array(fc.constantFrom(...leaves), { minLength: 1, maxLength: 3 }),
});
type Generated = typeof generatedEntry extends fc.Arbitrary<infer T> ? T : never;

function toInput(generated: Generated, index: number): EntryInput {
  const total = generated.debits.reduce((sum, l) => sum + l.cents, 0n);
  const share = total / BigInt(generated.creditAccounts.length);
  return {
    date: generated.date,
    description: `Generado ${index}`,
    lines: [
      ...generated.debits.map((l) => ({ account: l.account, debit: l.cents * 1000n })),
      ...generated.creditAccounts.map((account, i) => ({
        account,
        credit: (i === 0 ? total - share * BigInt(generated.creditAccounts.length - 1) : share) * 1000n,
      })),
    ].filter((l) => ("debit" in l ? l.debit : l.credit)! > 0n),
  };
}

/** hledger's flat balances (debit − credit, céntimos) of a range, clipped to `depth`. */
function hledgerBalances(range: { from: string; to: string }, depth: number, historical: boolean): Map<string, bigint> {
  const flags = [
    "-f",
    journal,
    "bal",
    "--flat",
    "-N",
    "-O",
    "csv",
    "--depth",
    String(depth),
    "-b",
    range.from,
    "-e",
    addDays(range.to as CalendarDate, 1),
  ];
  if (historical) flags.push("-H");
  const csv = execFileSync("hledger", flags, { encoding: "utf8" });
  const balances = new Map<string, bigint>();
  for (const row of csv.trim().split("\n").slice(1)) {
    const [, account, amount] = /^"([^"]+)","(-?\d+\.\d{2}) CRC"$/.exec(row) ?? [];
    if (!account) throw new Error(`unexpected hledger row: ${row}`);
    balances.set(account, parseDecimal(amount, 2)!);
  }
  return balances;
}

/** The Balance de Comprobación as hledger lays out `bal --flat --depth N`: rows at level N plus shallower leaves. */
async function trialBalances(search: string, pick: "net" | "closing"): Promise<Map<string, bigint>> {
  const result = parseReportQuery("all", new URLSearchParams(search), "2026-12-31" as CalendarDate);
  if (!result.ok) throw new Error(result.messages.join(" | "));
  const trial = await trialReport(ORG, result.query);
  expect(trial.totals.debit).toBe(trial.totals.credit);
  const balances = new Map<string, bigint>();
  for (const row of trial.rows) {
    if (row.level !== result.query.level && !row.leaf) continue;
    const value = pick === "net" ? row.debit - row.credit : row.closing;
    if (value !== 0n) balances.set(journalAccountName(row.code), value);
  }
  return balances;
}

function hledgerNet(range: { from: string; to: string }): bigint {
  const csv = execFileSync(
    "hledger",
    [
      "-f",
      journal,
      "--alias",
      "/^40(:|$)/=revenues:40\\1",
      "--alias",
      "/^(50|60)(:|$)/=expenses:\\1\\2",
      "is",
      "-O",
      "csv",
      "-b",
      range.from,
      "-e",
      addDays(range.to as CalendarDate, 1),
    ],
    { encoding: "utf8" },
  );
  const net = /"Net:","(-?[\d.]+)(?: CRC)?"/.exec(csv)?.[1];
  if (net === undefined) throw new Error(`no Net: in hledger is\n${csv}`);
  return parseDecimal(net, 2)!;
}

beforeAll(async () => {
  if (HLEDGER_MISSING) return;
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Oráculo de reportes S.A.", identificationType: "02" });
  const generated = fc.sample(generatedEntry, { numRuns: 150, seed: 20261231 });
  for (const [index, entry] of generated.entries()) {
    const result = await createAndPost(ORG, toInput(entry, index), actor);
    if (!result.ok) throw new Error(result.refusals.map((r) => r.message).join(" | "));
  }
  journal = path.join(directory, "books.journal");
  const stream = fs.createWriteStream(journal);
  for await (const chunk of (await exportJournal(ORG))!) stream.write(chunk);
  await new Promise((resolve) => stream.end(resolve));
}, 180_000);

afterAll(async () => {
  await environment?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

const RANGES = [
  { search: "year=2026", range: { from: "2026-01-01", to: "2026-12-31" } },
  { search: "quarter=2025-Q4", range: { from: "2025-10-01", to: "2025-12-31" } },
  // Cuts months at both ends: those months are read by day.
  { search: "from=2026-03-10&to=2026-08-20", range: { from: "2026-03-10", to: "2026-08-20" } },
];

describe.skipIf(HLEDGER_MISSING)("the statements against hledger on a generated year", () => {
  it.each(RANGES)("Balance de Comprobación of $search equals hledger bal at every depth", async ({ search, range }) => {
    for (const level of [1, 2, 3, 4, 5]) {
      const params = `${search}&level=${level}`;
      expect(await trialBalances(params, "net"), `movements, level ${level}`).toEqual(
        hledgerBalances(range, level, false),
      );
      expect(await trialBalances(params, "closing"), `closing balances, level ${level}`).toEqual(
        hledgerBalances(range, level, true),
      );
    }
    expect((await trialBalances(`${search}&level=5`, "net")).size).toBeGreaterThan(30);
  });

  it.each(RANGES)("Estado de Resultados of $search: its result equals hledger is's Net", async ({ search, range }) => {
    const result = parseReportQuery("results", new URLSearchParams(search), "2026-12-31" as CalendarDate);
    if (!result.ok) throw new Error(result.messages.join(" | "));
    const { statement } = await resultsReport(ORG, result.query);
    // hledger's Net counts every 40–60 account; the statement keeps the booked income tax (the
    // provision's expense account) out of its result before tax and shows it on its own line.
    expect(statement.current.resultBeforeTax - statement.current.bookedIncomeTax).toBe(hledgerNet(range));
    expect(statement.current.resultBeforeTax).not.toBe(0n);
  });
});
