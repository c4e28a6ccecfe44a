import type { LoaderFunctionArgs } from "@remix-run/node";
import { CONTENT_TYPES, fileResponse } from "~/utils/file-response.server";
import { valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { requireReceipt } from "~/services/receipts/receipts-detail.server";
import { requireReceiptPdf } from "~/services/mail/receipt-pdf.server";

/** The supplier's PDF of the receipt, as it came by e-mail (whoever may see the receipt may see it). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  const receipt = valueOrRefusal(await requireReceipt(organization, params.invoiceID));
  const pdf = valueOrRefusal(await requireReceiptPdf(organization.id, receipt.clave));
  return fileResponse(pdf.bytes, { contentType: CONTENT_TYPES.pdf, fileName: pdf.fileName });
}
