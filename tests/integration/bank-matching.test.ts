/**
 * Reconciling against the books: a Scotiabank statement's lines meet the posted lines of the account's
 * ledger account; accepting a proposal marks its lines «conciliado» with a match whose total equals the
 * book movement, undo puts them back, excluded lines leave the proposals; another request's change is
 * refused.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMERS_AND_SUPPLIERS, postBankMovement } from "./bank-fixtures";
import { createScotiabankAccount } from "./bank-fixtures";
import { BankMatch } from "../../models/bank-match";
import { BankStatementLine } from "../../models/bank-statement-line";
import { ensureOrganization } from "../../models/organization";
import type { BankAccountRecord } from "../../models/bank-account";
import type { CalendarDate } from "../../app/domain/calendar";
import { acceptProposal, matchingData, setExcluded, undoMatch } from "../../app/services/bank/matching.server";
import { importStatement } from "../../app/services/bank/statements.server";
import { reconciliationAt } from "../../app/services/bank/reconciliation.server";
import { action, loader } from "../../app/routes/_app.admin.bank_.$accountID";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const CEDULA = "3101990004";
const ORG = `CR:${CEDULA}`;
const BANK = "10-01-01-03-01";
const context = { cspNonce: "" };
let environment: AppEnvironment;
let account: BankAccountRecord;
let cookie: string;

/** Posts céntimos to the bank account (the entry form takes Amount units, 1 000 to the céntimo). */
async function post(date: string, centimos: bigint, reference: string) {
  await postBankMovement(
    ORG,
    BANK,
    { date, amount: centimos * 1_000n, description: `Movimiento ${reference}`, reference },
    CUSTOMERS_AND_SUPPLIERS,
  );
}

const lineOf = async (description: string) =>
  (await BankStatementLine.findOne({ bankAccountId: account._id, description }).lean())!;

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Conciliadora S.A.", identificationType: "02" });
  const admin = await createTestUser({ persona: "admin", orgs: { [ORG]: "admin" } });
  cookie = await sessionCookieFor(admin.id);
  account = await createScotiabankAccount(ORG, BANK);
  await post("2026-11-02", 35_000_000n, "778812");
  await post("2026-11-13", -8_245_000n, "CCSS octubre");
  await post("2026-11-13", -999n, "otro");
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

describe("reconciling a bank account", () => {
  it("proposes the posted lines of equal amount within the window", async () => {
    const data = await matchingData(account);
    const described = data.proposals.map((proposal) => [
      proposal.kind,
      proposal.bankLineIds.map((id) => data.bank.get(id)!.description),
      proposal.kind === "book" ? proposal.bookLineIds.map((id) => data.book.get(id)!.amount) : [],
    ]);
    expect(described).toEqual([
      ["book", ["SINPE DE COMERCIAL ÁLVAREZ S.A. 3101654321"], [35_000_000n]],
      ["book", ["PAGO CCSS PLANILLA OCTUBRE"], [-8_245_000n]],
    ]);
  });

  it("accepts through the page: lines conciliado, a match equal to the book movement, undone again", async () => {
    const line = await lineOf("SINPE DE COMERCIAL ÁLVAREZ S.A. 3101654321");
    const path = `/admin/bank/${String(account._id)}?org=${CEDULA}`;
    const response = await respond(() =>
      action({
        request: postRequest(path, { intent: "accept", lineId: String(line._id) }, cookie),
        params: { accountID: String(account._id) },
        context,
      }),
    );
    expect(response.status).toBe(302);
    expect((await lineOf(line.description)).state).toBe("conciliado");
    const match = await BankMatch.findOne({ bankAccountId: account._id }).lean();
    expect(BigInt(match!.amount)).toBe(35_000_000n);
    expect((await matchingData(account)).proposals).toHaveLength(1);

    const again = await acceptProposal(account, String(line._id), "tester");
    expect(again).toEqual({
      ok: false,
      refusals: [
        {
          message: "La propuesta ya no está disponible: los movimientos cambiaron. Revise la lista.",
          kind: "conflict",
        },
      ],
    });

    expect(await undoMatch(account, String(line._id), "tester")).toEqual({
      ok: true,
      message: "Conciliación deshecha.",
    });
    expect((await lineOf(line.description)).state).toBe("pendiente");
    expect(await BankMatch.countDocuments({ bankAccountId: account._id })).toBe(0);
    expect(await undoMatch(account, String(line._id), "tester")).toMatchObject({
      ok: false,
      refusals: [{ message: "Ese movimiento no está conciliado." }],
    });
  });

  it("keeps reconciled lines equal to the book movements they matched", async () => {
    const data = await matchingData(account);
    for (const proposal of data.proposals)
      expect((await acceptProposal(account, proposal.bankLineIds[0], "tester")).ok).toBe(true);
    const reconciled = await BankStatementLine.find({ bankAccountId: account._id, state: "conciliado" }).lean();
    const matches = await BankMatch.find({ bankAccountId: account._id }).lean();
    const bankTotal = reconciled.reduce((total, line) => total + BigInt(line.amount), 0n);
    const matchTotal = matches.reduce((total, match) => total + BigInt(match.amount), 0n);
    expect(bankTotal).toBe(35_000_000n - 8_245_000n);
    expect(matchTotal).toBe(bankTotal);
  });

  it("excludes a pending line and includes it again; refuses to exclude a reconciled one", async () => {
    const fee = await lineOf("COMISIÓN TRANSFERENCIA INTERNACIONAL");
    expect(await setExcluded(account, String(fee._id), true)).toEqual({
      ok: true,
      message: "Movimiento excluido de la conciliación.",
    });
    expect((await lineOf(fee.description)).state).toBe("excluido");
    expect(await setExcluded(account, String(fee._id), false)).toEqual({
      ok: true,
      message: "El movimiento volvió a pendiente.",
    });
    const reconciled = await lineOf("PAGO CCSS PLANILLA OCTUBRE");
    expect(await setExcluded(account, String(reconciled._id), true)).toMatchObject({
      ok: false,
      refusals: [{ kind: "conflict" }],
    });
    const page = await respond(() =>
      loader({
        request: getRequest(`/admin/bank/${String(account._id)}?org=${CEDULA}`, cookie),
        params: { accountID: String(account._id) },
        context,
      }),
    );
    const data = (await page.json()) as { counts: Record<string, number> };
    expect(data.counts).toEqual({ pendiente: 2, conciliado: 2, excluido: 0 });
  });

  it("reconciles at a date: books, items in transit and bank lines not in the books", async () => {
    const result = await reconciliationAt(account, "2026-11-30" as CalendarDate);
    expect(result).toEqual({
      date: "2026-11-30",
      bankBalance: null,
      bookBalance: 35_000_000n - 8_245_000n - 999n,
      depositsInTransit: { count: 0, amount: 0n },
      outstandingPayments: { count: 1, amount: 999n },
      unrecorded: { count: 2, amount: -150_000n + 1_250_050n },
      excluded: { count: 0, amount: 0n },
      difference: null,
    });
    const before = await reconciliationAt(account, "2026-11-05" as CalendarDate);
    expect(before).toMatchObject({ bookBalance: 35_000_000n, unrecorded: { count: 1, amount: -150_000n } });
  });

  it("counts the books before the bank's first line in the book balance, not as items in transit", async () => {
    const before = await reconciliationAt(account, "2026-11-30" as CalendarDate);
    await post("2026-10-20", 5_000_000n, "saldo de octubre");
    const after = await reconciliationAt(account, "2026-11-30" as CalendarDate);
    expect(after.bookBalance).toBe(before.bookBalance + 5_000_000n);
    expect(after.depositsInTransit).toEqual(before.depositsInTransit);
    expect(after.outstandingPayments).toEqual(before.outstandingPayments);
  });
});
