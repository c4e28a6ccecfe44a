import type { LoaderFunctionArgs } from "@remix-run/node";
import { readEntryListQuery } from "~/domain/entries/query";
import { entriesFileName, entriesXlsx } from "~/services/entries/entries-export.server";
import { CONTENT_TYPES, fileResponse } from "~/utils/file-response.server";
import { badRequest, valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";

/** The filtered entries list as an Excel workbook (real dates and numbers, totals row). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  const { query, problems } = readEntryListQuery(new URL(request.url).searchParams, new Date());
  if (problems.length > 0) throw badRequest(problems[0].message);
  return fileResponse(valueOrRefusal(await entriesXlsx(organization, query)), {
    contentType: CONTENT_TYPES.xlsx,
    fileName: entriesFileName(organization, query, "xlsx"),
  });
}
