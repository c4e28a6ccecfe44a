import mongoose, { Schema, Types } from "mongoose";

/**
 * A "Contabilizar mes" run: its progress and the result of each receipt, in MongoDB because any app
 * process may serve the progress page. The process that runs it refreshes `updatedAt` after each
 * batch, so a run whose process died shows as interrupted; running the month again books what is
 * still pending (decision 132).
 */
export type BookingJobStatus = "procesando" | "terminada" | "fallida";

export interface BookingJobResult {
  receiptId: string;
  consecutivo: string;
  kind: string;
  message?: string;
  entryId?: string;
  number?: string;
}

export interface BookingJobRecord {
  _id: Types.ObjectId;
  organizationId: string;
  userId: string;
  month: string;
  status: BookingJobStatus;
  total: number;
  done: number;
  results: BookingJobResult[];
  error?: string;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
}

const bookingJobSchema = new Schema<BookingJobRecord>(
  {
    organizationId: { type: String, required: true },
    userId: { type: String, required: true },
    month: { type: String, required: true },
    status: { type: String, enum: ["procesando", "terminada", "fallida"], required: true },
    total: { type: Number, default: 0 },
    done: { type: Number, default: 0 },
    results: {
      type: [
        {
          _id: false,
          receiptId: String,
          consecutivo: String,
          kind: String,
          message: String,
          entryId: String,
          number: String,
        },
      ],
      default: [],
    },
    error: String,
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: "bookingJobs", versionKey: false },
);

bookingJobSchema.index({ organizationId: 1, createdAt: -1 });
bookingJobSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export const BookingJob =
  (mongoose.models.BookingJob as mongoose.Model<BookingJobRecord> | undefined) ??
  mongoose.model<BookingJobRecord>("BookingJob", bookingJobSchema);

const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export async function createBookingJob(job: { organizationId: string; userId: string; month: string }) {
  const now = new Date();
  const [created] = await BookingJob.create([
    {
      ...job,
      status: "procesando",
      total: 0,
      done: 0,
      results: [],
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + KEEP_MS),
    },
  ]);
  return String(created._id);
}

/**
 * One batch's per-receipt results, a document of their own: appending them to the run's document
 * rewrote an ever larger document after every batch (a month of 5 000 receipts: 1 s of the run).
 */
interface BookingJobBatchRecord {
  jobId: Types.ObjectId;
  /** Order of the batch within the run. */
  at: number;
  results: BookingJobResult[];
  expiresAt: Date;
}

const bookingJobBatchSchema = new Schema<BookingJobBatchRecord>(
  {
    jobId: { type: Schema.Types.ObjectId, required: true },
    at: { type: Number, required: true },
    results: { type: Schema.Types.Mixed, default: [] },
    expiresAt: { type: Date, required: true },
  },
  { collection: "bookingJobBatches", versionKey: false },
);

bookingJobBatchSchema.index({ jobId: 1, at: 1 });
bookingJobBatchSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export const BookingJobBatch =
  (mongoose.models.BookingJobBatch as mongoose.Model<BookingJobBatchRecord> | undefined) ??
  mongoose.model<BookingJobBatchRecord>("BookingJobBatch", bookingJobBatchSchema);

export async function recordBookingProgress(
  id: string,
  progress: { total: number; results: BookingJobResult[] },
): Promise<void> {
  const now = new Date();
  const job = await BookingJob.findOneAndUpdate(
    { _id: id },
    { $set: { total: progress.total, updatedAt: now }, $inc: { done: progress.results.length } },
    { projection: { done: 1, expiresAt: 1 }, returnDocument: "after" },
  ).lean<Pick<BookingJobRecord, "done" | "expiresAt">>();
  if (!job) return;
  const results = progress.results.map((result) =>
    Object.fromEntries(Object.entries(result).filter(([, value]) => value !== undefined)),
  ) as BookingJobResult[];
  await BookingJobBatch.collection.insertOne({
    jobId: new Types.ObjectId(id),
    at: job.done,
    results,
    expiresAt: job.expiresAt,
  });
}

export async function finishBookingJob(id: string, outcome: { status: "terminada" | "fallida"; error?: string }) {
  await BookingJob.updateOne({ _id: id }, { $set: { ...outcome, updatedAt: new Date() } });
}

export async function findBookingJob(organizationId: string, id: string): Promise<BookingJobRecord | null> {
  if (!Types.ObjectId.isValid(id)) return null;
  const job = await BookingJob.findOne({ _id: id, organizationId }).lean<BookingJobRecord>();
  if (!job) return null;
  const batches = await BookingJobBatch.find({ jobId: job._id }, { results: 1 })
    .sort({ at: 1 })
    .lean<Array<Pick<BookingJobBatchRecord, "results">>>();
  // Runs recorded before results had documents of their own keep them in `results`.
  return { ...job, results: [...(job.results ?? []), ...batches.flatMap((batch) => batch.results)] };
}
