/**
 * Accepting a proposal against open items from the bank page: the cobro / pago is registered through the
 * open items' payment operation in the bank account's ledger account, and the bank lines are reconciled
 * with its entry in the same transaction; undo reverses both. Reconciled lines always add up to the book
 * movements their matches name.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScotiabankAccount } from "./bank-fixtures";
import { BankMatch } from "../../models/bank-match";
import { BankStatementLine } from "../../models/bank-statement-line";
import { OpenItem } from "../../models/open-item";
import { Organization, ensureOrganization } from "../../models/organization";
import { PostedLine } from "../../models/posted-line";
import { Settlement } from "../../models/settlement";
import type { BankAccountRecord } from "../../models/bank-account";
import type { CalendarDate } from "../../app/domain/calendar";
import { acceptProposal, matchingData, undoMatch } from "../../app/services/bank/matching.server";
import { importStatement } from "../../app/services/bank/statements.server";
import { reconciliationAt } from "../../app/services/bank/reconciliation.server";
import { importOpeningBalances } from "../../app/services/open-items/opening-import.server";
import { undoPayment } from "../../app/services/open-items/payments.server";
import { action } from "../../app/routes/_app.admin.bank_.$accountID";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const CEDULA = "3101990007";
const ORG = `CR:${CEDULA}`;
const BANK = "10-01-01-03-01";
const TODAY = "2026-11-27" as CalendarDate;
const SINPE = "SINPE DE COMERCIAL ÁLVAREZ S.A. 3101654321";
const FEE = "COMISIÓN TRANSFERENCIA INTERNACIONAL";
const context = { cspNonce: "" };
let environment: AppEnvironment;
let account: BankAccountRecord;
let cookie: string;

const lineOf = async (description: string) =>
  (await BankStatementLine.findOne({ bankAccountId: account._id, description }).lean())!;

const csv = (rows: string[]) =>
  new TextEncoder().encode(["cédula,documento,fecha,vencimiento,monto,nombre", ...rows].join("\r\n"));

/** Σ of the reconciled bank lines and Σ of the posted lines their matches name, as the bank sees them. */
async function reconciledTotals() {
  const lines = await BankStatementLine.find({ bankAccountId: account._id, state: "conciliado" }).lean();
  const matches = await BankMatch.find({ bankAccountId: account._id }).lean();
  let book = 0n;
  for (const match of matches)
    for (const named of match.postedLines) {
      const posted = (await PostedLine.findOne({
        organizationId: ORG,
        entryId: named.entryId,
        line: named.line,
      }).lean())!;
      expect(posted.account).toBe(BANK);
      book += BigInt(posted.debit) - BigInt(posted.credit);
    }
  return { bank: lines.reduce((total, line) => total + BigInt(line.amount), 0n), book };
}

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Cobradora S.A.", identificationType: "02" });
  const admin = await createTestUser({ persona: "admin", orgs: { [ORG]: "admin" } });
  cookie = await sessionCookieFor(admin.id);
  account = await createScotiabankAccount(ORG, BANK);
  // Comercial Álvarez owes two invoices that its SINPE of ₡350 000 pays together; the bank's
  // commission of ₡1 500 is what a supplier's invoice asks.
  const customers = await importOpeningBalances(
    ORG,
    "receivable",
    csv([
      "3101654321,FE-2001,2026-10-01,2026-10-31,200000.00,Comercial Álvarez S.A.",
      "3101654321,FE-2002,2026-10-05,2026-11-04,150000.00,",
    ]),
    "tester",
    TODAY,
  );
  if (!customers.ok) throw new Error(customers.errors.join(" "));
  const suppliers = await importOpeningBalances(
    ORG,
    "payable",
    csv(["3101777001,FC-88,2026-10-20,2026-11-19,1500.00,Servicios Bancarios del Este S.A."]),
    "tester",
    TODAY,
  );
  if (!suppliers.ok) throw new Error(suppliers.errors.join(" "));
  const imported = await importStatement(account, "tester", {
    format: "scotiabank",
    fileName: "scotia.csv",
    bytes: new Uint8Array(readFileSync(path.resolve("tests/fixtures/bank/scotiabank-cuenta.csv"))),
  });
  if (!imported.ok) throw new Error(imported.refusal.message);
}, 60_000);

afterAll(async () => {
  await environment?.close();
});

describe("accepting a proposal against open items", () => {
  it("proposes the customer's two invoices for its SINPE and the supplier's invoice for the charge", async () => {
    const data = await matchingData(account);
    const described = data.proposals.map((proposal) => [
      proposal.kind,
      proposal.bankLineIds.map((id) => data.bank.get(id)!.description),
      proposal.kind === "items" ? proposal.items.map((item) => data.items.get(item.id)!.label) : [],
    ]);
    expect(described).toEqual([
      ["items", [SINPE], ["SI FE-2001", "SI FE-2002"]],
      ["items", [FEE], ["SI FC-88"]],
    ]);
  });

  it("registers the cobro in the bank's account and reconciles the line in one step", async () => {
    const line = await lineOf(SINPE);
    const response = await respond(() =>
      action({
        request: postRequest(
          `/admin/bank/${String(account._id)}?org=${CEDULA}`,
          { intent: "accept", lineId: String(line._id) },
          cookie,
        ),
        params: { accountID: String(account._id) },
        context,
      }),
    );
    expect(response.status).toBe(302);
    expect((await lineOf(SINPE)).state).toBe("conciliado");
    const settlement = (await Settlement.findOne({ organizationId: ORG, kind: "cobro" }).lean())!;
    expect(settlement).toMatchObject({ date: "2026-11-03", moneyAccount: BANK, reference: "778812" });
    expect(BigInt(settlement.received!)).toBe(35_000_000n);
    const items = await OpenItem.find({ organizationId: ORG, side: "receivable" }).lean();
    expect(items.map((item) => BigInt(item.balance))).toEqual([0n, 0n]);
    const match = (await BankMatch.findOne({ bankAccountId: account._id }).lean())!;
    expect(String(match.settlementId)).toBe(String(settlement._id));
    expect(match.postedLines).toEqual([{ entryId: settlement.entryId, line: 0 }]);
    expect(await reconciledTotals()).toEqual({ bank: 35_000_000n, book: 35_000_000n });
  });

  it("refuses to undo a reconciled cobro from the customer's page", async () => {
    const settlement = (await Settlement.findOne({ organizationId: ORG, kind: "cobro" }).lean())!;
    expect(await undoPayment(ORG, String(settlement._id), TODAY, { by: "tester" })).toEqual({
      ok: false,
      refusals: [
        {
          message:
            "Ese cobro o pago está conciliado con un movimiento del banco: deshaga la conciliación en Conciliación Bancaria.",
        },
      ],
    });
    expect((await Settlement.findById(settlement._id).lean())!.reversedOn).toBeUndefined();
  });

  it("undoes both: the cobro reversed on its day, the invoices open again, the line pending", async () => {
    const line = await lineOf(SINPE);
    expect(await undoMatch(account, String(line._id), "tester")).toEqual({
      ok: true,
      message: "Conciliación deshecha.",
    });
    expect((await lineOf(SINPE)).state).toBe("pendiente");
    expect(await BankMatch.countDocuments({ bankAccountId: account._id })).toBe(0);
    const settlement = (await Settlement.findOne({ organizationId: ORG, kind: "cobro" }).lean())!;
    expect(settlement.reversedOn).toBe("2026-11-03");
    const items = await OpenItem.find({ organizationId: ORG, side: "receivable" }).lean();
    expect(items.map((item) => BigInt(item.balance)).sort()).toEqual([15_000_000n, 20_000_000n]);
    // The reversed cobro and its reversal cancel out: not proposed, not in transit.
    const data = await matchingData(account);
    expect(data.proposals.map((proposal) => proposal.kind)).toEqual(["items", "items"]);
    expect(data.book.size).toBe(0);
    const reconciliation = await reconciliationAt(account, "2026-11-30" as CalendarDate);
    expect(reconciliation.depositsInTransit).toEqual({ count: 0, amount: 0n });
    expect(reconciliation.outstandingPayments).toEqual({ count: 0, amount: 0n });
    expect(await reconciledTotals()).toEqual({ bank: 0n, book: 0n });
  });

  it("writes nothing when the books refuse the payment (a closed period)", async () => {
    await Organization.updateOne({ _id: ORG }, { $set: { lockDate: "2026-11-10" } });
    const settlements = await Settlement.countDocuments({ organizationId: ORG });
    const line = await lineOf(SINPE);
    const outcome = await acceptProposal(account, String(line._id), "tester");
    await Organization.updateOne({ _id: ORG }, { $unset: { lockDate: 1 } });
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? "" : outcome.refusals[0].message).toContain("período cerrado");
    expect((await lineOf(SINPE)).state).toBe("pendiente");
    expect(await Settlement.countDocuments({ organizationId: ORG })).toBe(settlements);
    expect(await BankMatch.countDocuments({ bankAccountId: account._id })).toBe(0);
  });

  it("registers one cobro when two requests accept the same line at once", async () => {
    const line = await lineOf(SINPE);
    const outcomes = await Promise.all([
      acceptProposal(account, String(line._id), "tester"),
      acceptProposal(account, String(line._id), "tester"),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(
      await Settlement.countDocuments({ organizationId: ORG, kind: "cobro", reversedOn: { $exists: false } }),
    ).toBe(1);
    expect(await BankMatch.countDocuments({ bankAccountId: account._id })).toBe(1);
  });

  it("registers the pago of the supplier's invoice from the bank's charge; totals stay equal", async () => {
    const fee = await lineOf(FEE);
    expect(await acceptProposal(account, String(fee._id), "tester")).toEqual({
      ok: true,
      message: "Movimiento conciliado.",
    });
    const pago = (await Settlement.findOne({ organizationId: ORG, kind: "pago" }).lean())!;
    expect(BigInt(pago.received!)).toBe(150_000n);
    expect(await reconciledTotals()).toEqual({ bank: 35_000_000n - 150_000n, book: 35_000_000n - 150_000n });
  });
});
