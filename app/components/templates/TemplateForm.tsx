import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { useSchemaForm } from "~/components/forms/conform";
import type { CatalogNode } from "~/domain/catalog";
import { templateFormSchema, type TemplateFormDefaults } from "~/domain/templates/form";
import { TableScrollRegion } from "~/components/TableScrollRegion";
import { TemplateRow, type RowField } from "./TemplateRow";

/**
 * A template's name, description pattern and lines. Works without JavaScript: spare empty rows, and
 * «Agregar línea» / «Quitar» are conform list intents rendered as submit buttons the server answers
 * with the form again.
 */
export function TemplateForm({
  id,
  defaults,
  tree,
  lastResult,
  submitLabel,
}: {
  id: string;
  defaults: TemplateFormDefaults;
  tree: CatalogNode[];
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(templateFormSchema, {
    id,
    lastResult,
    defaultValue: defaults as unknown as Record<string, unknown>,
  });
  const lines = fields.lines.getFieldList();
  const listErrors = [...(form.errors ?? []), ...(fields.lines.errors ?? [])];
  const hasErrors = Object.values(form.allErrors).some((messages) => messages.length > 0);

  return (
    <Form method="post" {...getFormProps(form)} aria-label="Plantilla">
      {/* Enter in a field saves, as the first button of the form would otherwise remove a line. */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} />
      <Stack gap="md">
        {hasErrors && (
          <Alert color="red" role="alert">
            Revise los datos marcados.
          </Alert>
        )}
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              {...getInputProps(fields.name, { type: "text", ariaAttributes: false })}
              key={fields.name.key}
              error={fields.name.errors?.[0]}
              label="Nombre"
              maxLength={80}
            />
            <TextInput
              {...getInputProps(fields.description, { type: "text", ariaAttributes: false })}
              key={fields.description.key}
              error={fields.description.errors?.[0]}
              label="Descripción del asiento"
              description="Puede usar {mes}, {año} y {fecha}: se llenan con la fecha del asiento."
              maxLength={300}
            />
          </SimpleGrid>
        </Paper>

        <TableScrollRegion label="Líneas de la plantilla" minWidth={980}>
          <Table verticalSpacing="xs" aria-label="Líneas de la plantilla">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>Línea</Table.Th>
                <Table.Th>Cuenta</Table.Th>
                <Table.Th>Descripción</Table.Th>
                <Table.Th w={120}>Lado</Table.Th>
                <Table.Th w={190}>Tipo de monto</Table.Th>
                <Table.Th w={140}>Monto fijo</Table.Th>
                <Table.Th w={120}>Porcentaje</Table.Th>
                <Table.Th w={90}>
                  <VisuallyHidden>Acciones</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line, index) => (
                <TemplateRow
                  key={line.key}
                  line={line as unknown as RowField}
                  number={index + 1}
                  tree={tree}
                  removeButton={form.remove.getButtonProps({ name: fields.lines.name, index })}
                />
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>

        <Group>
          <Button type="submit" variant="default" {...form.insert.getButtonProps({ name: fields.lines.name })}>
            Agregar línea
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Monto fijo: el monto de la línea siempre es el mismo. Porcentaje de la base: al usar la plantilla se escribe
          la base y la línea lleva ese porcentaje (hasta 4 decimales); los céntimos de cada lado se reparten para que el
          lado sume su total exacto redondeado. A digitar: el monto se escribe al usar la plantilla. El resto: la
          diferencia que hace que los débitos igualen a los créditos (una sola línea), por ejemplo la depreciación de
          ₡100 000,00 en monto fijo al débito y el resto al crédito.
        </Text>

        {listErrors.length > 0 && (
          <Alert color="red" role="alert" title="La plantilla no se guardó">
            <Stack gap={4}>
              {listErrors.map((message) => (
                <Text key={message} size="sm">
                  {message}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}

        <Group justify="flex-end">
          <Button type="submit" name="intent" value="save" loading={navigation.state === "submitting"}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
