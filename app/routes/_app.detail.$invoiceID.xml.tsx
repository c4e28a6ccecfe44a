import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { requireSelectedOrganization } from "~/utils/organization.server";
import { receiptXmlFileName, requireReceipt } from "~/services/receipts/receipts-detail.server";

/** The receipt's original XML, byte for byte as it was imported. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const organization = await requireSelectedOrganization(request, user);
  const receipt = await requireReceipt(organization, params.invoiceID);
  return new Response(Uint8Array.from(receipt.xml), {
    headers: {
      "Content-Type": "application/xml",
      "Content-Disposition": `attachment; filename="${receiptXmlFileName(receipt)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
