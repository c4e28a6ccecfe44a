import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { InvoicePageView } from "~/components/invoicing/InvoicePage";
import { appHref } from "~/utils/links";
import { INVOICE_FORM_MAX_ROWS, invoiceFormSchema } from "~/domain/invoicing/form";
import { isNotFound, refusal } from "~/domain/refusal";
import { createDraft, DRAFT_MESSAGES, loadDraft, readDraftForm, updateDraft } from "~/services/invoicing/drafts.server";
import { invoicePage, totalsOf } from "~/services/invoicing/invoice-page.server";
import { issueInvoice } from "~/services/invoicing/issue-invoice.server";
import { withInvoiceRate } from "~/services/invoicing/invoice-rate.server";
import { readSubmission, refusalErrors, replyWithErrors } from "~/utils/form.server";
import { notFound } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Crear Factura · Contabilidad CR" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const stored = params.invoiceID ? await loadDraft(organization.id, params.invoiceID) : null;
  if (params.invoiceID && !stored) throw notFound(DRAFT_MESSAGES.notFound);
  const page = await invoicePage(organization.id, stored, new URL(request.url).searchParams);
  return json({ organization: { cedula: organization.cedula, name: organization.name }, ...page });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, organization } = await requireOrgContext(request, { admin: true });
  const existing = params.invoiceID ? await loadDraft(organization.id, params.invoiceID) : null;
  if (params.invoiceID && !existing) throw notFound(DRAFT_MESSAGES.notFound);
  const submission = await readSubmission(request, invoiceFormSchema, { maxRows: INVOICE_FORM_MAX_ROWS });
  // «Agregar línea» and «Quitar» without JavaScript: the form comes back changed, nothing judged yet.
  if (submission.status === undefined) return json({ ...submission.reply(), error: {} });
  if (submission.status !== "success") return replyWithErrors(submission);
  if (existing?.state === "emitido") return replyWithErrors(submission, refusal(DRAFT_MESSAGES.issued), 409);

  // An invoice in dollars left without a rate gets the day's (the form without JavaScript): shown back as filled.
  const { values, filled } = await withInvoiceRate(submission.value);
  if (filled !== null) submission.payload.tipoCambio = filled;
  const intent = values.intent ?? "recalcular";
  if (intent === "recalcular") {
    const reading = await readDraftForm(organization.id, values);
    if (!reading.ok) return replyWithErrors(submission, reading.refusals);
    const totals = totalsOf(reading.draft);
    return json({ ...submission.reply(), totals });
  }
  if (intent !== "guardar" && intent !== "emitir") return replyWithErrors(submission, refusal("Acción desconocida."));

  const userId = String(user._id);
  const saved = existing
    ? await updateDraft(organization.id, existing.id, values)
    : await createDraft(organization.id, userId, values);
  if (!saved.ok) return replyWithErrors(submission, saved.refusals, isNotFound(saved.refusals) ? 404 : 400);
  const here = new URL(request.url).searchParams;
  const page = appHref(`/admin/invoice/${saved.draft.id}`, here, { org: organization.cedula });
  if (intent === "guardar") return redirectWithSuccess(page, "Borrador guardado.");

  const issued = await issueInvoice(organization.id, saved.draft.id, userId, {
    organizationCedula: organization.cedula,
  });
  if (issued.ok) return redirectWithSuccess(page, `Comprobante ${issued.consecutivo} emitido y firmado.`);
  const message = issued.refusals.map((r) => r.message).join(" ");
  // A new draft was just saved: its page shows the reason, with the settings link when that is the cause.
  if (!existing) return redirectWithError(page, message);
  return json(
    { ...submission.reply({ ...refusalErrors(issued.refusals) }), settings: issued.settings ?? false },
    { status: isNotFound(issued.refusals) ? 404 : 400 },
  );
}

export default InvoicePageView;
