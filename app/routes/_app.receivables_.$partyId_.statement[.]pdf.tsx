import type { LoaderFunctionArgs } from "@remix-run/node";
import { statementFileName, statementPdf } from "~/services/open-items/statement-files.server";
import { statementForExport } from "~/services/open-items/pages.server";
import { CONTENT_TYPES, fileResponse } from "~/utils/file-response.server";
import { notFound } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";

/** The statement of account of /receivables/:partyId as PDF, same from / to. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  const view = await statementForExport(
    organization.id,
    "receivable",
    params.partyId ?? "",
    new URL(request.url).searchParams,
  );
  if (!view) throw notFound("Contraparte no encontrada.");
  return fileResponse(await statementPdf("receivable", organization, view), {
    contentType: CONTENT_TYPES.pdf,
    fileName: statementFileName("receivable", organization, view, "pdf"),
  });
}
