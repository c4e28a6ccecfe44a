/**
 * Bank reconciliation benchmark (issue 29): one organization whose bank account's ledger account has
 * `--posted` posted lines (two-line entries against an income or an expense account, posted through
 * the ledger many at once, then checked with the ledger's own verification), and a BAC statement of `--lines` movements over its last two months: most of them
 * the books' own movements a few days later, the rest bank charges the books do not have. Times, as
 * the server does them:
 * - the statement imported (read, checked, fingerprinted, stored) AND matched: the proposals computed
 *   as the account page does (and stored under their token) and those against posted lines accepted by
 *   «Aceptar las propuestas contra asientos» with that token — target < 3 s;
 * - the conciliación at the statement's last day with the lines behind each item (what the page and
 *   the PDF / XLSX read) — target < 200 ms.
 * The embedded database runs in its own process on a data directory, as in production.
 * Run: NODE_ENV=production npx tsx bench/bank.ts [--posted 100000] [--lines 10000] [--rounds 5]
 */
import fs, { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import mongoose from "mongoose";
import { buildCatalog, flattenCatalog, isSelectable } from "../app/domain/catalog";
import { addDays, type CalendarDate } from "../app/domain/calendar";
import { readBankAccountForm } from "../app/domain/bank/account-form";
import { createBankAccount } from "../app/services/bank/accounts.server";
import { acceptBookProposals, matchingForPage } from "../app/services/bank/matching.server";
import { reconciliationReportAt } from "../app/services/bank/reconciliation.server";
import { importStatement } from "../app/services/bank/statements.server";
import type { EntryInput } from "../app/domain/ledger";
import { createAndPost, markPostedLinesForBank, verifyLedger } from "../app/services/ledger/ledger.server";
import { connectDatabase, disconnectDatabase, withTransaction } from "../app/utils/db.server";
import type { BankAccountRecord } from "../models/bank-account";
import { BankMatch } from "../models/bank-match";
import { BankStatement } from "../models/bank-statement";
import { BankStatementLine } from "../models/bank-statement-line";
import { ensureOrganization } from "../models/organization";
import { createRandom } from "../scripts/hacienda-samples/src/random";
import { useBenchEnvironment } from "./app-environment";
import { startDatabaseProcess } from "./database-process";

const ORG = "CR:3101999029";
const BANK_LEDGER = "10-01-01-03-01";
const IBAN = "CR05015202001026284066";
const TARGETS = { importAndMatchMs: 3_000, reportMs: 200 };

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const postedWanted = flag("--posted", 100_000);
const linesWanted = flag("--lines", 10_000);
const rounds = flag("--rounds", 5);
/** `--profile <file>`: a CPU profile of the measured part only (not the seeding), for Chrome's DevTools. */
const profileFile = process.argv.includes("--profile") ? process.argv[process.argv.indexOf("--profile") + 1] : null;

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const load = () =>
  `load ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" / ")} (${os.cpus().length} cores)`;

const leaves = flattenCatalog(buildCatalog({})).filter((node) => isSelectable(node));
const INCOME = leaves.find((node) => node.key.startsWith("40-"))!.key;
const EXPENSE = leaves.find((node) => node.key.startsWith("60-"))!.key;

/** The books' last day and the statement's first one: the statement covers the books' last two months. */
const LAST_DAY = "2026-10-31" as CalendarDate;
const STATEMENT_FROM = "2026-09-01" as CalendarDate;
const FIRST_DAY = "2025-01-01" as CalendarDate;
const DAYS = (Date.parse(`${LAST_DAY}T00:00:00Z`) - Date.parse(`${FIRST_DAY}T00:00:00Z`)) / 86_400_000 + 1;

interface BookMovement {
  date: CalendarDate;
  /** As the bank sees it: positive = money in (a debit to the bank's ledger account). */
  amount: bigint;
  number: number;
}

/**
 * `postedWanted` entries spread evenly over the days, each the bank's ledger account against an income
 * (money in) or an expense (money out), posted through the ledger service: many posts at once, which it
 * groups into transactions of up to 200 entries with their period balances and posted lines.
 */
async function seedBooks(): Promise<BookMovement[]> {
  const random = createRandom(`bench-bank:${postedWanted}`);
  const movements: BookMovement[] = [];
  const inputs: EntryInput[] = [];
  for (let i = 0; i < postedWanted; i++) {
    const date = addDays(FIRST_DAY, Math.floor((i / postedWanted) * DAYS));
    const size = BigInt(1_000 + Math.floor(random.next() * 999_000)) * 100n;
    const moneyIn = random.next() < 0.55;
    // The entry form's amounts are Amount units: 1 000 to the céntimo.
    const amount = size * 1_000n;
    inputs.push({
      date,
      description: moneyIn ? `Depósito cliente ${i + 1}` : `Pago proveedor ${i + 1}`,
      reference: String(700_000 + i),
      lines: moneyIn
        ? [
            { account: BANK_LEDGER, debit: amount },
            { account: INCOME, credit: amount },
          ]
        : [
            { account: EXPENSE, debit: amount },
            { account: BANK_LEDGER, credit: amount },
          ],
    });
    movements.push({ date, amount: moneyIn ? size : -size, number: i + 1 });
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: 128 }, async () => {
      while (next < inputs.length) {
        const outcome = await createAndPost(ORG, inputs[next++], { by: "bench" });
        if (!outcome.ok) throw new Error(outcome.refusals.map((refusal) => refusal.message).join(" "));
      }
    }),
  );
  return movements;
}

const money = (value: bigint) => {
  const sign = value < 0n ? "-" : "";
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
};
const bacDay = (date: CalendarDate) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/**
 * A BAC CSV of `linesWanted` movements from STATEMENT_FROM on: 90 % of them the books' movements of
 * those months (one to three days later, in the bank's order), the rest commissions and interest the
 * books do not have. The opening balance is the books' balance the day before, so the conciliación
 * has a difference of zero.
 */
function statementFile(movements: BookMovement[]): { bytes: Uint8Array; fromBooks: number } {
  const random = createRandom(`bench-bank-statement:${linesWanted}`);
  const inPeriod = movements.filter((movement) => movement.date >= STATEMENT_FROM);
  const opening = movements
    .filter((movement) => movement.date < STATEMENT_FROM)
    .reduce((sum, movement) => sum + movement.amount, 0n);
  const fromBooks = Math.min(inPeriod.length, Math.round(linesWanted * 0.9));
  const step = inPeriod.length / fromBooks;
  const rows: Array<{ date: CalendarDate; amount: bigint; reference: string; text: string }> = [];
  for (let k = 0; k < fromBooks; k++) {
    const movement = inPeriod[Math.floor(k * step)];
    const date = addDays(movement.date, 1 + Math.floor(random.next() * 3));
    rows.push({
      date: date > LAST_DAY ? LAST_DAY : date,
      amount: movement.amount,
      reference: String(900_000_000 + movement.number),
      text:
        movement.amount > 0n ? `DEPOSITO TRANSFERENCIA ${movement.number}` : `TRANSFERENCIA SINPE ${movement.number}`,
    });
  }
  for (let k = fromBooks; k < linesWanted; k++) {
    const date = addDays(STATEMENT_FROM, Math.floor(random.next() * 61));
    const interest = k % 5 === 0;
    rows.push({
      date,
      amount: interest ? BigInt(100 + k) : -BigInt(150_000 + (k % 7) * 100),
      reference: String(800_000_000 + k),
      text: interest ? "INTERESES GANADOS" : "COMISION TRANSFERENCIA SINPE",
    });
  }
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let balance = opening;
  const body = rows.map((row) => {
    balance += row.amount;
    const debit = row.amount < 0n ? -row.amount : 0n;
    const credit = row.amount > 0n ? row.amount : 0n;
    return [bacDay(row.date), row.reference, "TF", row.text, money(debit), money(credit), money(balance)].join(",");
  });
  const text = [
    "Número de cliente,Nombre,Producto,Moneda,Saldo inicial,Saldo total,Fondos retenidos y diferidos,Saldo disponible,Fecha,STBGAV,STBUNC,Mensaje 1,Mensaje 2",
    `123456,BANCOS DE PRUEBA S.A.,${IBAN},COLONES,${money(opening)},${money(balance)},0.00,${money(balance)},${bacDay(LAST_DAY)},,,,`,
    "",
    "Fecha de transacción,Referencia de transacción,Códigos de transacción,Descripción de transacciones,Débito de transacción,Crédito de transacción,Balance de transacción",
    ...body,
    "",
  ].join("\r\n");
  // BAC writes Windows-1252; the only non-ASCII letters here are the header's accents.
  const bytes = Uint8Array.from(Buffer.from(text, "latin1"));
  return { bytes, fromBooks };
}

async function time<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

function verdict(ms: number, target: number): string {
  return `${ms.toFixed(0)} ms (target < ${target} ms${ms < target ? "" : ", MISSED"})`;
}

/** Forgets the imported statement and its matches, so the next round imports it again from scratch. */
async function forgetStatement(account: BankAccountRecord) {
  const matches = await BankMatch.find({ bankAccountId: account._id }, { postedLines: 1 }).lean();
  await withTransaction((session) =>
    markPostedLinesForBank(
      ORG,
      BANK_LEDGER,
      matches.flatMap((match) => match.postedLines.map((line) => ({ ...line, day: null }))),
      session,
    ),
  );
  await Promise.all([
    BankStatementLine.deleteMany({ bankAccountId: account._id }),
    BankStatement.deleteMany({ bankAccountId: account._id }),
    BankMatch.deleteMany({ bankAccountId: account._id }),
  ]);
}

// The database in its own process with its data on disk, as `npm start`'s primary runs it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-bank-"));
const database = await startDatabaseProcess(path.join(dataDir, "db"));
let failed = false;
try {
  useBenchEnvironment(`${database.uri}/bench_bank`);
  await connectDatabase(process.env.MONGODB_URI);
  await mongoose.connection.dropDatabase();
  await Promise.all(Object.values(mongoose.models).map((model) => model.init()));
  await ensureOrganization({ _id: ORG, name: "Bancos de Prueba S.A.", identificationType: "02" });
  console.log(
    `bank: ${postedWanted} posted lines on ${BANK_LEDGER}, a ${linesWanted}-line BAC statement, NODE_ENV=${process.env.NODE_ENV ?? ""}; ${load()}`,
  );
  const seedStarted = performance.now();
  const movements = await seedBooks();
  const differences = await verifyLedger(ORG);
  if (differences.length > 0) throw new Error(`the seeded books disagree with their balances: ${differences.length}`);
  console.log(
    `seeded ${postedWanted} entries through the ledger (balances verified) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; ${load()}`,
  );
  const form = readBankAccountForm({
    bank: "bac",
    iban: IBAN,
    currency: "CRC",
    ledgerAccount: BANK_LEDGER,
    format: "bac",
  });
  if (!form.ok) throw new Error(JSON.stringify(form.errors));
  const created = await createBankAccount(ORG, "bench", form.value);
  if (!created.ok) throw new Error(created.refusals[0].message);
  const account = created.account;
  const { bytes, fromBooks } = statementFile(movements);
  console.log(
    `statement: ${linesWanted} lines (${fromBooks} of them the books' movements), ${(bytes.length / 1024 / 1024).toFixed(1)} MB`,
  );

  const profiler = profileFile ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.start");
  }
  const totals: number[] = [];
  const reports: number[] = [];
  let accepted = 0;
  const importMs: number[] = [];
  const proposeMs: number[] = [];
  const acceptMs: number[] = [];
  let summary = "";
  for (let round = 0; round < rounds; round++) {
    await forgetStatement(account);
    const imported = await time(() =>
      importStatement(account, "bench", { format: "bac", fileName: "bac-estado.csv", bytes }),
    );
    if (!imported.value.ok) throw new Error(imported.value.refusal.message);
    // As the account page shows them, then as its button accepts those it showed.
    const proposed = await time(() => matchingForPage(account));
    const token = proposed.value.bookToken ?? undefined;
    const acceptedRun = await time(() => acceptBookProposals(account, "bench", token));
    if (!acceptedRun.value.ok) throw new Error(acceptedRun.value.refusals[0].message);
    accepted = acceptedRun.value.accepted;
    importMs.push(imported.ms);
    proposeMs.push(proposed.ms);
    acceptMs.push(acceptedRun.ms);
    totals.push(imported.ms + proposed.ms + acceptedRun.ms);
    console.log(
      `  round ${round + 1}: import ${imported.ms.toFixed(0)} ms, proposals ${proposed.ms.toFixed(0)} ms ` +
        `(${proposed.value.proposals.length}), accept ${acceptedRun.ms.toFixed(0)} ms; ${load()}`,
    );
  }
  const total = median(totals);
  if (total >= TARGETS.importAndMatchMs) failed = true;
  console.log(
    `import + match of ${linesWanted} lines (${accepted} accepted against posted lines): median ${verdict(total, TARGETS.importAndMatchMs)} ` +
      `[import ${median(importMs).toFixed(0)}, proposals ${median(proposeMs).toFixed(0)}, accept ${median(acceptMs).toFixed(0)} ms]`,
  );

  for (let round = 0; round < rounds + 2; round++) {
    const report = await time(() => reconciliationReportAt(account, LAST_DAY));
    if (round >= 2) reports.push(report.ms);
    const r = report.value.reconciliation;
    summary =
      `bank ${r.bankBalance === null ? "—" : money(r.bankBalance)}, books ${money(r.bookBalance)}, ` +
      `in transit ${r.depositsInTransit.count} + ${r.outstandingPayments.count}, unrecorded ${r.unrecorded.count}, ` +
      `difference ${r.difference === null ? "—" : money(r.difference)}`;
  }
  const reportMs = median(reports);
  if (reportMs >= TARGETS.reportMs) failed = true;
  console.log(`conciliación at ${LAST_DAY} (${summary}): median ${verdict(reportMs, TARGETS.reportMs)}; ${load()}`);
  if (profiler && profileFile) {
    const { profile } = await profiler.post("Profiler.stop");
    writeFileSync(profileFile, JSON.stringify(profile));
  }
} finally {
  await disconnectDatabase();
  await database.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
