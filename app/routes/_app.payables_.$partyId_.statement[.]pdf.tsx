import type { LoaderFunctionArgs } from "@remix-run/node";
import { statementFile } from "~/services/open-items/statement-files.server";
import { fileResponse } from "~/utils/file-response.server";
import { notFound } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";

/** The statement of account of /payables/:partyId as PDF, same from / to. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  const search = new URL(request.url).searchParams;
  const file = await statementFile(organization, "payable", "pdf", params.partyId ?? "", search);
  if (!file) throw notFound("Contraparte no encontrada.");
  return fileResponse(file.body, file);
}
