import type { CalendarDate } from "../calendar";
import type { InstalmentState, PartialPaymentSchedule } from "../income-tax/partial-payments";
import { cents, centsToAmount, formatColones } from "../money";

/**
 * The income-tax pagos parciales on the board: the year's next cuota still pending, as the Impuesto
 * sobre la Renta page states it (docs/domain/income-tax-partial-payments.md).
 */
export type BoardPartialPayment =
  /** Nothing declared in the three years before: no cuotas. */
  | { kind: "none"; year: number }
  /** The year before moved but has no table: the cuotas cannot be known. */
  | { kind: "no-table"; year: number }
  /** Every cuota of the year is paid. */
  | { kind: "paid"; year: number }
  | {
      kind: "cuota";
      year: number;
      number: 1 | 2 | 3;
      due: CalendarDate;
      /** Céntimos still to pay of this cuota. */
      pending: string;
      state: Exclude<InstalmentState, "pagada">;
    };

/** The first cuota with something pending (payments are applied in order, so it is the earliest due). */
export function nextPartialPayment(year: number, schedule: PartialPaymentSchedule): BoardPartialPayment {
  if (schedule.kind === "none") return { kind: "none", year };
  if (schedule.kind === "no-table") return { kind: "no-table", year };
  const next = schedule.instalments.find((instalment) => instalment.state !== "pagada");
  if (!next || next.state === "pagada") return { kind: "paid", year };
  return {
    kind: "cuota",
    year,
    number: next.number,
    due: next.due,
    pending: String(next.pending),
    state: next.state,
  };
}

/** The deadline the board's attention order weighs: the pending cuota's due date. */
export function partialPaymentDeadline(payment: BoardPartialPayment): CalendarDate | null {
  return payment.kind === "cuota" ? payment.due : null;
}

const STATE_LABELS: Record<Exclude<InstalmentState, "pagada">, string> = {
  vencida: "vencida",
  "pago parcial": "pago parcial",
  "por vencer": "por vencer",
};

/** «Cuota 2 de 2025: ₡1 000,00, por vencer», «Cuotas de 2025 pagadas», «Sin pagos parciales en 2025». */
export function partialPaymentLabel(payment: BoardPartialPayment): string {
  switch (payment.kind) {
    case "none":
      return `Sin pagos parciales en ${payment.year}`;
    case "no-table":
      return `Pagos parciales de ${payment.year}: falta la tabla del año anterior`;
    case "paid":
      return `Pagos parciales de ${payment.year} pagados`;
    case "cuota":
      return `Cuota ${payment.number} de ${payment.year}: ${formatColones(centsToAmount(cents(BigInt(payment.pending))))}, ${STATE_LABELS[payment.state]}`;
  }
}
