import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormError } from "~/components/FormError";
import { DateField } from "~/components/forms/DateField";
import { formErrorOf, inputProps, useSchemaForm } from "~/components/forms/conform";
import { rateEntrySchema } from "~/domain/exchange-rates/form";

/** A super admin enters or corrects a day's rate; the reason is kept with the change. Works without JavaScript. */
export function RateEntryForm({ today, lastResult }: { today: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm(rateEntrySchema, {
    id: "rate-entry-form",
    lastResult,
    defaultValue: { date: today, currency: "USD" },
  });
  return (
    <Paper withBorder p="md">
      <Form method="post" {...getFormProps(form)}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Ingresar o corregir un tipo de cambio
          </Title>
          <Text size="sm" c="dimmed">
            Un tipo ingresado a mano reemplaza al publicado para ese día y la consulta automática no lo cambia. Del
            euro, Hacienda publica un solo tipo: escríbalo como compra y como venta.
          </Text>
          <FormError message={formErrorOf(form)} />
          {Object.keys(form.allErrors).length > 0 && !formErrorOf(form) && (
            <Alert color="red" role="alert">
              Revise los datos marcados.
            </Alert>
          )}
          <Group align="flex-start" gap="sm" wrap="wrap">
            <NativeSelect
              label="Moneda"
              name={fields.currency.name}
              defaultValue={(fields.currency.initialValue as string | undefined) ?? "USD"}
              error={fields.currency.errors?.[0]}
              data={[
                { value: "USD", label: "Dólar (US$)" },
                { value: "EUR", label: "Euro (€)" },
              ]}
              w={150}
              key={fields.currency.key}
            />
            <DateField
              name={fields.date.name}
              label="Fecha"
              defaultValue={(fields.date.initialValue as string | undefined) ?? today}
              error={fields.date.errors?.[0]}
              required
              w={170}
            />
            <TextInput
              label="Compra (₡)"
              inputMode="decimal"
              w={170}
              {...inputProps(fields.buy)}
              key={fields.buy.key}
            />
            <TextInput
              label="Venta (₡)"
              inputMode="decimal"
              w={170}
              {...inputProps(fields.sell)}
              key={fields.sell.key}
            />
          </Group>
          <TextInput label="Motivo" {...inputProps(fields.reason)} key={fields.reason.key} />
          <Group>
            <Button type="submit">Guardar tipo de cambio</Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
