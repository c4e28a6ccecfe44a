/**
 * The worker of the Hacienda sending queue. Any number of app processes may run one: each takes a due
 * submission with a lease (one atomic update), does its next step — send, ask for the answer, e-mail
 * the customer — writes what it learned while it still holds the lease, and lets go. A document is
 * posted again only when Hacienda does not know its clave (docs/decisions/164-hacienda-sending-queue.md).
 */
import { createHash, randomBytes } from "node:crypto";
import os from "node:os";
import type { Types } from "mongoose";
import { backoffDelay, POLL_BACKOFF, RETRY_BACKOFF, type BackoffPolicy } from "~/domain/hacienda-queue/backoff";
import { isFinalEstado } from "~/domain/hacienda-queue/status";
import { decodeXmlBytes, parseComprobante } from "~/domain/hacienda";
import { addHaciendaAnswer, findReceipt, type ReceiptRecord } from "~models/receipt";
import {
  claimDueSubmission,
  holdsLease,
  submissionBytes,
  updateLeasedSubmission,
  type HaciendaSubmissionRecord,
  type SubmissionEvent,
} from "~models/hacienda-submission";
import { haciendaEndpoints, type HaciendaEndpoints } from "./config.server";
import { sendDocumentMail } from "./delivery.server";
import { HaciendaRefusal, HaciendaUnavailable } from "./http.server";
import { receptionRequestFor } from "./reception-request.server";
import { getRecepcion, postRecepcion } from "./reception.server";
import { defaultQueueServices, signingRefusalReason, type QueueServices } from "./queue-services.server";
import { accessToken, forgetToken, type HaciendaAccount } from "./token.server";
import { startPollingLoop, type PollingLoop } from "~/utils/polling-loop.server";
import { syncOpenItems } from "~/services/open-items/sync.server";
import { receiptIdsOfClaves } from "~models/open-item-sources";

export interface HaciendaWorkerOptions {
  /** Names this worker in leases (unique per process by default). */
  owner?: string;
  services?: Partial<QueueServices>;
  /** How long a claim lasts; longer than any step (a step makes at most three requests). */
  leaseMs?: number;
  /** How long an idle worker sleeps before looking again. */
  idleMs?: number;
  retry?: BackoffPolicy;
  poll?: BackoffPolicy;
  /** Spread of the waits, in [0, 1). */
  random?: () => number;
  log?: (line: string) => void;
}

interface Context {
  owner: string;
  services: QueueServices;
  leaseMs: number;
  retry: BackoffPolicy;
  poll: BackoffPolicy;
  random: () => number;
  log: (line: string) => void;
}

export const MISSING_ACCOUNT_MESSAGE = "Falta el usuario y la contraseña de la API de Hacienda de la organización.";
export const PDF_PENDING_MESSAGE = "La representación gráfica (PDF) aún no se puede generar; el correo espera.";

function contextOf(options: HaciendaWorkerOptions): Context {
  return {
    owner: options.owner ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`,
    services: { ...defaultQueueServices, ...options.services },
    leaseMs: options.leaseMs ?? 5 * 60_000,
    retry: options.retry ?? RETRY_BACKOFF,
    poll: options.poll ?? POLL_BACKOFF,
    random: options.random ?? Math.random,
    log: options.log ?? ((line) => console.log(`[hacienda] ${line}`)),
  };
}

/** Accumulates one step's changes to the submission, written at once under the lease. */
class Step {
  readonly set: Record<string, unknown> = {};
  readonly unset = new Set<string>();
  readonly events: SubmissionEvent[] = [];

  constructor(
    readonly submission: HaciendaSubmissionRecord,
    readonly context: Context,
  ) {}

  event(event: Omit<SubmissionEvent, "at">): void {
    this.events.push({ at: new Date(), ...event });
  }

  change(field: string, value: unknown): void {
    if (value === undefined) {
      this.unset.add(field);
      delete this.set[field];
    } else {
      this.set[field] = value;
      this.unset.delete(field);
    }
  }

  /** Writes the changes so far (the lease stays); false when the lease was lost. */
  async flush(): Promise<boolean> {
    const written = await updateLeasedSubmission(this.submission._id, this.context.owner, {
      set: { ...this.set },
      unset: [...this.unset],
      events: this.events.splice(0),
    });
    for (const key of Object.keys(this.set)) delete this.set[key];
    this.unset.clear();
    return written;
  }

  /** Writes the last changes and lets go of the submission. */
  async finish(): Promise<boolean> {
    this.change("lease", null);
    return this.flush();
  }
}

function later(ms: number): Date {
  return new Date(Date.now() + ms);
}

function retryAt(step: Step, attempts: number): Date {
  return later(backoffDelay(attempts, step.context.retry, step.context.random()));
}

/** A passing failure: keep the state, say why, and try again after a longer wait. */
function transient(step: Step, stepName: SubmissionEvent["step"], error: HaciendaUnavailable): void {
  const attempts = step.submission.attempts + 1;
  step.event({ step: stepName, message: error.message, ...(error.httpStatus ? { httpStatus: error.httpStatus } : {}) });
  step.change("attempts", attempts);
  step.change("reason", `${error.message} Se reintentará automáticamente.`);
  step.change("nextAttemptAt", retryAt(step, attempts));
}

/** A failure a person must fix (key, account, a refused document): state error until "Reintentar". */
function failed(step: Step, stepName: SubmissionEvent["step"], reason: string, extra: Partial<SubmissionEvent> = {}) {
  step.event({ step: stepName, message: reason, ...extra });
  step.change("state", "error");
  step.change("reason", reason);
  step.change("nextAttemptAt", null);
}

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The signed document to send: the stored comprobante, or the MensajeReceptor signed once and kept. */
async function signedDocument(step: Step, receipt: ReceiptRecord): Promise<Buffer | null> {
  const { submission, context } = step;
  if (submission.document === "comprobante") return receipt.xml;
  if (submission.signedXml) return submissionBytes(submission.signedXml);
  const message = receipt.receptorMessage;
  if (!message) {
    failed(step, "firma", "El comprobante no tiene una respuesta del receptor registrada.");
    return null;
  }
  let credentials;
  try {
    credentials = await context.services.loadSigningCredentials(submission.organizationId);
  } catch (error) {
    failed(step, "firma", signingRefusalReason(error instanceof Error ? error.message : ""));
    return null;
  }
  const signed = Buffer.from(await context.services.signXadesEpes(message.xml, credentials), "utf8");
  step.change("signedXml", signed);
  return signed;
}

interface Connection {
  endpoints: HaciendaEndpoints;
  account: HaciendaAccount;
  token: string;
}

async function connect(step: Step): Promise<Connection | null> {
  const account = await step.context.services.loadHaciendaAccount(step.submission.organizationId);
  if (!account) {
    failed(step, "token", MISSING_ACCOUNT_MESSAGE);
    return null;
  }
  const endpoints = haciendaEndpoints(account.environment);
  try {
    return { endpoints, account, token: await accessToken(endpoints, account) };
  } catch (error) {
    if (error instanceof HaciendaUnavailable) transient(step, "token", error);
    else if (error instanceof HaciendaRefusal) failed(step, "token", error.message, { httpStatus: error.httpStatus });
    else throw error;
    return null;
  }
}

function markReceived(step: Step, event: Omit<SubmissionEvent, "at">): void {
  step.event(event);
  step.change("state", "enviado");
  step.change("postedAt", new Date());
  step.change("postUncertain", undefined);
  step.change("attempts", 0);
  step.change("polls", 0);
  step.change("reason", undefined);
  step.change("nextAttemptAt", later(backoffDelay(1, step.context.poll, step.context.random())));
}

async function send(step: Step, receipt: ReceiptRecord): Promise<void> {
  const { submission, context } = step;
  const xml = await signedDocument(step, receipt);
  if (!xml) return;
  const connection = await connect(step);
  if (!connection) return;
  const { endpoints, token } = connection;
  try {
    if (submission.postUncertain) {
      // The last POST got no answer (timeout, crash): Hacienda may hold the document already.
      const status = await getRecepcion(endpoints, token, submission.clave);
      if (status.indEstado) {
        markReceived(step, {
          step: "consulta",
          httpStatus: status.httpStatus,
          message: `Hacienda ya tenía el documento (${status.indEstado}); no se envía de nuevo.`,
        });
        return;
      }
    }
    // Never start a POST the lease might not cover: another worker could post it too.
    if (!(await holdsLease(submission._id, context.owner, later(endpoints.timeoutMs + 5_000)))) return;
    step.change("postUncertain", true);
    if (!(await step.flush())) return;
    const request = receptionRequestFor(submission.document, receipt, xml);
    const outcome = await postRecepcion(endpoints, token, request);
    markReceived(step, {
      step: "envio",
      httpStatus: outcome.httpStatus,
      ...(outcome.errorCause ? { errorCause: outcome.errorCause } : {}),
      message: outcome.alreadyReceived
        ? "Hacienda ya lo había recibido; se consulta su estado."
        : "Recibido por Hacienda.",
    });
  } catch (error) {
    if (error instanceof HaciendaUnavailable) {
      if (error.httpStatus === 401) forgetToken(endpoints, connection.account);
      transient(step, "envio", error);
    } else if (error instanceof HaciendaRefusal) {
      step.change("postUncertain", undefined);
      failed(step, "envio", error.message, {
        httpStatus: error.httpStatus,
        ...(error.errorCause ? { errorCause: error.errorCause } : {}),
      });
    } else throw error;
  }
}

async function storeAnswer(
  step: Step,
  estado: "aceptado" | "rechazado",
  bytes: Buffer | undefined,
  httpStatus: number,
): Promise<void> {
  const { submission } = step;
  step.change("state", estado);
  step.change("indEstado", estado);
  step.change("reason", undefined);
  step.change("nextAttemptAt", null);
  if (!bytes) {
    step.event({ step: "consulta", httpStatus, message: `Estado ${estado}, sin respuesta-xml.` });
    return;
  }
  const parsed = parseComprobante(decodeXmlBytes(bytes));
  const message = parsed.ok && parsed.document.kind === "MH" ? parsed.document : null;
  const detalle = message?.detalleMensaje ?? "";
  const answer = {
    estado,
    ...(message?.mensaje ? { mensaje: message.mensaje } : {}),
    detalle,
    xml: bytes,
    xmlSha256: sha256(bytes),
    receivedAt: new Date(),
  };
  step.change("answer", answer);
  step.event({ step: "consulta", httpStatus, message: `Hacienda: ${estado}.${detalle ? ` ${detalle}` : ""}` });
  if (submission.document === "comprobante" && message) {
    // The same record an imported MensajeHacienda leaves, so the receipt's status and totals follow it.
    await addHaciendaAnswer(submission.organizationId, submission.clave, {
      estado: message.estado,
      mensaje: message.mensaje,
      ...(message.estadoMensaje ? { estadoMensaje: message.estadoMensaje } : {}),
      detalle,
      xml: bytes,
      xmlSha256: answer.xmlSha256,
      fileName: `MH-${submission.clave}.xml`,
      receivedAt: answer.receivedAt,
    });
    // A rejected invoice is owed by nobody: its open item leaves.
    if (message.estado === "rechazado")
      await syncOpenItems(
        submission.organizationId,
        await receiptIdsOfClaves(submission.organizationId, [submission.clave]),
      ).catch((error: unknown) => {
        console.error("open items of a rejected receipt failed", error);
      });
  }
}

async function poll(step: Step): Promise<void> {
  const { submission, context } = step;
  const connection = await connect(step);
  if (!connection) return;
  try {
    const status = await getRecepcion(connection.endpoints, connection.token, submission.clave);
    if (isFinalEstado(status.indEstado ?? undefined)) {
      await storeAnswer(step, status.indEstado as "aceptado" | "rechazado", status.respuestaXml, status.httpStatus);
      return;
    }
    if (status.indEstado === "error") {
      failed(step, "consulta", "Hacienda indicó «error» al procesar el documento.", {
        httpStatus: status.httpStatus,
        ...(status.errorCause ? { errorCause: status.errorCause } : {}),
      });
      return;
    }
    const polls = submission.polls + 1;
    if (status.indEstado !== submission.indEstado) {
      step.event({
        step: "consulta",
        httpStatus: status.httpStatus,
        message: status.indEstado ? `Hacienda: ${status.indEstado}.` : "Hacienda aún no conoce la clave.",
      });
    }
    step.change("indEstado", status.indEstado ?? undefined);
    step.change("polls", polls);
    step.change("attempts", 0);
    step.change("reason", undefined);
    step.change("nextAttemptAt", later(backoffDelay(polls + 1, context.poll, context.random())));
  } catch (error) {
    if (error instanceof HaciendaUnavailable) {
      if (error.httpStatus === 401) forgetToken(connection.endpoints, connection.account);
      transient(step, "consulta", error);
    } else if (error instanceof HaciendaRefusal) {
      failed(step, "consulta", error.message, {
        httpStatus: error.httpStatus,
        ...(error.errorCause ? { errorCause: error.errorCause } : {}),
      });
    } else throw error;
  }
}

/** Whether the customer is still owed an e-mail for this submission. */
function deliveryOwed(submission: HaciendaSubmissionRecord, state: string, receipt: ReceiptRecord): boolean {
  if (submission.document !== "comprobante" || receipt.direction !== "issued") return false;
  if (!receipt.receptor?.correo) return false;
  const delivery = submission.delivery ?? { attempts: 0 };
  if (state === "enviado") return !delivery.documentSentAt;
  if (isFinalEstado(state)) return !delivery.answerSentAt;
  return false;
}

async function deliver(step: Step, receipt: ReceiptRecord, state: string): Promise<Date | null> {
  const { submission, context } = step;
  const delivery = submission.delivery ?? { attempts: 0 };
  if (!deliveryOwed(submission, state, receipt)) return null;
  if (delivery.dueAt && new Date(delivery.dueAt).getTime() > Date.now()) return new Date(delivery.dueAt);
  const to = receipt.receptor!.correo!;
  const final = isFinalEstado(state);
  const answer = (step.set.answer as HaciendaSubmissionRecord["answer"]) ?? submission.answer;
  const retry = (message: string): Date => {
    const attempts = (delivery.attempts ?? 0) + 1;
    const dueAt = retryAt(step, attempts);
    step.event({ step: "correo", message });
    step.change("delivery", { ...delivery, to, error: message, attempts, dueAt });
    return dueAt;
  };
  let pdf: Buffer | null;
  try {
    pdf = await context.services.renderInvoicePdf(receipt);
  } catch (error) {
    return retry(`No se pudo generar el PDF: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!pdf) return retry(PDF_PENDING_MESSAGE);
  try {
    await sendDocumentMail(
      to,
      receipt,
      { signedXml: receipt.xml, pdf, ...(final && answer ? { answerXml: submissionBytes(answer.xml) } : {}) },
      final ? (state as "aceptado" | "rechazado") : undefined,
    );
  } catch (error) {
    return retry(`No se pudo enviar el correo a ${to}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const now = new Date();
  step.event({ step: "correo", message: `Correo enviado a ${to}${final ? " con la respuesta de Hacienda" : ""}.` });
  step.change("delivery", {
    to,
    attempts: 0,
    dueAt: null,
    documentSentAt: delivery.documentSentAt ?? now,
    ...(final ? { answerSentAt: now } : {}),
  });
  return null;
}

function earliest(a: Date | null | undefined, b: Date | null | undefined): Date | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return a.getTime() <= b.getTime() ? a : b;
}

/** Does the next step of one claimed submission and lets go of it. */
async function work(submission: HaciendaSubmissionRecord, context: Context): Promise<void> {
  const step = new Step(submission, context);
  const receipt = await findReceipt(submission.organizationId, submission.receiptId);
  if (!receipt) {
    failed(step, "envio", "El comprobante ya no existe.");
    await step.finish();
    return;
  }
  if (submission.state === "firmado") await send(step, receipt);
  else if (submission.state === "enviado") await poll(step);
  const state = (step.set.state as string | undefined) ?? submission.state;
  if (state !== "firmado" && state !== "error") {
    const deliveryDue = await deliver(step, receipt, state);
    const planned = "nextAttemptAt" in step.set ? (step.set.nextAttemptAt as Date | null) : submission.nextAttemptAt;
    // A final submission is done once the customer has everything; until then the e-mail keeps it due.
    step.change("nextAttemptAt", isFinalEstado(state) ? deliveryDue : earliest(planned, deliveryDue));
  }
  if (!(await step.finish())) context.log(`lost the lease of ${submission.clave} (${submission.document})`);
}

/** Claims and works one due submission; false when none was due. */
export async function processNextSubmission(options: HaciendaWorkerOptions = {}): Promise<boolean> {
  const context = contextOf(options);
  return processWith(context);
}

async function processWith(context: Context): Promise<boolean> {
  const submission = await claimDueSubmission(context.owner, new Date(), context.leaseMs);
  if (!submission) return false;
  try {
    await work(submission, context);
  } catch (error) {
    // An unexpected failure (a bug, the database gone): logged, retried later like a passing failure.
    context.log(`submission ${submission.clave} failed: ${error instanceof Error ? error.stack : String(error)}`);
    const attempts = submission.attempts + 1;
    await updateLeasedSubmission(submission._id as Types.ObjectId, context.owner, {
      set: {
        attempts,
        reason: "Error interno al procesar el envío; se reintentará automáticamente.",
        nextAttemptAt: later(backoffDelay(attempts, context.retry, context.random())),
        lease: null,
      },
    }).catch(() => undefined);
  }
  return true;
}

export interface HaciendaWorker extends PollingLoop {
  readonly owner: string;
}

/** Starts working the queue in this process until stopped. */
export function startHaciendaWorker(options: HaciendaWorkerOptions = {}): HaciendaWorker {
  const context = contextOf(options);
  const loop = startPollingLoop({
    step: () => processWith(context),
    idleMs: options.idleMs ?? 2_000,
    failure: "queue unavailable",
    log: context.log,
  });
  return { owner: context.owner, ...loop };
}
