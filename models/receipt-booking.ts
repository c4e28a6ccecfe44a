import mongoose, { Schema, Types, type ClientSession } from "mongoose";
import { bumpBoardRevision } from "./board-month-summary";
import { Entry } from "./entry";
import { Receipt, type HaciendaEstado, type ReceiptRecord, type ReceptorMessage } from "./receipt";

/**
 * The link between a receipt and the entry it was booked to (issue 13). One per receipt: the unique
 * index is what keeps a receipt from being booked twice, even by concurrent runs; the link is written
 * in the same transaction as the entry and removed in the one that reverses (or deletes) the entry.
 * Only the ledger service writes here.
 */
export interface ReceiptBookingRecord {
  _id: Types.ObjectId;
  organizationId: string;
  receiptId: Types.ObjectId;
  entryId: Types.ObjectId;
  /** The reception rule that decided the accounts, and its version then. */
  ruleId?: string;
  ruleVersion?: number;
  unclassified: boolean;
  bookedBy: string;
  bookedAt: Date;
}

const receiptBookingSchema = new Schema<ReceiptBookingRecord>(
  {
    organizationId: { type: String, required: true },
    receiptId: { type: Schema.Types.ObjectId, required: true },
    entryId: { type: Schema.Types.ObjectId, required: true },
    ruleId: String,
    ruleVersion: Number,
    unclassified: { type: Boolean, default: false },
    bookedBy: { type: String, required: true },
    bookedAt: { type: Date, required: true },
  },
  { collection: "receiptBookings", versionKey: false },
);

receiptBookingSchema.index({ organizationId: 1, receiptId: 1 }, { unique: true });
receiptBookingSchema.index({ organizationId: 1, entryId: 1 });

export const ReceiptBooking =
  (mongoose.models.ReceiptBooking as mongoose.Model<ReceiptBookingRecord> | undefined) ??
  mongoose.model<ReceiptBookingRecord>("ReceiptBooking", receiptBookingSchema);

const toObjectIds = (ids: readonly string[]) =>
  ids.filter((id) => Types.ObjectId.isValid(id)).map((id) => new Types.ObjectId(id));

export async function findReceiptBookings(
  organizationId: string,
  receiptIds: readonly string[],
  session?: ClientSession,
): Promise<ReceiptBookingRecord[]> {
  if (receiptIds.length === 0) return [];
  return ReceiptBooking.find({ organizationId, receiptId: { $in: toObjectIds(receiptIds) } }, null, {
    session,
  }).lean<ReceiptBookingRecord[]>();
}

export async function insertReceiptBookings(records: ReceiptBookingRecord[], session: ClientSession): Promise<void> {
  if (records.length === 0) return;
  await ReceiptBooking.insertMany(records, { session });
  await bumpBoardRevision(
    records.map((record) => record.organizationId),
    session,
  );
}

/** Frees the receipt of an entry that no longer stands (reversed or deleted draft). */
export async function deleteReceiptBookingOfEntry(
  organizationId: string,
  entryId: Types.ObjectId,
  session: ClientSession,
): Promise<void> {
  const { deletedCount } = await ReceiptBooking.deleteMany({ organizationId, entryId }, { session });
  if (deletedCount > 0) await bumpBoardRevision([organizationId], session);
}

/** What booking reads of a receipt besides its compact parsed form (read apart, decision 137). */
export type ReceiptForBooking = Pick<
  ReceiptRecord,
  "_id" | "kind" | "direction" | "month" | "consecutivo" | "referencedClaves"
> & {
  hacienda?: { estado: HaciendaEstado };
  receptorMessage?: Pick<ReceptorMessage, "mensaje" | "condicionImpuesto" | "montoTotalImpuestoAcreditar">;
};

const BOOKING_PROJECTION = {
  kind: 1,
  direction: 1,
  month: 1,
  consecutivo: 1,
  referencedClaves: 1,
  "receptorMessage.mensaje": 1,
  "receptorMessage.condicionImpuesto": 1,
  "receptorMessage.montoTotalImpuestoAcreditar": 1,
  "hacienda.estado": 1,
} as const;

export async function findReceiptsForBooking(
  organizationId: string,
  ids: readonly string[],
): Promise<ReceiptForBooking[]> {
  if (ids.length === 0) return [];
  return Receipt.find({ organizationId, _id: { $in: toObjectIds(ids) } }, BOOKING_PROJECTION)
    .setOptions({ useBigInt64: true })
    .lean<ReceiptForBooking[]>();
}

/** Kind and receptor answer of the organization's receipts with these claves (what a credit note references). */
export async function findReferencedReceipts(
  organizationId: string,
  claves: readonly string[],
): Promise<Array<Pick<ReceiptForBooking, "kind" | "receptorMessage"> & { clave: string }>> {
  type Referenced = Pick<ReceiptForBooking, "kind" | "receptorMessage"> & { clave: string };
  const found: Referenced[] = [];
  // In chunks: a long $in is slow on the embedded database (a month has hundreds of credit notes).
  for (let start = 0; start < claves.length; start += 100) {
    found.push(
      ...(await Receipt.find(
        { organizationId, clave: { $in: claves.slice(start, start + 100) } },
        {
          clave: 1,
          kind: 1,
          "receptorMessage.mensaje": 1,
          "receptorMessage.condicionImpuesto": 1,
          "receptorMessage.montoTotalImpuestoAcreditar": 1,
        },
      )
        .setOptions({ useBigInt64: true })
        .lean<Referenced[]>()),
    );
  }
  return found;
}

const NEVER_BOOKED_KINDS = ["REP"];

/**
 * Ids of the month's receipts that wait for an entry: not linked, not a payment receipt, not rejected
 * by Hacienda or by the receptor. In list order.
 */
export async function pendingReceiptIds(organizationId: string, month: string): Promise<string[]> {
  const candidates = await Receipt.find(
    {
      organizationId,
      month,
      kind: { $nin: NEVER_BOOKED_KINDS },
      "hacienda.estado": { $ne: "rechazado" },
      "receptorMessage.mensaje": { $ne: 3 },
    },
    { _id: 1 },
  )
    .sort({ fechaEmision: 1, consecutivo: 1, _id: 1 })
    .lean<Array<{ _id: Types.ObjectId }>>();
  const ids = candidates.map((receipt) => String(receipt._id));
  const linked = new Set<string>();
  for (let start = 0; start < ids.length; start += 5000) {
    const chunk = ids.slice(start, start + 5000);
    for (const link of await findReceiptBookings(organizationId, chunk)) linked.add(String(link.receiptId));
  }
  return ids.filter((id) => !linked.has(id));
}

export interface ReceiptBookingState {
  entryId: string;
  status: "borrador" | "contabilizado";
  number?: string;
  /** The reception rule that decided the accounts, and its version then. */
  rule?: { id: string; version: number };
  /** No rule matched: the purchase waits in "por clasificar". */
  unclassified: boolean;
}

/** The entry each receipt is linked to, with the entry's status and number as they are now. */
export async function bookingStatesOf(
  organizationId: string,
  receiptIds: readonly string[],
): Promise<Map<string, ReceiptBookingState>> {
  const links = await findReceiptBookings(organizationId, receiptIds);
  const states = new Map<string, ReceiptBookingState>();
  if (links.length === 0) return states;
  const entries = await Entry.find(
    { organizationId, _id: { $in: links.map((link) => link.entryId) } },
    { status: 1, number: 1 },
  ).lean<Array<{ _id: Types.ObjectId; status: "borrador" | "contabilizado"; number?: string }>>();
  const byId = new Map(entries.map((entry) => [String(entry._id), entry]));
  for (const link of links) {
    const entry = byId.get(String(link.entryId));
    if (!entry) continue;
    states.set(String(link.receiptId), {
      entryId: String(entry._id),
      status: entry.status,
      ...(entry.number ? { number: entry.number } : {}),
      ...(link.ruleId ? { rule: { id: link.ruleId, version: link.ruleVersion ?? 1 } } : {}),
      unclassified: link.unclassified === true,
    });
  }
  return states;
}
