import { isNotFound } from "~/domain/refusal";
import type { SubmissionResult } from "@conform-to/react";
import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { FormError } from "~/components/FormError";
import { askedConfirmation, ConfirmButton } from "~/components/forms/ConfirmButton";
import { replyFor } from "~/components/forms/conform";
import { appHref } from "~/utils/links";
import { TemplateForm } from "~/components/templates/TemplateForm";
import { storedTemplateDefaults, TEMPLATE_FORM_MAX_ROWS, templateFormSchema } from "~/domain/templates/form";
import { TEMPLATE_MESSAGES } from "~/domain/templates/messages";
import { loadCatalog } from "~/services/catalog/catalog.server";
import { saveTemplateForm } from "~/services/templates/template-form.server";
import { deleteTemplate, getTemplate } from "~/services/templates/templates.server";
import { askConfirmation, isConfirmed } from "~/utils/confirm.server";
import { parseSubmission, readForm, replyWithErrors } from "~/utils/form.server";
import { notFound } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Editar plantilla · Contabilidad CR" }];

const deleteSchema = z.object({ intent: z.literal("delete") });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const template = await getTemplate(organization.id, params.templateID ?? "");
  if (!template) throw notFound(TEMPLATE_MESSAGES.notFound);
  const { tree } = await loadCatalog(organization.id);
  return json({
    organization: { cedula: organization.cedula, name: organization.name },
    template: { id: template.id, name: template.name },
    defaults: storedTemplateDefaults(template),
    tree,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, organization } = await requireOrgContext(request, { admin: true });
  const id = params.templateID ?? "";
  if (!(await getTemplate(organization.id, id))) throw notFound(TEMPLATE_MESSAGES.notFound);
  const form = await readForm(request);
  const here = new URL(request.url).searchParams;
  const listHref = appHref("/admin/accounting-entry-templates", here, { org: organization.cedula });

  if (form.get("intent") === "delete") {
    const submission = parseSubmission(form, deleteSchema);
    if (!isConfirmed(form)) return askConfirmation(submission);
    if (!(await deleteTemplate(organization.id, id, String(user._id)))) throw notFound(TEMPLATE_MESSAGES.notFound);
    return redirectWithSuccess(listHref, "Plantilla eliminada.");
  }

  const submission = parseSubmission(form, templateFormSchema, { maxRows: TEMPLATE_FORM_MAX_ROWS });
  // «Agregar línea» and «Quitar» without JavaScript: the form comes back changed, nothing judged yet.
  if (submission.status === undefined) return json({ ...submission.reply(), error: {} });
  if (submission.status !== "success") return replyWithErrors(submission);
  const outcome = await saveTemplateForm(organization.id, id, submission.value, String(user._id));
  if (!outcome.ok) {
    if (isNotFound(outcome.refusals)) throw notFound(TEMPLATE_MESSAGES.notFound);
    return replyWithErrors(submission, outcome.refusals);
  }
  return redirectWithSuccess(listHref, outcome.message);
}

export default function EditTemplatePage() {
  const { organization, template, defaults, tree } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const current = new URLSearchParams(useLocation().search);
  const deleteReply = replyFor(result, "delete");
  const saveReply = deleteReply ? undefined : result;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={appHref("/admin/accounting-entry-templates", current)} size="sm">
        ← Plantillas para Asientos
      </Anchor>
      <div>
        <Title order={1}>Plantilla «{template.name}»</Title>
        <Text c="dimmed" size="sm">
          {organization.name}
        </Text>
      </div>
      <TemplateForm
        id={`template-form-${template.id}`}
        defaults={defaults}
        tree={tree}
        lastResult={saveReply}
        submitLabel="Guardar cambios"
      />
      <Paper withBorder p="md" component="section" aria-labelledby="template-delete">
        <Title order={2} size="h3" id="template-delete" mb="xs">
          Eliminar
        </Title>
        <FormError message={deleteReply?.error?.[""]?.[0]} />
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <Group justify="space-between" align="center">
            <Text size="sm">
              La plantilla deja de aparecer en la lista y en «Usar plantilla». Los asientos hechos con ella no cambian.
            </Text>
            <ConfirmButton
              label="Eliminar plantilla"
              title={`¿Eliminar la plantilla «${template.name}»?`}
              consequence="La plantilla deja de aparecer en la lista y en «Usar plantilla»; los asientos hechos con ella no cambian. No se puede deshacer desde esta página."
              asked={askedConfirmation(deleteReply)}
              variant="light"
              color="red"
              testId="delete-template"
            />
          </Group>
        </Form>
      </Paper>
    </Stack>
  );
}
