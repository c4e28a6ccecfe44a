import type { SubmissionResult } from "@conform-to/react";
import { Anchor, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { FormError } from "~/components/FormError";
import { TableScrollRegion } from "~/components/TableScrollRegion";
import { askedConfirmation, ConfirmButton } from "~/components/forms/ConfirmButton";
import { replyFor } from "~/components/forms/conform";
import { RuleForm } from "~/components/rules/RuleForm";
import { appHref } from "~/utils/links";
import {
  RULE_FORM_MAX_ROWS,
  ruleFormDefaults,
  ruleFormSchema,
  UNCLASSIFIED_PURCHASES_ACCOUNT,
} from "~/domain/rules/form";
import { loadCatalog } from "~/services/catalog/catalog.server";
import { deleteRule, getRule, ruleHistory, updateRule } from "~/services/rules/rules.server";
import { askConfirmation, isConfirmed } from "~/utils/confirm.server";
import { parseSubmission, readForm, replyWithErrors } from "~/utils/form.server";
import { throwIfPageRefused, valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Editar regla de recepción · Contabilidad CR" }];

const deleteSchema = z.object({ intent: z.literal("delete") });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const rule = valueOrRefusal(await getRule(organization.id, params.ruleID ?? ""));
  const [{ tree }, history] = await Promise.all([
    loadCatalog(organization.id),
    ruleHistory(organization.id, rule.id).then(valueOrRefusal),
  ]);
  return json({
    organization: { cedula: organization.cedula, name: organization.name },
    rule: { id: rule.id, name: rule.name, version: rule.version, enabled: rule.enabled },
    defaults: ruleFormDefaults(rule, UNCLASSIFIED_PURCHASES_ACCOUNT),
    history,
    tree,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, organization } = await requireOrgContext(request, { admin: true });
  const id = params.ruleID ?? "";
  // Another organization's rule (or an unknown id) is 404 before anything is read from the form.
  const rule = valueOrRefusal(await getRule(organization.id, id));
  const actor = { userId: String(user._id) };
  const form = await readForm(request);
  const here = new URL(request.url).searchParams;
  const listHref = appHref("/admin/rules", here, { org: organization.cedula });

  if (form.get("intent") === "delete") {
    const submission = parseSubmission(form, deleteSchema);
    if (!isConfirmed(form)) return askConfirmation(submission);
    valueOrRefusal(await deleteRule(organization.id, actor, id));
    return redirectWithSuccess(listHref, `Regla «${rule.name}» eliminada.`);
  }

  const submission = parseSubmission(form, ruleFormSchema, { maxRows: RULE_FORM_MAX_ROWS });
  if (submission.status === undefined) return json({ ...submission.reply(), error: {} });
  if (submission.status !== "success") return replyWithErrors(submission);
  const outcome = await updateRule(organization.id, actor, id, submission.value);
  if (!outcome.ok) {
    throwIfPageRefused(outcome.refusals);
    return replyWithErrors(submission, outcome.refusals);
  }
  return redirectWithSuccess(
    listHref,
    outcome.changed ? `Regla «${submission.value.name}» guardada.` : "La regla no tenía cambios.",
  );
}

const CHANGE_LABELS: Record<string, string> = {
  create: "Creada",
  update: "Modificada",
  enable: "Habilitada",
  disable: "Deshabilitada",
  move: "Cambió de orden",
  delete: "Eliminada",
};

export default function EditRulePage() {
  const { organization, rule, defaults, history, tree } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const current = new URLSearchParams(useLocation().search);
  const deleteReply = replyFor(result, "delete");
  const saveReply = deleteReply ? undefined : result;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={appHref("/admin/rules", current)} size="sm">
        ← Recepción Automática de Comprobantes
      </Anchor>
      <div>
        <Title order={1}>Regla «{rule.name}»</Title>
        <Text c="dimmed" size="sm">
          {organization.name} · versión {rule.version} · {rule.enabled ? "habilitada" : "deshabilitada"}
        </Text>
      </div>
      <RuleForm
        id={`rule-form-${rule.id}`}
        defaults={defaults}
        tree={tree}
        lastResult={saveReply}
        submitLabel="Guardar cambios"
      />
      <Paper withBorder p="md" component="section" aria-labelledby="rule-history">
        <Title order={2} size="h4" id="rule-history" mb="xs">
          Historial
        </Title>
        {/* The user's e-mail is long: on a phone the history scrolls in its own box. */}
        <TableScrollRegion label="Historial de la regla" minWidth={480}>
          <Table verticalSpacing={4} aria-labelledby="rule-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Cambio</Table.Th>
                <Table.Th>Versión</Table.Th>
                <Table.Th>Usuario</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.map((item, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{item.at}</Table.Td>
                  <Table.Td>{CHANGE_LABELS[item.change] ?? item.change}</Table.Td>
                  <Table.Td>{item.version}</Table.Td>
                  <Table.Td>{item.by}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="rule-delete">
        <Title order={2} size="h4" id="rule-delete" mb="xs">
          Eliminar
        </Title>
        <FormError message={deleteReply?.error?.[""]?.[0]} />
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <Group justify="space-between" align="center">
            <Text size="sm">
              La regla deja de aplicarse a los comprobantes nuevos. Los asientos ya hechos con ella no cambian.
            </Text>
            <ConfirmButton
              label="Eliminar regla"
              title={`¿Eliminar la regla «${rule.name}»?`}
              consequence="La regla deja de aplicarse a los comprobantes nuevos; los asientos ya hechos con ella no cambian. No se puede deshacer."
              asked={askedConfirmation(deleteReply)}
              variant="light"
              color="red"
              testId="delete-rule"
            />
          </Group>
        </Form>
      </Paper>
    </Stack>
  );
}
