/**
 * Delivery to the customer (docs/domain/hacienda-api.md §4): the signed XML and its graphic representation (PDF)
 * as soon as Hacienda has received the document, then Hacienda's answer once it is final — that
 * second e-mail carries all three files, so it stands on its own.
 */
import { KIND_INFO, type ReceiptKind } from "~/domain/hacienda";
import { sendMail } from "~/utils/mail.server";
import type { ReceiptRecord } from "~models/receipt";

export interface DeliveryFiles {
  signedXml: Buffer;
  pdf: Buffer;
  answerXml?: Buffer;
}

export function deliveryFileNames(receipt: Pick<ReceiptRecord, "kind" | "clave">) {
  return {
    signedXml: `${receipt.kind}-${receipt.clave}.xml`,
    pdf: `${receipt.kind}-${receipt.clave}.pdf`,
    answerXml: `MH-${receipt.clave}.xml`,
  };
}

export async function sendDocumentMail(
  to: string,
  receipt: Pick<ReceiptRecord, "kind" | "clave" | "consecutivo" | "emisor">,
  files: DeliveryFiles,
  estado?: "aceptado" | "rechazado",
): Promise<void> {
  const label = KIND_INFO[receipt.kind as ReceiptKind]?.label ?? "Comprobante electrónico";
  const names = deliveryFileNames(receipt);
  const answerLine = estado
    ? `Hacienda ${estado === "aceptado" ? "aceptó" : "rechazó"} el comprobante; se adjunta su respuesta (${names.answerXml}).`
    : "Se adjunta la respuesta de Hacienda cuando la recibamos.";
  await sendMail({
    to,
    subject: `${label} ${receipt.consecutivo} de ${receipt.emisor.nombre}${estado ? ` · ${estado === "aceptado" ? "aceptada" : "rechazada"} por Hacienda` : ""}`,
    text: [
      `Estimado cliente:`,
      ``,
      `${receipt.emisor.nombre} le envía la ${label.toLowerCase()} ${receipt.consecutivo}.`,
      `Clave: ${receipt.clave}`,
      ``,
      `Adjuntos: el comprobante firmado (${names.signedXml}) y su representación gráfica (${names.pdf}).`,
      answerLine,
    ].join("\n"),
    attachments: [
      { filename: names.signedXml, content: files.signedXml, contentType: "application/xml" },
      { filename: names.pdf, content: files.pdf, contentType: "application/pdf" },
      ...(files.answerXml
        ? [{ filename: names.answerXml, content: files.answerXml, contentType: "application/xml" }]
        : []),
    ],
  });
}
