/** The supplier's PDF kept with a receipt (it came by e-mail), for the receipt's page and its download. */
import { findReceiptPdf, findReceiptPdfInfo } from "~models/receipt-pdf";
import { found, notFoundRefusal, refused, type Result } from "~/domain/refusal";

function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const tenths = Math.round((bytes * 10) / (1024 * 1024));
  return `${Math.floor(tenths / 10)},${tenths % 10} MB`;
}

export async function receiptPdfView(organizationId: string, clave: string): Promise<{ size: string } | null> {
  const info = await findReceiptPdfInfo(organizationId, clave);
  return info ? { size: sizeLabel(info.bytes) } : null;
}

/** The PDF's bytes and name; refused as not found when the receipt has none. */
export async function requireReceiptPdf(
  organizationId: string,
  clave: string,
): Promise<Result<{ bytes: Uint8Array<ArrayBuffer>; fileName: string }>> {
  const pdf = await findReceiptPdf(organizationId, clave);
  if (!pdf) return refused(notFoundRefusal("Este comprobante no tiene PDF del proveedor."));
  return found({
    bytes: Uint8Array.from(pdf.pdf),
    fileName: pdf.fileName.toLowerCase().endsWith(".pdf") ? pdf.fileName : `${clave}.pdf`,
  });
}
