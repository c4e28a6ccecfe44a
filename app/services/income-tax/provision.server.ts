/** The income-tax provision entry of a fiscal year: registered once through the ledger, reversed to redo. */
import { todayInCostaRica } from "~/domain/calendar";
import { planProvision, provisionDescription } from "~/domain/income-tax";
import { refusal, refused, type Refused } from "~/domain/refusal";
import { getDefaultAccounts } from "~/services/default-accounts/default-accounts.server";
import { postOnce, reverse, standingEntryOf } from "~/services/ledger/ledger.server";
import { incomeTaxReport, provisionSource } from "./income-tax.server";

export type ProvisionOutcome = { ok: true; number: string } | Refused;

/**
 * Posts the year's provision (the computed tax to the expense account against the liability) through
 * the ledger, once per year: a standing provision is refused until it is reversed.
 */
export async function registerProvision(
  organizationId: string,
  year: number,
  by: string,
  now = new Date(),
): Promise<ProvisionOutcome> {
  const report = await incomeTaxReport(organizationId, year, now);
  if (!report.computation) return refused(refusal(report.choice.reason));
  const accounts = await getDefaultAccounts(organizationId);
  const date = report.inProgress ? todayInCostaRica(now) : `${year}-12-31`;
  const plan = planProvision(year, report.computation.total, date, accounts);
  if (!plan.ok) return refused(refusal(plan.message));
  const outcome = await postOnce(
    organizationId,
    plan.entry,
    { by, now },
    provisionSource(year),
    `La ${provisionDescription(year).toLowerCase()} ya está registrada; reviértala antes de registrar otra.`,
  );
  if (!outcome.ok)
    return outcome.refusals.length > 0 ? refused(...outcome.refusals) : refused(refusal("No se pudo registrar."));
  return { ok: true, number: outcome.entry.number ?? "" };
}

/** Reverses the year's standing provision, so a new one can be posted. */
export async function reverseProvision(organizationId: string, year: number, by: string): Promise<ProvisionOutcome> {
  const standing = await standingEntryOf(organizationId, provisionSource(year));
  if (!standing) return refused(refusal(`No hay una provisión de renta de ${year} que revertir.`));
  const outcome = await reverse(organizationId, String(standing._id), { by });
  if (!outcome.ok)
    return outcome.refusals.length > 0 ? refused(...outcome.refusals) : refused(refusal("No se pudo revertir."));
  return { ok: true, number: outcome.entry.number ?? "" };
}
