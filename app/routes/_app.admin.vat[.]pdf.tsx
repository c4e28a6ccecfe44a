import type { LoaderFunctionArgs } from "@remix-run/node";
import { vatFileName, vatPdf } from "~/services/vat/vat-export.server";
import { readVatMonth } from "~/services/vat/vat-page.server";
import { loadVatMonth } from "~/services/vat/vat-return.server";
import { CONTENT_TYPES, fileResponse } from "~/utils/file-response.server";
import { valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";

/** The month's IVA return as a printable PDF (organization, cédula, signature lines). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const month = valueOrRefusal(readVatMonth(new URL(request.url)));
  const { ivaReturn } = await loadVatMonth(organization.id, month);
  return fileResponse(await vatPdf(organization, month, ivaReturn), {
    contentType: CONTENT_TYPES.pdf,
    fileName: vatFileName(organization, month, "pdf"),
  });
}
