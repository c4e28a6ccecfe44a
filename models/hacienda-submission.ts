import mongoose, { Schema, type ClientSession, type Types } from "mongoose";
import type { SubmissionDocument } from "../app/domain/hacienda-queue/status";
import { bumpBoardRevision } from "./board-month-summary";

/**
 * One document of a receipt on its way to Hacienda: the organization's own comprobante, or its answer
 * (MensajeReceptor) to a supplier's. The queue lives here, not in any process's memory: a restart
 * picks up where the last process stopped, and several processes share the work through a lease
 * (docs/decisions/164-hacienda-sending-queue.md).
 */

/** firmado: not yet received by Hacienda; enviado: 202 seen, waiting for the answer. */
export type SubmissionState = "firmado" | "enviado" | "aceptado" | "rechazado" | "error";

export type SubmissionStep = "firma" | "token" | "envio" | "consulta" | "correo" | "reintento";

/** One conversation with Hacienda or the mail relay, kept as the submission's history. */
export interface SubmissionEvent {
  at: Date;
  step: SubmissionStep;
  httpStatus?: number;
  /** Hacienda's X-Error-Cause header, as sent. */
  errorCause?: string;
  /** What happened, in Spanish (ind-estado, a timeout, a refusal …). */
  message?: string;
}

export interface SubmissionAnswer {
  estado: "aceptado" | "rechazado";
  mensaje?: string;
  detalle: string;
  xml: Buffer;
  xmlSha256: string;
  receivedAt: Date;
}

export interface SubmissionDelivery {
  to?: string;
  /** The e-mail with the signed XML and the PDF. */
  documentSentAt?: Date;
  /** The e-mail with Hacienda's answer (and again the XML and the PDF). */
  answerSentAt?: Date;
  /** The last failure; the e-mail is tried again at `dueAt`. */
  error?: string;
  attempts: number;
  dueAt?: Date | null;
}

export interface SubmissionLease {
  owner: string;
  until: Date;
}

export interface HaciendaSubmissionRecord {
  _id: Types.ObjectId;
  organizationId: string;
  receiptId: string;
  document: SubmissionDocument;
  /** The clave the reception API knows the document by (a MensajeReceptor goes by the supplier's clave). */
  clave: string;
  state: SubmissionState;
  /** Why the state is error, or the last passing trouble (Hacienda unreachable) while it retries. */
  reason?: string;
  /** The MensajeReceptor as signed and sent (a comprobante is stored signed on its receipt). */
  signedXml?: Buffer;
  /** When Hacienda answered 202 (or "recibido anteriormente"): from then on it is never posted again. */
  postedAt?: Date;
  /** A POST left without an answer (timeout, crash): ask before posting again. */
  postUncertain?: boolean;
  attempts: number;
  polls: number;
  /** When a worker should next look at it; null when nothing is left to do. */
  nextAttemptAt: Date | null;
  lease?: SubmissionLease | null;
  history: SubmissionEvent[];
  indEstado?: string;
  answer?: SubmissionAnswer;
  delivery: SubmissionDelivery;
  createdAt: Date;
  updatedAt: Date;
}

const eventSchema = new Schema<SubmissionEvent>(
  {
    at: { type: Date, required: true },
    step: { type: String, required: true },
    httpStatus: Number,
    errorCause: String,
    message: String,
  },
  { _id: false },
);

const submissionSchema = new Schema<HaciendaSubmissionRecord>(
  {
    organizationId: { type: String, required: true },
    receiptId: { type: String, required: true },
    document: { type: String, enum: ["comprobante", "mensaje-receptor"], required: true },
    clave: { type: String, required: true },
    state: { type: String, enum: ["firmado", "enviado", "aceptado", "rechazado", "error"], required: true },
    reason: String,
    signedXml: Buffer,
    postedAt: Date,
    postUncertain: Boolean,
    attempts: { type: Number, default: 0 },
    polls: { type: Number, default: 0 },
    nextAttemptAt: { type: Date, default: null },
    lease: {
      type: new Schema<SubmissionLease>(
        { owner: { type: String, required: true }, until: { type: Date, required: true } },
        { _id: false },
      ),
      default: null,
    },
    history: { type: [eventSchema], default: [] },
    indEstado: String,
    answer: new Schema<SubmissionAnswer>(
      {
        estado: { type: String, enum: ["aceptado", "rechazado"], required: true },
        mensaje: String,
        detalle: { type: String, default: "" },
        xml: { type: Buffer, required: true },
        xmlSha256: { type: String, required: true },
        receivedAt: { type: Date, required: true },
      },
      { _id: false },
    ),
    delivery: {
      type: new Schema<SubmissionDelivery>(
        {
          to: String,
          documentSentAt: Date,
          answerSentAt: Date,
          error: String,
          attempts: { type: Number, default: 0 },
          dueAt: { type: Date, default: null },
        },
        { _id: false },
      ),
      default: () => ({ attempts: 0 }),
    },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: "haciendaSubmissions", versionKey: false },
);

// A document is queued once, however many times (or processes) ask.
submissionSchema.index({ organizationId: 1, receiptId: 1, document: 1 }, { unique: true });
submissionSchema.index({ nextAttemptAt: 1 });
// The board counts each client's rejected and failed documents (decision 265).
submissionSchema.index({ organizationId: 1, state: 1 });

export const HaciendaSubmission =
  (mongoose.models.HaciendaSubmission as mongoose.Model<HaciendaSubmissionRecord> | undefined) ??
  mongoose.model<HaciendaSubmissionRecord>("HaciendaSubmission", submissionSchema);

/** Stored bytes as a Buffer, whichever form the driver hands back (Buffer or BSON Binary). */
export function submissionBytes(stored: unknown): Buffer {
  if (Buffer.isBuffer(stored)) return stored;
  const binary = stored as { value?: () => Uint8Array; buffer?: Uint8Array; position?: number };
  if (typeof binary?.value === "function") return Buffer.from(binary.value());
  if (binary?.buffer) return Buffer.from(binary.buffer.subarray(0, binary.position ?? binary.buffer.length));
  return Buffer.alloc(0);
}

/** Queues the document unless it is queued already (then nothing changes). */
export async function insertSubmission(
  submission: { organizationId: string; receiptId: string; document: SubmissionDocument; clave: string },
  session?: ClientSession,
): Promise<void> {
  const now = new Date();
  await HaciendaSubmission.updateOne(
    { organizationId: submission.organizationId, receiptId: submission.receiptId, document: submission.document },
    {
      $setOnInsert: {
        clave: submission.clave,
        state: "firmado",
        attempts: 0,
        polls: 0,
        nextAttemptAt: now,
        lease: null,
        history: [],
        delivery: { attempts: 0, dueAt: null },
        createdAt: now,
        updatedAt: now,
      },
    },
    { upsert: true, session },
  );
}

/**
 * Takes the next submission that is due and not leased by a live worker, in one atomic step: two
 * workers can never hold the same submission at once.
 */
export async function claimDueSubmission(
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<HaciendaSubmissionRecord | null> {
  return HaciendaSubmission.findOneAndUpdate(
    {
      state: { $in: ["firmado", "enviado", "aceptado", "rechazado"] },
      nextAttemptAt: { $ne: null, $lte: now },
      $or: [{ lease: null }, { "lease.until": { $lte: now } }],
    },
    { $set: { lease: { owner, until: new Date(now.getTime() + leaseMs) } } },
    { sort: { nextAttemptAt: 1 }, returnDocument: "after" },
  ).lean<HaciendaSubmissionRecord>();
}

/** Whether the worker still holds its lease (and for long enough to finish a request). */
export async function holdsLease(id: Types.ObjectId, owner: string, until: Date): Promise<boolean> {
  return (await HaciendaSubmission.exists({ _id: id, "lease.owner": owner, "lease.until": { $gt: until } })) !== null;
}

/**
 * Writes what the worker learned, only while it still holds the lease; false when it lost it (then
 * another worker owns the submission and this result is dropped).
 */
export async function updateLeasedSubmission(
  id: Types.ObjectId,
  owner: string,
  change: { set?: Record<string, unknown>; unset?: string[]; events?: SubmissionEvent[] },
): Promise<boolean> {
  const update: Record<string, unknown> = { $set: { ...change.set, updatedAt: new Date() } };
  if (change.unset?.length) update.$unset = Object.fromEntries(change.unset.map((field) => [field, ""]));
  // The latest events are enough to explain a state; a long outage must not grow the document forever.
  if (change.events?.length) update.$push = { history: { $each: change.events, $slice: -200 } };
  const updated = await HaciendaSubmission.findOneAndUpdate({ _id: id, "lease.owner": owner }, update, {
    projection: { organizationId: 1 },
  }).lean<Pick<HaciendaSubmissionRecord, "organizationId">>();
  if (!updated) return false;
  // A state change may add or remove a rejected or failed document on the board (decision 265).
  if (change.set && "state" in change.set) await bumpBoardRevision([updated.organizationId]);
  return true;
}

export async function findSubmissions(
  organizationId: string,
  receiptIds: string[],
): Promise<Array<Pick<HaciendaSubmissionRecord, "receiptId" | "document" | "state" | "reason" | "postedAt">>> {
  if (receiptIds.length === 0) return [];
  return HaciendaSubmission.find(
    { organizationId, receiptId: { $in: receiptIds } },
    { receiptId: 1, document: 1, state: 1, reason: 1, postedAt: 1 },
  ).lean();
}

export async function findSubmission(
  organizationId: string,
  receiptId: string,
  document: SubmissionDocument,
): Promise<HaciendaSubmissionRecord | null> {
  return HaciendaSubmission.findOne({ organizationId, receiptId, document }).lean<HaciendaSubmissionRecord>();
}

/** Puts a submission in error back in the queue (an admin's "Reintentar"); false when it is not in error. */
export async function requeueSubmission(
  organizationId: string,
  receiptId: string,
  document: SubmissionDocument,
  event: SubmissionEvent,
): Promise<boolean> {
  const found = await HaciendaSubmission.findOne(
    { organizationId, receiptId, document, state: "error" },
    { postedAt: 1 },
  ).lean<Pick<HaciendaSubmissionRecord, "_id" | "postedAt">>();
  if (!found) return false;
  const now = new Date();
  const result = await HaciendaSubmission.updateOne(
    { _id: found._id, state: "error" },
    {
      $set: { state: found.postedAt ? "enviado" : "firmado", attempts: 0, nextAttemptAt: now, updatedAt: now },
      $unset: { reason: "" },
      $push: { history: event },
    },
  );
  if (result.modifiedCount !== 1) return false;
  await bumpBoardRevision([organizationId]);
  return true;
}
