/**
 * A bank account in US$ (decision 307): its statement is in dollars, so its posted lines are matched on
 * the dollars they carry, and the conciliación (screen, PDF, XLSX, «Marcar conciliado») reads the
 * leaf's dollar balance; the leaf's lines in colones only move no dollar and are no item in transit.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBacDollarAccount } from "./bank-fixtures";
import { readBankAccountForm } from "../../app/domain/bank/account-form";
import { BANK_ACCOUNT_CURRENCY_MESSAGES, createBankAccount } from "../../app/services/bank/accounts.server";
import { BankAccount } from "../../models/bank-account";
import { BankMatch } from "../../models/bank-match";
import { BankMonth } from "../../models/bank-month";
import { BankStatementLine } from "../../models/bank-statement-line";
import { Entry } from "../../models/entry";
import { storedBigInt } from "../../models/open-item";
import type { CalendarDate } from "../../app/domain/calendar";
import { ensureOrganization } from "../../models/organization";
import { PostedLine } from "../../models/posted-line";
import type { BankAccountRecord } from "../../models/bank-account";
import { foreignToColones, readRate } from "../../app/domain/exchange-rates";
import { amountToCents, centsToAmount, parseAmount } from "../../app/domain/money";
import { changeCatalog } from "../../app/services/catalog/catalog.server";
import { acceptBookProposals, acceptProposal, matchingData, undoMatch } from "../../app/services/bank/matching.server";
import { reconciliationAt } from "../../app/services/bank/reconciliation.server";
import { importStatement } from "../../app/services/bank/statements.server";
import { createAndPost } from "../../app/services/ledger/ledger.server";
import * as accountRoute from "../../app/routes/_app.admin.bank_.$accountID";
import * as pdfRoute from "../../app/routes/_app.admin.bank_.$accountID_.reconciliation[.]pdf";
import * as xlsxRoute from "../../app/routes/_app.admin.bank_.$accountID_.reconciliation[.]xlsx";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { readPdfText } from "../support/pdf-tools";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const CEDULA = "3101990307";
const ORG = `CR:${CEDULA}`;
const BANK_USD = "10-01-01-04-01";
const context = { cspNonce: "" };
let environment: AppEnvironment;
let account: BankAccountRecord;
let cookie: string;
const entryIds: Record<string, string> = {};

/** An entry moving the dollar bank: US$ at a rate on the bank line, its colones on the other account. */
async function dollarEntry(name: string, date: string, dollars: string, rate: string, other: string) {
  const usd = parseAmount(dollars.replace("-", ""))!;
  const colones = centsToAmount(foreignToColones(usd, readRate(rate)!));
  const bank = { account: BANK_USD, currency: "USD", foreignAmount: usd, rate: readRate(rate)! };
  const lines = dollars.startsWith("-")
    ? [
        { account: other, debit: colones },
        { ...bank, credit: colones },
      ]
    : [
        { ...bank, debit: colones },
        { account: other, credit: colones },
      ];
  const posted = await createAndPost(ORG, { date, description: name, reference: "", lines }, { by: "tester" });
  if (!posted.ok) throw new Error(posted.refusals.map((refusal) => refusal.message).join(" "));
  entryIds[name] = String(posted.entry._id);
}

/** A colón-only adjustment of the dollar bank (US$0, as the month-end revaluation books). */
async function colonesAdjustment(date: string, colones: string) {
  const amount = parseAmount(colones)!;
  const posted = await createAndPost(
    ORG,
    {
      date,
      description: "Diferencial cambiario",
      reference: "",
      lines: [
        { account: BANK_USD, debit: amount, currency: "USD", foreignAmount: 0n },
        { account: "40-02-02-00-00", credit: amount },
      ],
    },
    { by: "tester" },
  );
  if (!posted.ok) throw new Error(posted.refusals.map((refusal) => refusal.message).join(" "));
}

const lineOf = async (description: string) =>
  (await BankStatementLine.findOne({ bankAccountId: account._id, description }).lean())!;

function file(route: typeof pdfRoute | typeof xlsxRoute, extension: string) {
  const id = String(account._id);
  return respond(() =>
    route.loader({
      request: getRequest(`/admin/bank/${id}/reconciliation.${extension}?org=${CEDULA}&at=2026-11-30`, cookie),
      params: { accountID: id },
      context,
    }),
  );
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Exportadora Dólar S.A.", identificationType: "02" });
  cookie = await sessionCookieFor((await createTestUser({ persona: "admin", orgs: { [ORG]: "admin" } })).id);
  expect(await changeCatalog(ORG, { kind: "set-currency", code: BANK_USD, currency: "USD" })).toEqual({
    code: BANK_USD,
  });
  account = await createBacDollarAccount(ORG, BANK_USD);
  await dollarEntry("Aporte inicial en dólares", "2026-10-31", "10000.00", "510.00", "30-01-01-00-00");
  await colonesAdjustment("2026-10-31", "20000.00");
  await dollarEntry("Cobro ACME factura 4471", "2026-11-03", "1500.00", "512.50", "40-01-01-01-00");
  await dollarEntry("Pago servicios cloud", "2026-11-10", "-420.25", "511.80", "60-04-02-00-00");
  await dollarEntry("Comisión transferencia", "2026-11-15", "-12.50", "512.00", "60-04-02-00-00");
  await dollarEntry("Cheque a proveedor", "2026-11-28", "-300.00", "513.00", "60-04-02-00-00");
  await colonesAdjustment("2026-11-30", "5000.00");
  const imported = await importStatement(account, "tester", {
    format: "bac",
    fileName: "bac-dolares.csv",
    bytes: new Uint8Array(readFileSync(path.resolve("tests/fixtures/bank/bac-cuenta-dolares.csv"))),
  });
  if (!imported.ok) throw new Error(imported.refusal.message);
}, 60_000);

afterAll(async () => {
  await environment?.close();
});

describe("a bank account in US$", () => {
  it("is created only on a leaf kept in dollars, and one in colones only on a leaf that is not", async () => {
    const form = (currency: "CRC" | "USD", ledgerAccount: string, number: string) => {
      const read = readBankAccountForm({ bank: "bn", number, currency, ledgerAccount, format: "bac" });
      if (!read.ok) throw new Error(JSON.stringify(read.errors));
      return read.value;
    };
    expect(await createBankAccount(ORG, "tester", form("USD", "10-01-01-04-02", "100-02-000-777"))).toEqual({
      ok: false,
      refusals: [
        { message: BANK_ACCOUNT_CURRENCY_MESSAGES.leafNotInDollars("10-01-01-04-02"), field: "ledgerAccount" },
      ],
    });
    expect(await createBankAccount(ORG, "tester", form("CRC", BANK_USD, "100-01-000-778"))).toEqual({
      ok: false,
      refusals: [{ message: BANK_ACCOUNT_CURRENCY_MESSAGES.leafInDollars(BANK_USD), field: "ledgerAccount" }],
    });
    expect(await BankAccount.countDocuments({ organizationId: ORG })).toBe(1);
  });

  it("proposes its posted lines by their dollars, never by their colones", async () => {
    const data = await matchingData(account);
    expect(data.proposals.map((proposal) => proposal.kind)).toEqual(["book", "book", "book"]);
    const matched = data.proposals.map((proposal) => {
      if (proposal.kind !== "book") return [];
      const bankSum = proposal.bankLineIds.reduce((sum, id) => sum + data.bank.get(id)!.amount, 0n);
      const bookSum = proposal.bookLineIds.reduce((sum, id) => sum + data.book.get(id)!.amount, 0n);
      expect(bookSum).toBe(bankSum);
      return proposal.bookLineIds.map((id) => data.book.get(id)!.description);
    });
    expect(matched).toEqual([["Cobro ACME factura 4471"], ["Pago servicios cloud"], ["Comisión transferencia"]]);
    // US$1 500,00 received, ₡768 750,00 in the books.
    const cobro = [...data.book.values()].find((line) => line.description === "Cobro ACME factura 4471")!;
    expect(cobro.amount).toBe(150_000n);
    // The colón-only adjustment moves no dollar: nothing to match.
    expect([...data.book.values()].some((line) => line.description === "Diferencial cambiario")).toBe(false);
  });

  it("accepts one, undoes it, then accepts all three at once", async () => {
    const cobro = await lineOf("TRANSF RECIBIDA ACME CORP INV 4471");
    expect(await acceptProposal(account, String(cobro._id), "tester")).toEqual({
      ok: true,
      message: "Movimiento conciliado.",
    });
    expect(await undoMatch(account, String(cobro._id), "tester")).toEqual({
      ok: true,
      message: "Conciliación deshecha.",
    });
    expect((await lineOf(cobro.description)).state).toBe("pendiente");
    expect(await acceptBookProposals(account, "tester")).toMatchObject({ ok: true, accepted: 3 });
    expect(await BankStatementLine.countDocuments({ bankAccountId: account._id, state: "conciliado" })).toBe(3);
  });

  it("keeps the invariant in dollars: each match's bank lines add up to the dollars of the book lines it names", async () => {
    const matches = await BankMatch.find({ bankAccountId: account._id }).lean();
    expect(matches).toHaveLength(3);
    for (const match of matches) {
      const lines = await BankStatementLine.find({ _id: { $in: match.bankLineIds } }).lean();
      const bankSum = lines.reduce((sum, line) => sum + storedBigInt(line.amount), 0n);
      const posted = await Promise.all(
        match.postedLines.map((named) => PostedLine.findOne({ entryId: named.entryId, line: named.line }).lean()),
      );
      const dollars = posted.reduce((sum, line) => sum + storedBigInt(line!.dollars), 0n);
      const colones = posted.reduce((sum, line) => sum + storedBigInt(line!.debit) - storedBigInt(line!.credit), 0n);
      expect(storedBigInt(match.amount)).toBe(bankSum);
      expect(amountToCents(dollars)).toBe(bankSum);
      expect(colones).not.toBe(bankSum);
    }
  });

  it("reconciles in US$: the leaf's dollar balance, the cheque outstanding, difference zero", async () => {
    expect(await reconciliationAt(account, "2026-11-30" as CalendarDate)).toEqual({
      date: "2026-11-30",
      bankBalance: 1_106_725n,
      bookBalance: 1_076_725n,
      depositsInTransit: { count: 0, amount: 0n },
      outstandingPayments: { count: 1, amount: 30_000n },
      unrecorded: { count: 0, amount: 0n },
      excluded: { count: 0, amount: 0n },
      difference: 0n,
    });

    const pdf = await file(pdfRoute, "pdf");
    expect(pdf.status).toBe(200);
    const text = readPdfText(new Uint8Array(await pdf.arrayBuffer()), { layout: true }).replace(/[\u00a0\u202f]/g, " ");
    expect(text).toMatch(/Saldo según banco\s+USD 11 067,25/);
    expect(text).toMatch(/Saldo según libros\s+USD 10 767,25/);
    expect(text).toContain("Cheque a proveedor");
    expect(text).not.toContain("Diferencial cambiario");
    expect(text).toMatch(/Diferencia\s+USD 0,00/);

    const xlsx = await file(xlsxRoute, "xlsx");
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const rows = new Map<string, unknown>();
    workbook
      .getWorksheet("Conciliación")!
      .eachRow((row) => rows.set(String(row.getCell(1).value), row.getCell(3).value));
    expect(rows.get("Saldo según banco")).toBe(11_067.25);
    expect(rows.get("Saldo según libros")).toBe(10_767.25);
    expect(rows.get("Diferencia")).toBe(0);
  });

  it("marks November reconciled with the dollar balances and locks the matched entries", async () => {
    const id = String(account._id);
    const response = await respond(() =>
      accountRoute.action({
        request: postRequest(
          `/admin/bank/${id}?org=${CEDULA}&at=2026-11-30`,
          { intent: "close-month", month: "2026-11" },
          cookie,
        ),
        params: { accountID: id },
        context,
      }),
    );
    expect(response.status).toBe(302);
    const month = (await BankMonth.findOne({ bankAccountId: account._id, month: "2026-11" }).lean())!;
    expect(month.closed).toBe(true);
    expect([storedBigInt(month.bankBalance), storedBigInt(month.bookBalance)]).toEqual([1_106_725n, 1_076_725n]);
    const lockKey = `${id}:2026-11`;
    expect((await Entry.findById(entryIds["Cobro ACME factura 4471"]).lean())!.bankLocks).toEqual([lockKey]);
    expect((await Entry.findById(entryIds["Cheque a proveedor"]).lean())!.bankLocks ?? []).toEqual([]);
  });
});
