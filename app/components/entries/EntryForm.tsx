import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormError } from "~/components/FormError";
import { useSchemaForm } from "~/components/forms/conform";
import { DateField } from "~/components/forms/DateField";
import { appHref } from "~/utils/links";
import { UseTemplatePanel } from "~/components/templates/UseTemplatePanel";
import type { CatalogNode } from "~/domain/catalog";
import { entryFormSchema, type EntryFormDefaults } from "~/domain/entries/form";
import type { TemplatePanelData } from "~/domain/templates/panel";
import { EntryLinesTable, type LineField } from "./EntryFormLines";
import { EntryFormTotals } from "./EntryFormTotals";

export type EntryFormMode = "new" | "draft" | "posted";

export interface EntryFormData {
  mode: EntryFormMode;
  entry: { id: string; number: string | null } | null;
  defaults: EntryFormDefaults;
  tree: CatalogNode[];
  /** A new entry's one-time token, posted back so a second submit shows the first one's entry. */
  submissionToken?: string | null;
  /** «Usar plantilla» (new entries only). */
  templates?: TemplatePanelData;
}

const TITLES: Record<EntryFormMode, (number: string | null) => string> = {
  new: () => "Nuevo asiento",
  draft: () => "Editar borrador",
  posted: (number) => `Editar asiento ${number ?? ""}`.trim(),
};

/** The route component of /entries/detail/new and /entries/detail/:accountEntryID. */
export function EntryFormPage() {
  const data = useLoaderData() as unknown as EntryFormData;
  const result = useActionData() as SubmissionResult<string[]> | undefined;
  const { templates, ...form } = data;
  // A template that fills the form changes the key: the form starts over from the filled values.
  return (
    <EntryForm
      key={templates?.formKey ?? "entry"}
      {...form}
      lastResult={result}
      aside={templates ? <UseTemplatePanel panel={templates} /> : null}
    />
  );
}

/**
 * The entry form. Works without JavaScript: plain inputs (a native select of accounts, a dd/mm/aaaa
 * date), spare empty rows, and "Agregar línea" / "Quitar" as submit buttons that the server answers
 * with the form again; with JavaScript the same buttons act at once and the totals follow the typing.
 */
export function EntryForm({
  mode,
  entry,
  defaults,
  tree,
  submissionToken,
  lastResult,
  aside,
}: EntryFormData & { lastResult?: SubmissionResult<string[]>; aside?: ReactNode }) {
  const location = useLocation();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(entryFormSchema, {
    id: entry ? `entry-form-${entry.id}` : "entry-form-new",
    lastResult,
    defaultValue: defaults as unknown as Record<string, unknown>,
  });
  const current = new URLSearchParams(location.search);
  const busy = navigation.state === "submitting";
  const lines = fields.lines.getFieldList();
  const listErrors = [...(form.errors ?? []), ...(fields.lines.errors ?? [])];
  const hasErrors = Object.values(form.allErrors).some((messages) => messages.length > 0);
  const title = TITLES[mode](entry?.number ?? null);
  const backHref = entry ? appHref(`/entries/view/${entry.id}`, current) : appHref("/entries/list", current);

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={backHref} size="sm">
        {entry ? "← Volver al asiento" : "← Asientos Contables"}
      </Anchor>
      <Title order={1} id="entry-form-title">
        {title}
      </Title>
      {mode === "posted" && (
        <Alert color="blue" title="Asiento contabilizado">
          Los cambios se aplican a los saldos y quedan registrados en el historial del asiento (quién, cuándo y qué
          cambió).
        </Alert>
      )}
      {aside}

      <Form method="post" {...getFormProps(form)} aria-labelledby="entry-form-title">
        {/* Enter in a field saves, as the first button of the form would otherwise remove a line. */}
        <button type="submit" name="intent" value={mode === "posted" ? "post" : "draft"} hidden tabIndex={-1} />
        {submissionToken && <input type="hidden" name="submissionToken" value={submissionToken} />}
        <Stack gap="md">
          {hasErrors && (
            <Alert color="red" role="alert">
              Revise los datos marcados.
            </Alert>
          )}
          {/* A refusal of a whole field that has no input of its own (e.g. «Elija "Guardar borrador"…»). */}
          <FormError message={fields.intent.errors?.[0]} />

          <Paper withBorder p="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
              <DateField
                key={fields.date.key}
                name={fields.date.name}
                defaultValue={fields.date.initialValue as string | undefined}
                error={fields.date.errors?.[0]}
                label="Fecha"
                required
              />
              <TextInput
                {...getInputProps(fields.description, { type: "text", ariaAttributes: false })}
                key={fields.description.key}
                error={fields.description.errors?.[0]}
                label="Descripción"
                maxLength={300}
              />
              <TextInput
                {...getInputProps(fields.reference, { type: "text", ariaAttributes: false })}
                key={fields.reference.key}
                error={fields.reference.errors?.[0]}
                label="Referencia"
                description="Opcional: factura, recibo, transferencia…"
                maxLength={300}
              />
            </SimpleGrid>
          </Paper>

          <EntryLinesTable
            lines={lines as unknown as LineField[]}
            tree={tree}
            removeButton={(index) => form.remove.getButtonProps({ name: fields.lines.name, index })}
          />

          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Button type="submit" variant="default" {...form.insert.getButtonProps({ name: fields.lines.name })}>
              Agregar línea
            </Button>
            <EntryFormTotals lines={(form.value?.lines ?? []) as Array<Record<string, unknown> | undefined>} />
          </Group>

          {listErrors.length > 0 && (
            <Alert color="red" role="alert" title="El asiento no se guardó">
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
            {mode === "posted" ? (
              <Button type="submit" name="intent" value="post" loading={busy}>
                Guardar cambios
              </Button>
            ) : (
              <>
                <Button type="submit" name="intent" value="draft" variant="default" disabled={busy}>
                  Guardar borrador
                </Button>
                <Button type="submit" name="intent" value="post" loading={busy}>
                  Contabilizar
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
