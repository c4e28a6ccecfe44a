import type { LoaderFunctionArgs } from "@remix-run/node";
import { reportFileName } from "~/services/reports/export.server";
import { reportPdf } from "~/services/reports/pdf.server";
import { readExportQuery } from "~/services/reports/reports.server";
import { CONTENT_TYPES, fileResponse } from "~/utils/file-response.server";
import { valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";

/** The report of /results as a printable PDF (organization, cédula, period, signature lines), same query parameters. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  const query = valueOrRefusal(readExportQuery("results", new URL(request.url)));
  return fileResponse(await reportPdf("results", organization, query), {
    contentType: CONTENT_TYPES.pdf,
    fileName: reportFileName("results", organization, query, "pdf"),
  });
}
