/**
 * The mail reader against a real IMAP server (dovecot started by the test): messages composed with
 * nodemailer's MIME builder and put in place with IMAP APPEND, read through the same import path as
 * the uploads (docs/spec/mail-reception.md).
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { zipSync, strToU8 } from "fflate";
import { Types } from "mongoose";
import MailComposer from "nodemailer/lib/mail-composer";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureOrganization } from "../../models/organization";
import { claimMailbox, findMailbox, Mailbox } from "../../models/mailbox";
import { MailLog, MailProcessed, type MailLogRecord } from "../../models/mail-message";
import { Receipt, type ReceiptSummary } from "../../models/receipt";
import { requireReceiptPdf } from "../../app/services/mail/receipt-pdf.server";
import { valueOrRefusal } from "../../app/utils/http.server";
import { MAIL_REASONS } from "../../app/domain/mail/attachments";
import { saveMailbox } from "../../app/services/mail/mailbox-settings.server";
import { readMailboxNow } from "../../app/services/mail/mail-worker.server";
import { REFUSAL } from "../../app/services/receipts/receipt-import.server";
import {
  BUSINESS_PARTIES,
  FERRETERIA_EL_CLAVO,
  generateComprobante,
  generateMensajeHacienda,
  type GeneratedDocument,
} from "../../scripts/hacienda-samples/src/generate";
import { startAppEnvironment, type AppEnvironment } from "../support/app-environment";
import { startDovecot, type Dovecot, type MailUser } from "../support/dovecot";
import { createTestUser } from "../support/users";
import { FERRETERIA, importDocuments } from "./receipts-fixtures";
import { monthRow } from "../../app/services/receipts/receipts.server";

const DISTRIBUIDORA = { id: "CR:3101456789", cedula: "3101456789", name: "Distribuidora La Sabana S.A." };
const PDF = Buffer.from("%PDF-1.4\n% factura de prueba\n%%EOF\n");

let environment: AppEnvironment;
let dovecot: Dovecot;
let adminId: string;
let seed = 0;

function received(receptor = FERRETERIA_EL_CLAVO, emisor = BUSINESS_PARTIES[0]): GeneratedDocument {
  seed++;
  return generateComprobante({
    kind: "FE",
    version: "4.4",
    seed: `mail-${seed}`,
    emisor,
    receptor,
    date: "2025-10-16",
  });
}

interface Attachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

async function compose(options: {
  subject?: string;
  attachments?: Attachment[];
  html?: string;
  text?: string;
  messageId?: string;
}): Promise<Buffer> {
  seed++;
  return new MailComposer({
    from: "Proveedor <facturacion@proveedor.cr>",
    to: "facturas@cliente.cr",
    subject: options.subject ?? `Factura electrónica ${seed}`,
    messageId: options.messageId ?? `<mensaje-${seed}-${Date.now()}@proveedor.cr>`,
    ...(options.html ? { html: options.html } : { text: options.text ?? "Adjuntamos su factura." }),
    attachments: options.attachments ?? [],
  })
    .compile()
    .build();
}

function xmlOf(document: GeneratedDocument): Attachment {
  return { filename: document.fileName, content: document.xml, contentType: "text/xml" };
}

let mailboxUser = 0;
/** A mailbox of its own (a fresh dovecot user) for each test, configured for Ferretería. */
async function mailboxFor(
  user: MailUser,
  overrides: Partial<Parameters<typeof saveMailbox>[1]> = {},
  owner = { organizationId: FERRETERIA.id, userId: adminId },
): Promise<Types.ObjectId> {
  const saved = await saveMailbox(owner, {
    scope: "organization",
    label: `Buzón ${++mailboxUser}`,
    host: dovecot.host,
    port: dovecot.port,
    user: user.user,
    password: user.password,
    folder: "INBOX",
    afterProcessing: "mark-read",
    intervalMinutes: 10,
    ...overrides,
  });
  if (!saved.ok) throw new Error(saved.refusals[0].message);
  return new Types.ObjectId(saved.id);
}

async function read(id: Types.ObjectId) {
  return readMailboxNow(id, { timeoutMs: 5_000, random: () => 0, log: () => undefined });
}

async function logOf(id: Types.ObjectId): Promise<MailLogRecord[]> {
  return MailLog.find({ mailboxId: id }).sort({ readAt: 1, _id: 1 }).lean<MailLogRecord[]>();
}

const users = new Map<string, MailUser>();
function userNamed(name: string): MailUser {
  return users.get(name)!;
}

const NAMES = ["basico", "doble", "crash", "raros", "zip", "grande", "firma", "lease", "mover", "kill", "otro"];

beforeAll(async () => {
  environment = await startAppEnvironment();
  dovecot = await startDovecot(NAMES);
  dovecot.users.forEach((user) => users.set(user.user, user));
  await ensureOrganization({ _id: FERRETERIA.id, name: FERRETERIA.name, identificationType: "02" });
  await ensureOrganization({ _id: DISTRIBUIDORA.id, name: DISTRIBUIDORA.name, identificationType: "02" });
  adminId = (
    await createTestUser({ persona: "admin", orgs: { [FERRETERIA.id]: "admin", [DISTRIBUIDORA.id]: "admin" } })
  ).id;
}, 60_000);

// Each test configures its own mailboxes; the per-organization maximum counts the configured ones.
afterEach(async () => {
  await Mailbox.deleteMany({});
});

afterAll(async () => {
  await dovecot?.stop();
  await environment?.close();
});

describe("reading a client's mailbox", () => {
  it("imports the XML, sets the Hacienda state from the MensajeHacienda, keeps the PDF and marks the message read", async () => {
    const user = userNamed("basico");
    const document = received();
    const answer = generateMensajeHacienda({ document, estado: "aceptado" });
    await dovecot.append(
      user,
      "INBOX",
      await compose({
        attachments: [
          xmlOf(document),
          { filename: `${document.clave}.pdf`, content: PDF, contentType: "application/pdf" },
          { filename: `MH-${document.clave}.xml`, content: answer.xml, contentType: "text/xml" },
        ],
      }),
    );
    const id = await mailboxFor(user);
    const outcome = await read(id);
    expect(outcome).toMatchObject({ kind: "read", counts: { messages: 1, imported: 3, duplicates: 0, refused: 0 } });

    const receipt = await Receipt.findOne({ organizationId: FERRETERIA.id, clave: document.clave })
      .setOptions({ useBigInt64: true })
      .lean();
    expect(receipt?.hacienda?.estado).toBe("aceptado");
    // The month view says how it arrived; an upload of the same kind says «Subido».
    expect(receipt?.arrivedBy).toBe("email");
    expect(monthRow(receipt as unknown as ReceiptSummary).arrivalLabel).toBe("Por correo");
    const uploaded = received();
    await importDocuments([uploaded]);
    const stored = await Receipt.findOne({ organizationId: FERRETERIA.id, clave: uploaded.clave })
      .setOptions({ useBigInt64: true })
      .lean();
    expect(monthRow(stored as unknown as ReceiptSummary).arrivalLabel).toBe("Subido");
    const kept = valueOrRefusal(await requireReceiptPdf(FERRETERIA.id, document.clave));
    expect(Buffer.from(kept.bytes).equals(PDF)).toBe(true);
    expect(kept.fileName).toBe(`${document.clave}.pdf`);
    const [entry] = await logOf(id);
    expect(entry.organizationId).toBe(FERRETERIA.id);
    expect(entry.from).toContain("facturacion@proveedor.cr");
    expect(entry.attachments.map((attachment) => attachment.outcome)).toEqual(["importado", "importado", "importado"]);
    expect((await dovecot.list(user, "INBOX"))[0].flags).toContain("\\Seen");

    const mailbox = await findMailbox(String(id));
    expect(mailbox?.status.lastError).toBeNull();
    expect(mailbox?.lease).toBeNull();
    expect(mailbox?.nextReadAt.getTime()).toBeGreaterThan(mailbox!.status.lastReadAt!.getTime());

    // Read again: nothing new (the message is read), nothing logged twice.
    expect(await read(id)).toMatchObject({ kind: "read", counts: { messages: 0 } });
    expect(await logOf(id)).toHaveLength(1);
  });

  it("the same message in two folders (and in a second mailbox) is imported once and reported as a duplicate", async () => {
    const user = userNamed("doble");
    const document = received();
    const raw = await compose({ attachments: [xmlOf(document)] });
    await dovecot.append(user, "INBOX", raw);
    await dovecot.append(user, "Proveedores", raw);
    const inbox = await mailboxFor(user);
    const other = await mailboxFor(user, { folder: "Proveedores" });
    await read(inbox);
    await read(other);
    expect(await Receipt.countDocuments({ organizationId: FERRETERIA.id, clave: document.clave })).toBe(1);
    expect((await logOf(inbox))[0].attachments[0].outcome).toBe("importado");
    const [second] = await logOf(other);
    expect(second.attachments[0]).toMatchObject({ outcome: "duplicado" });
  });

  it("a crash after the documents were committed but before the message was marked: read again, nothing doubled", async () => {
    const user = userNamed("crash");
    const document = received();
    await dovecot.append(user, "INBOX", await compose({ attachments: [xmlOf(document)] }));
    const id = await mailboxFor(user);
    await read(id);
    // What a crash before the marks leaves: the receipt stored, the message not recorded as processed
    // (reading all messages of the folder, as a mailbox that moves them does, finds it again).
    await MailProcessed.deleteMany({ mailboxId: id });
    await MailLog.deleteMany({ mailboxId: id });
    const before = await Receipt.countDocuments({ organizationId: FERRETERIA.id });
    await Mailbox.updateOne({ _id: id }, { $set: { folder: "INBOX", afterProcessing: "move", moveTo: "Leidos" } });
    await dovecot.append(user, "Leidos", await compose({ text: "carpeta creada" }));
    const outcome = await read(id);
    expect(outcome.kind).toBe("read");
    expect(await Receipt.countDocuments({ organizationId: FERRETERIA.id })).toBe(before);
    const entries = await logOf(id);
    expect(entries.flatMap((entry) => entry.attachments.map((attachment) => attachment.outcome))).toEqual([
      "duplicado",
    ]);
    expect(await dovecot.list(user, "INBOX")).toHaveLength(0);
  });

  it("HTML-only mail, malformed MIME, a .xml that is not XML and an attachment name in an odd encoding", async () => {
    const user = userNamed("raros");
    const document = received();
    await dovecot.append(user, "INBOX", await compose({ html: "<p>Su factura está en el portal.</p>" }));
    await dovecot.append(
      user,
      "INBOX",
      'From: x@y.cr\r\nSubject: roto\r\nMessage-ID: <roto@y.cr>\r\nContent-Type: multipart/mixed; boundary="zz"\r\n\r\n--zz\r\nContent-Type: text/xml; name="a.xml"\r\nContent-Transfer-Encoding: base64\r\n\r\n@@@@ no es base64 \u0000\r\n',
    );
    await dovecot.append(
      user,
      "INBOX",
      await compose({ attachments: [{ filename: "factura.xml", content: "esto no es XML", contentType: "text/xml" }] }),
    );
    await dovecot.append(
      user,
      "INBOX",
      await compose({ attachments: [{ filename: "Factura año ñandú €.xml", content: document.xml }] }),
    );
    const id = await mailboxFor(user);
    expect((await read(id)).kind).toBe("read");
    const entries = await logOf(id);
    expect(entries).toHaveLength(4);
    expect(entries[0].note).toBe(MAIL_REASONS.noAttachments);
    // The broken part is read as far as it goes: a document that is not Hacienda XML, refused with a reason.
    expect(entries[1]).toMatchObject({ subject: "roto", attachments: [{ name: "a.xml", outcome: "invalido" }] });
    expect(entries[1].attachments[0].reason).toMatch(/^El XML está mal formado/);
    expect(entries[2].attachments[0]).toMatchObject({ name: "factura.xml", outcome: "invalido" });
    expect(entries[2].attachments[0].reason.length).toBeGreaterThan(0);
    expect(entries[3].attachments[0]).toMatchObject({ name: "Factura año ñandú €.xml", outcome: "importado" });
    expect((await findMailbox(String(id)))?.status.lastError).toBeNull();
  });

  it("a document of another company is reported as not this client's, and nothing is stored", async () => {
    const user = userNamed("otro");
    const foreign = received(BUSINESS_PARTIES[2], BUSINESS_PARTIES[1]);
    await dovecot.append(user, "INBOX", await compose({ attachments: [xmlOf(foreign)] }));
    const id = await mailboxFor(user);
    await read(id);
    const [entry] = await logOf(id);
    expect(entry.attachments[0]).toMatchObject({ name: foreign.fileName, outcome: "no-es-del-cliente" });
    expect(entry.attachments[0].reason).toContain(REFUSAL.notThisClient);
    expect(await Receipt.countDocuments({ clave: foreign.clave })).toBe(0);
  });

  it("a nested ZIP and a ZIP bomb are refused with the upload path's reasons; a ZIP's documents are imported", async () => {
    const user = userNamed("zip");
    const document = received();
    const inner = zipSync({ "dentro.xml": strToU8(received().xml) });
    const bomb = zipSync({ "bomba.xml": new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    await dovecot.append(
      user,
      "INBOX",
      await compose({
        attachments: [
          {
            filename: "facturas.zip",
            content: Buffer.from(zipSync({ [document.fileName]: strToU8(document.xml), "otro.zip": inner })),
          },
          { filename: "bomba.zip", content: Buffer.from(bomb) },
        ],
      }),
    );
    const id = await mailboxFor(user);
    await read(id);
    const [entry] = await logOf(id);
    const byName = new Map(entry.attachments.map((attachment) => [attachment.name, attachment]));
    expect(byName.get(`facturas.zip › ${document.fileName}`)?.outcome).toBe("importado");
    expect(byName.get("facturas.zip › otro.zip")).toMatchObject({ outcome: "invalido", reason: REFUSAL.nestedZip });
    expect(byName.get("bomba.zip › bomba.xml")).toMatchObject({ outcome: "invalido", reason: REFUSAL.tooLarge });
  });

  it("a 50 MB message is not downloaded; it is logged with the reason and marked read", async () => {
    const user = userNamed("grande");
    await dovecot.append(
      user,
      "INBOX",
      await compose({ attachments: [{ filename: "enorme.pdf", content: Buffer.alloc(50 * 1024 * 1024, 0x25) }] }),
    );
    const id = await mailboxFor(user);
    expect(await read(id)).toMatchObject({ kind: "read", counts: { messages: 1 } });
    const [entry] = await logOf(id);
    expect(entry.note).toBe(MAIL_REASONS.tooLarge);
    expect((await dovecot.list(user, "INBOX"))[0].flags).toContain("\\Seen");
  }, 60_000);

  it("moves processed messages to the chosen folder", async () => {
    const user = userNamed("mover");
    await dovecot.append(user, "Leidos", await compose({ text: "crea la carpeta" }));
    await dovecot.append(user, "INBOX", await compose({ attachments: [xmlOf(received())] }));
    const id = await mailboxFor(user, { afterProcessing: "move", moveTo: "Leidos" });
    await read(id);
    expect(await dovecot.list(user, "INBOX")).toHaveLength(0);
    expect(await dovecot.list(user, "Leidos")).toHaveLength(2);
  });
});

describe("faults", () => {
  it("a wrong password: a clear status, no crash, and a growing wait before the next try", async () => {
    const user = userNamed("basico");
    const id = await mailboxFor({ user: user.user, password: "equivocada" });
    const first = await read(id);
    expect(first).toMatchObject({ kind: "failed" });
    const afterOne = (await findMailbox(String(id)))!;
    expect(afterOne.status.lastError).toMatch(/rechazó el usuario o la contraseña/);
    expect(afterOne.status.failures).toBe(1);
    const firstWait = afterOne.nextReadAt.getTime() - afterOne.status.lastReadAt!.getTime();
    await read(id);
    const afterTwo = (await findMailbox(String(id)))!;
    expect(afterTwo.status.failures).toBe(2);
    expect(afterTwo.nextReadAt.getTime() - afterTwo.status.lastReadAt!.getTime()).toBeGreaterThan(firstWait);
    expect(afterTwo.lease).toBeNull();
  });

  it("an unreachable server: a clear status, no crash", async () => {
    const id = await mailboxFor(userNamed("basico"));
    await Mailbox.updateOne({ _id: id }, { $set: { port: 1 } });
    const outcome = await read(id);
    expect(outcome).toMatchObject({ kind: "failed" });
    expect((await findMailbox(String(id)))!.status.lastError).toMatch(/No se pudo conectar con 127\.0\.0\.1:1/);
  });

  it("a mailbox being read by another process is not read again (the lease)", async () => {
    const user = userNamed("lease");
    await dovecot.append(user, "INBOX", await compose({ attachments: [xmlOf(received())] }));
    const id = await mailboxFor(user);
    expect(await claimMailbox("otro-proceso", new Date(), 60_000, id)).not.toBeNull();
    expect(await read(id)).toEqual({ kind: "busy" });
    expect(await logOf(id)).toHaveLength(0);
    // The other process died: once its lease runs out, the mailbox is read.
    await Mailbox.updateOne({ _id: id }, { $set: { "lease.until": new Date(Date.now() - 1) } });
    expect(await read(id)).toMatchObject({ kind: "read", counts: { messages: 1 } });
  });
});

describe("a reader killed with SIGKILL in the middle of a read", () => {
  it("loses nothing and doubles nothing: the next read finishes the mailbox", async () => {
    const user = userNamed("kill");
    const documents = Array.from({ length: 20 }, () => received());
    for (const document of documents)
      await dovecot.append(user, "INBOX", await compose({ attachments: [xmlOf(document)] }));
    const id = await mailboxFor(user);
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        fileURLToPath(new URL("../support/mail-read-child.ts", import.meta.url)),
        environment.databaseUri,
        String(id),
      ],
      { cwd: fileURLToPath(new URL("../..", import.meta.url)), env: process.env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout!.on("data", (chunk) => (output += String(chunk)));
    child.stderr!.on("data", (chunk) => (output += String(chunk)));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on("exit", (_code, signal) => resolve(signal)),
    );
    // Killed once a few messages are done and the rest are not.
    const deadline = Date.now() + 60_000;
    while ((await MailProcessed.countDocuments({ mailboxId: id })) < 3) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the reader did not get going: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The page's progress of the read under way: written with each renewal of the lease.
    const during = (await findMailbox(String(id)))!;
    expect(during.status.progress?.total).toBe(documents.length);
    expect(during.status.progress!.done).toBeGreaterThanOrEqual(2);
    expect(during.lease?.owner).toBeTruthy();
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    const doneBefore = await MailProcessed.countDocuments({ mailboxId: id });
    expect(doneBefore).toBeLessThan(documents.length);

    // The dead reader's lease holds the mailbox until it runs out; then another process reads it.
    expect(await read(id)).toEqual({ kind: "busy" });
    await Mailbox.updateOne({ _id: id }, { $set: { "lease.until": new Date(Date.now() - 1) } });
    expect((await read(id)).kind).toBe("read");

    const claves = documents.map((document) => document.clave);
    expect(await Receipt.countDocuments({ organizationId: FERRETERIA.id, clave: { $in: claves } })).toBe(
      documents.length,
    );
    expect(await MailProcessed.countDocuments({ mailboxId: id })).toBe(documents.length);
    const entries = await logOf(id);
    expect(new Set(entries.map((entry) => entry.messageKey)).size).toBe(documents.length);
    expect(entries).toHaveLength(documents.length);
    expect((await dovecot.list(user, "INBOX")).every((message) => message.flags.includes("\\Seen"))).toBe(true);
  }, 120_000);
});

describe("the firm's shared mailbox", () => {
  it("routes each document by its receptor to the admin's organizations; the rest is «sin cliente»", async () => {
    const user = userNamed("firma");
    const forFerreteria = received(FERRETERIA_EL_CLAVO, BUSINESS_PARTIES[0]);
    const forDistribuidora = received(BUSINESS_PARTIES[0], BUSINESS_PARTIES[1]);
    const forNobody = received(BUSINESS_PARTIES[2], BUSINESS_PARTIES[1]);
    await dovecot.append(
      user,
      "INBOX",
      await compose({ attachments: [xmlOf(forFerreteria), xmlOf(forDistribuidora), xmlOf(forNobody)] }),
    );
    const id = await mailboxFor(user, { scope: "firm" });
    await read(id);
    expect(await Receipt.countDocuments({ organizationId: FERRETERIA.id, clave: forFerreteria.clave })).toBe(1);
    expect(await Receipt.countDocuments({ organizationId: DISTRIBUIDORA.id, clave: forDistribuidora.clave })).toBe(1);
    expect(await Receipt.countDocuments({ clave: forNobody.clave })).toBe(0);
    const entries = await logOf(id);
    const of = (organizationId: string | null) =>
      entries.find((entry) => (entry.organizationId ?? null) === organizationId);
    expect(of(FERRETERIA.id)?.attachments[0]).toMatchObject({ name: forFerreteria.fileName, outcome: "importado" });
    expect(of(DISTRIBUIDORA.id)?.attachments[0]).toMatchObject({
      name: forDistribuidora.fileName,
      outcome: "importado",
    });
    expect(of(null)?.attachments[0]).toMatchObject({ name: forNobody.fileName, outcome: "no-es-del-cliente" });
    expect(of(null)?.attachments[0].reason).toMatch(/^Sin cliente/);
  });
});
