import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureOrganization } from "../../models/organization";
import { findReceipt, Receipt } from "../../models/receipt";
import { HaciendaSubmission, type HaciendaSubmissionRecord } from "../../models/hacienda-submission";
import { decodeXmlBytes, parseComprobante } from "../../app/domain/hacienda";
import { readP12, signXadesEpes, type SigningCredentials } from "../../app/services/invoicing/sign.server";
import { enqueueSubmission, retrySubmission, submissionStatuses } from "../../app/services/hacienda/queue.server";
import {
  defaultQueueServices,
  MISSING_KEY_MESSAGE,
  type QueueServices,
} from "../../app/services/hacienda/queue-services.server";
import { forgetAllTokens } from "../../app/services/hacienda/token.server";
import {
  processNextSubmission,
  startHaciendaWorker,
  type HaciendaWorkerOptions,
} from "../../app/services/hacienda/worker.server";
import { answerReceipt } from "../../app/services/receipts/receipt-answer.server";
import { DEMO_ORGANIZATIONS } from "../../scripts/demo-data";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateComprobante,
  type GeneratedDocument,
} from "../../scripts/hacienda-samples/src/generate";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { startHaciendaStandIn, type HaciendaStandIn } from "../support/hacienda-stand-in";
import { createTestUser } from "../support/users";
import { getRequest, postRequest, respond, sessionCookieFor } from "../support/requests";
import { action as retryAction } from "../../app/routes/_app.detail.$invoiceID.reintentar";
import { loader as detailLoader } from "../../app/routes/_app.detail.$invoiceID";
import { loader as monthLoader } from "../../app/routes/_app._index";
import { FERRETERIA, importDocuments } from "./receipts-fixtures";

let environment: AppEnvironment;
let standIn: HaciendaStandIn;
let credentials: SigningCredentials;
let adminId: string;
let adminCookie: string;
let clientCookie: string;

const PDF = Buffer.from("%PDF-1.4\n% representación gráfica de prueba\n%%EOF\n");
const customer = BUSINESS_PARTIES[1];

let seedCounter = 0;
function issued(extra: Partial<Parameters<typeof generateComprobante>[0]> = {}): GeneratedDocument {
  seedCounter++;
  return generateComprobante({
    kind: "FE",
    version: "4.4",
    seed: `queue-${seedCounter}`,
    receptor: customer,
    date: "2025-10-16",
    ...extra,
  });
}

function services(overrides: Partial<QueueServices> = {}): Partial<QueueServices> {
  return {
    loadHaciendaAccount: async () => ({
      environment: "pruebas",
      username: standIn.username,
      password: standIn.password,
    }),
    loadSigningCredentials: async () => credentials,
    signXadesEpes: (xml, key) => signXadesEpes(xml, key),
    renderInvoicePdf: async () => PDF,
    ...overrides,
  };
}

function fast(overrides: Partial<HaciendaWorkerOptions> = {}): HaciendaWorkerOptions {
  return {
    services: services(),
    retry: { baseMs: 20, maxMs: 100 },
    poll: { baseMs: 10, maxMs: 40 },
    random: () => 0,
    idleMs: 20,
    log: () => undefined,
    ...overrides,
  };
}

/** Stores issued comprobantes as the importer would, queued for sending; their ids. */
async function queued(documents: GeneratedDocument[]): Promise<string[]> {
  await importDocuments(documents);
  const ids: string[] = [];
  for (const document of documents) {
    const id = String((await Receipt.findOne({ clave: document.clave }, { _id: 1 }).lean())!._id);
    await enqueueSubmission({ organizationId: FERRETERIA.id, receiptId: id, document: "comprobante" });
    ids.push(id);
  }
  return ids;
}

async function submissionOf(
  receiptId: string,
  document: "comprobante" | "mensaje-receptor" = "comprobante",
): Promise<HaciendaSubmissionRecord> {
  return (await HaciendaSubmission.findOne({ receiptId, document }).lean<HaciendaSubmissionRecord>())!;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Works the queue in this test until the predicate holds (or fails after a while). */
async function drain(
  done: () => Promise<boolean>,
  options: HaciendaWorkerOptions = fast(),
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error("the queue did not get there in time");
    if (!(await processNextSubmission(options))) await pause(15);
  }
}

async function settled(
  receiptIds: string[],
  document: "comprobante" | "mensaje-receptor" = "comprobante",
): Promise<boolean> {
  for (const id of receiptIds) {
    const submission = await submissionOf(id, document);
    if (!submission || submission.nextAttemptAt !== null) return false;
  }
  return true;
}

function attachmentNames(raw: string): string[] {
  return [...raw.matchAll(/filename="?([^";\r\n]+)"?/g)].map((match) => match[1]);
}

beforeAll(async () => {
  standIn = await startHaciendaStandIn();
  environment = await startAppEnvironment({
    HACIENDA_PRUEBAS_TOKEN_URL: standIn.tokenUrl,
    HACIENDA_PRUEBAS_API_URL: standIn.apiUrl,
    HACIENDA_TIMEOUT_MS: "1000",
  });
  for (const organization of DEMO_ORGANIZATIONS) await ensureOrganization(organization);
  adminId = (await createTestUser({ persona: "admin", orgs: { [FERRETERIA.id]: "admin" } })).id;
  adminCookie = await sessionCookieFor(adminId);
  clientCookie = await sessionCookieFor(
    (await createTestUser({ persona: "client", orgs: { [FERRETERIA.id]: "client" } })).id,
  );
  // A throwaway key, as the taxpayer's .p12 would be.
  const dir = mkdtempSync(path.join(tmpdir(), "queue-key-"));
  try {
    const run = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
    run(
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "key.pem",
      "-out",
      "cert.pem",
      "-days",
      "30",
      "-subj",
      "/CN=FERRETERIA EL CLAVO/serialNumber=CPJ-3-101-123456",
    );
    run("pkcs12", "-export", "-inkey", "key.pem", "-in", "cert.pem", "-out", "key.p12", "-passout", "pass:1234");
    credentials = readP12(readFileSync(path.join(dir, "key.p12")), "1234");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

afterAll(async () => {
  await environment?.close();
  await standIn?.close();
});

beforeEach(() => {
  forgetAllTokens();
  standIn.tokenLifetimeSeconds = 300;
});

describe("sending issued comprobantes to Hacienda", () => {
  it("sends each document exactly once and follows it to its final state", async () => {
    const documents = [issued(), issued(), issued()];
    const ids = await queued(documents);
    // Queueing again changes nothing: one submission per document.
    await enqueueSubmission({ organizationId: FERRETERIA.id, receiptId: ids[0], document: "comprobante" });
    expect(await HaciendaSubmission.countDocuments({ receiptId: { $in: ids } })).toBe(3);
    expect([...(await submissionStatuses(FERRETERIA.id, ids)).values()].map((s) => s.status)).toEqual([
      "firmado",
      "firmado",
      "firmado",
    ]);

    await drain(() => settled(ids));

    for (const [index, document] of documents.entries()) {
      expect(standIn.postCount(document.clave)).toBe(1);
      const submission = await submissionOf(ids[index]);
      expect(submission.state).toBe("aceptado");
      expect(submission.postedAt).toBeInstanceOf(Date);
      const sent = standIn.received.get(document.clave)!;
      // The documented body: clave, fecha, emisor, receptor, the signed XML in base64.
      expect(sent.body).toMatchObject({
        clave: document.clave,
        emisor: { tipoIdentificacion: "02", numeroIdentificacion: FERRETERIA.cedula },
        receptor: { numeroIdentificacion: customer.identificacion.numero },
      });
      expect(sent.body.fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
      expect(sent.xml).toBe(decodeXmlBytes((await findReceipt(FERRETERIA.id, ids[index]))!.xml));
      // Hacienda's answer is stored on the receipt like an imported one.
      const receipt = await findReceipt(FERRETERIA.id, ids[index]);
      expect(receipt!.hacienda?.estado).toBe("aceptado");
      expect(parseComprobante(decodeXmlBytes(receipt!.hacienda!.xml)).ok).toBe(true);
    }
    const statuses = await submissionStatuses(FERRETERIA.id, ids);
    expect([...statuses.values()].map((s) => s.status)).toEqual(["aceptado", "aceptado", "aceptado"]);
    const history = (await submissionOf(ids[0])).history.map((event) => event.message);
    expect(history).toEqual(
      expect.arrayContaining(["Recibido por Hacienda.", "Hacienda: recibido.", "Hacienda: procesando."]),
    );
  });

  it("retries a 500 on the POST and on the poll, and never posts again once received", async () => {
    const [document] = [issued()];
    const [id] = await queued([document]);
    standIn.failNext("POST", 1, 500);
    await processNextSubmission(fast());
    const afterFailure = await submissionOf(id);
    expect(afterFailure.state).toBe("firmado");
    expect(afterFailure.attempts).toBe(1);
    expect(afterFailure.reason).toMatch(/HTTP 500/);
    expect(afterFailure.history.at(-1)).toMatchObject({ step: "envio", httpStatus: 500 });
    expect(standIn.received.has(document.clave)).toBe(false);

    await drain(async () => (await submissionOf(id)).state === "enviado");
    standIn.failNext("GET", 2, 503);
    await drain(() => settled([id]));
    const submission = await submissionOf(id);
    expect(submission.state).toBe("aceptado");
    // One refused POST (500) and one received; none after the 202.
    expect(standIn.postCount(document.clave)).toBe(2);
    expect(submission.history.filter((event) => event.httpStatus === 503)).toHaveLength(2);
  });

  it("a POST that times out is not sent again when Hacienda has it", async () => {
    const document = issued();
    const [id] = await queued([document]);
    standIn.delayNext("POST", 2_500);
    await processNextSubmission(fast());
    const afterTimeout = await submissionOf(id);
    expect(afterTimeout.state).toBe("firmado");
    expect(afterTimeout.postUncertain).toBe(true);
    expect(afterTimeout.reason).toMatch(/no respondió/);

    await drain(() => settled([id]));
    expect(standIn.postCount(document.clave)).toBe(1);
    const submission = await submissionOf(id);
    expect(submission.state).toBe("aceptado");
    expect(submission.history.map((event) => event.message)).toContainEqual(
      expect.stringMatching(/ya tenía el documento/),
    );
  });

  it("renews an expired token with the refresh token", async () => {
    // Tokens are renewed 30 s before they expire: a 31 s token is stale after one second.
    standIn.tokenLifetimeSeconds = 31;
    const passwordGrants = standIn.grants.password;
    const refreshGrants = standIn.grants.refresh_token;
    const [id] = await queued([issued()]);
    await processNextSubmission(fast());
    expect((await submissionOf(id)).state).toBe("enviado");
    await pause(1_100);
    await drain(() => settled([id]));
    expect(standIn.grants.password).toBe(passwordGrants + 1);
    expect(standIn.grants.refresh_token).toBeGreaterThan(refreshGrants);
    expect((await submissionOf(id)).state).toBe("aceptado");
  });

  it("stores a rejection with Hacienda's DetalleMensaje", async () => {
    const document = issued();
    const [id] = await queued([document]);
    standIn.reject(document.clave, "El monto total del comprobante no coincide con la suma de sus líneas.");
    await drain(() => settled([id]));
    const submission = await submissionOf(id);
    expect(submission.state).toBe("rechazado");
    expect(submission.answer?.detalle).toMatch(/no coincide con la suma de sus líneas/);
    const receipt = await findReceipt(FERRETERIA.id, id);
    expect(receipt!.hacienda?.estado).toBe("rechazado");
    expect(receipt!.hacienda?.detalle).toMatch(/no coincide con la suma de sus líneas/);
    expect((await submissionStatuses(FERRETERIA.id, [id])).get(id)?.status).toBe("rechazado");
    // A document Hacienda rejected is final: there is nothing to retry.
    expect(await retrySubmission(FERRETERIA.id, id, "comprobante")).toBe(false);
  });

  it("a restart between the POST and the poll does not post again", async () => {
    const document = issued();
    const [id] = await queued([document]);
    // The first process sends it and stops before asking for the answer.
    expect(await processNextSubmission(fast({ owner: "process-1" }))).toBe(true);
    expect((await submissionOf(id)).state).toBe("enviado");
    expect(standIn.postCount(document.clave)).toBe(1);
    // A new process takes over.
    const worker = startHaciendaWorker(fast({ owner: "process-2" }));
    try {
      const deadline = Date.now() + 15_000;
      while (!(await settled([id])) && Date.now() < deadline) await pause(20);
    } finally {
      await worker.stop();
    }
    expect((await submissionOf(id)).state).toBe("aceptado");
    expect(standIn.postCount(document.clave)).toBe(1);
  });

  it("a submission held by a crashed worker is taken over once its lease ends, without a second POST", async () => {
    const document = issued();
    const [id] = await queued([document]);
    // The first worker's POST reaches Hacienda but the worker dies before hearing the answer: its lease
    // and its "POST under way" mark stay behind.
    standIn.delayNext("POST", 2_500);
    await processNextSubmission(fast({ owner: "crashed", leaseMs: 300 }));
    await HaciendaSubmission.updateOne(
      { receiptId: id },
      { $set: { lease: { owner: "crashed", until: new Date(Date.now() + 300) }, nextAttemptAt: new Date() } },
    );
    // While the lease lasts nobody else touches it.
    expect(await processNextSubmission(fast({ owner: "other" }))).toBe(false);
    await pause(350);
    await drain(() => settled([id]), fast({ owner: "other" }));
    expect(standIn.postCount(document.clave)).toBe(1);
    expect((await submissionOf(id)).state).toBe("aceptado");
  });

  it("two workers at once post each document once", async () => {
    const documents = [issued(), issued(), issued(), issued()];
    const ids = await queued(documents);
    const workers = [startHaciendaWorker(fast({ owner: "a" })), startHaciendaWorker(fast({ owner: "b" }))];
    try {
      const deadline = Date.now() + 20_000;
      while (!(await settled(ids)) && Date.now() < deadline) await pause(20);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    for (const document of documents) expect(standIn.postCount(document.clave)).toBe(1);
    for (const id of ids) expect((await submissionOf(id)).state).toBe("aceptado");
  });

  it("e-mails the customer the signed XML and the PDF, then Hacienda's answer with all three", async () => {
    const document = issued();
    const [id] = await queued([document]);
    const to = (await findReceipt(FERRETERIA.id, id))!.receptor!.correo!;
    // The invoice's real graphic representation.
    const realPdf = fast({ services: services({ renderInvoicePdf: defaultQueueServices.renderInvoicePdf }) });
    await drain(() => settled([id]), realPdf);
    const mails = environment.mail.messages.filter((mail) => mail.to.includes(to) && mail.raw.includes(document.clave));
    expect(mails).toHaveLength(2);
    const [first, second] = mails;
    expect(attachmentNames(first.raw).sort()).toEqual([`FE-${document.clave}.pdf`, `FE-${document.clave}.xml`]);
    expect(second.subject).toMatch(/aceptada por Hacienda/);
    expect(attachmentNames(second.raw).sort()).toEqual([
      `FE-${document.clave}.pdf`,
      `FE-${document.clave}.xml`,
      `MH-${document.clave}.xml`,
    ]);
    const pdfPart = /filename="?FE-\d+\.pdf"?[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(second.raw);
    expect(Buffer.from(pdfPart![1].replace(/\s/g, ""), "base64").subarray(0, 5).toString()).toBe("%PDF-");
    const delivery = (await submissionOf(id)).delivery;
    expect(delivery.documentSentAt).toBeInstanceOf(Date);
    expect(delivery.answerSentAt).toBeInstanceOf(Date);
  });

  it("keeps the e-mail waiting while the PDF cannot be rendered, and sends it once it can", async () => {
    const document = issued();
    const [id] = await queued([document]);
    const noPdf = fast({ services: services({ renderInvoicePdf: async () => null }) });
    await drain(async () => (await submissionOf(id)).state === "aceptado", noPdf);
    const waiting = await submissionOf(id);
    expect(waiting.delivery.error).toMatch(/PDF/);
    expect(waiting.nextAttemptAt).not.toBeNull();
    expect(environment.mail.messages.some((mail) => mail.raw.includes(document.clave))).toBe(false);
    await drain(() => settled([id]));
    expect((await submissionOf(id)).delivery.answerSentAt).toBeInstanceOf(Date);
    expect(environment.mail.messages.filter((mail) => mail.raw.includes(document.clave))).toHaveLength(1);
  });

  it("a document Hacienda refuses at reception is in error with X-Error-Cause, and Reintentar queues it again", async () => {
    const document = issued();
    const [id] = await queued([document]);
    standIn.failNext("POST", 1, 400);
    await processNextSubmission(fast());
    const refused = await submissionOf(id);
    expect(refused.state).toBe("error");
    expect(refused.reason).toMatch(/Error interno del servidor/);
    expect(refused.nextAttemptAt).toBeNull();
    expect(refused.history.at(-1)).toMatchObject({ httpStatus: 400, errorCause: "Error interno del servidor" });
    expect(await processNextSubmission(fast())).toBe(false);
    expect((await submissionStatuses(FERRETERIA.id, [id])).get(id)).toEqual({
      status: "error",
      reason: refused.reason,
    });

    expect(await retrySubmission(FERRETERIA.id, id, "comprobante")).toBe(true);
    await drain(() => settled([id]));
    expect((await submissionOf(id)).state).toBe("aceptado");
  });
});

describe("sending the receptor's answers (MensajeReceptor)", () => {
  it("queues the answer when it is recorded, waits for the key, then signs and sends it", async () => {
    const supplierDocument = generateComprobante({
      kind: "FE",
      version: "4.4",
      seed: "queue-mensaje-receptor",
      emisor: BUSINESS_PARTIES[2],
      receptor: FERRETERIA_EL_CLAVO,
      date: "2025-10-16",
    });
    await importDocuments([supplierDocument]);
    const id = String((await Receipt.findOne({ clave: supplierDocument.clave }, { _id: 1 }).lean())!._id);
    const receipt = (await findReceipt(FERRETERIA.id, id))!;
    const outcome = await answerReceipt(
      { id: FERRETERIA.id, cedula: FERRETERIA.cedula, name: FERRETERIA.name } as never,
      receipt,
      { mensaje: "1", condicionImpuesto: "01" } as never,
      adminId,
    );
    expect(outcome.ok).toBe(true);
    expect((await submissionOf(id, "mensaje-receptor")).state).toBe("firmado");

    // No key yet: error with the reason, until an admin retries after uploading one.
    const noKey = fast({
      services: services({
        loadSigningCredentials: async () => {
          throw new Error(MISSING_KEY_MESSAGE);
        },
      }),
    });
    await processNextSubmission(noKey);
    const waiting = await submissionOf(id, "mensaje-receptor");
    expect(waiting.state).toBe("error");
    expect(waiting.reason).toBe(MISSING_KEY_MESSAGE);
    expect(standIn.postCount(supplierDocument.clave)).toBe(0);

    expect(await retrySubmission(FERRETERIA.id, id, "mensaje-receptor")).toBe(true);
    await drain(() => settled([id], "mensaje-receptor"));
    const submission = await submissionOf(id, "mensaje-receptor");
    expect(submission.state).toBe("aceptado");
    expect(standIn.postCount(supplierDocument.clave)).toBe(1);
    const sent = standIn.received.get(supplierDocument.clave)!;
    const stored = (await findReceipt(FERRETERIA.id, id))!;
    expect(sent.body).toMatchObject({
      clave: supplierDocument.clave,
      consecutivoReceptor: stored.receptorMessage!.consecutivo,
      emisor: { numeroIdentificacion: BUSINESS_PARTIES[2].identificacion.numero },
      receptor: { numeroIdentificacion: FERRETERIA.cedula },
    });
    expect(sent.xml).toContain("<MensajeReceptor");
    expect(sent.xml).toMatch(/<ds:SignedProperties|SignedProperties/);
    // Hacienda's answer to our message does not become the supplier's invoice status, and nobody is e-mailed.
    expect(stored.hacienda).toBeUndefined();
    expect(environment.mail.messages.some((mail) => mail.raw.includes(supplierDocument.clave))).toBe(false);
  });
});

describe("the status on the receipt's page and in the month view", () => {
  const context = { cspNonce: "" };
  const retry = (id: string, cookie: string, document = "comprobante") =>
    respond(() =>
      retryAction({
        request: postRequest(`/detail/${id}/reintentar?org=${FERRETERIA.cedula}`, { document }, cookie),
        params: { invoiceID: id },
        context,
      }),
    );

  it("shows the error with its reason, and only admins retry it (a plain POST)", async () => {
    const document = issued();
    const [id] = await queued([document]);
    standIn.failNext("POST", 1, 400);
    await processNextSubmission(fast());

    const page = (await (
      await respond(() =>
        detailLoader({
          request: getRequest(`/detail/${id}?org=${FERRETERIA.cedula}`, clientCookie),
          params: { invoiceID: id },
          context,
        }),
      )
    ).json()) as { submissions: Array<{ document: string; status: string; reason: string; canRetry: boolean }> };
    expect(page.submissions).toEqual([
      expect.objectContaining({ document: "comprobante", status: "error", canRetry: false }),
    ]);
    expect(page.submissions[0].reason).toMatch(/Error interno del servidor/);

    const month = (await (
      await respond(() =>
        monthLoader({
          request: getRequest(`/?org=${FERRETERIA.cedula}&month=2025-10&tab=emitidos&q=${document.clave}`, adminCookie),
          params: {},
          context,
        }),
      )
    ).json()) as { sending: Record<string, { status: string; reason?: string }> };
    expect(month.sending[id]).toMatchObject({ status: "error" });

    expect((await retry(id, clientCookie)).status).toBe(403);
    expect((await submissionOf(id)).state).toBe("error");
    expect((await retry(id, adminCookie, "otro")).status).toBe(400);
    const retried = await retry(id, adminCookie);
    expect(retried.status).toBe(302);
    expect(retried.headers.get("Location")).toBe(`/detail/${id}?org=${FERRETERIA.cedula}`);
    expect((await submissionOf(id)).state).toBe("firmado");
    // Not in error any more: nothing to retry, said so.
    expect((await retry(id, adminCookie)).status).toBe(302);
    await drain(() => settled([id]));
    expect((await submissionOf(id)).state).toBe("aceptado");
    expect((await submissionOf(id)).history.map((event) => event.step)).toContain("reintento");
  });
});
