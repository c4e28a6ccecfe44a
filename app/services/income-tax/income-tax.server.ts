import { todayInCostaRica, type CalendarDate } from "~/domain/calendar";
import {
  PROVISION_SOURCE_KIND,
  chooseTable,
  computeTax,
  nextYearPrepayments,
  partialPaymentScheduleOn,
  projectToYearEnd,
  type BracketTable,
  type OrganizationTaxpayer,
  type PartialPaymentInputs,
  type PartialPaymentSchedule,
  type PreviousTax,
  type Prepayments,
  type Projection,
  type TableChoice,
  type TaxComputation,
} from "~/domain/income-tax";
import { cents, type Cents } from "~/domain/money";
import { parseReportQuery, type ReportKind } from "~/domain/reports";
import { getDefaultAccounts } from "~/services/default-accounts/default-accounts.server";
import { standingEntryOf } from "~/services/ledger/ledger.server";
import { resultsReport, trialReport } from "~/services/reports/reports.server";
import { organizationVanished } from "~/services/organizations/vanished.server";
import { listBracketTables } from "./brackets.server";
import { taxpayerOf } from "./estimator.server";

/** A year's figures from the books: the same as the Estado de Resultados of that year. */
export interface YearFigures {
  /** Renta bruta: the year's income (40). */
  grossIncome: Cents;
  /** Utilidad antes de impuestos. */
  netIncome: Cents;
  /** Whether anything was booked in 40–60 that year. */
  moved: boolean;
}

export interface ProvisionView {
  entryId: string;
  number: string;
  date: string;
  amount: Cents;
}

export interface IncomeTaxReport {
  year: number;
  taxpayer: OrganizationTaxpayer;
  asOf: CalendarDate;
  /** The year has not ended on `asOf`. */
  inProgress: boolean;
  figures: YearFigures;
  choice: TableChoice;
  computation: TaxComputation | null;
  /** The tax of the two previous years from their own books and tables (null: not in the books). */
  previousYears: { year: number; tax: Cents | null }[];
  prepayments: Prepayments | null;
  /** The year's own cuotas (from the three years before), paid vs due on `asOf`. */
  schedule: PartialPaymentSchedule;
  /** The balance of the pagos parciales account at the end of the year (or on `asOf`). */
  prepaidBalance: Cents;
  prepaymentsAccount: string;
  /** Tax − pagos parciales already made. */
  balanceDue: Cents | null;
  projection: (Projection & { choice: TableChoice; tax: Cents | null }) | null;
  provision: ProvisionView | null;
}

function queryOf(kind: ReportKind, search: string, today: CalendarDate) {
  const parsed = parseReportQuery(kind, new URLSearchParams(search), today);
  if (!parsed.ok) throw new Error(parsed.messages.join(" | "));
  return parsed.query;
}

async function yearFigures(organizationId: string, year: number, today: CalendarDate): Promise<YearFigures> {
  const { statement } = await resultsReport(organizationId, queryOf("results", `year=${year}`, today));
  const { income, costs, expenses, resultBeforeTax } = statement.current;
  return {
    grossIncome: income,
    netIncome: resultBeforeTax,
    moved: income !== 0n || costs !== 0n || expenses !== 0n,
  };
}

function taxOf(taxpayer: OrganizationTaxpayer, year: number, figures: YearFigures, tables: readonly BracketTable[]) {
  const choice = chooseTable(taxpayer, year, figures.grossIncome, tables);
  return { choice, computation: choice.table ? computeTax(choice.table, figures.netIncome) : null };
}

/** The account's balance at the end of the year and what was debited to it during the year. */
async function accountYear(organizationId: string, account: string, year: number, today: CalendarDate) {
  const trial = await trialReport(organizationId, queryOf("all", `year=${year}&level=5&zero=show`, today));
  const row = trial.rows.find((candidate) => candidate.code === account);
  return { closing: row?.closing ?? cents(0n), debit: row?.debit ?? cents(0n) };
}

export const provisionSource = (year: number) => ({ kind: PROVISION_SOURCE_KIND, id: String(year) }) as const;

async function provisionOf(organizationId: string, year: number): Promise<ProvisionView | null> {
  const entry = await standingEntryOf(organizationId, provisionSource(year));
  if (!entry) return null;
  const amount = entry.lines.reduce((sum, line) => sum + BigInt(line.debit ?? 0n), 0n);
  return { entryId: String(entry._id), number: entry.number ?? "", date: entry.date, amount: cents(amount) };
}

/** A previous year's tax for the cuotas: not in the books, without a table, or its tax. */
function previousTax(
  taxpayer: OrganizationTaxpayer,
  tables: readonly BracketTable[],
  year: number,
  figures: YearFigures,
): PreviousTax {
  if (!figures.moved) return { year, tax: null };
  const total = taxOf(taxpayer, year, figures, tables).computation?.total ?? null;
  return total === null ? { year, tax: null, noTable: true } : { year, tax: total };
}

/**
 * What the year's pagos parciales are computed from, as the Impuesto sobre la Renta page reads it: the
 * tax of the three years before and the year's debits to the pagos parciales account. The day does not
 * enter: a year's reports cover the whole year, entries dated after `now` included (the day only checks
 * that the year is within the dates the app accepts), so the schedule of another day is
 * `partialPaymentScheduleOn` over the same inputs (decision 310).
 */
export async function partialPaymentInputsOf(
  organizationId: string,
  year: number,
  now = new Date(),
): Promise<PartialPaymentInputs> {
  const today = todayInCostaRica(now);
  const taxpayer = await taxpayerOf(organizationId);
  if (!taxpayer) throw organizationVanished(organizationId);
  const [tables, before] = await Promise.all([listBracketTables(), yearFigures(organizationId, year - 1, today)]);
  const lastYear = previousTax(taxpayer, tables, year - 1, before);
  // The year before without a table decides the schedule alone: the other years and the payments are not read.
  if (lastYear.noTable) return { previous: [lastYear, lastYear, lastYear], paidInYear: cents(0n) };
  const [accounts, twoBefore, threeBefore] = await Promise.all([
    getDefaultAccounts(organizationId),
    yearFigures(organizationId, year - 2, today),
    yearFigures(organizationId, year - 3, today),
  ]);
  const previous = [
    previousTax(taxpayer, tables, year - 3, threeBefore),
    previousTax(taxpayer, tables, year - 2, twoBefore),
    lastYear,
  ] as const;
  // No tax in the three years: no cuotas, whatever was paid.
  if (previous.every((entry) => entry.tax === null)) return { previous, paidInYear: cents(0n) };
  const prepaid = await accountYear(organizationId, accounts.incomeTaxPrepayments, year, today);
  return { previous, paidInYear: prepaid.debit };
}

/**
 * The income tax of a fiscal year from the books: which table applies and why, the tax per slice, the
 * next year's pagos parciales, what was prepaid, a linear projection while the year runs, and the
 * standing provision entry.
 */
export async function incomeTaxReport(
  organizationId: string,
  year: number,
  now = new Date(),
): Promise<IncomeTaxReport> {
  const today = todayInCostaRica(now);
  const taxpayer = await taxpayerOf(organizationId);
  if (!taxpayer) throw organizationVanished(organizationId);
  const [tables, accounts, figures, before, twoBefore, threeBefore, provision] = await Promise.all([
    listBracketTables(),
    getDefaultAccounts(organizationId),
    yearFigures(organizationId, year, today),
    yearFigures(organizationId, year - 1, today),
    yearFigures(organizationId, year - 2, today),
    yearFigures(organizationId, year - 3, today),
    provisionOf(organizationId, year),
  ]);
  const { choice, computation } = taxOf(taxpayer, year, figures, tables);
  const previousYears = [
    { year: year - 2, figures: twoBefore },
    { year: year - 1, figures: before },
  ].map((previous) => ({
    year: previous.year,
    tax: previous.figures.moved
      ? (taxOf(taxpayer, previous.year, previous.figures, tables).computation?.total ?? null)
      : null,
  }));
  const tax = computation?.total ?? null;
  const prepaid = await accountYear(organizationId, accounts.incomeTaxPrepayments, year, today);
  const prepaidBalance = prepaid.closing;
  const yearEnd = `${year}-12-31` as CalendarDate;
  const inProgress = today < yearEnd && today >= (`${year}-01-01` as CalendarDate);
  let projection: IncomeTaxReport["projection"] = null;
  if (inProgress) {
    const projected = projectToYearEnd(year, today, figures);
    const projectedFigures = { grossIncome: projected.grossIncome, netIncome: projected.netIncome, moved: true };
    const result = taxOf(taxpayer, year, projectedFigures, tables);
    projection = { ...projected, choice: result.choice, tax: result.computation?.total ?? null };
  }
  const asOf = inProgress ? today : yearEnd;
  const schedule = partialPaymentScheduleOn(
    year,
    {
      previous: [
        previousTax(taxpayer, tables, year - 3, threeBefore),
        previousTax(taxpayer, tables, year - 2, twoBefore),
        previousTax(taxpayer, tables, year - 1, before),
      ],
      paidInYear: prepaid.debit,
    },
    today,
  );
  return {
    year,
    taxpayer,
    asOf,
    inProgress,
    figures,
    choice,
    computation,
    previousYears,
    prepayments: tax === null ? null : nextYearPrepayments(tax, [...previousYears.map((p) => p.tax), tax]),
    schedule,
    prepaidBalance,
    prepaymentsAccount: accounts.incomeTaxPrepayments,
    balanceDue: tax === null ? null : cents(tax - prepaidBalance),
    projection,
    provision,
  };
}
