import { KIND_INFO } from "~/domain/hacienda/codes";
import type { ReceiptKind } from "~/domain/hacienda/types";
import { findInvoiceDraft } from "~models/invoice-draft";
import { findReceipt } from "~models/receipt";
import { renderInvoicePdf } from "~/services/pdf/invoice-pdf.server";

/** The PDF of the organization's issued invoice `draftId`; null for a borrador or another organization's. */
export async function issuedInvoicePdf(
  organizationId: string,
  draftId: string,
): Promise<{ pdf: Buffer; fileName: string } | null> {
  const draft = await findInvoiceDraft(organizationId, draftId);
  if (!draft?.issuedReceiptId) return null;
  const receipt = await findReceipt(organizationId, draft.issuedReceiptId);
  if (!receipt) return null;
  const label = KIND_INFO[receipt.kind as ReceiptKind]?.shortLabel ?? receipt.kind;
  return { pdf: await renderInvoicePdf(receipt), fileName: `${label} ${receipt.consecutivo}.pdf` };
}
