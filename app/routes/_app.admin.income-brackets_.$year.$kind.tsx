import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError } from "~/components/FormError";
import { UnconfirmedBadge } from "~/components/income-tax/BracketTableCard";
import { formErrorOf, inputProps, textareaProps, useSchemaForm } from "~/components/forms/conform";
import {
  BRACKET_KIND_LABELS,
  MAX_YEAR,
  MIN_YEAR,
  BRACKET_FORM_MAX_ROWS,
  bracketTableSchema,
  canEditBrackets,
  formValuesOf,
  hasCredits,
  hasThreshold,
  isBracketKind,
  periodOf,
  problemInForm,
  tableFromForm,
} from "~/domain/income-tax";
import { BRACKET_MESSAGES, findBracketTable, saveBracketTable } from "~/services/income-tax/brackets.server";
import { membershipOf } from "~/utils/account.server";
import { requireAdmin } from "~/utils/auth.server";
import { readSubmission, replyWithErrors } from "~/utils/form.server";
import { forbidden, notFound, refusalStatus } from "~/utils/http.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Editar tramos del Impuesto de Renta · Contabilidad CR" }];

function tableParams(params: { year?: string; kind?: string }) {
  const year = Number(params.year);
  if (!/^\d{4}$/.test(params.year ?? "") || year < MIN_YEAR || year > MAX_YEAR || !isBracketKind(params.kind))
    throw notFound("No existe esa tabla de tramos.");
  return { year, kind: params.kind };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request);
  if (!canEditBrackets(membershipOf(user))) throw forbidden(BRACKET_MESSAGES.forbidden);
  const { year, kind } = tableParams(params);
  const table = await findBracketTable(year, kind);
  return json({
    year,
    kind,
    kindLabel: BRACKET_KIND_LABELS[kind],
    period: periodOf(kind),
    withThreshold: hasThreshold(kind),
    withCredits: hasCredits(kind),
    revision: table?.revision ?? null,
    unconfirmed: table?.unconfirmed ?? false,
    values: formValuesOf(table, year, kind),
    history: (table?.history ?? []).slice(-10).reverse(),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireAdmin(request);
  const { year, kind } = tableParams(params);
  const submission = await readSubmission(request, bracketTableSchema, { maxRows: BRACKET_FORM_MAX_ROWS });
  if (!canEditBrackets(membershipOf(user)))
    return replyWithErrors(submission, { message: BRACKET_MESSAGES.forbidden }, 403);
  if (submission.status !== "success") return replyWithErrors(submission);
  if (submission.value.year !== year || submission.value.kind !== kind)
    return replyWithErrors(submission, { message: "El formulario no corresponde a esta tabla." });
  const { table, problems, rowOf } = tableFromForm(submission.value);
  if (problems.length > 0) return replyWithErrors(submission, problems);
  const outcome = await saveBracketTable(
    { ...membershipOf(user), email: user.email },
    table,
    submission.value.revision ?? null,
  );
  if (!outcome.ok)
    return replyWithErrors(
      submission,
      outcome.refusals.map((problem) => problemInForm(problem, rowOf)),
      refusalStatus(outcome.refusals),
    );
  return redirectWithSuccess(
    `/admin/income-brackets?year=${year}`,
    `Tabla «${BRACKET_KIND_LABELS[kind]}» ${year} guardada.`,
  );
}

const ACTIONS: Record<string, string> = { seed: "Cargada", create: "Creada", update: "Modificada", copy: "Copiada" };

export default function EditBracketTablePage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const [form, fields] = useSchemaForm(bracketTableSchema, {
    id: "bracket-table-form",
    lastResult: result,
    defaultValue: data.values,
  });
  const rows = fields.brackets.getFieldList();
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/admin/income-brackets?year=${data.year}`} size="sm">
        ← Tramos del Impuesto de Renta
      </Anchor>
      <Group gap="xs">
        <Title order={1}>
          {data.kindLabel} · {data.year}
        </Title>
        {data.unconfirmed && <UnconfirmedBadge />}
      </Group>
      <Text size="sm" c="dimmed">
        {data.revision === null ? "Tabla nueva. " : ""}Montos {data.period === "mensual" ? "mensuales" : "anuales"} en
        colones. Cada tramo empieza donde termina el anterior; el último no lleva límite. Para quitar un tramo deje sus
        tres campos vacíos.
      </Text>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="year" value={data.year} />
        <input type="hidden" name="kind" value={data.kind} />
        {data.revision !== null && <input type="hidden" name="revision" value={data.revision} />}
        <Stack gap="md">
          <FormError message={formErrorOf(form)} />
          {Object.keys(form.allErrors).length > 0 && !formErrorOf(form) && (
            <Alert color="red" role="alert">
              Revise los datos marcados.
            </Alert>
          )}
          <TextInput label="Decreto" {...inputProps(fields.decree)} key={fields.decree.key} />
          {data.withThreshold && (
            <TextInput
              label="Umbral de renta bruta (₡)"
              description="La tabla se aplica a las personas jurídicas cuya renta bruta no supera este monto."
              inputMode="decimal"
              {...inputProps(fields.grossIncomeThreshold)}
              key={fields.grossIncomeThreshold.key}
            />
          )}
          <Paper withBorder p="sm">
            <Table>
              <Table.Caption>Tramos</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Tramo</Table.Th>
                  <Table.Th>Desde (₡)</Table.Th>
                  <Table.Th>Hasta (₡, vacío en el último)</Table.Th>
                  <Table.Th>Tarifa (%)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => {
                  const cells = row.getFieldset();
                  return (
                    <Table.Tr key={row.key}>
                      <Table.Td>{index + 1}</Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Tramo ${index + 1}, desde`}
                          inputMode="decimal"
                          {...inputProps(cells.from)}
                          key={cells.from.key}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Tramo ${index + 1}, hasta`}
                          inputMode="decimal"
                          {...inputProps(cells.to)}
                          key={cells.to.key}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Tramo ${index + 1}, tarifa`}
                          inputMode="decimal"
                          {...inputProps(cells.rate)}
                          key={cells.rate.key}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Paper>
          {data.withCredits && (
            <Group grow>
              <TextInput
                label="Crédito por hijo (₡)"
                inputMode="decimal"
                {...inputProps(fields.childCredit)}
                key={fields.childCredit.key}
              />
              <TextInput
                label="Crédito por cónyuge (₡)"
                inputMode="decimal"
                {...inputProps(fields.spouseCredit)}
                key={fields.spouseCredit.key}
              />
            </Group>
          )}
          <Textarea label="Fuente" autosize minRows={2} {...textareaProps(fields.source)} key={fields.source.key} />
          <Checkbox
            label="Cifras sin confirmar"
            name={fields.unconfirmed.name}
            defaultChecked={fields.unconfirmed.initialValue === "on"}
            key={fields.unconfirmed.key}
          />
          <Group>
            <Button type="submit">Guardar tabla</Button>
          </Group>
        </Stack>
      </Form>
      {data.history.length > 0 && (
        <Stack gap={2} component="section" aria-label="Historial de cambios">
          <Title order={2} size="h4">
            Historial de cambios
          </Title>
          {data.history.map((change, index) => (
            <Text size="xs" c="dimmed" key={index}>
              {ACTIONS[change.action] ?? change.action} por {change.by} el{" "}
              {new Date(change.at).toLocaleString("es-CR", { timeZone: "America/Costa_Rica" })}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
