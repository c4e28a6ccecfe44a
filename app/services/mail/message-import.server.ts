/**
 * One e-mail message → its documents imported through the receipts import path (the same importer,
 * ZIP reader and limits as an upload), its PDFs kept with their receipts, and one log entry per
 * organization saying what became of each attachment (docs/spec/mail-reception.md).
 */
import { simpleParser, type ParsedMail } from "mailparser";
import { findStoredClaves } from "~models/receipt";
import { keepReceiptPdf } from "~models/receipt-pdf";
import type { AttachmentLog, AttachmentOutcome } from "~models/mail-message";
import {
  attachmentKind,
  claveInXml,
  isPdf,
  MAIL_REASONS,
  MAX_ATTACHMENTS_PER_MESSAGE,
  MAX_PDF_BYTES,
  pdfClave,
} from "~/domain/mail/attachments";
import { parseOffThread } from "~/services/receipts/parse-pool.server";
import {
  ReceiptImporter,
  REFUSAL,
  type ImportOrganization,
  type ImportReport,
} from "~/services/receipts/receipt-import.server";
import {
  importFile,
  InflatedBudget,
  MAX_INFLATED_BYTES_PER_UPLOAD,
  type DocumentSink,
} from "~/services/receipts/receipts-upload.server";

/** Where a mailbox's documents go: its organization, or (a firm mailbox) the owner's organizations by cédula. */
export type Destination =
  { scope: "organization"; organization: ImportOrganization } | { scope: "firm"; organizations: ImportOrganization[] };

export interface MessageHeaders {
  from: string;
  subject: string;
  date: Date | null;
}

export interface MessageLogEntry extends MessageHeaders {
  /** Null: a firm mailbox's documents that fit none of the owner's organizations («sin cliente»). */
  organizationId: string | null;
  note?: string;
  attachments: AttachmentLog[];
}

const UNASSIGNED = "";

function outcomeOf(status: "importado" | "duplicado" | "rechazado", message: string): AttachmentOutcome {
  if (status !== "rechazado") return status;
  return message.includes(REFUSAL.notThisClient) ? "no-es-del-cliente" : "invalido";
}

function logsOf(report: ImportReport): AttachmentLog[] {
  return report.results.map((result) => ({
    name: result.file,
    outcome: outcomeOf(result.status, result.message),
    reason: result.message,
    ...(result.receiptId ? { receiptId: result.receiptId } : {}),
  }));
}

function receptorOrEmisor(document: {
  receptor?: { identificacion?: { numero?: string } };
  emisor: { identificacion?: { numero?: string } };
}) {
  return [document.receptor?.identificacion?.numero, document.emisor.identificacion?.numero].filter(
    (numero): numero is string => !!numero,
  );
}

/**
 * The firm mailbox's sink: reads each document's receptor (or emisor) and hands it to the importer of
 * that organization; documents of anyone else, and what cannot be read, stay «sin cliente».
 */
class RoutingSink implements DocumentSink {
  readonly importers = new Map<string, ReceiptImporter>();
  readonly unassigned: AttachmentLog[] = [];
  /** Clave → organization id, for the PDFs of the same message. */
  readonly claves = new Map<string, string>();
  private readonly byCedula: Map<string, ImportOrganization>;

  constructor(
    organizations: ImportOrganization[],
    private readonly importedBy: string,
  ) {
    this.byCedula = new Map(organizations.map((organization) => [organization.cedula, organization]));
  }

  importerOf(organization: ImportOrganization): ReceiptImporter {
    let importer = this.importers.get(organization.id);
    if (!importer) {
      importer = new ReceiptImporter(organization, {
        importedBy: this.importedBy,
        uploader: "admin",
        arrivedBy: "email",
      });
      this.importers.set(organization.id, importer);
    }
    return importer;
  }

  refuse(file: string, message: string): void {
    this.unassigned.push({ name: file, outcome: "invalido", reason: message });
  }

  async add(file: string, bytes: Uint8Array): Promise<void> {
    const parsed = await parseOffThread(bytes);
    if (!parsed.ok) return this.refuse(file, parsed.errors.slice(0, 3).join(" "));
    const numbers = receptorOrEmisor(parsed.document);
    const organization = numbers.map((numero) => this.byCedula.get(numero)).find((found) => !!found);
    if (!organization) {
      this.unassigned.push({
        name: file,
        outcome: "no-es-del-cliente",
        reason: `Sin cliente: ni el receptor ni el emisor (${numbers.join(", ") || "sin identificación"}) es una organización que usted administra.`,
      });
      return;
    }
    this.claves.set(parsed.document.clave, organization.id);
    await this.importerOf(organization).add(file, bytes);
  }
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

async function readMime(raw: Buffer): Promise<ParsedMail | null> {
  try {
    return await simpleParser(raw, {
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
      keepCidLinks: true,
      checksumAlgo: false,
    });
  } catch {
    return null;
  }
}

interface PdfFile {
  name: string;
  bytes: Buffer;
}

/** Keeps a PDF with the receipt of its clave in the organization; the log line says what happened. */
async function keepPdf(organization: ImportOrganization, pdf: PdfFile, clave: string): Promise<AttachmentLog> {
  const [stored] = await findStoredClaves(organization.id, [clave]);
  if (!stored)
    return {
      name: pdf.name,
      outcome: "invalido",
      reason: `No hay un comprobante con la clave ${clave} en ${organization.name}; el PDF no se guardó.`,
    };
  const kept = await keepReceiptPdf(organization.id, clave, pdf.name, pdf.bytes);
  const consecutivo = clave.slice(21, 41);
  return kept === "kept"
    ? {
        name: pdf.name,
        outcome: "importado",
        reason: `PDF guardado con el comprobante ${consecutivo}.`,
        receiptId: String(stored._id),
      }
    : { name: pdf.name, outcome: "duplicado", reason: `El comprobante ${consecutivo} ya tenía su PDF.` };
}

/**
 * Imports what a message carries. Documents are committed when this resolves; it never throws for
 * bad input (a broken message is one log entry with the reason).
 */
export async function importMessage(
  raw: Buffer,
  headers: MessageHeaders,
  destination: Destination,
  importedBy: string,
): Promise<MessageLogEntry[]> {
  const homeId = destination.scope === "organization" ? destination.organization.id : null;
  const single = (note: string, attachments: AttachmentLog[] = []): MessageLogEntry[] => [
    { ...headers, organizationId: homeId, note, attachments },
  ];
  const mail = await readMime(raw);
  if (!mail) return single(MAIL_REASONS.unreadable);
  const parsedHeaders: MessageHeaders = {
    from: (mail.from?.text ?? headers.from).slice(0, 300),
    subject: (mail.subject ?? headers.subject).slice(0, 300),
    date: mail.date ?? headers.date,
  };

  const budget = new InflatedBudget(MAX_INFLATED_BYTES_PER_UPLOAD);
  const sink: ReceiptImporter | RoutingSink =
    destination.scope === "organization"
      ? new ReceiptImporter(destination.organization, { importedBy, uploader: "admin", arrivedBy: "email" })
      : new RoutingSink(destination.organizations, importedBy);
  const skipped: AttachmentLog[] = [];
  const pdfs: PdfFile[] = [];
  const xmlClaves: string[] = [];
  let documents = 0;
  const files = mail.attachments.filter(
    (attachment) => attachment.filename || attachment.contentDisposition === "attachment",
  );
  files.forEach((attachment, index) => {
    const name = (attachment.filename ?? `adjunto-${index + 1}`).slice(0, 255);
    if (index >= MAX_ATTACHMENTS_PER_MESSAGE) {
      if (index === MAX_ATTACHMENTS_PER_MESSAGE)
        skipped.push({ name, outcome: "invalido", reason: MAIL_REASONS.tooManyAttachments });
      return;
    }
    const kind = attachmentKind(name, attachment.contentType ?? "", attachment.content);
    if (kind === "pdf") {
      documents++;
      if (!isPdf(attachment.content)) skipped.push({ name, outcome: "invalido", reason: MAIL_REASONS.notPdf });
      else if (attachment.content.length > MAX_PDF_BYTES)
        skipped.push({ name, outcome: "invalido", reason: MAIL_REASONS.pdfTooLarge });
      else pdfs.push({ name, bytes: attachment.content });
    } else if (kind === "other") {
      skipped.push({ name, outcome: "invalido", reason: MAIL_REASONS.skipped });
    }
  });
  for (const [index, attachment] of files.slice(0, MAX_ATTACHMENTS_PER_MESSAGE).entries()) {
    const name = (attachment.filename ?? `adjunto-${index + 1}`).slice(0, 255);
    const kind = attachmentKind(name, attachment.contentType ?? "", attachment.content);
    if (kind !== "xml" && kind !== "zip") continue;
    documents++;
    if (kind === "xml") {
      const clave = claveInXml(attachment.content);
      if (clave) xmlClaves.push(clave);
    }
    // A .xml that is not XML, a nested ZIP, a ZIP bomb: refused by the upload path with its reason.
    await importFile(
      { name: kind === "zip" && !/\.zip$/i.test(name) ? `${name}.zip` : name, data: once(attachment.content) },
      {
        importer: sink,
        budget,
      },
    );
  }

  const entries = new Map<string, AttachmentLog[]>();
  const add = (organizationId: string, logs: AttachmentLog[]) =>
    entries.set(organizationId, [...(entries.get(organizationId) ?? []), ...logs]);
  if (sink instanceof ReceiptImporter) {
    add(homeId!, logsOf(await sink.finish()));
  } else {
    for (const [organizationId, importer] of sink.importers) add(organizationId, logsOf(await importer.finish()));
    add(UNASSIGNED, sink.unassigned);
  }

  const routed = sink instanceof RoutingSink ? sink.claves : null;
  for (const pdf of pdfs) {
    const clave = pdfClave(pdf.name, routed ? [...routed.keys()] : xmlClaves);
    const organization =
      destination.scope === "organization"
        ? destination.organization
        : destination.organizations.find((candidate) => clave && candidate.id === routed?.get(clave));
    if (!clave)
      add(homeId ?? UNASSIGNED, [{ name: pdf.name, outcome: "invalido", reason: MAIL_REASONS.pdfWithoutReceipt }]);
    else if (!organization)
      add(UNASSIGNED, [
        {
          name: pdf.name,
          outcome: "no-es-del-cliente",
          reason: "Sin cliente: el PDF no acompaña a un comprobante de una organización que usted administra.",
        },
      ]);
    else add(organization.id, [await keepPdf(organization, pdf, clave)]);
  }
  add(homeId ?? UNASSIGNED, skipped);

  const logged = [...entries].filter(([, logs]) => logs.length > 0);
  if (documents === 0 || logged.length === 0)
    return [{ ...parsedHeaders, organizationId: homeId, note: MAIL_REASONS.noAttachments, attachments: skipped }];
  return logged.map(([organizationId, attachments]) => ({
    ...parsedHeaders,
    organizationId: organizationId === UNASSIGNED ? null : organizationId,
    attachments,
  }));
}
