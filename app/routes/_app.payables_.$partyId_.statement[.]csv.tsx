import type { LoaderFunctionArgs } from "@remix-run/node";
import { statementFileName, statementCsvFile } from "~/services/open-items/statement-files.server";
import { statementForExport } from "~/services/open-items/pages.server";
import { CONTENT_TYPES, fileResponse } from "~/utils/file-response.server";
import { notFound } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";

/** The statement of account of /payables/:partyId as CSV, same from / to. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  const view = await statementForExport(
    organization.id,
    "payable",
    params.partyId ?? "",
    new URL(request.url).searchParams,
  );
  if (!view) throw notFound("Contraparte no encontrada.");
  return fileResponse(statementCsvFile(view.statement), {
    contentType: CONTENT_TYPES.csv,
    fileName: statementFileName("payable", organization, view, "csv"),
  });
}
