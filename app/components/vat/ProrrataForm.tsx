import { Button, Group, Paper, TextInput } from "@mantine/core";
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { z } from "zod";
import { FormError } from "~/components/FormError";
import { formErrorOf, inputProps, replyFor, useSchemaForm } from "~/components/forms/conform";
import { prorrataSchema } from "~/domain/iva/prorrata";

export const PRORRATA_FORM = prorrataSchema.extend({ intent: z.literal("prorrata") });

export function ProrrataForm({
  prorrata,
  actionPath,
  lastResult,
}: {
  prorrata: { year: number; value: string; stored: boolean };
  actionPath: string;
  lastResult: unknown;
}) {
  const [form, fields] = useSchemaForm(PRORRATA_FORM, {
    id: "prorrata",
    lastResult: replyFor(lastResult, "prorrata"),
    defaultValue: { prorrata: prorrata.value, year: String(prorrata.year), intent: "prorrata" },
  });
  return (
    <Paper withBorder p="md">
      <Form method="post" action={actionPath} {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="prorrata" />
        <input type="hidden" name="year" value={prorrata.year} />
        <Group align="flex-end" wrap="wrap">
          <TextInput
            {...inputProps(fields.prorrata)}
            label={`Prorrata provisional de ${prorrata.year} (%)`}
            description={
              prorrata.stored
                ? "Se aplica al IVA de las compras con condición 05 (proporcionalidad)."
                : "Sin definir: se usa 100 %. Calcúlela con las operaciones del año anterior (art. 34 RLIVA)."
            }
            w={320}
          />
          <Button type="submit" variant="default">
            Guardar prorrata
          </Button>
        </Group>
        <FormError message={formErrorOf(form)} />
      </Form>
    </Paper>
  );
}
