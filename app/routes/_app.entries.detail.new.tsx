import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { EntryFormPage } from "~/components/entries/EntryForm";
import { appHref } from "~/utils/links";
import { ENTRY_FORM_MAX_ROWS, entryFormSchema } from "~/domain/entries/form";
import { entryFormPage, entryFormTarget, saveEntryForm } from "~/services/entries/entry-form.server";
import { entrySourceOf, templateStep } from "~/services/templates/use-template.server";
import { readSubmission, replyWithErrors } from "~/utils/form.server";
import { valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Nuevo asiento · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const page = await entryFormPage(organization.id, valueOrRefusal(await entryFormTarget(organization.id, undefined)));
  // «Usar plantilla»: a GET step that fills the form (see use-template.server.ts).
  const step = valueOrRefusal(await templateStep(organization.id, new URL(request.url).searchParams));
  return json(
    { ...page, defaults: step.defaults ?? page.defaults, templates: step.panel },
    { status: step.inputsRefused ? 400 : 200 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireOrgContext(request, { admin: true });
  const target = valueOrRefusal(await entryFormTarget(context.organization.id, undefined));
  const submission = await readSubmission(request, entryFormSchema, { maxRows: ENTRY_FORM_MAX_ROWS });
  // "Agregar línea" and "Quitar" without JavaScript: the form comes back with the row added or removed,
  // every value kept and nothing judged yet (no button said what to do with it).
  if (submission.status === undefined) return json({ ...submission.reply(), error: {} });
  if (submission.status !== "success") return replyWithErrors(submission);
  const here = new URL(request.url).searchParams;
  const source = await entrySourceOf(context.organization.id, here);
  const outcome = await saveEntryForm(context, target, submission.value, source);
  if (!outcome.ok) return replyWithErrors(submission, outcome.refusals);
  return redirectWithSuccess(
    appHref(`/entries/view/${outcome.id}`, here, { org: context.organization.cedula }),
    outcome.message,
  );
}

export default EntryFormPage;
