import type { SubmissionResult } from "@conform-to/react";
import { Anchor, Stack, Text, Title } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { RuleForm } from "~/components/rules/RuleForm";
import { appHref } from "~/utils/links";
import {
  RULE_FORM_MAX_ROWS,
  ruleFormDefaults,
  ruleFormSchema,
  UNCLASSIFIED_PURCHASES_ACCOUNT,
} from "~/domain/rules/form";
import { loadCatalog } from "~/services/catalog/catalog.server";
import { createRule } from "~/services/rules/rules.server";
import { readSubmission, replyWithErrors } from "~/utils/form.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Nueva regla de recepción · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const { tree } = await loadCatalog(organization.id);
  return json({
    organization: { cedula: organization.cedula, name: organization.name },
    defaults: ruleFormDefaults(null, UNCLASSIFIED_PURCHASES_ACCOUNT),
    tree,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, organization } = await requireOrgContext(request, { admin: true });
  const submission = await readSubmission(request, ruleFormSchema, { maxRows: RULE_FORM_MAX_ROWS });
  // «Agregar condición» and «Quitar» without JavaScript: the form comes back changed, nothing judged yet.
  if (submission.status === undefined) return json({ ...submission.reply(), error: {} });
  if (submission.status !== "success") return replyWithErrors(submission);
  const outcome = await createRule(organization.id, { userId: String(user._id) }, submission.value);
  if (!outcome.ok) return replyWithErrors(submission, outcome.refusals);
  const here = new URL(request.url).searchParams;
  return redirectWithSuccess(
    appHref("/admin/rules", here, { org: organization.cedula }),
    `Regla «${submission.value.name}» creada.`,
  );
}

export default function NewRulePage() {
  const { organization, defaults, tree } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const current = new URLSearchParams(useLocation().search);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={appHref("/admin/rules", current)} size="sm">
        ← Recepción Automática de Comprobantes
      </Anchor>
      <div>
        <Title order={1}>Nueva regla</Title>
        <Text c="dimmed" size="sm">
          {organization.name}
        </Text>
      </div>
      <RuleForm id="rule-form-new" defaults={defaults} tree={tree} lastResult={result} submitLabel="Crear regla" />
    </Stack>
  );
}
