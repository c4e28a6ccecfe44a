import type { LoaderFunctionArgs } from "@remix-run/node";
import { valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { CONTENT_TYPES, fileResponse } from "~/utils/file-response.server";
import { readMonthQuery } from "~/services/receipts/receipts.server";
import { exportFileName, receiptsXlsx } from "~/services/receipts/receipts-export.server";

/** The filtered month (?month, ?tab, ?q) as an Excel workbook. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  const query = valueOrRefusal(readMonthQuery(new URL(request.url)));
  return fileResponse(await receiptsXlsx(organization, query), {
    contentType: CONTENT_TYPES.xlsx,
    fileName: exportFileName(organization, query, "xlsx"),
  });
}
