import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { badRequest, forbidden, valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { requireReceipt } from "~/services/receipts/receipts-detail.server";
import { RETRY_ADMIN_ONLY, RETRY_NOT_IN_ERROR, retrySubmission } from "~/services/hacienda/queue.server";

function receiptPage(cedula: string, id: string): string {
  return `/detail/${id}?${new URLSearchParams({ org: cedula })}`;
}

/** An admin puts a document whose sending stopped in error back in the queue ("Reintentar"). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { organization, role } = await requireOrgContext(request);
  const receipt = valueOrRefusal(await requireReceipt(organization, params.invoiceID));
  if (role !== "admin") throw forbidden(RETRY_ADMIN_ONLY);
  const form = await request.formData();
  const document = String(form.get("document") ?? "");
  if (document !== "comprobante" && document !== "mensaje-receptor") {
    throw badRequest("El documento a reintentar no es válido.");
  }
  const page = receiptPage(organization.cedula, String(receipt._id));
  if (!(await retrySubmission(organization.id, String(receipt._id), document))) {
    return redirectWithError(page, RETRY_NOT_IN_ERROR);
  }
  return redirectWithSuccess(page, "El envío a Hacienda se reintentará en unos segundos.");
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  const receipt = valueOrRefusal(await requireReceipt(organization, params.invoiceID));
  return redirect(receiptPage(organization.cedula, String(receipt._id)));
}
