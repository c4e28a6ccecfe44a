import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { requireSelectedOrganization } from "~/utils/organization.server";
import { importUpload } from "~/utils/receipts-upload.server";

/** The upload page's XMLHttpRequest target (for progress): the same import, answered as JSON. */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request);
  const organization = await requireSelectedOrganization(request, user);
  const outcome = await importUpload(request, organization, String(user._id));
  if (!outcome.ok) return json({ error: outcome.message, report: outcome.report ?? null }, { status: outcome.status });
  return json({ error: null, report: outcome.report });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const organization = await requireSelectedOrganization(request, user);
  return redirect(`/detail?${new URLSearchParams({ org: organization.cedula })}`);
}
