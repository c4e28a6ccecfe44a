import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { forbidden, valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { requireReceipt } from "~/services/receipts/receipts-detail.server";
import {
  CHOOSE_ANSWER_ADMIN_ONLY,
  CHOOSE_ANSWER_STALE,
  chooseAnswer,
} from "~/services/receipts/hacienda-answers.server";

function receiptPage(cedula: string, id: string): string {
  return `/detail/${id}?${new URLSearchParams({ org: cedula })}`;
}

/** An admin chooses which of the receipt's conflicting Hacienda answers holds (recorded with who and when). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, organization, role } = await requireOrgContext(request);
  const receipt = valueOrRefusal(await requireReceipt(organization, params.invoiceID));
  if (role !== "admin") throw forbidden(CHOOSE_ANSWER_ADMIN_ONLY);
  const form = await request.formData();
  const sha = String(form.get("answer") ?? "");
  const page = receiptPage(organization.cedula, String(receipt._id));
  if (!(await chooseAnswer(organization.id, receipt, sha, String(user._id))))
    return redirectWithError(page, CHOOSE_ANSWER_STALE);
  return redirectWithSuccess(
    page,
    "Respuesta de Hacienda elegida; el estado del comprobante y los totales del mes la siguen.",
  );
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request);
  const receipt = valueOrRefusal(await requireReceipt(organization, params.invoiceID));
  return redirect(receiptPage(organization.cedula, String(receipt._id)));
}
