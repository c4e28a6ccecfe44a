import type { LoaderFunctionArgs } from "@remix-run/node";
import { readMovementQuery } from "~/domain/entries/query";
import { ACCOUNT_REQUIRED, movementsFileName, movementsXlsx } from "~/services/entries/entries-export.server";
import { CONTENT_TYPES, fileResponse } from "~/utils/file-response.server";
import { badRequest, valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";

/** One account's movements as an Excel workbook: opening balance, movements with running balance, closing balance (admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const { query, problems } = readMovementQuery(new URL(request.url).searchParams, new Date());
  if (problems.length > 0) throw badRequest(problems[0].message);
  if (!query.account) throw badRequest(ACCOUNT_REQUIRED);
  return fileResponse(valueOrRefusal(await movementsXlsx(organization, query)), {
    contentType: CONTENT_TYPES.xlsx,
    fileName: movementsFileName(organization, { ...query, account: query.account }, "xlsx"),
  });
}
