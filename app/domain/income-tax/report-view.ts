import { MONTH_NAMES } from "../calendar";
import { cents, type Cents } from "../money";
import type { TableChoice, TaxComputation } from "./compute";
import type { Prepayments } from "./prepayments";
import type { PartialPaymentSchedule } from "./partial-payments";
import { formatCalendarDate } from "../calendar";
import type { Projection } from "./projection";
import { formatRate, parseRate } from "./rate";
import { BRACKET_KIND_LABELS } from "./tables";
import { countLabel, dateText } from "../text";
import { colonesText } from "./view";

/** The Impuesto sobre la Renta page's figures as text (JSON-safe), from the service's report. */

export interface IncomeTaxReportInput {
  year: number;
  taxpayer: "persona-juridica" | "persona-fisica";
  asOf: string;
  inProgress: boolean;
  figures: { grossIncome: Cents; netIncome: Cents };
  choice: TableChoice;
  computation: TaxComputation | null;
  previousYears: { year: number; tax: Cents | null }[];
  prepayments: Prepayments | null;
  schedule: PartialPaymentSchedule;
  prepaidBalance: Cents;
  prepaymentsAccount: string;
  balanceDue: Cents | null;
  projection: (Projection & { choice: TableChoice; tax: Cents | null }) | null;
  provision: { entryId: string; number: string; date: string; amount: Cents } | null;
}

const TAXPAYER_LABELS = {
  "persona-juridica": "Persona jurídica",
  "persona-fisica": "Persona física con actividad lucrativa",
} as const;

/** A signed amount: negatives with a minus sign (a loss is a loss, not a contra balance). */
const signed = (value: Cents) => (value < 0n ? `−${colonesText(cents(-value))}` : colonesText(value));

const INSTALMENT_NAMES = { 1: "Primer", 2: "Segundo", 3: "Tercer" } as const;

/** The year's cuotas as the page shows them: dates, amounts, paid and pending, or why there are none. */
export function scheduleView(year: number, schedule: PartialPaymentSchedule) {
  if (schedule.kind === "none")
    return {
      kind: "none" as const,
      message: `Sin pagos parciales en ${year}: no hay impuesto de los tres períodos anteriores en los libros.`,
    };
  if (schedule.kind === "no-table")
    return {
      kind: "no-table" as const,
      message: `Sin tabla de ${schedule.year}: no se puede calcular el impuesto de ${schedule.year}, base de los pagos parciales de ${year}.`,
    };
  return {
    kind: "cuotas" as const,
    basis:
      schedule.basis === "average"
        ? `25 % del promedio del impuesto de los tres períodos anteriores (${colonesText(schedule.base)}), mayor que el de ${year - 1}`
        : `25 % del impuesto de ${year - 1} (${colonesText(schedule.base)})${
            schedule.average === null ? "" : `, no menor que el promedio de los tres períodos anteriores`
          }`,
    instalments: schedule.instalments.map((instalment) => ({
      label: `${INSTALMENT_NAMES[instalment.number]} pago parcial`,
      due: formatCalendarDate(instalment.due),
      amount: colonesText(instalment.amount),
      paid: colonesText(instalment.paid),
      pending: colonesText(instalment.pending),
      state: instalment.state,
    })),
    dueSoFar: colonesText(schedule.dueSoFar),
    paid: colonesText(schedule.paid),
    overdue: colonesText(schedule.overdue),
  };
}

export function incomeTaxReportView(report: IncomeTaxReportInput) {
  const table = report.choice.table;
  return {
    year: report.year,
    taxpayer: TAXPAYER_LABELS[report.taxpayer],
    inProgress: report.inProgress,
    grossIncome: signed(report.figures.grossIncome),
    netIncome: signed(report.figures.netIncome),
    reason: report.choice.reason,
    table: table
      ? {
          label: BRACKET_KIND_LABELS[table.kind],
          decree: table.decree,
          unconfirmed: table.unconfirmed,
        }
      : null,
    slices: (report.computation?.slices ?? []).map((slice) => ({
      range:
        slice.to === null
          ? `Más de ${colonesText(slice.from)}`
          : `${colonesText(slice.from)} a ${colonesText(slice.to)}`,
      rate: slice.rateLabel,
      base: colonesText(slice.base),
      tax: colonesText(slice.tax),
    })),
    total: report.computation ? colonesText(report.computation.total) : null,
    schedule: scheduleView(report.year, report.schedule),
    credits: report.computation && report.computation.credits > 0n ? colonesText(report.computation.credits) : null,
    previousYears: report.previousYears.map((previous) => ({
      year: previous.year,
      tax: previous.tax === null ? "sin datos en los libros" : colonesText(previous.tax),
    })),
    prepayments: report.prepayments
      ? {
          basis:
            report.prepayments.basis === "average"
              ? `25 % del promedio de los últimos tres períodos (${colonesText(report.prepayments.average ?? cents(0n))}), mayor que el impuesto de ${report.year}`
              : `25 % del impuesto de ${report.year} (${colonesText(report.prepayments.base)})${
                  report.prepayments.average === null || report.previousYears.every((previous) => previous.tax === null)
                    ? ", el único período en los libros"
                    : `, no menor que el promedio de los últimos tres períodos (${colonesText(report.prepayments.average)})`
                }`,
          instalments: report.prepayments.instalments.map((instalment) => ({
            due: `Último día hábil de ${MONTH_NAMES[instalment.month - 1]} ${report.year + 1}`,
            amount: colonesText(instalment.amount),
          })),
        }
      : null,
    prepaid: colonesText(report.prepaidBalance),
    prepaymentsAccount: report.prepaymentsAccount,
    balanceDue:
      report.balanceDue === null
        ? null
        : report.balanceDue < 0n
          ? `Saldo a favor ${colonesText(cents(-report.balanceDue))}`
          : colonesText(report.balanceDue),
    projection: report.projection
      ? {
          basis: `Estimación lineal: las cifras de ${report.projection.elapsedDays === 1 ? "el primer día" : `los primeros ${countLabel(report.projection.elapsedDays, "día", "días")}`} del año × ${report.projection.daysInYear} ÷ ${report.projection.elapsedDays}`,
          grossIncome: signed(report.projection.grossIncome),
          netIncome: signed(report.projection.netIncome),
          reason: report.projection.choice.reason,
          tax: report.projection.tax === null ? null : colonesText(report.projection.tax),
        }
      : null,
    provision: report.provision
      ? { ...report.provision, date: dateText(report.provision.date), amount: colonesText(report.provision.amount) }
      : null,
    canProvision: report.computation !== null && report.computation.total > 0n,
    rateNote: table && table.brackets.length === 1 ? formatRate(parseRate(table.brackets[0].rate) ?? 0n) : null,
  };
}

/** The income-tax page's report as it is shown (every figure already formatted). */
export type IncomeTaxReportView = ReturnType<typeof incomeTaxReportView>;
