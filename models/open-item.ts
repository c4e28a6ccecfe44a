import mongoose, { Schema, type Types, type ClientSession } from "mongoose";

/**
 * One document a counterparty owes or is owed on: an issued sale (receivable) or a purchase (payable),
 * or a credit note against them. Amounts are signed céntimos on the side's natural sign (a credit note
 * is negative); `balance` is what is open after every settlement, kept in the same transaction as the
 * settlement that changes it. See docs/spec/open-items.md §2.
 */
export type OpenItemSide = "receivable" | "payable";

export interface OpenItemRecord {
  _id: Types.ObjectId;
  organizationId: string;
  side: OpenItemSide;
  partyId: Types.ObjectId;
  /** The receipt's clave (unique per organization). */
  key: string;
  receiptId?: Types.ObjectId;
  kind: string;
  consecutivo: string;
  /** Costa Rica calendar dates, YYYY-MM-DD. */
  fecha: string;
  dueDate: string;
  currency: string;
  /** The document's total in its own currency (Amount units), for USD items. */
  foreignAmount?: bigint;
  /** USD items: the dollars still open (Amount units, signed like `balance`), kept with it. */
  foreignBalance?: bigint;
  /** USD items: the document's TipoCambio, the rate the item stands at in the books. */
  rate?: bigint;
  amount: bigint;
  balance: bigint;
  settledAtIssue: boolean;
  condicionVenta?: string;
  /** The document's own PlazoCredito in days; without it the counterparty's term sets the due date. */
  plazoCredito?: number;
  /** A credit note's referenced document (its clave), and whether it has been applied to it. */
  referencedKey?: string;
  noteApplied?: boolean;
  /** Who imported an opening balance; documents' items are made by the app. */
  createdBy?: string;
  createdAt: Date;
}

const openItemSchema = new Schema<OpenItemRecord>(
  {
    organizationId: { type: String, required: true },
    side: { type: String, required: true, enum: ["receivable", "payable"] },
    partyId: { type: Schema.Types.ObjectId, required: true },
    key: { type: String, required: true },
    receiptId: { type: Schema.Types.ObjectId },
    kind: { type: String, required: true },
    consecutivo: { type: String, default: "" },
    fecha: { type: String, required: true },
    dueDate: { type: String, required: true },
    currency: { type: String, default: "CRC" },
    foreignAmount: { type: BigInt },
    foreignBalance: { type: BigInt },
    rate: { type: BigInt },
    amount: { type: BigInt, required: true },
    balance: { type: BigInt, required: true },
    settledAtIssue: { type: Boolean, default: false },
    condicionVenta: String,
    plazoCredito: Number,
    referencedKey: String,
    noteApplied: Boolean,
    createdBy: String,
    createdAt: { type: Date, required: true },
  },
  { collection: "open_items", versionKey: false },
);

openItemSchema.index({ organizationId: 1, key: 1 }, { unique: true });
openItemSchema.index({ organizationId: 1, side: 1, partyId: 1, fecha: 1 });
// The aging reads the items of a page's counterparties that owe something (balance above or below zero).
openItemSchema.index({ organizationId: 1, side: 1, partyId: 1, balance: 1 });
// The aging at a past date replays the items dated after it.
openItemSchema.index({ organizationId: 1, side: 1, fecha: 1 });

export const OpenItem =
  (mongoose.models.OpenItem as mongoose.Model<OpenItemRecord> | undefined) ??
  mongoose.model<OpenItemRecord>("OpenItem", openItemSchema);

/** An integer field read back from MongoDB (bigint, Long or a safe number). */
export function storedBigInt(value: unknown): bigint {
  if (value === null || value === undefined) return 0n;
  if (typeof value === "bigint") return value;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Monto inexacto leído de la base de datos: ${value}`);
    return BigInt(value);
  }
  const long = value as { toBigInt?: () => bigint; toString(): string };
  return typeof long.toBigInt === "function" ? long.toBigInt() : BigInt(long.toString());
}

function normalized(record: OpenItemRecord): OpenItemRecord {
  return {
    ...record,
    amount: storedBigInt(record.amount),
    balance: storedBigInt(record.balance),
    ...(record.foreignAmount === undefined ? {} : { foreignAmount: storedBigInt(record.foreignAmount) }),
    ...(record.foreignBalance === undefined || record.foreignBalance === null
      ? {}
      : { foreignBalance: storedBigInt(record.foreignBalance) }),
    ...(record.rate === undefined || record.rate === null ? {} : { rate: storedBigInt(record.rate) }),
  };
}

export async function findOpenItems(
  filter: {
    organizationId: string;
    side?: OpenItemSide;
    partyId?: Types.ObjectId;
    ids?: readonly Types.ObjectId[];
    /** Only the items that still owe something (a positive balance). */
    owing?: boolean;
  },
  session?: ClientSession,
): Promise<OpenItemRecord[]> {
  const query: Record<string, unknown> = { organizationId: filter.organizationId };
  if (filter.owing) query.balance = { $gt: 0n };
  if (filter.side) query.side = filter.side;
  if (filter.partyId) query.partyId = filter.partyId;
  if (filter.ids) query._id = { $in: filter.ids };
  const rows = await OpenItem.find(query, null, { session }).sort({ fecha: 1, key: 1 }).lean<OpenItemRecord[]>();
  return rows.map(normalized);
}

/** The organizations that have open items. */
export function organizationsWithItems(): Promise<string[]> {
  return OpenItem.distinct("organizationId");
}

/** What the aging reads of an item. */
export type AgingItemRecord = Pick<
  OpenItemRecord,
  "_id" | "partyId" | "receiptId" | "kind" | "fecha" | "dueDate" | "balance" | "settledAtIssue"
>;
const AGING_FIELDS = { partyId: 1, receiptId: 1, kind: 1, fecha: 1, dueDate: 1, balance: 1, settledAtIssue: 1 };

/** The items of these counterparties whose balance today is not zero (two ranges of the balance index). */
export async function findItemsOwingOf(
  organizationId: string,
  side: OpenItemSide,
  partyIds: readonly Types.ObjectId[],
): Promise<AgingItemRecord[]> {
  if (partyIds.length === 0) return [];
  const [positive, negative] = await Promise.all(
    [{ $gt: 0n }, { $lt: 0n }].map((range) =>
      OpenItem.find({ organizationId, side, partyId: { $in: partyIds }, balance: range }, AGING_FIELDS).lean<
        AgingItemRecord[]
      >(),
    ),
  );
  return [...positive, ...negative].map((row) => ({ ...row, balance: storedBigInt(row.balance) }));
}

/** The side's items dated after `at`: at that date they were not there yet. */
export async function findItemsDatedAfter(
  organizationId: string,
  side: OpenItemSide,
  at: string,
): Promise<AgingItemRecord[]> {
  const rows = await OpenItem.find({ organizationId, side, fecha: { $gt: at } }, AGING_FIELDS).lean<
    AgingItemRecord[]
  >();
  return rows.map((row) => ({ ...row, balance: storedBigInt(row.balance) }));
}

/** The side's items that owe something today, every one (explaining a difference with the books needs them). */
export async function findItemsOwing(organizationId: string, side: OpenItemSide): Promise<AgingItemRecord[]> {
  const rows = await OpenItem.find({ organizationId, side, balance: { $ne: 0n } }, AGING_FIELDS).lean<
    AgingItemRecord[]
  >();
  return rows.map((row) => ({ ...row, balance: storedBigInt(row.balance) }));
}

/** These items, as the aging reads them. */
export async function findAgingItems(
  organizationId: string,
  ids: readonly Types.ObjectId[],
): Promise<AgingItemRecord[]> {
  const rows: AgingItemRecord[] = [];
  // In chunks: the database looks ids up one by one only up to a couple of thousand at a time.
  for (let start = 0; start < ids.length; start += 1_000)
    rows.push(
      ...(await OpenItem.find({ organizationId, _id: { $in: ids.slice(start, start + 1_000) } }, AGING_FIELDS).lean<
        AgingItemRecord[]
      >()),
    );
  return rows.map((row) => ({ ...row, balance: storedBigInt(row.balance) }));
}

/** The keys of the organization's items: all, or those among `keys`. */
export async function openItemKeys(organizationId: string, keys?: readonly string[]): Promise<Set<string>> {
  const rows = await OpenItem.find(
    { organizationId, ...(keys ? { key: { $in: keys } } : {}) },
    { key: 1, _id: 0 },
  ).lean<Array<{ key: string }>>();
  return new Set(rows.map((row) => row.key));
}

/** Credit notes that name a document and have not been applied yet. */
export async function unappliedNotes(organizationId: string): Promise<OpenItemRecord[]> {
  const rows = await OpenItem.find({
    organizationId,
    referencedKey: { $exists: true },
    noteApplied: false,
  }).lean<OpenItemRecord[]>();
  return rows.map(normalized);
}

/** The organization's items with these keys (their receipts' claves). */
export async function findItemsByKeys(organizationId: string, keys: readonly string[]): Promise<OpenItemRecord[]> {
  if (keys.length === 0) return [];
  const rows = await OpenItem.find({ organizationId, key: { $in: keys } }).lean<OpenItemRecord[]>();
  return rows.map(normalized);
}

export function findItemByKey(organizationId: string, key: string, session?: ClientSession) {
  return OpenItem.findOne({ organizationId, key }, null, { session })
    .lean<OpenItemRecord>()
    .then((row) => (row ? normalized(row) : null));
}

export async function markNoteApplied(
  organizationId: string,
  id: Types.ObjectId,
  session: ClientSession,
): Promise<void> {
  await OpenItem.updateOne({ organizationId, _id: id }, { $set: { noteApplied: true } }, { session });
}

/** Which of `keys` the organization already has an item for (read inside the caller's transaction). */
export async function existingItemKeys(
  organizationId: string,
  keys: readonly string[],
  session: ClientSession,
): Promise<Set<string>> {
  const rows = await OpenItem.find({ organizationId, key: { $in: keys } }, { key: 1, _id: 0 }, { session }).lean<
    Array<{ key: string }>
  >();
  return new Set(rows.map((row) => row.key));
}
