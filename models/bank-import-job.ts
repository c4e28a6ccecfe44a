import mongoose, { Schema, Types } from "mongoose";

/**
 * A long statement import running in the background: how many of its new lines are stored so far, and
 * how it ended. Kept in MongoDB because any app process may serve the progress page; the process that
 * received the file does the work and refreshes `updatedAt` while it runs, so a job whose process died
 * shows as interrupted. The lines themselves are stored in one transaction: a failed or interrupted
 * import leaves none of them.
 */
export type BankImportJobStatus = "procesando" | "terminada" | "fallida";

export interface BankImportJobRecord {
  _id: Types.ObjectId;
  organizationId: string;
  bankAccountId: Types.ObjectId;
  userId: string;
  fileName: string;
  status: BankImportJobStatus;
  /** Movements the file has, and how many of them are new. */
  lineCount: number;
  newCount: number;
  /** New movements written so far (they become visible together, when the import commits). */
  stored: number;
  /** The outcome in Spanish: what was imported, or why nothing was. */
  message?: string;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
}

const bankImportJobSchema = new Schema<BankImportJobRecord>(
  {
    organizationId: { type: String, required: true },
    bankAccountId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: String, required: true },
    fileName: { type: String, required: true },
    status: { type: String, enum: ["procesando", "terminada", "fallida"], required: true },
    lineCount: { type: Number, required: true },
    newCount: { type: Number, default: 0 },
    stored: { type: Number, default: 0 },
    message: String,
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: "bank_import_jobs", versionKey: false },
);

bankImportJobSchema.index({ organizationId: 1, bankAccountId: 1, createdAt: -1 });
bankImportJobSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export const BankImportJob =
  (mongoose.models.BankImportJob as mongoose.Model<BankImportJobRecord> | undefined) ??
  mongoose.model<BankImportJobRecord>("BankImportJob", bankImportJobSchema);

const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export async function createBankImportJob(job: {
  organizationId: string;
  bankAccountId: Types.ObjectId;
  userId: string;
  fileName: string;
  lineCount: number;
}): Promise<string> {
  const now = new Date();
  const [created] = await BankImportJob.create([
    {
      ...job,
      status: "procesando",
      newCount: 0,
      stored: 0,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + KEEP_MS),
    },
  ]);
  return String(created._id);
}

export async function updateBankImportJob(
  id: string,
  update: Partial<Pick<BankImportJobRecord, "status" | "newCount" | "stored" | "message">>,
): Promise<void> {
  await BankImportJob.updateOne({ _id: new Types.ObjectId(id) }, { $set: { ...update, updatedAt: new Date() } });
}

/** The job of this organization's bank account; another organization's or account's is not found. */
export async function findBankImportJob(
  organizationId: string,
  bankAccountId: Types.ObjectId,
  id: string,
): Promise<BankImportJobRecord | null> {
  if (!/^[0-9a-f]{24}$/i.test(id)) return null;
  return BankImportJob.findOne({
    _id: new Types.ObjectId(id),
    organizationId,
    bankAccountId,
  }).lean<BankImportJobRecord>();
}
