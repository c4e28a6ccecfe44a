import mongoose, { Schema, type Types } from "mongoose";

/**
 * The supplier's PDF of a receipt, as it came by e-mail, kept by the receipt's clave: it may arrive
 * before or after the XML and is shown on the receipt's page once both are there. One PDF per clave
 * and organization (the first one received is kept).
 */
export interface ReceiptPdfRecord {
  _id: Types.ObjectId;
  organizationId: string;
  clave: string;
  fileName: string;
  pdf: Buffer;
  bytes: number;
  receivedAt: Date;
}

const receiptPdfSchema = new Schema<ReceiptPdfRecord>(
  {
    organizationId: { type: String, required: true },
    clave: { type: String, required: true, match: /^\d{50}$/ },
    fileName: { type: String, required: true, maxlength: 255 },
    pdf: { type: Buffer, required: true },
    bytes: { type: Number, required: true },
    receivedAt: { type: Date, required: true },
  },
  { collection: "receiptPdfs", versionKey: false },
);

receiptPdfSchema.index({ organizationId: 1, clave: 1 }, { unique: true });

export const ReceiptPdf =
  (mongoose.models.ReceiptPdf as mongoose.Model<ReceiptPdfRecord> | undefined) ??
  mongoose.model<ReceiptPdfRecord>("ReceiptPdf", receiptPdfSchema);

/** Keeps the PDF unless one is already kept for the clave; "duplicate" then. */
export async function keepReceiptPdf(
  organizationId: string,
  clave: string,
  fileName: string,
  pdf: Uint8Array,
): Promise<"kept" | "duplicate"> {
  const result = await ReceiptPdf.updateOne(
    { organizationId, clave },
    {
      $setOnInsert: {
        fileName: fileName.slice(0, 255),
        pdf: Buffer.from(pdf),
        bytes: pdf.length,
        receivedAt: new Date(),
      },
    },
    { upsert: true },
  );
  return result.upsertedCount === 1 ? "kept" : "duplicate";
}

export async function findReceiptPdfInfo(
  organizationId: string,
  clave: string,
): Promise<Pick<ReceiptPdfRecord, "fileName" | "bytes" | "receivedAt"> | null> {
  return ReceiptPdf.findOne({ organizationId, clave }, { fileName: 1, bytes: 1, receivedAt: 1 }).lean();
}

/** Stored bytes as a Buffer, whichever form the driver hands back (Buffer or BSON Binary). */
function bytesOf(stored: unknown): Buffer {
  if (Buffer.isBuffer(stored)) return stored;
  const binary = stored as { value?: () => Uint8Array; buffer?: Uint8Array; position?: number };
  if (typeof binary.value === "function") return Buffer.from(binary.value());
  if (binary.buffer) return Buffer.from(binary.buffer.subarray(0, binary.position ?? binary.buffer.length));
  return Buffer.alloc(0);
}

export async function findReceiptPdf(organizationId: string, clave: string): Promise<ReceiptPdfRecord | null> {
  const found = await ReceiptPdf.findOne({ organizationId, clave }).lean<ReceiptPdfRecord>();
  return found ? { ...found, pdf: bytesOf(found.pdf) } : null;
}
