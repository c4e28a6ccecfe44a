import mongoose, { Schema, Types, type ClientSession } from "mongoose";
import { formatAmount, parseAmount, type Amount } from "../app/domain/money";
import type { InvoiceDraft, InvoiceKind } from "../app/domain/invoicing/types";

/**
 * An invoice the organization composes before issuing it. While "borrador" it can be edited; "emitido"
 * once Emitir stored the signed receipt (issuedReceiptId), after which it never changes. Money is kept as
 * exact decimal text (5 decimals, as Hacienda writes it), never as a float.
 */
export type InvoiceDraftState = "borrador" | "emitido";

interface StoredDiscount {
  monto: string;
  codigo: string;
  naturaleza?: string;
}

interface StoredLine extends Omit<InvoiceDraft["lines"][number], "precioUnitario" | "descuento"> {
  precioUnitario: string;
  descuento?: StoredDiscount;
}

interface StoredDraft extends Omit<InvoiceDraft, "tipoCambio" | "lines" | "montosMedioPago"> {
  tipoCambio: string;
  lines: StoredLine[];
  montosMedioPago?: string[];
}

export interface InvoiceDraftRecord {
  _id: Types.ObjectId;
  organizationId: string;
  state: InvoiceDraftState;
  kind: InvoiceKind;
  draft: StoredDraft;
  /** The issued receipt an NC/ND was composed against, when picked from the list. */
  referenceReceiptId?: string;
  createdBy: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
  issuedReceiptId?: Types.ObjectId;
  issuedAt?: Date;
  issuedBy?: Types.ObjectId;
}

const draftSchema = new Schema<InvoiceDraftRecord>(
  {
    organizationId: { type: String, required: true },
    state: { type: String, enum: ["borrador", "emitido"], required: true },
    kind: { type: String, enum: ["FE", "TE", "NC", "ND"], required: true },
    // The draft's shape is the shared contract (app/domain/invoicing/types.ts) with money as text.
    draft: { type: Schema.Types.Mixed, required: true },
    referenceReceiptId: String,
    createdBy: { type: Schema.Types.ObjectId, required: true, ref: "User" },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    issuedReceiptId: { type: Schema.Types.ObjectId, ref: "Receipt" },
    issuedAt: Date,
    issuedBy: { type: Schema.Types.ObjectId, ref: "User" },
  },
  { collection: "invoice_drafts", versionKey: false, minimize: false },
);

draftSchema.index({ organizationId: 1, state: 1, updatedAt: -1 });

export const InvoiceDraftModel =
  (mongoose.models.InvoiceDraft as mongoose.Model<InvoiceDraftRecord> | undefined) ??
  mongoose.model<InvoiceDraftRecord>("InvoiceDraft", draftSchema);

function money(amount: Amount): string {
  return formatAmount(amount);
}

function amount(text: string): Amount {
  const value = parseAmount(text);
  if (value === null) throw new Error(`Stored invoice amount is not a decimal: ${text}`);
  return value;
}

export function storedDraftOf(draft: InvoiceDraft): StoredDraft {
  return JSON.parse(
    JSON.stringify({
      ...draft,
      tipoCambio: money(draft.tipoCambio),
      ...(draft.montosMedioPago ? { montosMedioPago: draft.montosMedioPago.map(money) } : {}),
      lines: draft.lines.map((line) => ({
        ...line,
        precioUnitario: money(line.precioUnitario),
        ...(line.descuento ? { descuento: { ...line.descuento, monto: money(line.descuento.monto) } } : {}),
      })),
    }),
  ) as StoredDraft;
}

export function draftOfStored({ montosMedioPago, ...stored }: StoredDraft): InvoiceDraft {
  return {
    ...stored,
    tipoCambio: amount(stored.tipoCambio),
    ...(montosMedioPago ? { montosMedioPago: montosMedioPago.map(amount) } : {}),
    lines: stored.lines.map(({ precioUnitario, descuento, ...line }) => ({
      ...line,
      precioUnitario: amount(precioUnitario),
      ...(descuento ? { descuento: { ...descuento, monto: amount(descuento.monto) } } : {}),
    })),
  };
}

export interface InvoiceDraftDocument {
  id: string;
  organizationId: string;
  state: InvoiceDraftState;
  draft: InvoiceDraft;
  referenceReceiptId?: string;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  issuedReceiptId?: string;
  issuedAt?: Date;
}

function documentOf(record: InvoiceDraftRecord): InvoiceDraftDocument {
  return {
    id: String(record._id),
    organizationId: record.organizationId,
    state: record.state,
    draft: draftOfStored(record.draft),
    ...(record.referenceReceiptId ? { referenceReceiptId: record.referenceReceiptId } : {}),
    createdBy: String(record.createdBy),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    ...(record.issuedReceiptId ? { issuedReceiptId: String(record.issuedReceiptId) } : {}),
    ...(record.issuedAt ? { issuedAt: record.issuedAt } : {}),
  };
}

function objectIdOrNull(id: string): Types.ObjectId | null {
  return Types.ObjectId.isValid(id) && /^[0-9a-f]{24}$/i.test(id) ? new Types.ObjectId(id) : null;
}

export async function insertInvoiceDraft(
  organizationId: string,
  draft: InvoiceDraft,
  createdBy: string,
  referenceReceiptId?: string,
): Promise<InvoiceDraftDocument> {
  const now = new Date();
  const record: InvoiceDraftRecord = {
    _id: new Types.ObjectId(),
    organizationId,
    state: "borrador",
    kind: draft.kind,
    draft: storedDraftOf(draft),
    ...(referenceReceiptId ? { referenceReceiptId } : {}),
    createdBy: new Types.ObjectId(createdBy),
    createdAt: now,
    updatedAt: now,
  };
  await InvoiceDraftModel.collection.insertOne(record);
  return documentOf(record);
}

/** Replaces the draft's content while it is a borrador; false when it is not (issued meanwhile, or absent). */
export async function replaceInvoiceDraft(
  organizationId: string,
  id: string,
  draft: InvoiceDraft,
  referenceReceiptId?: string,
): Promise<boolean> {
  const _id = objectIdOrNull(id);
  if (!_id) return false;
  const set = { kind: draft.kind, draft: storedDraftOf(draft), updatedAt: new Date() };
  const result = await InvoiceDraftModel.collection.updateOne(
    { _id, organizationId, state: "borrador" },
    referenceReceiptId ? { $set: { ...set, referenceReceiptId } } : { $set: set, $unset: { referenceReceiptId: "" } },
  );
  return result.matchedCount === 1;
}

export async function findInvoiceDraft(
  organizationId: string,
  id: string,
  session?: ClientSession,
): Promise<InvoiceDraftDocument | null> {
  const _id = objectIdOrNull(id);
  if (!_id) return null;
  const record = await InvoiceDraftModel.collection.findOne<InvoiceDraftRecord>({ _id, organizationId }, { session });
  return record ? documentOf(record) : null;
}

export async function listInvoiceDrafts(organizationId: string, limit = 50): Promise<InvoiceDraftDocument[]> {
  const records = await InvoiceDraftModel.collection
    .find<InvoiceDraftRecord>({ organizationId })
    .sort({ updatedAt: -1 })
    .limit(limit)
    .toArray();
  return records.map(documentOf);
}

/**
 * Marks a borrador issued, inside the issuing transaction. False when another Emitir got there first:
 * the caller aborts, so its consecutive is not consumed.
 */
export async function markInvoiceDraftIssued(
  organizationId: string,
  id: string,
  receiptId: Types.ObjectId,
  issuedBy: string,
  session: ClientSession,
): Promise<boolean> {
  const _id = objectIdOrNull(id);
  if (!_id) return false;
  const now = new Date();
  const result = await InvoiceDraftModel.collection.updateOne(
    { _id, organizationId, state: "borrador" },
    {
      $set: {
        state: "emitido",
        issuedReceiptId: receiptId,
        issuedAt: now,
        issuedBy: new Types.ObjectId(issuedBy),
        updatedAt: now,
      },
    },
    { session },
  );
  return result.modifiedCount === 1;
}

/** The draft an issued receipt came from (its page links back to it). */
export async function findDraftOfReceipt(
  organizationId: string,
  receiptId: string,
): Promise<InvoiceDraftDocument | null> {
  const _id = objectIdOrNull(receiptId);
  if (!_id) return null;
  const record = await InvoiceDraftModel.collection.findOne<InvoiceDraftRecord>({
    organizationId,
    issuedReceiptId: _id,
  });
  return record ? documentOf(record) : null;
}
