import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/utils/auth.server";
import { catalogCsvFile } from "~/services/catalog/catalog.server";
import { requireAdministeredOrganization } from "~/utils/organization.server";

/** The selected organization's chart of accounts as a CSV download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request);
  const organization = await requireAdministeredOrganization(request, user);
  const csv = await catalogCsvFile(organization.id);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="catalogo-${organization.cedula}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
