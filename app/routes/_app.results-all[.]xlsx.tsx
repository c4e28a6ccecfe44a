import type { LoaderFunctionArgs } from "@remix-run/node";
import { reportFileName, reportXlsx } from "~/services/reports/export.server";
import { readExportQuery } from "~/services/reports/reports.server";
import { CONTENT_TYPES, fileResponse } from "~/utils/file-response.server";
import { valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";

/** The report of /results-all as an XLSX workbook, same query parameters. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  const query = valueOrRefusal(readExportQuery("all", new URL(request.url)));
  return fileResponse(await reportXlsx("all", organization, query), {
    contentType: CONTENT_TYPES.xlsx,
    fileName: reportFileName("all", organization, query, "xlsx"),
  });
}
