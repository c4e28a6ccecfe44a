import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { refusalStatus } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { importJobHref } from "~/services/receipts/import-job-view.server";
import { receiveUpload } from "~/services/receipts/import-jobs.server";

/**
 * The upload page's XMLHttpRequest target (for progress): the same import, answered as JSON — the
 * report (200), the job's address (202), or the Spanish reason with its 4xx status.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user, organization, role } = await requireOrgContext(request);
  const start = await receiveUpload(request, { organization, userId: String(user._id), uploader: role });
  if (!start.ok)
    return json({ error: start.refusals[0].message, report: null }, { status: refusalStatus(start.refusals) });
  if (start.kind === "report") return json({ error: null, report: start.report });
  const href = importJobHref(organization.cedula, start.jobId);
  return json({ error: null, report: null, job: { id: start.jobId, href } }, { status: 202 });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  return redirect(`/detail?${new URLSearchParams({ org: organization.cedula })}`);
}
