/**
 * Accepting, excluding and undoing check the month lock inside their own transaction, and only there:
 * «Aceptar todas» also leaves out closed months when it picks the proposals, a check blinded here as if
 * a close committed right after it. Each write must refuse the month marked conciliado and store nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CAPITAL_AND_EXPENSES, createBacColonesAccountWithStatement, postBankMovement } from "./bank-fixtures";
import { BankMatch } from "../../models/bank-match";
import { BankStatementLine } from "../../models/bank-statement-line";
import { ensureOrganization } from "../../models/organization";
import type { BankAccountRecord } from "../../models/bank-account";
import {
  acceptBookProposals,
  acceptProposal,
  matchingData,
  setExcluded,
  undoMatch,
} from "../../app/services/bank/matching.server";
import { closeMonth } from "../../app/services/bank/month-close.server";
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
  await postBankMovement(ORG, BANK, { date, amount: colones * 100_000n, description, reference }, CAPITAL_AND_EXPENSES);
}

const lineOf = async (description: string) =>
  (await BankStatementLine.findOne({ bankAccountId: account._id, description }).lean())!;

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Almacén La Peña S.A.", identificationType: "02" });
  account = await createBacColonesAccountWithStatement(ORG, BANK);
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
