import mongoose, { Schema, Types } from "mongoose";

/**
 * An upload of receipts imported in the background: its progress and, once done, its report. Kept in
 * MongoDB because any app process may serve the progress page; the process that received the files
 * does the work and refreshes `updatedAt` while it runs, so a job whose process died shows as
 * interrupted. `budgetBytes` is reserved while it runs and `inflatedBytes` counts once it ends, for
 * the per-user hourly limit. See docs/decisions/060-receipt-import-limits-and-jobs.md.
 */
export type ImportJobStatus = "en-cola" | "procesando" | "terminada" | "fallida";

export interface ImportJobCounts {
  importado: number;
  duplicado: number;
  rechazado: number;
}

export interface ImportJobRecord {
  _id: Types.ObjectId;
  organizationId: string;
  userId: Types.ObjectId;
  status: ImportJobStatus;
  fileNames: string[];
  totalBytes: number;
  processedBytes: number;
  counts: ImportJobCounts;
  budgetBytes: number;
  inflatedBytes: number;
  /** What the imported documents take in the database (compressed), for the daily storage limit. */
  storedBytes?: number;
  report?: unknown;
  error?: string;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
}

const importJobSchema = new Schema<ImportJobRecord>(
  {
    organizationId: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, required: true, ref: "User" },
    status: { type: String, enum: ["en-cola", "procesando", "terminada", "fallida"], required: true },
    fileNames: { type: [String], default: [] },
    totalBytes: { type: Number, required: true },
    processedBytes: { type: Number, default: 0 },
    counts: { importado: Number, duplicado: Number, rechazado: Number },
    budgetBytes: { type: Number, required: true },
    inflatedBytes: { type: Number, default: 0 },
    storedBytes: { type: Number, default: 0 },
    report: Schema.Types.Mixed,
    error: String,
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: "importJobs", versionKey: false },
);

importJobSchema.index({ userId: 1, createdAt: -1 });
importJobSchema.index({ organizationId: 1, createdAt: -1 });
importJobSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export const ImportJob =
  (mongoose.models.ImportJob as mongoose.Model<ImportJobRecord> | undefined) ??
  mongoose.model<ImportJobRecord>("ImportJob", importJobSchema);

const KEEP_FOR_MS = 7 * 24 * 60 * 60 * 1000;

export async function createImportJob(job: {
  organizationId: string;
  userId: string;
  status: ImportJobStatus;
  fileNames: string[];
  totalBytes: number;
  budgetBytes: number;
  id?: string;
}): Promise<string> {
  const now = new Date();
  const _id = new Types.ObjectId(job.id);
  await ImportJob.collection.insertOne({
    _id,
    organizationId: job.organizationId,
    status: job.status,
    fileNames: job.fileNames,
    totalBytes: job.totalBytes,
    budgetBytes: job.budgetBytes,
    userId: new Types.ObjectId(job.userId),
    processedBytes: 0,
    counts: { importado: 0, duplicado: 0, rechazado: 0 },
    inflatedBytes: 0,
    createdAt: now,
    updatedAt: now,
    expiresAt: new Date(now.getTime() + KEEP_FOR_MS),
  });
  return String(_id);
}

export async function updateImportJob(
  id: string,
  update: Partial<
    Pick<ImportJobRecord, "status" | "processedBytes" | "counts" | "inflatedBytes" | "storedBytes" | "report" | "error">
  >,
): Promise<void> {
  await ImportJob.updateOne({ _id: new Types.ObjectId(id) }, { $set: { ...update, updatedAt: new Date() } });
}

/** The organization's job (another organization's is not found). */
export async function findImportJob(organizationId: string, id: string): Promise<ImportJobRecord | null> {
  if (!/^[0-9a-f]{24}$/i.test(id)) return null;
  return ImportJob.findOne({ _id: new Types.ObjectId(id), organizationId }).lean<ImportJobRecord>();
}

/**
 * What the uploads since `since` stored in the database, by the user and in the organization (an
 * upload still running counts what it has stored so far).
 */
export async function storedBytesSince(
  who: { userId: string; organizationId: string },
  since: Date,
): Promise<{ byUser: number; inOrganization: number }> {
  const sum = async (filter: Record<string, unknown>) => {
    const jobs = await ImportJob.find({ ...filter, createdAt: { $gte: since } }, { storedBytes: 1 }).lean<
      Array<Pick<ImportJobRecord, "storedBytes">>
    >();
    return jobs.reduce((total, job) => total + (job.storedBytes ?? 0), 0);
  };
  const [byUser, inOrganization] = await Promise.all([
    sum({ userId: new Types.ObjectId(who.userId) }),
    sum({ organizationId: who.organizationId }),
  ]);
  return { byUser, inOrganization };
}

/** XML bytes the user's uploads since `since` inflated, counting running ones at their reservation. */
export async function inflatedBytesSince(userId: string, since: Date): Promise<number> {
  const jobs = await ImportJob.find(
    { userId: new Types.ObjectId(userId), createdAt: { $gte: since } },
    { status: 1, budgetBytes: 1, inflatedBytes: 1 },
  ).lean<Array<Pick<ImportJobRecord, "status" | "budgetBytes" | "inflatedBytes">>>();
  return jobs.reduce(
    (sum, job) => sum + (job.status === "en-cola" || job.status === "procesando" ? job.budgetBytes : job.inflatedBytes),
    0,
  );
}
