import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { requireSelectedOrganization } from "~/utils/organization.server";
import { readMonthQuery } from "~/services/receipts/receipts.server";
import { exportFileName, receiptsCsv } from "~/services/receipts/receipts-export.server";

/** The filtered month (?month, ?tab, ?q) as CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const organization = await requireSelectedOrganization(request, user);
  const query = readMonthQuery(new URL(request.url));
  return new Response(await receiptsCsv(organization, query), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(organization, query, "csv")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
