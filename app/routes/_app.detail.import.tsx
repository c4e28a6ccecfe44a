import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { requireSelectedOrganization } from "~/utils/organization.server";
import { uploadResponse } from "~/services/receipts/receipts-upload.server";

/** The upload page's XMLHttpRequest target (for progress): the same import, answered as JSON. */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request);
  const organization = await requireSelectedOrganization(request, user);
  return uploadResponse(request, organization, String(user._id));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const organization = await requireSelectedOrganization(request, user);
  return redirect(`/detail?${new URLSearchParams({ org: organization.cedula })}`);
}
