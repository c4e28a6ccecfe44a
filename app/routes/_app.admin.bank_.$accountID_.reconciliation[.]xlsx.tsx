import type { LoaderFunctionArgs } from "@remix-run/node";
import { readReconciliationDate } from "~/services/bank/pages.server";
import { reconciliationXlsx, reconciliationFileName, reconciliationReport } from "~/services/bank/report-files.server";
import { CONTENT_TYPES, fileResponse } from "~/utils/file-response.server";
import { valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";

/** The conciliación bancaria at a date (?at=, today by default) as XLSX: the summary and every line behind it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const date = readReconciliationDate(new URL(request.url).searchParams.get("at"));
  const report = valueOrRefusal(await reconciliationReport(organization.id, params.accountID ?? "", date));
  return fileResponse(await reconciliationXlsx({ organization, ...report }), {
    contentType: CONTENT_TYPES.xlsx,
    fileName: reconciliationFileName(organization, report.account, date, "xlsx"),
  });
}
