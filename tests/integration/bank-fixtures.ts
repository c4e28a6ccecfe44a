import { readFileSync } from "node:fs";
import path from "node:path";
import { readBankAccountForm } from "../../app/domain/bank/account-form";
import { createBankAccount } from "../../app/services/bank/accounts.server";
import { importStatement } from "../../app/services/bank/statements.server";
import type { BankAccountRecord } from "../../models/bank-account";
import { createAndPost } from "../../app/services/ledger/ledger.server";

/** The accounts on the other side of a bank movement: where money in comes from, where money out goes. */
export interface CounterAccounts {
  in: string;
  out: string;
}

/** Capital in, expenses out: the month-close tests' books. */
export const CAPITAL_AND_EXPENSES: CounterAccounts = { in: "30-01-01-00-00", out: "60-04-02-00-00" };
/** Collections from customers in, payments to suppliers out: the matching tests' books. */
export const CUSTOMERS_AND_SUPPLIERS: CounterAccounts = { in: "10-01-02-01-00", out: "20-01-01-01-00" };

/** A movement of the bank's leaf in Amount units (1 000 to the céntimo): positive in, negative out. */
export function bankMovementInput(
  bank: string,
  movement: { date: string; amount: bigint; description: string; reference?: string },
  counter: CounterAccounts,
) {
  const { date, amount, description, reference = "" } = movement;
  const lines =
    amount > 0n
      ? [
          { account: bank, debit: amount },
          { account: counter.in, credit: amount },
        ]
      : [
          { account: counter.out, debit: -amount },
          { account: bank, credit: -amount },
        ];
  return { date, description, reference, lines };
}

/** Posts `bankMovementInput` through the ledger; the entry's id. */
export async function postBankMovement(
  organizationId: string,
  bank: string,
  movement: { date: string; amount: bigint; description: string; reference?: string },
  counter: CounterAccounts,
): Promise<string> {
  const posted = await createAndPost(organizationId, bankMovementInput(bank, movement, counter), { by: "tester" });
  if (!posted.ok) throw new Error(posted.refusals.map((refusal) => refusal.message).join(" "));
  return String(posted.entry._id);
}

/** A BAC account in colones mapped to `ledgerAccount` with tests/fixtures/bank/bac-cuenta-colones.csv imported. */
export async function createBacColonesAccountWithStatement(
  organizationId: string,
  ledgerAccount: string,
  iban = "CR12 0102 0000 9301 2345 67",
): Promise<BankAccountRecord> {
  const form = readBankAccountForm({ bank: "bac", iban, currency: "CRC", ledgerAccount, format: "bac" });
  if (!form.ok) throw new Error(JSON.stringify(form.errors));
  const created = await createBankAccount(organizationId, "tester", form.value);
  if (!created.ok) throw new Error(created.refusals[0].message);
  const imported = await importStatement(created.account, "tester", {
    format: "bac",
    fileName: "bac.csv",
    bytes: new Uint8Array(readFileSync(path.resolve("tests/fixtures/bank/bac-cuenta-colones.csv"))),
  });
  if (!imported.ok) throw new Error(imported.refusal.message);
  return created.account;
}

/** A Scotiabank account in colones mapped to `ledgerAccount`, as the /admin/bank form creates it. */
export async function createScotiabankAccount(organizationId: string, ledgerAccount: string) {
  const form = readBankAccountForm({
    bank: "scotiabank",
    number: "4455667788",
    currency: "CRC",
    ledgerAccount,
    format: "scotiabank",
  });
  if (!form.ok) throw new Error(JSON.stringify(form.errors));
  const created = await createBankAccount(organizationId, "tester", form.value);
  if (!created.ok) throw new Error(created.refusals[0].message);
  return created.account;
}

/**
 * A BAC account in US$ (IBAN of tests/fixtures/bank/bac-cuenta-dolares.csv) mapped to `ledgerAccount`,
 * which the caller has marked as kept in dollars.
 */
export async function createBacDollarAccount(organizationId: string, ledgerAccount: string) {
  const form = readBankAccountForm({
    bank: "bac",
    iban: "CR56 0102 0000 9301 7654 32",
    currency: "USD",
    ledgerAccount,
    format: "bac",
  });
  if (!form.ok) throw new Error(JSON.stringify(form.errors));
  const created = await createBankAccount(organizationId, "tester", form.value);
  if (!created.ok) throw new Error(created.refusals[0].message);
  return created.account;
}
