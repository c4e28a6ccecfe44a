import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOrgContext } from "~/utils/org-context.server";
import { uploadResponse } from "~/services/receipts/import-jobs.server";

/** The upload page's XMLHttpRequest target (for progress): the same import, answered as JSON. */
export async function action({ request }: ActionFunctionArgs) {
  const { user, organization, role } = await requireOrgContext(request);
  return uploadResponse(request, { organization, userId: String(user._id), uploader: role }, "json");
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  return redirect(`/detail?${new URLSearchParams({ org: organization.cedula })}`);
}
