/**
 * Editing a bank account's generic-CSV column mapping from its page (a plain form): a wrong mapping is
 * refused in Spanish and nothing changes; a right one is kept, and the account's next file is read with it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BankAccount, type BankAccountRecord } from "../../models/bank-account";
import { ensureOrganization } from "../../models/organization";
import { readBankAccountForm } from "../../app/domain/bank/account-form";
import { createBankAccount } from "../../app/services/bank/accounts.server";
import { importStatement } from "../../app/services/bank/statements.server";
import { action, loader } from "../../app/routes/_app.admin.bank_.$accountID";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { createTestUser } from "../support/users";

const CEDULA = "3101990010";
const ORG = `CR:${CEDULA}`;
const context = { cspNonce: "" };
const RIGHT = {
  separator: ";",
  encoding: "utf-8",
  skipLines: "3",
  dateColumn: "1",
  dateStyle: "dd/mm/yyyy",
  decimalMark: ",",
  referenceColumn: "2",
  descriptionColumn: "3",
  debitColumn: "4",
  creditColumn: "5",
  balanceColumn: "6",
};
let environment: AppEnvironment;
let account: BankAccountRecord;
let cookie: string;

const save = (fields: Record<string, string>) =>
  respond(() =>
    action({
      request: postRequest(
        `/admin/bank/${String(account._id)}?org=${CEDULA}`,
        { intent: "save-mapping", ...fields },
        cookie,
      ),
      params: { accountID: String(account._id) },
      context,
    }),
  );

beforeAll(async () => {
  environment = await startAppEnvironment();
  await ensureOrganization({ _id: ORG, name: "Columnas S.A.", identificationType: "02" });
  cookie = await sessionCookieFor((await createTestUser({ persona: "admin", orgs: { [ORG]: "admin" } })).id);
  // Saved with the columns one place off: the bank's first file would not read.
  const form = readBankAccountForm({
    bank: "bn",
    iban: "CR92015100010012345678",
    currency: "CRC",
    ledgerAccount: "10-01-01-03-01",
    format: "csv",
    ...RIGHT,
    dateColumn: "2",
  });
  if (!form.ok) throw new Error(JSON.stringify(form.errors));
  const created = await createBankAccount(ORG, "tester", form.value);
  if (!created.ok) throw new Error(created.refusals[0].message);
  account = created.account;
}, 60_000);

afterAll(async () => {
  await environment?.close();
});

describe("editing the CSV mapping", () => {
  it("refuses an amount column together with debit and credit columns, changing nothing", async () => {
    const response = await save({ ...RIGHT, amountColumn: "7" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "Revise las columnas marcadas.",
      errors: {
        amountColumn: "Indique una columna de monto con signo, o bien una columna de débitos y otra de créditos.",
      },
    });
    expect((await BankAccount.findById(account._id).lean())!.mapping!.dateColumn).toBe(2);
  });

  it("keeps the corrected mapping, shows it on the page, and reads the next file with it", async () => {
    expect((await save(RIGHT)).status).toBe(302);
    const stored = (await BankAccount.findById(account._id).lean())!;
    expect(stored.mapping!.dateColumn).toBe(1);
    expect(stored.mappingUpdatedBy).toBeTruthy();
    const page = await respond(() =>
      loader({
        request: getRequest(`/admin/bank/${String(account._id)}?org=${CEDULA}`, cookie),
        params: { accountID: String(account._id) },
        context,
      }),
    );
    expect(((await page.json()) as { mappingValues: Record<string, string> }).mappingValues).toEqual(RIGHT);
    const imported = await importStatement(stored, "tester", {
      format: "csv",
      fileName: "bn.csv",
      bytes: new Uint8Array(readFileSync(path.resolve("tests/fixtures/bank/generico-punto-y-coma.csv"))),
    });
    expect(imported.ok).toBe(true);
  });
});
