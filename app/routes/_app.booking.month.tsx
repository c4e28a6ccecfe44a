import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseMonth } from "~/domain/calendar";
import { startMonthBooking } from "~/services/booking/booking-jobs.server";
import { readForm } from "~/utils/form.server";
import { badRequest } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";

/** Nothing to show here: the month's page has the button. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  return redirect(`/?${new URLSearchParams({ org: organization.cedula })}`);
}

/** "Contabilizar N comprobantes pendientes": starts the run and shows its progress. */
export async function action({ request }: ActionFunctionArgs) {
  const { user, organization } = await requireOrgContext(request, { admin: true });
  const form = await readForm(request);
  const month = parseMonth(String(form.get("month") ?? ""));
  if (!month) throw badRequest("El mes debe tener el formato AAAA-MM, por ejemplo 2025-10.");
  const jobId = await startMonthBooking(organization.id, month, String(user._id));
  return redirect(`/booking/${jobId}?${new URLSearchParams({ org: organization.cedula })}`, 303);
}
