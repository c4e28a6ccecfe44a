/**
 * Accepting, excluding and undoing check the month lock inside their own transaction, and only there:
 * «Aceptar todas» also leaves out closed months when it picks the proposals, a check blinded here as if
 * a close committed right after it. Each write must refuse the month marked conciliado and store nothing.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BankMatch } from "../../models/bank-match";
import { BankStatementLine } from "../../models/bank-statement-line";
import { ensureOrganization } from "../../models/organization";
import type { BankAccountRecord } from "../../models/bank-account";
import { readBankAccountForm } from "../../app/domain/bank/account-form";
import { createBankAccount } from "../../app/services/bank/accounts.server";
import {
  acceptBookProposals,
  acceptProposal,
  matchingData,
  setExcluded,
  undoMatch,
} from "../../app/services/bank/matching.server";
import { closeMonth } from "../../app/services/bank/month-close.server";
import { importStatement } from "../../app/services/bank/statements.server";
import { createAndPost } from "../../app/services/ledger/ledger.server";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import type * as MonthClose from "../../app/services/bank/month-close.server";

const blind = vi.hoisted(() => ({ on: false }));
vi.mock("../../app/services/bank/month-close.server", async (importOriginal) => {
  const original = await importOriginal<typeof MonthClose>();
  return {
    ...original,
    closedMonthsOf: (account: BankAccountRecord) =>
      blind.on ? Promise.resolve(new Set<string>()) : original.closedMonthsOf(account),
  };
});

const ORG = "CR:3101990031";
const BANK = "10-01-01-03-01";
const LOCKED =
  "Ese movimiento es de noviembre de 2026, ya marcado como conciliado: un superadministrador puede reabrir el mes.";
let environment: AppEnvironment;
let account: BankAccountRecord;

async function post(date: string, colones: bigint, description: string, reference = "") {
  const amount = colones * 100_000n;
  const lines =
    amount > 0n
      ? [
          { account: BANK, debit: amount },
          { account: "30-01-01-00-00", credit: amount },
        ]
      : [
          { account: "60-04-02-00-00", debit: -amount },
          { account: BANK, credit: -amount },
        ];
  const posted = await createAndPost(ORG, { date, description, reference, lines }, { by: "tester" });
  if (!posted.ok) throw new Error(posted.refusals.map((refusal) => refusal.message).join(" "));
}

const lineOf = async (description: string) =>
  (await BankStatementLine.findOne({ bankAccountId: account._id, description }).lean())!;

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Almacén La Peña S.A.", identificationType: "02" });
  const form = readBankAccountForm({
    bank: "bac",
    iban: "CR12 0102 0000 9301 2345 67",
    currency: "CRC",
    ledgerAccount: BANK,
    format: "bac",
  });
  if (!form.ok) throw new Error(JSON.stringify(form.errors));
  const created = await createBankAccount(ORG, "tester", form.value);
  if (!created.ok) throw new Error(created.refusals[0].message);
  account = created.account;
  const imported = await importStatement(account, "tester", {
    format: "bac",
    fileName: "bac.csv",
    bytes: new Uint8Array(readFileSync(path.resolve("tests/fixtures/bank/bac-cuenta-colones.csv"))),
  });
  if (!imported.ok) throw new Error(imported.refusal.message);
  await post("2026-10-31", 1_500_000n, "Saldo inicial del banco");
  await post("2026-11-05", -125_000n, "Cheque a proveedor", "004512");
  await post("2026-11-20", -750_000n, "Pago a Distribuidora Ñandú");
  await post("2026-11-10", 1_000_000n, "Depósito en efectivo");
  const cheque = await lineOf("CHEQUE 004512");
  expect((await acceptProposal(account, String(cheque._id), "tester")).ok).toBe(true);
  expect(await closeMonth(account, "2026-11", "tester")).toMatchObject({ ok: true });
  blind.on = true;
}, 60_000);

afterAll(async () => {
  blind.on = false;
  await environment?.close();
});

describe("a month closed between the checks and the write", () => {
  it("refuses accepting one proposal and all of them, storing no match", async () => {
    const matches = await BankMatch.countDocuments({ bankAccountId: account._id });
    const proposals = (await matchingData(account)).proposals;
    expect(proposals.length).toBeGreaterThan(0);
    expect(await acceptProposal(account, proposals[0].bankLineIds[0], "tester")).toEqual({
      ok: false,
      refusals: [{ message: LOCKED, kind: "conflict" }],
    });
    expect(proposals.length).toBeGreaterThan(1);
    expect(await acceptBookProposals(account, "tester")).toEqual({
      ok: false,
      refusals: [{ message: LOCKED, kind: "conflict" }],
    });
    expect(await BankMatch.countDocuments({ bankAccountId: account._id })).toBe(matches);
    expect(await BankStatementLine.countDocuments({ bankAccountId: account._id, state: "conciliado" })).toBe(1);
  });

  it("refuses excluding a line and undoing a match, leaving both as they were", async () => {
    const commission = await lineOf("COMISIÓN MANTENIMIENTO CUENTA");
    expect(await setExcluded(account, String(commission._id), true)).toEqual({
      ok: false,
      refusals: [{ message: LOCKED, kind: "conflict" }],
    });
    const cheque = await lineOf("CHEQUE 004512");
    expect(await undoMatch(account, String(cheque._id), "tester")).toEqual({
      ok: false,
      refusals: [{ message: LOCKED, kind: "conflict" }],
    });
    expect((await lineOf("COMISIÓN MANTENIMIENTO CUENTA")).state).toBe("pendiente");
    expect((await lineOf("CHEQUE 004512")).state).toBe("conciliado");
  });
});
