import type { SubmissionResult } from "@conform-to/react";
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { FormError } from "~/components/FormError";
import { appHref } from "~/utils/links";
import { indexCatalog } from "~/domain/catalog";
import { describeActionDetails, describeConditions } from "~/domain/rules/describe";
import { SCOPE_LABELS } from "~/domain/rules/form";
import { countLabel } from "~/domain/text";
import { loadCatalog } from "~/services/catalog/catalog.server";
import { loadRules, moveRule, setRuleEnabled } from "~/services/rules/rules.server";
import { parseSubmission, readForm, replyWithErrors } from "~/utils/form.server";
import { valueOrRefusal } from "~/utils/http.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { TableScrollRegion } from "~/components/TableScrollRegion";

export const meta: MetaFunction = () => [{ title: "Recepción Automática de Comprobantes · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const [rules, { tree }] = await Promise.all([loadRules(organization.id), loadCatalog(organization.id)]);
  const index = indexCatalog(tree);
  const accountLabel = (code: string | undefined) =>
    code ? `${code} ${index.get(code)?.label ?? "(no está en el catálogo)"}` : null;
  return json({
    organization: { cedula: organization.cedula, name: organization.name },
    rules: rules.map((rule) => ({
      id: rule.id,
      name: rule.name,
      enabled: rule.enabled,
      version: rule.version,
      conditions: describeConditions(rule),
      scope: SCOPE_LABELS[rule.action.scope],
      account: accountLabel(rule.action.account),
      otherLinesAccount: rule.action.scope === "lines" ? accountLabel(rule.action.otherLinesAccount) : null,
      payableAccount: accountLabel(rule.action.payableAccount),
      details: describeActionDetails(rule.action),
    })),
  });
}

const listSchema = z.object({
  intent: z.enum(["up", "down", "enable", "disable"], {
    errorMap: () => ({ message: "La acción solicitada no existe." }),
  }),
  ruleId: z.string({ required_error: "Falta la regla." }).trim().min(1, "Falta la regla.").max(40),
});

const DONE: Record<z.infer<typeof listSchema>["intent"], string> = {
  up: "Regla movida hacia arriba.",
  down: "Regla movida hacia abajo.",
  enable: "Regla habilitada.",
  disable: "Regla deshabilitada.",
};

export async function action({ request }: ActionFunctionArgs) {
  const { user, organization } = await requireOrgContext(request, { admin: true });
  const submission = parseSubmission(await readForm(request), listSchema);
  if (submission.status !== "success") return replyWithErrors(submission);
  const { intent, ruleId } = submission.value;
  const actor = { userId: String(user._id) };
  valueOrRefusal(
    intent === "up" || intent === "down"
      ? await moveRule(organization.id, actor, ruleId, intent)
      : await setRuleEnabled(organization.id, actor, ruleId, intent === "enable"),
  );
  const here = new URL(request.url).searchParams;
  return redirectWithSuccess(appHref("/admin/rules", here, { org: organization.cedula }), DONE[intent]);
}

type RuleRow = ReturnType<typeof useLoaderData<typeof loader>>["rules"][number];

function RuleActions({ rule, first, last }: { rule: RuleRow; first: boolean; last: boolean }) {
  const button = (intent: string, label: string, accessible: string, disabled = false) => (
    <Form method="post" style={{ display: "inline" }}>
      <input type="hidden" name="ruleId" value={rule.id} />
      <Button
        type="submit"
        name="intent"
        value={intent}
        variant="default"
        size="compact-sm"
        disabled={disabled}
        aria-label={`${accessible}: ${rule.name}`}
      >
        {label}
      </Button>
    </Form>
  );
  return (
    <Group gap={4} wrap="nowrap">
      {button("up", "↑", "Subir", first)}
      {button("down", "↓", "Bajar", last)}
      {rule.enabled ? button("disable", "Deshabilitar", "Deshabilitar") : button("enable", "Habilitar", "Habilitar")}
    </Group>
  );
}

export default function RulesPage() {
  const { organization, rules } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const current = new URLSearchParams(useLocation().search);
  current.set("org", organization.cedula);
  const enabled = rules.filter((rule) => rule.enabled).length;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Recepción Automática de Comprobantes</Title>
          <Text c="dimmed" size="sm">
            {organization.name} · {countLabel(rules.length, "regla", "reglas")}
            {rules.length > 0 ? ` (${countLabel(enabled, "habilitada", "habilitadas")})` : ""}
          </Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to={appHref("/admin/rules/simulate", current)} variant="default">
            Simular
          </Button>
          <Button component={Link} to={appHref("/admin/rules/new", current)}>
            Nueva regla
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            Las cuentas por cobrar, por pagar, de ventas y de IVA con que se contabilizan los comprobantes.
          </Text>
          <Button component={Link} to={appHref("/admin/rules/default-accounts", current)} variant="light">
            Cuentas contables por defecto
          </Button>
        </Group>
      </Paper>

      <Text size="sm" c="dimmed">
        Cada comprobante recibido se contabiliza con la primera regla habilitada que cumple, en el orden de la lista. Si
        ninguna cumple, el gasto va a «Compras recibidas por clasificar».
      </Text>

      <FormError message={result?.error?.[""]?.[0] ?? result?.error?.ruleId?.[0] ?? result?.error?.intent?.[0]} />

      {rules.length === 0 ? (
        <Alert color="blue" title="Este cliente aún no tiene reglas">
          Cree una regla para que los comprobantes de un proveedor se contabilicen solos en la cuenta correcta.
        </Alert>
      ) : (
        <TableScrollRegion label="Reglas de recepción" minWidth={860}>
          <Table verticalSpacing="sm" aria-label="Reglas de recepción" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>#</Table.Th>
                <Table.Th>Regla</Table.Th>
                <Table.Th>Condiciones</Table.Th>
                <Table.Th>Cuenta</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Acciones</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.map((rule, index) => (
                <Table.Tr key={rule.id} data-rule={rule.name} c={rule.enabled ? undefined : "dimmed"}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={appHref(`/admin/rules/${rule.id}`, current)} fw={500}>
                      {rule.name}
                    </Anchor>
                    <Group gap={4} mt={4}>
                      {rule.enabled ? (
                        <Badge color="green" variant="light" c="dark.7">
                          Habilitada
                        </Badge>
                      ) : (
                        <Badge color="gray" variant="light" c="dark.7">
                          Deshabilitada
                        </Badge>
                      )}
                      <Text size="xs" c="dimmed">
                        versión {rule.version}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{rule.conditions}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{rule.account}</Text>
                    <Text size="xs" c="dimmed">
                      {rule.scope}
                      {rule.otherLinesAccount ? `; demás líneas: ${rule.otherLinesAccount}` : ""}
                      {rule.payableAccount ? `; por pagar: ${rule.payableAccount}` : ""}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {rule.details.join(" · ")}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <RuleActions rule={rule} first={index === 0} last={index === rules.length - 1} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>
      )}
    </Stack>
  );
}
