import type { SubmissionResult } from "@conform-to/react";
import { Anchor, Stack, Text, Title } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { appHref } from "~/utils/links";
import { TemplateForm } from "~/components/templates/TemplateForm";
import { newTemplateDefaults, TEMPLATE_FORM_MAX_ROWS, templateFormSchema } from "~/domain/templates/form";
import { loadCatalog } from "~/services/catalog/catalog.server";
import { saveTemplateForm } from "~/services/templates/template-form.server";
import { readSubmission, replyWithErrors } from "~/utils/form.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Nueva plantilla · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const { tree } = await loadCatalog(organization.id);
  return json({
    organization: { cedula: organization.cedula, name: organization.name },
    defaults: newTemplateDefaults(),
    tree,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, organization } = await requireOrgContext(request, { admin: true });
  const submission = await readSubmission(request, templateFormSchema, { maxRows: TEMPLATE_FORM_MAX_ROWS });
  // «Agregar línea» and «Quitar» without JavaScript: the form comes back changed, nothing judged yet.
  if (submission.status === undefined) return json({ ...submission.reply(), error: {} });
  if (submission.status !== "success") return replyWithErrors(submission);
  const outcome = await saveTemplateForm(organization.id, undefined, submission.value, String(user._id));
  if (!outcome.ok) return replyWithErrors(submission, outcome.refusals);
  const here = new URL(request.url).searchParams;
  return redirectWithSuccess(
    appHref("/admin/accounting-entry-templates", here, { org: organization.cedula }),
    outcome.message,
  );
}

export default function NewTemplatePage() {
  const { organization, defaults, tree } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const current = new URLSearchParams(useLocation().search);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={appHref("/admin/accounting-entry-templates", current)} size="sm">
        ← Plantillas para Asientos
      </Anchor>
      <div>
        <Title order={1}>Nueva plantilla</Title>
        <Text c="dimmed" size="sm">
          {organization.name}
        </Text>
      </div>
      <TemplateForm
        id="template-form-new"
        defaults={defaults}
        tree={tree}
        lastResult={result}
        submitLabel="Crear plantilla"
      />
    </Stack>
  );
}
