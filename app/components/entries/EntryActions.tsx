import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { FormError } from "~/components/FormError";
import { ConfirmButton } from "~/components/forms/ConfirmButton";
import { DateField, dateFieldText } from "~/components/forms/DateField";
import { formErrorOf, useSchemaForm } from "~/components/forms/conform";
import { ENTRY_VIEW_INTENTS } from "~/domain/entries/forms";

/**
 * The admin's irreversible actions on an entry: reverse a posted entry (on a date) or delete a draft.
 * Each asks for confirmation: a modal with JavaScript, a confirm step sent back by the server without it.
 */
export function ReverseEntryForm({
  number,
  defaultDate,
  result,
  asked,
}: {
  number: string;
  defaultDate: string;
  result?: SubmissionResult<string[]>;
  asked: boolean;
}) {
  const [form, fields] = useSchemaForm(ENTRY_VIEW_INTENTS.reverse, {
    id: "reverse-entry",
    lastResult: result,
    defaultValue: { date: defaultDate },
  });
  const postedDate = typeof result?.initialValue?.date === "string" ? result.initialValue.date : null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="reverse-title">
      <Title order={2} size="h4" id="reverse-title" mb="xs">
        Revertir asiento
      </Title>
      <Form method="post" {...getFormProps(form)} aria-labelledby="reverse-title">
        <input type="hidden" name="intent" value="reverse" />
        <Stack gap="sm">
          <Text size="sm">
            La reversión es un asiento nuevo, contabilizado, con las mismas cuentas y los débitos y créditos invertidos;
            el asiento {number} queda como revertido y no se puede editar.
          </Text>
          <FormError message={formErrorOf(form)} />
          <Group align="flex-end" gap="sm">
            <DateField
              name={fields.date.name}
              label="Fecha de la reversión"
              defaultValue={postedDate ?? defaultDate}
              error={fields.date.errors?.[0]}
              required
              w={200}
            />
            {!asked && (
              <ConfirmButton
                label="Revertir"
                color="red"
                variant="light"
                title={`¿Revertir el asiento ${number}?`}
                consequence={`Se contabilizará un asiento de reversión con la fecha indicada y el asiento ${number} quedará revertido. No se puede deshacer.`}
                testId="reverse-button"
              />
            )}
          </Group>
          {asked && (
            <ConfirmButton
              label="Revertir"
              asked
              title={`¿Revertir el asiento ${number}?`}
              consequence={`Se contabilizará un asiento de reversión con fecha ${dateFieldText(postedDate ?? defaultDate)} y el asiento ${number} quedará revertido. No se puede deshacer.`}
              testId="reverse-button"
            />
          )}
        </Stack>
      </Form>
    </Paper>
  );
}

export function DeleteDraftForm({ result, asked }: { result?: SubmissionResult<string[]>; asked: boolean }) {
  const [form] = useSchemaForm(ENTRY_VIEW_INTENTS["delete-draft"], { id: "delete-draft", lastResult: result });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="delete-title">
      <Title order={2} size="h4" id="delete-title" mb="xs">
        Eliminar borrador
      </Title>
      <Form method="post" {...getFormProps(form)} aria-labelledby="delete-title">
        <input type="hidden" name="intent" value="delete-draft" />
        <Stack gap="sm">
          <FormError message={formErrorOf(form)} />
          <Text size="sm">El borrador no afecta los saldos. Eliminarlo lo borra por completo.</Text>
          <Group>
            <ConfirmButton
              label="Eliminar borrador"
              color="red"
              variant="light"
              asked={asked}
              title="¿Eliminar este borrador?"
              consequence="El borrador se eliminará por completo, con sus líneas. No se puede deshacer."
              testId="delete-draft-button"
            />
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
