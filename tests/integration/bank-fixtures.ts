import { readBankAccountForm } from "../../app/domain/bank/account-form";
import { createBankAccount } from "../../app/services/bank/accounts.server";

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
