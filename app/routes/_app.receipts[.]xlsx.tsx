import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { requireSelectedOrganization } from "~/utils/organization.server";
import { readMonthQuery } from "~/services/receipts/receipts.server";
import { exportFileName, receiptsXlsx } from "~/services/receipts/receipts-export.server";

/** The filtered month (?month, ?tab, ?q) as an Excel workbook. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const organization = await requireSelectedOrganization(request, user);
  const query = readMonthQuery(new URL(request.url));
  return new Response(await receiptsXlsx(organization, query), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${exportFileName(organization, query, "xlsx")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
