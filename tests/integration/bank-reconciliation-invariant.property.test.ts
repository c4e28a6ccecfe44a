/**
 * The days a conciliación reads (each bank line's `reconciledAt`, each posted line's bank mark) against a
 * recomputation from every line and match, over generated sequences of imports, postings, acceptances
 * (one or all), undos, exclusions and month closes on one bank account: `verifyReconciliation` finds no
 * difference at several dates after every sequence — figures, items and stored days alike.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarDate } from "../../app/domain/calendar";
import { readBankAccountForm } from "../../app/domain/bank/account-form";
import { createBankAccount } from "../../app/services/bank/accounts.server";
import {
  acceptBookProposals,
  acceptProposal,
  matchingData,
  matchingForPage,
  setExcluded,
  undoMatch,
} from "../../app/services/bank/matching.server";
import { closeMonth, reopenMonth } from "../../app/services/bank/month-close.server";
import { reconciliationReportAt, verifyReconciliation } from "../../app/services/bank/reconciliation.server";
import { importStatement } from "../../app/services/bank/statements.server";
import { createAndPost, editPosted, markPostedLinesForBank, reverse } from "../../app/services/ledger/ledger.server";
import { withTransaction } from "../../app/utils/db.server";
import { BankAccount } from "../../models/bank-account";
import { BankMatch } from "../../models/bank-match";
import { BankStatementLine } from "../../models/bank-statement-line";
import { ensureOrganization } from "../../models/organization";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";

const BANK = "10-01-01-03-01";
const IBAN = "CR12010200009301234567";
let environment: AppEnvironment;
/** What the sequences did, so the test shows it exercised each write. */
const done = { accepted: 0, acceptedShown: 0, undone: 0, excluded: 0, closed: 0 };

type Step =
  | { kind: "post"; day: number; colones: number }
  | { kind: "import"; rows: Array<{ day: number; colones: number; fromBooks: boolean }> }
  | { kind: "accept"; pick: number }
  /** «Aceptar las propuestas contra asientos»: of the set the page last showed, or proposed again. */
  | { kind: "acceptAll"; shown: boolean }
  | { kind: "show" }
  | { kind: "undo"; pick: number }
  | { kind: "exclude"; pick: number; excluded: boolean }
  | { kind: "reverse"; pick: number }
  | { kind: "close"; month: number }
  | { kind: "reopen"; month: number };

const day = fc.integer({ min: 1, max: 59 });
const colones = fc.integer({ min: -9, max: 9 }).filter((value) => value !== 0);
const pick = fc.nat(1000);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("post" as const), day, colones }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("import" as const),
      rows: fc.array(fc.record({ day, colones, fromBooks: fc.boolean() }), { minLength: 1, maxLength: 4 }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("accept" as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("acceptAll" as const), shown: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("show" as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("undo" as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("exclude" as const), pick, excluded: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reverse" as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("close" as const), month: fc.integer({ min: 0, max: 1 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reopen" as const), month: fc.integer({ min: 0, max: 1 }) }) },
);

/** Day n from 1 October 2026 (1–59: October and November). */
const dayOf = (n: number) => {
  const date = new Date(Date.UTC(2026, 9, 1 + n - 1));
  return date.toISOString().slice(0, 10) as CalendarDate;
};
const bacDay = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
const money = (value: number) => `${Math.abs(value)}.00`;

/** A BAC file of these movements (already as the bank sees them), opening at `opening` colones. */
function bacFile(rows: Array<{ date: string; amount: number; text: string }>, opening: number, serial: number) {
  const sorted = [...rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let balance = opening;
  const body = sorted.map((row, index) => {
    balance += row.amount;
    const debit = row.amount < 0 ? money(row.amount) : "0.00";
    const credit = row.amount > 0 ? money(row.amount) : "0.00";
    return [bacDay(row.date), String(serial * 100 + index), "TF", row.text, debit, credit, `${balance}.00`].join(",");
  });
  const text = [
    "Número de cliente,Nombre,Producto,Moneda,Saldo inicial,Saldo total,Fondos retenidos y diferidos,Saldo disponible,Fecha,STBGAV,STBUNC,Mensaje 1,Mensaje 2",
    `123456,PRUEBA S.A.,${IBAN},COLONES,${opening}.00,${balance}.00,0.00,${balance}.00,${bacDay(sorted[sorted.length - 1].date)},,,,`,
    "",
    "Fecha de transacción,Referencia de transacción,Códigos de transacción,Descripción de transacciones,Débito de transacción,Crédito de transacción,Balance de transacción",
    ...body,
    "",
  ].join("\r\n");
  return Uint8Array.from(Buffer.from(text, "latin1"));
}

async function run(steps: Step[], serial: number): Promise<string[]> {
  const organizationId = `CR:31019${String(serial).padStart(5, "0")}`;
  await ensureOrganization({ _id: organizationId, name: "Prueba S.A.", identificationType: "02" });
  const form = readBankAccountForm({ bank: "bac", iban: IBAN, currency: "CRC", ledgerAccount: BANK, format: "bac" });
  if (!form.ok) throw new Error(JSON.stringify(form.errors));
  const created = await createBankAccount(organizationId, "tester", form.value);
  if (!created.ok) throw new Error(created.refusals[0].message);
  const account = created.account;
  const books: Array<{ id: string; date: CalendarDate; colones: number }> = [];
  let files = 0;
  let shownToken: string | undefined;
  const post = async (date: CalendarDate, value: number) => {
    const amount = BigInt(Math.abs(value)) * 100_000n;
    const lines =
      value > 0
        ? [
            { account: BANK, debit: amount },
            { account: "30-01-01-00-00", credit: amount },
          ]
        : [
            { account: "60-04-02-00-00", debit: amount },
            { account: BANK, credit: amount },
          ];
    const posted = await createAndPost(
      organizationId,
      { date, description: `Movimiento ${books.length + 1}`, reference: "", lines },
      { by: "tester" },
    );
    if (!posted.ok) throw new Error(posted.refusals[0].message);
    books.push({ id: String(posted.entry._id), date, colones: value });
  };
  const linesIn = async (state: "pendiente" | "conciliado" | "excluido") =>
    BankStatementLine.find({ bankAccountId: account._id, state }).sort({ date: 1, line: 1, _id: 1 }).lean();
  for (const current of steps) {
    switch (current.kind) {
      case "post":
        await post(dayOf(current.day), current.colones * 1_000);
        break;
      case "import": {
        files += 1;
        const rows = current.rows.map((row, index) => {
          const book = row.fromBooks && books.length > 0 ? books[(row.day * 7 + index) % books.length] : null;
          return book
            ? {
                date: dayOf(
                  Math.min(59, Number(book.date.slice(8, 10)) + (book.date < "2026-11-01" ? 0 : 31) + (row.day % 3)),
                ),
                amount: book.colones,
                text: `TRANSFERENCIA ${files}-${index}`,
              }
            : { date: dayOf(row.day), amount: row.colones * 10, text: `COMISION ${files}-${index}` };
        });
        await importStatement(account, "tester", {
          format: "bac",
          fileName: `bac-${files}.csv`,
          bytes: bacFile(rows, 100_000 * files, serial * 10 + files),
        });
        break;
      }
      case "accept": {
        const { proposals } = await matchingData(account);
        if (proposals.length > 0)
          if ((await acceptProposal(account, proposals[current.pick % proposals.length].bankLineIds[0], "tester")).ok)
            done.accepted += 1;
        break;
      }
      case "show":
        shownToken = (await matchingForPage(account)).bookToken ?? undefined;
        break;
      case "acceptAll":
        if ((await acceptBookProposals(account, "tester", current.shown ? shownToken : undefined)).ok) {
          done.accepted += 1;
          if (current.shown && shownToken) done.acceptedShown += 1;
        }
        break;
      case "undo": {
        const lines = await linesIn("conciliado");
        if (lines.length > 0 && (await undoMatch(account, String(lines[current.pick % lines.length]._id), "tester")).ok)
          done.undone += 1;
        break;
      }
      case "exclude": {
        const lines = await linesIn(current.excluded ? "pendiente" : "excluido");
        if (
          lines.length > 0 &&
          (await setExcluded(account, String(lines[current.pick % lines.length]._id), current.excluded)).ok
        )
          done.excluded += 1;
        break;
      }
      case "reverse":
        if (books.length > 0) {
          const book = books[current.pick % books.length];
          await reverse(organizationId, book.id, { by: "tester", date: book.date });
        }
        break;
      case "close":
        if ((await closeMonth(account, current.month === 0 ? "2026-10" : "2026-11", "tester")).ok) done.closed += 1;
        break;
      case "reopen":
        await reopenMonth(account, current.month === 0 ? "2026-10" : "2026-11", "tester");
        break;
    }
  }
  return verifyReconciliation(account, [dayOf(10), dayOf(31), dayOf(45), dayOf(59)]);
}

beforeAll(async () => {
  environment = await startAppEnvironment();
}, 60_000);

afterAll(async () => {
  await environment?.close();
});

describe("the stored reconciliation days", () => {
  it("equal a recomputation from every line and match after any sequence of bank operations", async () => {
    let serial = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 8, maxLength: 16 }), async (steps) => {
        serial += 1;
        expect(await run(steps, serial)).toEqual([]);
      }),
      { numRuns: 20, seed: 20261127, endOnFailure: true },
    );
    expect(done.accepted).toBeGreaterThan(3);
    expect(done.undone).toBeGreaterThan(1);
    expect(done.excluded).toBeGreaterThan(1);
  }, 240_000);

  it("equal it too when the proposals the page showed are accepted after any operations since", async () => {
    // Three movements in the books and on the statement: the page shows three proposals against them.
    const shown: Step[] = [
      { kind: "post", day: 5, colones: 3 },
      { kind: "post", day: 20, colones: -2 },
      { kind: "post", day: 40, colones: 4 },
      {
        kind: "import",
        rows: [0, 1, 2].map(() => ({ day: 3, colones: 1, fromBooks: true })),
      },
      { kind: "show" },
    ];
    let serial = 500;
    const before = done.acceptedShown;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 0, maxLength: 5 }), async (since) => {
        serial += 1;
        expect(await run([...shown, ...since, { kind: "acceptAll", shown: true }], serial)).toEqual([]);
      }),
      { numRuns: 12, seed: 20261128, endOnFailure: true },
    );
    expect(done.acceptedShown - before).toBeGreaterThan(2);
  }, 240_000);

  it("gives matches stored before they kept their day that day, on their lines too, before reading", async () => {
    const steps: Step[] = [
      { kind: "post", day: 5, colones: 3 },
      { kind: "post", day: 40, colones: -2 },
      {
        kind: "import",
        rows: [
          { day: 1, colones: 1, fromBooks: true },
          { day: 2, colones: 1, fromBooks: true },
        ],
      },
      { kind: "acceptAll", shown: false },
    ];
    const organizationId = `CR:31019${String(99_999).padStart(5, "0")}`;
    expect(await run(steps, 99_999)).toEqual([]);
    const account = (await BankAccount.findOne({ organizationId }).lean())!;
    const matches = await BankMatch.find({ bankAccountId: account._id }).lean();
    expect(matches.length).toBeGreaterThan(0);
    // As stored before: no day on the matches and their lines, no mark on the posted lines.
    await BankMatch.updateMany({ bankAccountId: account._id }, { $unset: { reconciledAt: 1 } });
    await BankStatementLine.updateMany({ bankAccountId: account._id }, { $unset: { reconciledAt: 1 } });
    await withTransaction((session) =>
      markPostedLinesForBank(
        organizationId,
        BANK,
        matches.flatMap((match) => match.postedLines.map((line) => ({ ...line, day: null }))),
        session,
      ),
    );
    expect(await verifyReconciliation(account, [dayOf(59)])).not.toEqual([]);
    await reconciliationReportAt(account, dayOf(59));
    expect(await BankStatementLine.countDocuments({ bankAccountId: account._id, state: "conciliado" })).toBeGreaterThan(
      0,
    );
    expect(
      await BankStatementLine.countDocuments({ bankAccountId: account._id, state: "conciliado", reconciledAt: null }),
    ).toBe(0);
    expect(await verifyReconciliation(account, [dayOf(10), dayOf(59)])).toEqual([]);
  });

  it("keeps a matched posted line's mark when its entry is edited", async () => {
    const steps: Step[] = [
      { kind: "post", day: 5, colones: 3 },
      { kind: "import", rows: [{ day: 1, colones: 1, fromBooks: true }] },
      { kind: "acceptAll", shown: false },
    ];
    const organizationId = `CR:31019${String(99_998).padStart(5, "0")}`;
    expect(await run(steps, 99_998)).toEqual([]);
    const account = (await BankAccount.findOne({ organizationId }).lean())!;
    const match = (await BankMatch.findOne({ bankAccountId: account._id }).lean())!;
    const edited = await editPosted(
      organizationId,
      String(match.postedLines[0].entryId),
      {
        date: dayOf(5),
        description: "Depósito corregido",
        lines: [
          { account: BANK, debit: 300_000_000n },
          { account: "30-01-01-00-00", credit: 300_000_000n },
        ],
      },
      { by: "tester" },
    );
    expect(edited.ok).toBe(true);
    const report = await reconciliationReportAt(account, dayOf(59));
    expect(report.reconciliation.depositsInTransit.count).toBe(0);
    expect(await verifyReconciliation(account, [dayOf(6), dayOf(59)])).toEqual([]);
  });
});
