import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { bookReceipt } from "~/services/booking/booking.server";
import { requireReceipt } from "~/services/receipts/receipts-detail.server";
import { readForm } from "~/utils/form.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

const detailPath = (id: string, cedula: string) => `/detail/${id}?${new URLSearchParams({ org: cedula })}`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const receipt = await requireReceipt(organization, params.invoiceID);
  return redirect(detailPath(String(receipt._id), organization.cedula));
}

/** "Contabilizar" on a receipt's page: posts its entry (or a borrador) and comes back with the result. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, organization } = await requireOrgContext(request, { admin: true });
  const receipt = await requireReceipt(organization, params.invoiceID);
  const form = await readForm(request);
  const post = form.get("status") !== "borrador";
  const result = await bookReceipt(organization.id, String(receipt._id), { by: String(user._id) }, { post });
  const back = detailPath(String(receipt._id), organization.cedula);
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
