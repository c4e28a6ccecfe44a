import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarDate } from "../../app/domain/calendar";
import { journalAccountName, type EntryInput, type EntryLineInput } from "../../app/domain/ledger";
import { formatAmount, parseAmount, parseDecimal } from "../../app/domain/money";
import { changeCatalog } from "../../app/services/catalog/catalog.server";
import { enterRate } from "../../app/services/exchange-rates/rates.server";
import {
  accountBalancesAt,
  accountTotals,
  createAndPost,
  exportJournal,
  getEntry,
  verifyLedger,
} from "../../app/services/ledger/ledger.server";
import {
  postRevaluation,
  revaluationReport,
  reverseRevaluation,
} from "../../app/services/revaluation/revaluation.server";
import { ensureOrganization } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";

// The month-end revaluation worked by hand (decision 284), through the ledger: October, its reversal
// and re-post, then November from the books October left; hledger agrees with the books throughout.
const ORG = "CR:3101284001";
const BANK = "10-01-01-04-01"; // Banco Nacional – cta. corriente US$
const CUSTOMERS = "10-01-02-02-00"; // clientes US$
const SUPPLIERS = "20-01-01-02-00"; // proveedores US$
const SALES = "40-01-01-01-00";
const PURCHASES = "60-02-08-00-00";
const GAIN = "40-02-02-00-00";
const LOSS = "60-04-03-00-00";
const actor = { by: "contador@test" };
const superAdmin = { isRoot: false, isSuperAdmin: true, email: "super@test" };
const HLEDGER_MISSING = spawnSync("hledger", ["--version"]).status !== 0;
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "revaluation-"));

const amount = (text: string) => parseAmount(text)!;
const show = (value: bigint) => formatAmount(value * 1_000n, 2);
const inDollars = (
  account: string,
  side: "debit" | "credit",
  usd: string,
  rate: string,
  crc: string,
): EntryLineInput => ({
  account,
  [side]: amount(crc),
  currency: "USD",
  foreignAmount: amount(usd),
  rate: amount(rate),
});
const inColones = (account: string, side: "debit" | "credit", crc: string): EntryLineInput => ({
  account,
  [side]: amount(crc),
});

async function post(input: EntryInput) {
  const result = await createAndPost(ORG, input, actor);
  if (!result.ok) throw new Error(result.refusals.map((refusal) => refusal.message).join(" | "));
  return result.entry;
}

let environment: AppEnvironment;

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Importadora Dólar S.A.", identificationType: "02" });
  for (const code of [BANK, CUSTOMERS, SUPPLIERS])
    expect(await changeCatalog(ORG, { kind: "set-currency", code, currency: "USD" })).toEqual({ code });
  for (const [date, buy, sell] of [
    ["2026-10-31", "505", "510"],
    ["2026-11-28", "500", "505.5"], // a Saturday: the 30th carries it
  ] as const) {
    const entered = await enterRate(superAdmin, {
      date: date as CalendarDate,
      buy: amount(buy),
      sell: amount(sell),
      reason: "Tipo de cambio de cierre",
    });
    expect(entered.ok).toBe(true);
  }
  // October: US$1 000 deposited at 500; a customer owes US$2 345,67 invoiced at 505,25; the company owes
  // a supplier US$800 at 498.
  await post({
    date: "2026-10-05",
    description: "Aporte en dólares",
    lines: [inDollars(BANK, "debit", "1000", "500", "500000"), inColones("30-01-01-00-00", "credit", "500000")],
  });
  await post({
    date: "2026-10-12",
    description: "Venta a crédito en dólares",
    lines: [inDollars(CUSTOMERS, "debit", "2345.67", "505.25", "1185149.77"), inColones(SALES, "credit", "1185149.77")],
  });
  await post({
    date: "2026-10-20",
    description: "Compra a crédito en dólares",
    lines: [inColones(PURCHASES, "debit", "398400"), inDollars(SUPPLIERS, "credit", "800", "498", "398400")],
  });
}, 120_000);

afterAll(async () => {
  await environment?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

function reportRows(report: Awaited<ReturnType<typeof revaluationReport>>) {
  return report.plan!.lines.map((line) => [
    line.account,
    formatAmount(line.foreign, 2),
    show(line.before),
    formatAmount(line.rate, 2),
    show(line.after),
    show(line.difference),
  ]);
}

async function entryLines(id: string) {
  const entry = await getEntry(ORG, id);
  return entry!.lines.map((line) => [line.account, show(BigInt(line.debit)), show(BigInt(line.credit))]);
}

async function expectHledgerAgrees(name: string) {
  expect(await verifyLedger(ORG)).toEqual([]);
  if (HLEDGER_MISSING) return;
  const file = path.join(directory, name);
  const stream = fs.createWriteStream(file);
  for await (const chunk of (await exportJournal(ORG))!) stream.write(chunk);
  await new Promise((resolve) => stream.end(resolve));
  const csv = execFileSync("hledger", ["-f", file, "bal", "--flat", "-N", "-O", "csv"], { encoding: "utf8" });
  const fromHledger = new Map<string, bigint>();
  for (const row of csv.trim().split("\n").slice(1)) {
    const [, account, value] = /^"([^"]+)","(-?\d+\.\d{2}) CRC"$/.exec(row) ?? [];
    fromHledger.set(account, parseDecimal(value, 2)!);
  }
  const fromBooks = new Map<string, bigint>();
  for (const [account, { debit, credit }] of await accountTotals(ORG))
    if (debit !== credit) fromBooks.set(journalAccountName(account), debit - credit);
  expect(fromHledger).toEqual(fromBooks);
  // The dollars travel as tags on the postings.
  expect(fs.readFileSync(file, "utf8")).toContain("usd:-800.00, rate:498.00");
}

describe("the month-end revaluation", () => {
  it("reports October at the sell rate of the 31st and posts it once, through the ledger", async () => {
    const report = await revaluationReport(ORG, "2026-10", "sell");
    expect(reportRows(report)).toEqual([
      [BANK, "1000.00", "500000.00", "510.00", "510000.00", "10000.00"],
      [CUSTOMERS, "2345.67", "1185149.77", "510.00", "1196291.70", "11141.93"],
      [SUPPLIERS, "-800.00", "-398400.00", "510.00", "-408000.00", "-9600.00"],
    ]);
    expect(report.posted).toBeNull();

    const posted = await postRevaluation(ORG, "2026-10", "sell", actor);
    if (!posted.ok) throw new Error(posted.refusals[0].message);
    expect(posted.value.date).toBe("2026-10-31");
    expect(await entryLines(posted.value.id)).toEqual([
      [BANK, "10000.00", "0.00"],
      [CUSTOMERS, "11141.93", "0.00"],
      [SUPPLIERS, "0.00", "9600.00"],
      [GAIN, "0.00", "21141.93"],
      [LOSS, "9600.00", "0.00"],
    ]);
    // Once per month: a second click posts nothing.
    const again = await postRevaluation(ORG, "2026-10", "sell", actor);
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.refusals[0].kind).toBe("conflict");
    // The report after posting still shows the same before/after, and names the entry.
    const after = await revaluationReport(ORG, "2026-10", "sell");
    expect(reportRows(after)).toEqual(reportRows(report));
    expect(after.posted?.number).toBe(posted.value.number);
    await expectHledgerAgrees("october.journal");
  });

  it("reverses October on its own day, and posts it again", async () => {
    const reversal = await reverseRevaluation(ORG, "2026-10", actor);
    if (!reversal.ok) throw new Error(reversal.refusals[0].message);
    expect(reversal.value.date).toBe("2026-10-31");
    const balances = await accountBalancesAt(ORG, [BANK, CUSTOMERS, SUPPLIERS], "2026-10-31" as CalendarDate);
    expect([...balances.values()].map((balance) => show(balance.colones))).toEqual([
      "500000.00",
      "1185149.77",
      "-398400.00",
    ]);
    expect((await revaluationReport(ORG, "2026-10", "sell")).posted).toBeNull();
    const again = await postRevaluation(ORG, "2026-10", "sell", actor);
    expect(again.ok).toBe(true);
    await expectHledgerAgrees("october-again.journal");
  });

  it("revalues November from the books October left: the customer paid at 512, the dollar fell to 505,50", async () => {
    // US$2 345,67 at 512 = ₡1 200 983,04 into the bank; the customer's ₡1 196 291,70 (revalued at 510) leave
    // receivables; the ₡4 691,34 between them is the realised difference.
    await post({
      date: "2026-11-16",
      description: "Cobro en dólares",
      lines: [
        inDollars(BANK, "debit", "2345.67", "512", "1200983.04"),
        inDollars(CUSTOMERS, "credit", "2345.67", "510", "1196291.70"),
        inColones(GAIN, "credit", "4691.34"),
      ],
    });
    const report = await revaluationReport(ORG, "2026-11", "sell");
    expect(report.rate?.carriedFrom).toBe("2026-11-28");
    expect(reportRows(report)).toEqual([
      [BANK, "3345.67", "1710983.04", "505.50", "1691236.19", "-19746.85"],
      [CUSTOMERS, "0.00", "0.00", "505.50", "0.00", "0.00"],
      [SUPPLIERS, "-800.00", "-408000.00", "505.50", "-404400.00", "3600.00"],
    ]);
    const posted = await postRevaluation(ORG, "2026-11", "sell", actor);
    if (!posted.ok) throw new Error(posted.refusals[0].message);
    expect(await entryLines(posted.value.id)).toEqual([
      [BANK, "0.00", "19746.85"],
      [SUPPLIERS, "3600.00", "0.00"],
      [GAIN, "0.00", "3600.00"],
      [LOSS, "19746.85", "0.00"],
    ]);
    // After both months every account is worth its dollars at the closing rate.
    const balances = await accountBalancesAt(ORG, [BANK, SUPPLIERS], "2026-11-30" as CalendarDate);
    expect([...balances.values()].map((balance) => [show(balance.colones), formatAmount(balance.dollars, 2)])).toEqual([
      ["1691236.19", "3345.67"],
      ["-404400.00", "-800.00"],
    ]);
    await expectHledgerAgrees("november.journal");
  });

  it("under «buy-assets» revalues the assets at the buy rate, and refuses a month without a rate", async () => {
    const report = await revaluationReport(ORG, "2026-10", "buy-assets");
    expect(reportRows(report).map((row) => [row[0], row[3]])).toEqual([
      [BANK, "505.00"],
      [CUSTOMERS, "505.00"],
      [SUPPLIERS, "510.00"],
    ]);
    const none = await postRevaluation(ORG, "2026-08", "sell", actor);
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.refusals[0].message).toContain("No hay tipo de cambio");
  });
});
