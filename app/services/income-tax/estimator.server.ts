import { chooseTable, computeTax, type BracketTable, type OrganizationTaxpayer } from "~/domain/income-tax";
import type { Cents } from "~/domain/money";
import type { IncomeTaxEstimator } from "~/domain/reports/statements";
import { findOrganization } from "~models/organization";
import { getDefaultAccounts } from "~/services/default-accounts/default-accounts.server";
import { listBracketTables } from "./brackets.server";

export async function taxpayerOf(organizationId: string): Promise<OrganizationTaxpayer | null> {
  const organization = await findOrganization(organizationId);
  if (!organization) return null;
  return organization.taxpayerKind === "persona-fisica" ? "persona-fisica" : "persona-juridica";
}

/**
 * The Estado de Resultados' income-tax line: the same calculation as the Impuesto sobre la Renta page,
 * on the period's income and result before tax, with the table of the period's last year. The booked
 * provision (the expense account) is kept out of the result before tax so it is not counted twice.
 */
export async function incomeTaxEstimator(organizationId: string): Promise<IncomeTaxEstimator | null> {
  const [taxpayer, tables, accounts] = await Promise.all([
    taxpayerOf(organizationId),
    listBracketTables(),
    getDefaultAccounts(organizationId),
  ]);
  if (!taxpayer) return null;
  return {
    expenseAccount: accounts.incomeTaxExpense,
    estimate: ({ income, resultBeforeTax }, range) => estimateFor(taxpayer, tables, income, resultBeforeTax, range),
  };
}

/** The line without a table: what it shows is the tax booked in the period, and it says why. */
export function noTableLabel(year: number): string {
  return `Impuesto sobre la renta registrado (sin tabla de ${year} para estimarlo)`;
}

function estimateFor(
  taxpayer: OrganizationTaxpayer,
  tables: readonly BracketTable[],
  income: Cents,
  resultBeforeTax: Cents,
  range: { from: string; to: string },
) {
  const year = Number(range.to.slice(0, 4));
  const choice = chooseTable(taxpayer, year, income, tables);
  if (!choice.table) return { amount: null, label: noTableLabel(year) };
  const { total } = computeTax(choice.table, resultBeforeTax);
  const wholeYear = range.from === `${year}-01-01` && range.to === `${year}-12-31`;
  const label = `Impuesto sobre la renta estimado (${choice.reason.split("→ ").at(-1)}, tabla ${year}${wholeYear ? "" : ", sobre el resultado del período"})`;
  return { amount: total, label };
}
