/**
 * What the mail reader takes from a message, decided from names, types and the first bytes only:
 * Hacienda XML, ZIPs of them, and the supplier's PDF (docs/spec/mail-reception.md).
 */
export type AttachmentKind = "xml" | "zip" | "pdf" | "other";

const MB = 1024 * 1024;
/** A message larger than this is not downloaded; it is logged with the reason (mail servers cap near 25 MB). */
export const MAX_MESSAGE_BYTES = 25 * MB;
/** A PDF larger than this is not kept. */
export const MAX_PDF_BYTES = 10 * MB;
/** Attachments looked at per message; the rest are logged as skipped. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 50;
/** Messages read per visit to a mailbox; the rest wait for the next read. */
export const MAX_MESSAGES_PER_READ = 500;

export const MAIL_REASONS = {
  tooLarge: `El mensaje supera el máximo de ${MAX_MESSAGE_BYTES / MB} MB; no se descargó. Pida al proveedor que envíe los archivos por separado o súbalos a mano.`,
  unreadable: "No se pudo leer el mensaje (formato MIME dañado).",
  noAttachments: "El mensaje no trae archivos adjuntos XML, ZIP ni PDF.",
  pdfTooLarge: `El PDF supera el máximo de ${MAX_PDF_BYTES / MB} MB; no se guardó.`,
  pdfWithoutReceipt:
    "No se pudo asociar el PDF a un comprobante: su nombre no contiene la clave y el mensaje no trae exactamente un comprobante.",
  notPdf: "El archivo se llama .pdf pero no es un PDF.",
  skipped: "No es un XML, ZIP ni PDF; se omitió.",
  tooManyAttachments: `El mensaje trae más de ${MAX_ATTACHMENTS_PER_MESSAGE} archivos adjuntos; los siguientes se omitieron.`,
} as const;

export function attachmentKind(fileName: string, contentType: string, head: Uint8Array): AttachmentKind {
  const name = fileName.toLowerCase();
  const type = contentType.toLowerCase();
  if (name.endsWith(".zip") || type === "application/zip" || type === "application/x-zip-compressed") return "zip";
  if (name.endsWith(".pdf") || type === "application/pdf") return "pdf";
  if (name.endsWith(".xml") || type === "text/xml" || type === "application/xml") return "xml";
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4) return "zip";
  if (isPdf(head)) return "pdf";
  return "other";
}

export function isPdf(bytes: Uint8Array): boolean {
  return bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46; // %PDF
}

const CLAVE = /(?<!\d)(\d{50})(?!\d)/;

/** The clave a PDF's name carries (suppliers usually name it after the clave), else null. */
export function claveInName(fileName: string): string | null {
  return CLAVE.exec(fileName)?.[1] ?? null;
}

/** The <Clave> of a Hacienda XML document, read without parsing it (it comes first in every kind). */
export function claveInXml(bytes: Uint8Array): string | null {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 4096));
  return /<(?:\w+:)?Clave>\s*(\d{50})\s*<\//.exec(text)?.[1] ?? null;
}

/** The receipt a PDF belongs to: the clave in its name, else the message's only receipt, else null. */
export function pdfClave(fileName: string, messageClaves: readonly string[]): string | null {
  const named = claveInName(fileName);
  if (named) return named;
  const distinct = [...new Set(messageClaves)];
  return distinct.length === 1 ? distinct[0] : null;
}

/**
 * A stable key of a message, the same in every folder it is copied to: its Message-ID; a message
 * without one is known by its place in the folder (`fallback`).
 */
export function messageKeyOf(messageId: string | undefined, fallback: string): string {
  const id = messageId?.trim().replace(/^<|>$/g, "");
  return id ? `id:${id.slice(0, 500)}` : `place:${fallback}`;
}
