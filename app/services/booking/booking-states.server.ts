import { calendarDateOf, formatCalendarDate } from "~/domain/calendar";
import { loadLedgerContext } from "~/services/ledger/context.server";
import { bookingStatesOf, pendingReceiptIds, type ReceiptBookingState } from "~models/receipt-booking";

export type { ReceiptBookingState } from "~models/receipt-booking";

/** The entry each of these receipts is booked to (absent: not booked), with its status and number. */
export async function receiptBookingStates(
  organizationId: string,
  receiptIds: readonly string[],
): Promise<Map<string, ReceiptBookingState>> {
  return bookingStatesOf(organizationId, receiptIds);
}

export interface ReceiptBookingView {
  state: ReceiptBookingState | null;
  /** Whether the person may book it (admins of the organization). */
  canBook: boolean;
  /** Why this receipt is never booked (payment receipts, rejected receipts), or null. */
  notBookable: string | null;
  /** The receipt is dated on or before the lock date: booked only in an open period the accountant chooses. */
  closedPeriod: { date: string; lockDate: string } | null;
}

/** The receipt's own day and the lock date, when that day is in a closed period. */
async function closedPeriodOf(
  organizationId: string,
  fechaEmision: Date | string | undefined,
): Promise<ReceiptBookingView["closedPeriod"]> {
  if (!fechaEmision) return null;
  const context = await loadLedgerContext(organizationId);
  const lockDate = context?.lockDate ?? null;
  const own = calendarDateOf(new Date(fechaEmision));
  if (lockDate === null || own > lockDate) return null;
  return { date: formatCalendarDate(own), lockDate: formatCalendarDate(lockDate) };
}

/** The receipt page's "Contabilización" section. */
export async function receiptBookingView(
  organizationId: string,
  receipt: {
    _id: unknown;
    kind: string;
    fechaEmision?: Date | string;
    hacienda?: { estado?: string };
    receptorMessage?: { mensaje?: number };
  },
  admin: boolean,
): Promise<ReceiptBookingView> {
  const id = String(receipt._id);
  const state = (await bookingStatesOf(organizationId, [id])).get(id) ?? null;
  const closedPeriod = state ? null : await closedPeriodOf(organizationId, receipt.fechaEmision);
  const notBookable =
    receipt.kind === "REP"
      ? "Los recibos electrónicos de pago no se contabilizan."
      : receipt.hacienda?.estado === "rechazado"
        ? "Hacienda rechazó este comprobante: no se contabiliza."
        : receipt.receptorMessage?.mensaje === 3
          ? "El comprobante fue rechazado en el mensaje de receptor: no se contabiliza."
          : null;
  return { state, canBook: admin, notBookable, closedPeriod };
}

export interface MonthBookingView {
  /** By receipt id: the entry of each booked receipt of the page. */
  states: Record<string, ReceiptBookingState>;
  /** Receipts of the month (both tabs) that wait for an entry. */
  pending: number;
  canBook: boolean;
}

export async function monthBookingView(
  organizationId: string,
  month: string,
  receiptIds: readonly string[],
  admin: boolean,
): Promise<MonthBookingView> {
  const [states, pending] = await Promise.all([
    bookingStatesOf(organizationId, receiptIds),
    admin ? pendingReceiptIds(organizationId, month) : Promise.resolve([]),
  ]);
  return { states: Object.fromEntries(states), pending: pending.length, canBook: admin };
}
