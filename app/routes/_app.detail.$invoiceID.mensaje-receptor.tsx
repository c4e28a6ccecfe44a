import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound, valueOrRefusal } from "~/utils/http.server";
import { CONTENT_TYPES, fileResponse } from "~/utils/file-response.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { mensajeReceptorFileName, requireReceipt } from "~/services/receipts/receipts-detail.server";

/** The MensajeReceptor v4.4 XML generated for the receptor's answer (unsigned). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  const receipt = valueOrRefusal(await requireReceipt(organization, params.invoiceID));
  if (!receipt.receptorMessage) throw notFound("Este comprobante aún no tiene respuesta del receptor");
  return fileResponse(receipt.receptorMessage.xml, {
    contentType: CONTENT_TYPES.xml,
    fileName: mensajeReceptorFileName(receipt),
  });
}
