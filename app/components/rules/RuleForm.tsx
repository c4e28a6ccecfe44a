import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { Form } from "@remix-run/react";
import { AccountPicker } from "~/components/AccountPicker";
import { FormError } from "~/components/FormError";
import { useSchemaForm } from "~/components/forms/conform";
import type { CatalogNode } from "~/domain/catalog";
import { CONDICION_IMPUESTO_LABELS } from "~/domain/hacienda/mensaje-receptor";
import { CONDITION_FIELDS, CONDITION_FIELD_KEYS, OPERATOR_KEYS, OPERATOR_LABELS } from "~/domain/rules/fields";
import { IVA_TREATMENT_LABELS, RULE_NAME_MAX, SCOPE_LABELS, ruleFormSchema } from "~/domain/rules/form";
import { TableScrollRegion } from "~/components/TableScrollRegion";

type AnyField = FieldMetadata<unknown, Record<string, unknown>, string[]>;
type RowField = FieldMetadata<{ field?: string; operator?: string; value?: string }, Record<string, unknown>, string[]>;

export interface RuleFormProps {
  id: string;
  defaults: Record<string, unknown>;
  tree: CatalogNode[];
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
}

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

const FIELD_OPTIONS = [
  { value: "", label: "Campo…" },
  ...CONDITION_FIELD_KEYS.map((key) => ({ value: key, label: CONDITION_FIELDS[key].label })),
];
const OPERATOR_OPTIONS = [
  { value: "", label: "Comparación…" },
  ...OPERATOR_KEYS.map((key) => ({ value: key, label: OPERATOR_LABELS[key] })),
];
const ANSWER_OPTIONS = [
  { value: "", label: "No responder automáticamente" },
  ...Object.entries(CONDICION_IMPUESTO_LABELS).map(([code, label]) => ({
    value: code,
    label: `Aceptar (05) con condición ${code}: ${label}`,
  })),
];

/**
 * The rule form of /admin/rules/new and /admin/rules/:ruleID. Works without JavaScript: native selects,
 * spare condition rows, and «Agregar condición» / «Quitar» as submit buttons the server answers with
 * the form again; with JavaScript the same buttons act at once.
 */
export function RuleForm({ id, defaults, tree, lastResult, submitLabel }: RuleFormProps) {
  const [form, fields] = useSchemaForm(ruleFormSchema, { id, lastResult, defaultValue: defaults });
  const rows = fields.conditions.getFieldList() as unknown as RowField[];
  const hasErrors = Object.values(form.allErrors).some((messages) => messages.length > 0);
  const select = (field: AnyField, label: string, data: Array<{ value: string; label: string }>, extra = {}) => (
    <NativeSelect
      {...getSelectProps(field as never, { ariaAttributes: false })}
      key={field.key}
      label={label}
      error={field.errors?.[0]}
      data={data}
      {...extra}
    />
  );
  const account = (field: AnyField, label: string, description?: string, required = false) => (
    <AccountPicker
      key={field.key}
      catalog={tree}
      name={field.name}
      defaultValue={(field.initialValue as string | undefined) || null}
      label={label}
      description={description}
      error={field.errors?.[0]}
      required={required}
    />
  );

  return (
    <Form method="post" {...getFormProps(form)} aria-label="Regla de recepción">
      {/* Enter in a field saves: otherwise the first submit button of the form (a «Quitar») would run. */}
      <button type="submit" hidden tabIndex={-1} />
      <Stack gap="md">
        {hasErrors && (
          <Alert color="red" role="alert">
            Revise los datos marcados.
          </Alert>
        )}
        <FormError message={form.errors?.[0]} />

        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              {...getInputProps(fields.name as never, { type: "text", ariaAttributes: false })}
              key={fields.name.key}
              label="Nombre de la regla"
              error={fields.name.errors?.[0]}
              maxLength={RULE_NAME_MAX}
              placeholder="Compras a Distribuidora La Sabana"
            />
            {select(fields.mode as AnyField, "Se aplica cuando se cumplen", [
              { value: "all", label: "Todas las condiciones" },
              { value: "any", label: "Alguna de las condiciones" },
            ])}
          </SimpleGrid>
        </Paper>

        <Paper withBorder p="md" component="section" aria-labelledby={`${id}-conditions`}>
          <Title order={2} size="h4" id={`${id}-conditions`} mb="xs">
            Condiciones
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Se leen del XML del comprobante. Las de CABYS, impuesto, tarifa y detalle se cumplen si alguna línea las
            cumple. Las filas vacías no cuentan.
          </Text>
          <TableScrollRegion label="Condiciones de la regla" minWidth={640}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Campo</Table.Th>
                  <Table.Th>Comparación</Table.Th>
                  <Table.Th>Valor</Table.Th>
                  <Table.Th aria-label="Acciones" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => {
                  const { field, operator, value } = row.getFieldset();
                  const number = index + 1;
                  const chosen = CONDITION_FIELDS[(field.value as keyof typeof CONDITION_FIELDS) ?? ""];
                  return (
                    <Table.Tr key={row.key} data-condition={number}>
                      <Table.Td style={{ verticalAlign: "top" }}>
                        <NativeSelect
                          {...getSelectProps(field as never, { ariaAttributes: false })}
                          key={field.key}
                          aria-label={`Condición ${number}: campo`}
                          error={field.errors?.[0]}
                          data={FIELD_OPTIONS}
                        />
                      </Table.Td>
                      <Table.Td style={{ verticalAlign: "top" }}>
                        <NativeSelect
                          {...getSelectProps(operator as never, { ariaAttributes: false })}
                          key={operator.key}
                          aria-label={`Condición ${number}: comparación`}
                          error={operator.errors?.[0]}
                          data={OPERATOR_OPTIONS}
                        />
                      </Table.Td>
                      <Table.Td style={{ verticalAlign: "top" }}>
                        <TextInput
                          {...getInputProps(value as never, { type: "text", ariaAttributes: false })}
                          key={value.key}
                          aria-label={`Condición ${number}: valor`}
                          error={value.errors?.[0]}
                          placeholder={chosen?.placeholder}
                          maxLength={200}
                          autoComplete="off"
                        />
                      </Table.Td>
                      <Table.Td style={{ verticalAlign: "top" }}>
                        <Button
                          type="submit"
                          variant="subtle"
                          color="red"
                          size="compact-sm"
                          mt={6}
                          {...form.remove.getButtonProps({ name: fields.conditions.name, index })}
                          aria-label={`Quitar la condición ${number}`}
                        >
                          Quitar
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
          <FormError message={fields.conditions.errors?.[0]} />
          <Button
            type="submit"
            variant="default"
            mt="sm"
            {...form.insert.getButtonProps({ name: fields.conditions.name })}
          >
            Agregar condición
          </Button>
        </Paper>

        <Paper withBorder p="md" component="section" aria-labelledby={`${id}-action`}>
          <Title order={2} size="h4" id={`${id}-action`} mb="xs">
            Cómo se contabiliza
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            {select(fields.scope as AnyField, "Cuenta aplicada a", options(SCOPE_LABELS))}
            {account(fields.account as AnyField, "Cuenta contable", "Gasto, costo, inventario o activo.", true)}
            {account(
              fields.otherLinesAccount as AnyField,
              "Cuenta para las demás líneas",
              "Solo cuando la cuenta se aplica a las líneas que cumplen.",
            )}
            {select(fields.ivaTreatment as AnyField, "Tratamiento del IVA", options(IVA_TREATMENT_LABELS))}
            {account(
              fields.payableAccount as AnyField,
              "Cuenta por pagar (opcional)",
              "Vacía: la cuenta por pagar por defecto del cliente.",
            )}
            {select(fields.post as AnyField, "El asiento", [
              { value: "post", label: "Se contabiliza" },
              { value: "draft", label: "Queda en borrador" },
            ])}
            {select(fields.autoAnswer as AnyField, "Respuesta al emisor (mensaje receptor)", ANSWER_OPTIONS)}
          </SimpleGrid>
        </Paper>

        <Group>
          <Button type="submit">{submitLabel}</Button>
        </Group>
      </Stack>
    </Form>
  );
}
