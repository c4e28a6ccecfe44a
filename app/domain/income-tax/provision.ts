import type { DefaultAccounts } from "../booking/default-accounts";
import type { EntryInput } from "../ledger/types";
import { centsToAmount, type Cents } from "../money";

export const PROVISION_SOURCE_KIND = "renta";

export type ProvisionPlan = { ok: true; entry: EntryInput } | { ok: false; message: string };

export function provisionDescription(year: number): string {
  return `Provisión del impuesto sobre la renta ${year}`;
}

/**
 * The year's income-tax provision: the estimated tax to the expense account against the liability,
 * dated 31 December for a finished year and the given day while the year runs.
 */
export function planProvision(
  year: number,
  tax: Cents,
  date: string,
  accounts: Pick<DefaultAccounts, "incomeTaxExpense" | "incomeTaxPayable">,
): ProvisionPlan {
  if (tax <= 0n) return { ok: false, message: `No hay impuesto sobre la renta que provisionar en ${year}.` };
  const amount = centsToAmount(tax);
  const description = provisionDescription(year);
  return {
    ok: true,
    entry: {
      date,
      description,
      reference: `ISR-${year}`,
      lines: [
        { account: accounts.incomeTaxExpense, description, debit: amount },
        { account: accounts.incomeTaxPayable, description, credit: amount },
      ],
    },
  };
}
