import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, useLocation } from "@remix-run/react";
import { DateField } from "~/components/forms/DateField";
import { keptParamFields } from "~/utils/links";
import type { TemplatePanelData } from "~/domain/templates/panel";

/**
 * «Usar plantilla» above the new-entry form: choose a template, type its base and amounts, and the
 * form below comes back filled. Plain GET forms, so it works without JavaScript and writes nothing.
 */
export function UseTemplatePanel({ panel }: { panel: TemplatePanelData }) {
  const current = new URLSearchParams(useLocation().search);
  const kept = keptParamFields(current).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
  const { chosen, choices } = panel;
  if (choices.length === 0 && !chosen) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="use-template-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="use-template-title">
          Usar plantilla
        </Title>
        <Form method="get" aria-label="Elegir plantilla">
          {kept}
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              name="template"
              label="Plantilla"
              defaultValue={chosen?.id ?? ""}
              data={[
                { value: "", label: "Elija una plantilla" },
                ...choices.map((c) => ({ value: c.id, label: c.name })),
              ]}
              miw={260}
            />
            <Button type="submit" variant="default">
              Elegir plantilla
            </Button>
          </Group>
        </Form>

        {chosen && (
          <Form method="get" aria-label={`Datos de la plantilla ${chosen.name}`}>
            {kept}
            <input type="hidden" name="template" value={chosen.id} />
            <input type="hidden" name="apply" value="1" />
            <Stack gap="sm">
              {chosen.errors[""] && (
                <Alert color="red" role="alert">
                  {chosen.errors[""]}
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
                <DateField
                  name="date"
                  label="Día del asiento"
                  defaultValue={chosen.values.date}
                  error={chosen.errors.date}
                  required
                />
                {chosen.usesBase && (
                  <TextInput
                    name="base"
                    label="Base"
                    description="El monto sobre el que se calculan los porcentajes."
                    defaultValue={chosen.values.base}
                    error={chosen.errors.base}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="0,00"
                    maxLength={24}
                    required
                  />
                )}
                {chosen.typedLines.map((line) => (
                  <TextInput
                    key={line.index}
                    name={`typed[${line.index}]`}
                    label={`Monto de la ${line.label.charAt(0).toLowerCase()}${line.label.slice(1)}`}
                    defaultValue={chosen.values.typed[String(line.index)] ?? ""}
                    error={chosen.errors[`typed[${line.index}]`]}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="0,00"
                    maxLength={24}
                  />
                ))}
              </SimpleGrid>
              <Group>
                <Button type="submit">Llenar el asiento</Button>
              </Group>
              {chosen.applied && (
                <Alert color="green" role="status">
                  Se llenó el asiento con la plantilla «{chosen.name}». Revise las líneas y guárdelo.
                </Alert>
              )}
              {chosen.notice && (
                <Alert color="yellow" role="status">
                  <Text size="sm">{chosen.notice}</Text>
                </Alert>
              )}
            </Stack>
          </Form>
        )}
      </Stack>
    </Paper>
  );
}
