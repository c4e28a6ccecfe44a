import { isNotFound } from "~/domain/refusal";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { EntryFormPage } from "~/components/entries/EntryForm";
import { appHref } from "~/utils/links";
import { ENTRY_FORM_MAX_ROWS, entryFormSchema } from "~/domain/entries/form";
import { entryFormPage, entryFormTarget, saveEntryForm } from "~/services/entries/entry-form.server";
import { readSubmission, replyWithErrors } from "~/utils/form.server";
import { notFound, valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.entry?.number ? `Asiento ${data.entry.number}` : "Borrador"} · Editar · Contabilidad CR` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const target = valueOrRefusal(await entryFormTarget(organization.id, params.accountEntryID ?? ""));
  // A reversed entry or one in a closed period stays as it is: the page says why.
  if (target.locked) throw json({ message: target.locked }, { status: 409 });
  return json(await entryFormPage(organization.id, target));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireOrgContext(request, { admin: true });
  const target = valueOrRefusal(await entryFormTarget(context.organization.id, params.accountEntryID ?? ""));
  const submission = await readSubmission(request, entryFormSchema, { maxRows: ENTRY_FORM_MAX_ROWS });
  // "Agregar línea" and "Quitar" without JavaScript: the form comes back with the row added or removed,
  // every value kept and nothing judged yet (no button said what to do with it).
  if (submission.status === undefined) return json({ ...submission.reply(), error: {} });
  if (submission.status !== "success") return replyWithErrors(submission);
  if (target.locked) return replyWithErrors(submission, { message: target.locked }, 409);
  const outcome = await saveEntryForm(context, target, submission.value);
  if (!outcome.ok) {
    if (isNotFound(outcome.refusals)) throw notFound(outcome.refusals[0]?.message);
    return replyWithErrors(submission, outcome.refusals);
  }
  const here = new URL(request.url).searchParams;
  return redirectWithSuccess(
    appHref(`/entries/view/${outcome.id}`, here, { org: context.organization.cedula }),
    outcome.message,
  );
}

export default EntryFormPage;
