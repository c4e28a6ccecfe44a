import type { LoaderFunctionArgs } from "@remix-run/node";
import { CONTENT_TYPES, fileResponse } from "~/utils/file-response.server";
import { valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { receiptXmlFileName, requireReceipt } from "~/services/receipts/receipts-detail.server";

/** The receipt's original XML, byte for byte as it was imported. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  const receipt = valueOrRefusal(await requireReceipt(organization, params.invoiceID));
  return fileResponse(Uint8Array.from(receipt.xml), {
    contentType: CONTENT_TYPES.originalXml,
    fileName: receiptXmlFileName(receipt),
  });
}
