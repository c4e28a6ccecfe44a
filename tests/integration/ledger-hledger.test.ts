import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flattenCatalog, buildCatalog, isSelectable } from "../../app/domain/catalog";
import { journalAccountName, type EntryInput } from "../../app/domain/ledger";
import { parseDecimal } from "../../app/domain/money";
import {
  accountTotals,
  createAndPost,
  createDraft,
  editPosted,
  exportJournal,
  reverse,
} from "../../app/services/ledger/ledger.server";
import { ensureOrganization } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";

// The journal export read by hledger itself: its per-account totals must equal the books' own.
const hledger = spawnSync("hledger", ["--version"], { encoding: "utf8" });
const HLEDGER_MISSING = hledger.error !== undefined || hledger.status !== 0;
if (HLEDGER_MISSING)
  console.warn(
    "hledger is not installed: skipping the journal oracle test (scripts/install-test-system-packages.sh installs it)",
  );

const ORG = "CR:3101888888";
const actor = { by: "oraculo@test" };
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-hledger-"));
let environment: AppEnvironment;

const leaves = flattenCatalog(buildCatalog({}))
  .filter((node) => isSelectable(node))
  .map((node) => node.key);

const line = fc.record({
  account: fc.constantFrom(...leaves),
  cents: fc.bigInt({ min: 1n, max: 10n ** 12n }),
  description: fc.constantFrom("", "línea; con punto y coma", "pago\nen dos líneas"),
});
const generatedEntry = fc.record({
  date: fc
    .date({ min: new Date("2025-11-01T12:00:00Z"), max: new Date("2026-06-30T12:00:00Z"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  description: fc.constantFrom("Venta de contado", "Compra a crédito; factura 12", "Planilla | CCSS", "Depreciación"),
  debits: fc.array(line, { minLength: 1, maxLength: 3 }),
  creditAccounts: fc.array(fc.constantFrom(...leaves), { minLength: 1, maxLength: 3 }),
});

type Generated = typeof generatedEntry extends fc.Arbitrary<infer T> ? T : never;

/** Debits as generated; credits split the same total over the credit accounts, so every entry balances. */
function toInput(generated: Generated): EntryInput {
  const total = generated.debits.reduce((sum, l) => sum + l.cents, 0n);
  const share = total / BigInt(generated.creditAccounts.length);
  const credits = generated.creditAccounts.map((account, i) => ({
    account,
    credit: (i === 0 ? total - share * BigInt(generated.creditAccounts.length - 1) : share) * 1000n,
  }));
  return {
    date: generated.date,
    description: generated.description,
    lines: [
      ...generated.debits.map((l) => ({ account: l.account, debit: l.cents * 1000n, description: l.description })),
      ...credits,
    ].filter((l) => ("debit" in l ? l.debit : l.credit) > 0n),
  };
}

async function journalFile(name: string, range: { from?: string; to?: string } = {}): Promise<string> {
  const file = path.join(directory, name);
  const stream = fs.createWriteStream(file);
  for await (const chunk of (await exportJournal(ORG, range))!) stream.write(chunk);
  await new Promise((resolve) => stream.end(resolve));
  return file;
}

/** hledger's balance per account (CSV, flat, no total row) in céntimos, debit − credit. */
function hledgerBalances(file: string, ...flags: string[]): Map<string, bigint> {
  const csv = execFileSync("hledger", ["-f", file, "bal", "--flat", "-N", "-O", "csv", ...flags], { encoding: "utf8" });
  const balances = new Map<string, bigint>();
  for (const row of csv.trim().split("\n").slice(1)) {
    const [, account, amount] = /^"([^"]+)","(-?\d+\.\d{2}) CRC"$/.exec(row) ?? [];
    if (!account) throw new Error(`unexpected hledger row: ${row}`);
    balances.set(account, parseDecimal(amount, 2)!);
  }
  return balances;
}

async function bookBalances(months: { from?: string; to?: string } = {}, depth = 5): Promise<Map<string, bigint>> {
  const balances = new Map<string, bigint>();
  for (const [account, { debit, credit }] of await accountTotals(ORG, months)) {
    const name = journalAccountName(account).split(":").slice(0, depth).join(":");
    balances.set(name, (balances.get(name) ?? 0n) + debit - credit);
  }
  for (const [name, value] of balances) if (value === 0n) balances.delete(name);
  return balances;
}

beforeAll(async () => {
  if (HLEDGER_MISSING) return;
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Oráculo S.A.", identificationType: "02" });
  const generated = fc.sample(generatedEntry, { numRuns: 80, seed: 20260115 });
  const posted: string[] = [];
  for (const [i, entry] of generated.entries()) {
    const result = await createAndPost(ORG, toInput(entry), actor);
    if (!result.ok) throw new Error(result.refusals.map((r) => r.message).join(" | "));
    posted.push(String(result.entry._id));
    if (i % 10 === 3) expect((await reverse(ORG, posted[i - 1], { ...actor, date: "2026-06-30" })).ok).toBe(true);
    if (i % 10 === 7) {
      // Same fiscal year as the edited entry: an audited edit keeps its number.
      const year = generated[i - 2].date.slice(0, 4);
      const edit = await editPosted(
        ORG,
        posted[i - 2],
        { ...toInput(generated[i - 3]), date: year === "2025" ? "2025-12-15" : "2026-06-15" },
        actor,
      );
      expect(edit.ok).toBe(true);
    }
  }
  await createDraft(ORG, toInput(generated[0]), actor);
}, 120_000);

afterAll(async () => {
  await environment?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe.skipIf(HLEDGER_MISSING)("the journal export read by hledger", () => {
  it("gives per-account totals equal to the books' own, at every depth", async () => {
    const file = await journalFile("all.journal");
    execFileSync("hledger", ["-f", file, "check", "accounts"]);
    expect(hledgerBalances(file)).toEqual(await bookBalances());
    expect(hledgerBalances(file, "--depth", "2")).toEqual(await bookBalances({}, 2));
    expect((await bookBalances()).size).toBeGreaterThan(20);
  });

  it("gives the totals of a range of months", async () => {
    const file = await journalFile("range.journal", { from: "2026-02-01", to: "2026-04-30" });
    expect(hledgerBalances(file)).toEqual(await bookBalances({ from: "2026-02", to: "2026-04" }));
  });

  it("holds exactly the posted entries, with their numbers", async () => {
    const file = await journalFile("print.journal");
    const printed = execFileSync("hledger", ["-f", file, "print"], { encoding: "utf8" });
    const codes = [...printed.matchAll(/^\d{4}-\d{2}-\d{2} \((\d{4}-\d{6})\)/gm)].map((match) => match[1]);
    expect(codes.length).toBe(80 + 8);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
