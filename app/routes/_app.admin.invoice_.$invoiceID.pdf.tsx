import type { LoaderFunctionArgs } from "@remix-run/node";
import { issuedInvoicePdf } from "~/services/invoicing/invoice-files.server";
import { CONTENT_TYPES, fileResponse } from "~/utils/file-response.server";
import { notFound } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";

/** The issued invoice's graphic representation (PDF); a borrador has none. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const file = await issuedInvoicePdf(organization.id, params.invoiceID ?? "");
  if (!file) throw notFound("Factura emitida no encontrada");
  return fileResponse(new Uint8Array(file.pdf), { contentType: CONTENT_TYPES.pdf, fileName: file.fileName });
}
