/**
 * «Aceptar las propuestas contra asientos»: every proposal against posted lines accepted in one request
 * (a plain form), each with its own match equal to its book movement; the open-item proposals stay.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMERS_AND_SUPPLIERS, postBankMovement } from "./bank-fixtures";
import { createScotiabankAccount } from "./bank-fixtures";
import { BankMatch } from "../../models/bank-match";
import { BankStatementLine } from "../../models/bank-statement-line";
import { storedBigInt } from "../../models/open-item";
import { ensureOrganization } from "../../models/organization";
import type { BankAccountRecord } from "../../models/bank-account";
import { importStatement } from "../../app/services/bank/statements.server";
import { action, loader } from "../../app/routes/_app.admin.bank_.$accountID";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const CEDULA = "3101990031";
const ORG = `CR:${CEDULA}`;
const BANK = "10-01-01-03-01";
const context = { cspNonce: "" };
let environment: AppEnvironment;
let account: BankAccountRecord;
let cookie: string;

async function post(date: string, centimos: bigint, reference: string) {
  await postBankMovement(
    ORG,
    BANK,
    { date, amount: centimos * 1_000n, description: `Movimiento ${reference}`, reference },
    CUSTOMERS_AND_SUPPLIERS,
  );
}

const page = () => {
  const id = String(account._id);
  return respond(() =>
    loader({ request: getRequest(`/admin/bank/${id}?org=${CEDULA}`, cookie), params: { accountID: id }, context }),
  );
};
const acceptAll = () => {
  const id = String(account._id);
  return respond(() =>
    action({
      request: postRequest(`/admin/bank/${id}?org=${CEDULA}`, { intent: "accept-book-proposals" }, cookie),
      params: { accountID: id },
      context,
    }),
  );
};

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Acepta Todo S.A.", identificationType: "02" });
  cookie = await sessionCookieFor((await createTestUser({ persona: "admin", orgs: { [ORG]: "admin" } })).id);
  account = await createScotiabankAccount(ORG, BANK);
  await post("2026-11-02", 35_000_000n, "778812");
  await post("2026-11-13", -8_245_000n, "CCSS octubre");
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

describe("accepting every proposal against posted lines", () => {
  it("offers the button with the count of those proposals", async () => {
    const data = (await (await page()).json()) as { bookProposalCount: number };
    expect(data.bookProposalCount).toBe(2);
  });

  it("reconciles them all in one request, each match equal to its book movement", async () => {
    const response = await acceptAll();
    expect(response.status).toBe(302);
    const reconciled = await BankStatementLine.find({ bankAccountId: account._id, state: "conciliado" }).lean();
    expect(reconciled.map((line) => storedBigInt(line.amount)).sort()).toEqual([-8_245_000n, 35_000_000n]);
    const matches = await BankMatch.find({ bankAccountId: account._id }).lean();
    expect(matches).toHaveLength(2);
    for (const match of matches) {
      const line = reconciled.find((candidate) => String(candidate._id) === String(match.bankLineIds[0]))!;
      expect(storedBigInt(match.amount)).toBe(storedBigInt(line.amount));
      expect(match.postedLines).toHaveLength(1);
    }
  });

  it("refuses in Spanish when none is left, writing nothing", async () => {
    const response = await acceptAll();
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "No hay propuestas contra asientos para aceptar." });
    expect(await BankMatch.countDocuments({ bankAccountId: account._id })).toBe(2);
  });
});
