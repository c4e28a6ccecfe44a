/**
 * The month-end of a Costa Rican contador, end to end at the service level: a month of Hacienda
 * documents imported, booked with reception rules and a template, IVA liquidated (the declaration
 * recorded), a late FE and NC issued into the declared month (the declaration shows desactualizada),
 * rectified through the ledger, the declared saldo carried into the next month, and the year closed.
 * After every step: the IVA return's lines equal the IVA accounts' balances, the reports equal a
 * rebuild from the posted lines, and hledger reading the exported journal agrees with the Balance de
 * Comprobación. The figures of the walkthrough are printed at the end for the closing note.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addDays,
  currentMonth,
  firstDayOfMonth,
  lastDayOfMonth,
  shiftMonth,
  todayInCostaRica,
  type CalendarDate,
  type MonthKey,
} from "../../app/domain/calendar";
import type { DefaultAccounts } from "../../app/domain/booking/default-accounts";
import { countedReceipts, creditByAccount, formatIvaAmount } from "../../app/domain/iva";
import { journalAccountName, type EntryInput } from "../../app/domain/ledger";
import { centsToAmount, parseDecimal, type Cents } from "../../app/domain/money";
import { parseReportQuery } from "../../app/domain/reports";
import type { EntryTemplate } from "../../app/domain/templates/types";
import { bookMonth } from "../../app/services/booking/booking.server";
import { getDefaultAccounts } from "../../app/services/default-accounts/default-accounts.server";
import { createDraft } from "../../app/services/invoicing/drafts.server";
import { issueInvoice } from "../../app/services/invoicing/issue-invoice.server";
import {
  accountTotals,
  createAndPost,
  exportJournal,
  sourceTotalsBetween,
  verifyLedger,
} from "../../app/services/ledger/ledger.server";
import { rebuildFromPostedLines } from "../../app/services/ledger/verify.server";
import { trialReport } from "../../app/services/reports/reports.server";
import { closeFiscalYear } from "../../app/services/reports/year-close.server";
import { createRule } from "../../app/services/rules/rules.server";
import { applyStoredTemplate, createTemplate } from "../../app/services/templates/templates.server";
import { loadVatPage } from "../../app/services/vat/vat-page.server";
import { reconcileVat } from "../../app/services/vat/vat-reconciliation.server";
import { loadVatMonth } from "../../app/services/vat/vat-return.server";
import { rectifyVat, settleVat } from "../../app/services/vat/vat-settlement.server";
import { ensureOrganization } from "../../models/organization";
import { currentDeclaration, VatDeclaration } from "../../models/vat-declaration";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateComprobante,
  type GeneratedDocument,
} from "../../scripts/hacienda-samples/src/generate";
import { DEMO_RULES } from "../../scripts/seed-demo-rules";
import { configureDemoIssuer } from "../../scripts/seed-demo-issuer";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { createTestUser } from "../support/users";
import { FERRETERIA, importDocuments } from "./receipts-fixtures";
import { facturaForm } from "../support/invoice-form";

const hledger = spawnSync("hledger", ["--version"], { encoding: "utf8" });
const HLEDGER_MISSING = hledger.error !== undefined || hledger.status !== 0;
if (HLEDGER_MISSING)
  console.warn("hledger is not installed: skipping the month-end walkthrough (it checks the books against hledger)");

const ORG = FERRETERIA.id;
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "month-end-walkthrough-"));
let environment: AppEnvironment;
let adminId = "";
const actor = () => ({ by: adminId });

// The declared month is the current one, liquidated before it ends (as the issue found it), so the
// invoices issued today fall into it; the next month follows. Issuing signs with a certificate valid
// from yesterday, so the walkthrough runs on the real clock.
const NOW = new Date();
const MONTH = currentMonth(NOW);
const NEXT = shiftMonth(MONTH, 1);
const YEAR = Number(MONTH.slice(0, 4));
const TODAY = todayInCostaRica(NOW);
/** A day of the declared month that is not after today. */
const dayOf = (day: number) => `${MONTH}-${String(Math.min(day, Number(TODAY.slice(8, 10)))).padStart(2, "0")}`;

// The suppliers whose documents book themselves by the demo reception rules (posted, crédito acreditable).
const SUPPLIERS = BUSINESS_PARTIES.slice(0, 4);
const RULES = DEMO_RULES.filter((rule) => rule.enabled !== false && rule.action.post);

let documentSeed = 0;
/** A generated FE (or TE) that is not a condición-10 sale, whose IVA waits for its payment receipt. */
function document(date: string, options: Partial<Parameters<typeof generateComprobante>[0]> = {}): GeneratedDocument {
  for (let attempt = 0; ; attempt++) {
    documentSeed += 1;
    const generated = generateComprobante({
      kind: "FE",
      version: "4.4",
      currency: "CRC",
      seed: `walkthrough-${documentSeed}-${attempt}`,
      date,
      ...options,
    });
    if (!/<CondicionVenta>10<\/CondicionVenta>/.test(generated.xml)) return generated;
  }
}
const sale = (date: string) => document(date, { lineCount: 2 });
const counterSale = (date: string) => document(date, { kind: "TE", lineCount: 2 });
const purchase = (date: string, supplier: number) =>
  document(date, { emisor: SUPPLIERS[supplier % SUPPLIERS.length], receptor: FERRETERIA_EL_CLAVO, lineCount: 3 });

const RENT: EntryTemplate = {
  name: "Alquiler del local",
  description: "Alquiler {mes} {año}",
  lines: [
    {
      account: "60-02-01-00-00",
      side: "debito",
      description: "",
      kind: "fijo",
      amount: 45_000_000n as Cents,
      rate: null,
    },
    {
      account: "10-01-01-03-01",
      side: "credito",
      description: "",
      kind: "fijo",
      amount: 45_000_000n as Cents,
      rate: null,
    },
  ],
};

// ---------- the checks run after every step ----------

const creditAccountsOf = (accounts: DefaultAccounts) => [
  ...Object.values(accounts.ivaCreditByRate),
  accounts.ivaCreditCapitalGoods,
  accounts.ivaProrataPending,
];
const ivaAccountsOf = (accounts: DefaultAccounts) =>
  new Set([...Object.values(accounts.ivaDebitByRate), ...creditAccountsOf(accounts)]);

const net = (totals: { debit: bigint; credit: bigint } | undefined) => (totals ? totals.debit - totals.credit : 0n);

/**
 * (1) The return's lines equal the IVA accounts' balances of the month (settlement entries apart).
 * Before booking, nothing is in the accounts yet and the reconciliation names every document unbooked.
 */
async function checkIvaAgainstAccounts(month: MonthKey, step: string) {
  const [{ ivaReturn }, accounts] = await Promise.all([loadVatMonth(ORG, month), getDefaultAccounts(ORG)]);
  const [balances, settled, reconciliation] = await Promise.all([
    accountTotals(ORG, { from: month, to: month }),
    sourceTotalsBetween(ORG, { kind: "iva" }, firstDayOfMonth(month), lastDayOfMonth(month)),
    reconcileVat(ORG, month, ivaReturn, accounts),
  ]);
  const booked = (account: string) => net(balances.get(account)) - net(settled.get(account));
  if (reconciliation.unbooked.length > 0) {
    expect(reconciliation.unbooked.length, `${step}: sin asiento en ${month}`).toBe(countedReceipts(ivaReturn).length);
    for (const account of ivaAccountsOf(accounts)) expect(net(balances.get(account)), `${step}: ${account}`).toBe(0n);
    return;
  }
  const debitByAccount = new Map<string, bigint>();
  for (const row of ivaReturn.debit) {
    const account = accounts.ivaDebitByRate[row.rate];
    debitByAccount.set(account, (debitByAccount.get(account) ?? 0n) + row.debit);
  }
  for (const account of new Set(Object.values(accounts.ivaDebitByRate)))
    expect(-booked(account), `${step}: IVA débito ${account} de ${month}`).toBe(debitByAccount.get(account) ?? 0n);
  const credit = creditByAccount(ivaReturn, accounts, "booked");
  expect(credit.missingRates, `${step}: tarifas sin cuenta`).toEqual([]);
  for (const account of new Set(creditAccountsOf(accounts)))
    expect(booked(account), `${step}: IVA crédito ${account} de ${month}`).toBe(credit.byAccount.get(account) ?? 0n);

  // A declared month: the settlement entries moved exactly what the latest declaration says, and when
  // it is up to date they left the month's IVA accounts empty.
  const declared = await currentDeclaration(ORG, month);
  if (!declared) return;
  for (const row of declared.accounts)
    expect(net(settled.get(row.account)), `${step}: liquidación en ${row.account}`).toBe(BigInt(row.amount));
  const page = await loadVatPage(ORG, month, null);
  if (page.declaration?.stale) return;
  for (const account of ivaAccountsOf(accounts))
    expect(net(balances.get(account)), `${step}: ${account} vacía tras declarar ${month}`).toBe(0n);
}

type Balances = Map<string, bigint>;

/** The Balance de Comprobación of the year at the leaves, as `bal --flat` lays it out (debit positive). */
async function trialOf(year: number, pick: "net" | "closing"): Promise<Balances> {
  const parsed = parseReportQuery("all", new URLSearchParams(`year=${year}&level=5`), `${year}-12-31` as CalendarDate);
  if (!parsed.ok) throw new Error(parsed.messages.join(" | "));
  const trial = await trialReport(ORG, parsed.query);
  expect(trial.totals.debit).toBe(trial.totals.credit);
  const balances: Balances = new Map();
  for (const row of trial.rows) {
    if (row.level !== parsed.query.level && !row.leaf) continue;
    const value = pick === "net" ? row.debit - row.credit : row.closing;
    if (value !== 0n) balances.set(journalAccountName(row.code), value);
  }
  return balances;
}

/** The same figures rebuilt line by line from the posted entries. */
async function rebuiltOf(year: number, pick: "net" | "closing"): Promise<Balances> {
  const balances: Balances = new Map();
  for (const row of (await rebuildFromPostedLines(ORG)).values()) {
    const inYear = row.period.startsWith(`${year}-`);
    if (pick === "net" ? !inYear : row.period > `${year}-12`) continue;
    const name = journalAccountName(row.account);
    balances.set(name, (balances.get(name) ?? 0n) + row.debit - row.credit);
  }
  for (const [name, value] of balances) if (value === 0n) balances.delete(name);
  return balances;
}

async function writeJournal(): Promise<string> {
  const file = path.join(directory, "books.journal");
  const stream = fs.createWriteStream(file);
  for await (const chunk of (await exportJournal(ORG))!) stream.write(chunk);
  await new Promise((resolve) => stream.end(resolve));
  return file;
}

/** hledger's flat balances of the year at depth 5 (céntimos, debit positive). */
function hledgerOf(journal: string, year: number, historical: boolean): Balances {
  const flags = ["-f", journal, "bal", "--flat", "-N", "-O", "csv", "--depth", "5", "-b", `${year}-01-01`];
  flags.push("-e", addDays(`${year}-12-31` as CalendarDate, 1));
  if (historical) flags.push("-H");
  const balances: Balances = new Map();
  for (const row of execFileSync("hledger", flags, { encoding: "utf8" }).trim().split("\n").slice(1)) {
    const [, account, amount] = /^"([^"]+)","(-?\d+\.\d{2}) CRC"$/.exec(row) ?? [];
    if (!account) throw new Error(`unexpected hledger row: ${row}`);
    balances.set(account, parseDecimal(amount, 2)!);
  }
  return balances;
}

/** (2) reports = a rebuild from the posted lines; (3) hledger = the Balance de Comprobación. */
async function checkBooks(step: string) {
  expect(await verifyLedger(ORG), `${step}: saldos guardados = reconstruidos`).toEqual([]);
  const journal = await writeJournal();
  for (const year of new Set([YEAR, Number(NEXT.slice(0, 4))])) {
    for (const pick of ["net", "closing"] as const) {
      const trial = await trialOf(year, pick);
      // From the first booking on, the books of the year are not empty: the comparisons are not vacuous.
      if (steps.length > 0 && year === YEAR) expect(trial.size, `${step}: cuentas con saldo`).toBeGreaterThan(5);
      expect(trial, `${step}: comprobación ${year} (${pick}) = reconstrucción`).toEqual(await rebuiltOf(year, pick));
      expect(trial, `${step}: comprobación ${year} (${pick}) = hledger`).toEqual(
        hledgerOf(journal, year, pick === "closing"),
      );
    }
  }
}

async function checkAll(step: string) {
  await checkIvaAgainstAccounts(MONTH, step);
  await checkIvaAgainstAccounts(NEXT, step);
  await checkBooks(step);
  steps.push(step);
}

// ---------- the walkthrough ----------

const steps: string[] = [];
const figures: Record<string, string> = {};
const money = (value: bigint | string) => formatIvaAmount(BigInt(value));

const factura = (overrides: Record<string, unknown> = {}) => facturaForm({ hammers: 4, rice: 10 }, overrides);

async function issue(overrides: Record<string, unknown> = {}) {
  const draft = await createDraft(ORG, adminId, factura(overrides));
  if (!draft.ok) throw new Error(draft.refusals.map((r) => r.message).join(" "));
  const outcome = await issueInvoice(ORG, draft.draft.id, adminId, { organizationCedula: FERRETERIA.cedula });
  if (!outcome.ok) throw new Error(outcome.refusals.map((r) => r.message).join(" "));
  expect(outcome.booking.kind).toBe("contabilizado");
  return outcome;
}

beforeAll(async () => {
  if (HLEDGER_MISSING) return;
  environment = await startAppEnvironment();
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  adminId = (await createTestUser({ persona: "admin", orgs: { [ORG]: "admin" } })).id;
  await configureDemoIssuer({ organizationId: ORG, userId: adminId });
  for (const rule of RULES) {
    const created = await createRule(ORG, { userId: adminId }, rule);
    expect(created.ok, JSON.stringify(created)).toBe(true);
  }
}, 120_000);

afterAll(async () => {
  await environment?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe.skipIf(HLEDGER_MISSING)("the month-end walkthrough", () => {
  it("imports, books, liquidates, takes a late FE and NC, rectifies, carries the saldo and closes the year", async () => {
    // 1. A month of documents: invoiced and counter sales, purchases from the usual suppliers.
    const month = [
      ...[2, 5, 9, 14, 20].map((day) => sale(dayOf(day))),
      ...[1, 3, 4, 7, 8, 11, 12, 15, 18, 21, 22, 25].map((day, index) => purchase(dayOf(day), index)),
      counterSale(dayOf(10)),
    ];
    const imported = await importDocuments(month);
    expect(imported.counts.rechazado, JSON.stringify(imported)).toBe(0);
    await checkAll("1. importados");

    // 2. Booked by the reception rules; the rent posted from a template.
    const results = await bookMonth(ORG, MONTH, actor());
    expect(results.filter((result) => result.kind !== "contabilizado")).toEqual([]);
    expect(results).toHaveLength(month.length);
    const template = await createTemplate(ORG, RENT, adminId);
    expect(template.ok).toBe(true);
    const applied = await applyStoredTemplate(ORG, template.ok ? template.id : "", {
      date: dayOf(1) as CalendarDate,
      base: null,
      typed: [],
    });
    if (!applied?.outcome.ok) throw new Error("the rent template did not apply");
    const rent: EntryInput = {
      date: dayOf(1),
      description: applied.outcome.applied.description,
      lines: applied.outcome.applied.lines.map((line) => ({
        account: line.account,
        debit: line.debit === null ? null : centsToAmount(line.debit),
        credit: line.credit === null ? null : centsToAmount(line.credit),
      })),
    };
    expect((await createAndPost(ORG, rent, actor())).ok).toBe(true);
    await checkAll("2. contabilizados (reglas y plantilla)");

    // 3. «Liquidar IVA del mes» before it ends asks for confirmation; confirmed, the declaration is recorded.
    const early = await settleVat(ORG, MONTH, actor(), { now: NOW });
    expect(early).toMatchObject({ ok: false, needsConfirmation: true });
    const settled = await settleVat(ORG, MONTH, actor(), { now: NOW, confirmEarly: true });
    expect(settled.ok, JSON.stringify(settled)).toBe(true);
    const v1 = await currentDeclaration(ORG, MONTH);
    const { ivaReturn: declaredReturn } = await loadVatMonth(ORG, MONTH);
    expect(v1).toMatchObject({ version: 1, status: "vigente" });
    expect(v1!.totals.creditBalance).toBe(String(declaredReturn.totals.creditBalance));
    expect(BigInt(v1!.totals.creditBalance)).toBeGreaterThan(0n);
    figures["saldo a favor declarado (versión 1)"] = money(v1!.totals.creditBalance);
    figures["débito / crédito declarados (versión 1)"] = `${money(v1!.totals.debit)} / ${money(v1!.totals.credit)}`;
    figures["documentos declarados"] = String(v1!.receipts.length);
    await checkAll("3. liquidado (declaración versión 1)");

    // 4. A late FE and an NC on it, issued today into the declared month.
    const late = await issue();
    const note = await issue({
      kind: "NC",
      referenceReceiptId: late.receiptId,
      referenceCodigo: "06",
      referenceRazon: "Devolución de un martillo",
      lines: [
        {
          cabys: "4299900000000",
          cantidad: "1",
          unidadMedida: "Unid",
          detalle: "Martillo de uña 16 oz",
          precioUnitario: "8500",
          codigoTarifaIVA: "08",
        },
      ],
    });
    const stalePage = await loadVatPage(ORG, MONTH, null);
    expect(stalePage.declaration?.stale).toBe(true);
    expect(stalePage.declaration?.arrived.map((receipt) => receipt.consecutivo).sort()).toEqual(
      [late.consecutivo, note.consecutivo].sort(),
    );
    const after = await currentDeclaration(ORG, MONTH);
    expect(after!.totals).toEqual(v1!.totals);
    expect(after!.version).toBe(1);
    for (const row of stalePage.declaration!.differences)
      figures[`desactualizada · ${row.label} (declarado → actual)`] = `${row.declared} → ${row.current}`;
    figures["llegaron después"] = stalePage.declaration!.arrived.map((r) => `${r.kind} ${r.consecutivo}`).join(", ");
    expect(stalePage.declaration!.differences.map((row) => row.label)).toEqual(
      expect.arrayContaining(["Débito fiscal", "Saldo a favor"]),
    );
    await checkAll("4. FE y NC tardías (desactualizada)");

    // 5. «Rectificar»: version 2, only the difference posted through the ledger.
    const rectified = await rectifyVat(ORG, MONTH, actor());
    expect(rectified.ok, JSON.stringify(rectified)).toBe(true);
    const v2 = await currentDeclaration(ORG, MONTH);
    expect(v2).toMatchObject({ version: 2, status: "vigente" });
    const versions = await VatDeclaration.find({ organizationId: ORG, month: MONTH }).sort({ version: 1 }).lean();
    expect(versions.map((row) => [row.version, row.status])).toEqual([
      [1, "rectificada"],
      [2, "vigente"],
    ]);
    const rectification = await sourceTotalsBetween(
      ORG,
      { kind: "iva", id: `${MONTH}/v2` },
      firstDayOfMonth(MONTH),
      lastDayOfMonth(MONTH),
    );
    const accounts = await getDefaultAccounts(ORG);
    // The rectification debits the IVA débito accounts by the débito that arrived late, emptying them.
    let extraDebit = 0n;
    for (const account of new Set(Object.values(accounts.ivaDebitByRate)))
      extraDebit += net(rectification.get(account));
    // 4 × 8 500 at 13 % + 10 × 1 200 at 1 %, less the NC's 8 500 at 13 %.
    expect(extraDebit).toBe(442_000n + 12_000n - 110_500n);
    expect(BigInt(v2!.totals.debit) - BigInt(v1!.totals.debit)).toBe(extraDebit);
    expect(BigInt(v1!.totals.creditBalance) - BigInt(v2!.totals.creditBalance)).toBe(extraDebit);
    figures["rectificación (versión 2): débito adicional"] = money(extraDebit);
    figures["rectificación: asiento"] = rectified.ok && rectified.entry ? rectified.entry.number : "";
    figures["saldo a favor rectificado (versión 2)"] = money(v2!.totals.creditBalance);
    expect((await loadVatPage(ORG, MONTH, null)).declaration?.stale).toBe(false);
    await checkAll("5. rectificada (versión 2)");

    // 6. The next month carries the declared saldo (version 2), and is liquidated once it has ended.
    const nextDocuments = [sale(`${NEXT}-04`), purchase(`${NEXT}-06`, 0), sale(`${NEXT}-12`)];
    expect((await importDocuments(nextDocuments)).counts.rechazado).toBe(0);
    expect((await bookMonth(ORG, NEXT, actor())).every((result) => result.kind === "contabilizado")).toBe(true);
    const next = await loadVatMonth(ORG, NEXT);
    expect(next.previousMonth).toBe(MONTH);
    expect(next.carriedFromDeclaration).toBe(true);
    expect(String(next.ivaReturn.totals.previousCreditBalance)).toBe(v2!.totals.creditBalance);
    figures[`saldo a favor llevado a ${NEXT}`] = money(next.ivaReturn.totals.previousCreditBalance);
    await checkAll("6. mes siguiente con el saldo declarado");
    const afterNext = new Date(`${addDays(lastDayOfMonth(NEXT), 3)}T12:00:00-06:00`);
    const nextSettled = await settleVat(ORG, NEXT, actor(), { now: afterNext });
    expect(nextSettled.ok, JSON.stringify(nextSettled)).toBe(true);
    const nextDeclared = await currentDeclaration(ORG, NEXT);
    expect(nextDeclared!.totals.previousCreditBalance).toBe(v2!.totals.creditBalance);
    figures[`resultado de ${NEXT}`] =
      BigInt(nextDeclared!.totals.creditBalance) > 0n
        ? `saldo a favor ${money(nextDeclared!.totals.creditBalance)}`
        : `por pagar ${money(nextDeclared!.totals.payable)}`;
    await checkAll(`7. ${NEXT} liquidado`);

    // 7. The year of the declared month is closed.
    const closed = await closeFiscalYear(ORG, YEAR, { ...actor(), now: new Date(`${YEAR + 1}-01-15T12:00:00-06:00`) });
    expect(closed.ok ? [] : closed.refusals).toEqual([]);
    figures[`cierre del año ${YEAR}`] = closed.ok ? `asiento ${closed.entry.number}` : "";
    await checkAll(`8. año ${YEAR} cerrado`);

    expect(steps).toHaveLength(8);
    console.info(
      [
        `Cierre de mes (${MONTH} → ${NEXT}), Ferretería El Clavo:`,
        ...Object.entries(figures).map(([k, v]) => `  ${k}: ${v}`),
      ].join("\n"),
    );
  }, 600_000);
});
