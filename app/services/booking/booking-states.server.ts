import { bookingStatesOf, type ReceiptBookingState } from "~models/receipt-booking";

export type { ReceiptBookingState } from "~models/receipt-booking";

/** The entry each of these receipts is booked to (absent: not booked), with its status and number. */
export async function receiptBookingStates(
  organizationId: string,
  receiptIds: readonly string[],
): Promise<Map<string, ReceiptBookingState>> {
  return bookingStatesOf(organizationId, receiptIds);
}
