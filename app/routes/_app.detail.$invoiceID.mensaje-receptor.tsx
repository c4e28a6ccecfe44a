import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound, requireUser } from "~/utils/auth.server";
import { requireSelectedOrganization } from "~/utils/organization.server";
import { mensajeReceptorFileName, requireReceipt } from "~/services/receipts/receipts-detail.server";

/** The MensajeReceptor v4.4 XML generated for the receptor's answer (unsigned). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const organization = await requireSelectedOrganization(request, user);
  const receipt = await requireReceipt(organization, params.invoiceID);
  if (!receipt.receptorMessage) throw notFound("Este comprobante aún no tiene respuesta del receptor");
  return new Response(receipt.receptorMessage.xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="${mensajeReceptorFileName(receipt)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
