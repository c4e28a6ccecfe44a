import type { LoaderFunctionArgs } from "@remix-run/node";
import { catalogCsvFile } from "~/services/catalog/catalog.server";
import { CONTENT_TYPES, fileResponse } from "~/utils/file-response.server";
import { requireOrgContext } from "~/utils/org-context.server";

/** The selected organization's chart of accounts as a CSV download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const csv = await catalogCsvFile(organization.id);
  return fileResponse(csv, { contentType: CONTENT_TYPES.csv, fileName: `catalogo-${organization.cedula}.csv` });
}
