import { redirect, json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { BookingPreview } from "~/components/booking/BookingPreview";
import { parseMonth } from "~/domain/calendar";
import { startMonthBooking } from "~/services/booking/booking-jobs.server";
import { previewMonthBooking, previewStillHolds } from "~/services/booking/booking-preview.server";
import { readForm } from "~/utils/form.server";
import { badRequest } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithError } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Contabilizar comprobantes · Contabilidad CR" }];

const MONTH_MESSAGE = "El mes debe tener el formato AAAA-MM, por ejemplo 2025-10.";
const TOKEN = /^[0-9a-f]{32}$/;

/** What booking the month would do, receipt by receipt, and the confirmation; without a month, the month's page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const month = parseMonth(new URL(request.url).searchParams.get("month"));
  if (!month) return redirect(`/?${new URLSearchParams({ org: organization.cedula })}`);
  const preview = await previewMonthBooking(organization.id, month);
  return json({ organization: { cedula: organization.cedula, name: organization.name }, preview });
}

/** The confirmation: books the month's pending receipts if they are still the ones the preview listed. */
export async function action({ request }: ActionFunctionArgs) {
  const { user, organization } = await requireOrgContext(request, { admin: true });
  const form = await readForm(request);
  const month = parseMonth(String(form.get("month") ?? ""));
  if (!month) throw badRequest(MONTH_MESSAGE);
  const token = String(form.get("confirm") ?? "");
  if (!TOKEN.test(token)) throw badRequest("Revise la lista de comprobantes por contabilizar y confirme desde ella.");
  const org = new URLSearchParams({ org: organization.cedula });
  if (!(await previewStillHolds(organization.id, month, token)))
    return redirectWithError(
      `/booking/month?${org}&${new URLSearchParams({ month })}`,
      "Los comprobantes pendientes cambiaron desde que se mostró la lista. Revísela y confirme de nuevo.",
    );
  const jobId = await startMonthBooking(organization.id, month, String(user._id));
  return redirect(`/booking/${jobId}?${org}`, 303);
}

export default function BookingPreviewPage() {
  const { organization, preview } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <BookingPreview organization={organization} preview={preview} current={new URLSearchParams(location.search)} />
  );
}
