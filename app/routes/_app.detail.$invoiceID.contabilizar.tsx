import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { readDateInput, type CalendarDate } from "~/domain/calendar";
import { bookReceipt } from "~/services/booking/booking.server";
import { requireReceipt } from "~/services/receipts/receipts-detail.server";
import { readForm } from "~/utils/form.server";
import { valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

const detailPath = (id: string, cedula: string) => `/detail/${id}?${new URLSearchParams({ org: cedula })}`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const receipt = valueOrRefusal(await requireReceipt(organization, params.invoiceID));
  return redirect(detailPath(String(receipt._id), organization.cedula));
}

/** "Contabilizar" on a receipt's page: posts its entry (or a borrador) and comes back with the result. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, organization } = await requireOrgContext(request, { admin: true });
  const receipt = valueOrRefusal(await requireReceipt(organization, params.invoiceID));
  const form = await readForm(request);
  const post = form.get("status") !== "borrador";
  const back = detailPath(String(receipt._id), organization.cedula);
  const typed = String(form.get("bookingDate") ?? "").slice(0, 20);
  let bookingDate: CalendarDate | undefined;
  if (typed.trim() !== "") {
    const read = readDateInput(typed);
    if (!read.ok) return redirectWithError(back, read.message);
    bookingDate = read.date;
  }
  const result = await bookReceipt(
    organization.id,
    String(receipt._id),
    { by: String(user._id) },
    { post, bookingDate },
  );
  switch (result.kind) {
    case "contabilizado":
      return redirectWithSuccess(back, `Comprobante contabilizado en el asiento ${result.number}.`);
    case "borrador":
      return redirectWithSuccess(back, "Comprobante contabilizado como borrador.");
    case "ya-contabilizado":
      return redirectWithError(back, "Este comprobante ya estaba contabilizado.");
    default:
      return redirectWithError(back, result.message ?? "El comprobante no se pudo contabilizar.");
  }
}
