import type { ClientSession, Types } from "mongoose";
import { deleteReceiptBookingOfEntry } from "~models/receipt-booking";

/**
 * An entry that stops standing (reversed, or a draft deleted) un-books the receipt it was booked
 * from, in the same transaction: the receipt is pending again and may be booked anew.
 */
export async function releaseReceipt(organizationId: string, entryId: Types.ObjectId, session: ClientSession) {
  await deleteReceiptBookingOfEntry(organizationId, entryId, session);
}
