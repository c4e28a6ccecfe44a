import { Anchor, Button, Fieldset, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { getFormProps } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AccountPicker } from "~/components/AccountPicker";
import { FormError } from "~/components/FormError";
import { formErrorOf, useSchemaForm } from "~/components/forms/conform";
import { KeptRadioGroup } from "~/components/forms/KeptChoiceGroup";
import { appHref } from "~/utils/links";
import { DEFAULT_ACCOUNT_FIELDS } from "~/domain/booking/default-account-fields";
import {
  DEFAULT_ACCOUNTS_FORM,
  IMPORT_BOOKING_LABELS,
  type DefaultAccountsFormValue,
} from "~/domain/booking/default-accounts-form";
import { getBookingSettings, saveDefaultAccounts } from "~/services/default-accounts/default-accounts.server";
import { loadCatalog } from "~/services/catalog/catalog.server";
import { parseSubmission, readForm, replyWithErrors } from "~/utils/form.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Cuentas contables por defecto · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const [{ tree }, settings] = await Promise.all([loadCatalog(organization.id), getBookingSettings(organization.id)]);
  return json({
    organization: { cedula: organization.cedula, name: organization.name },
    tree,
    values: settings.values,
    importBooking: settings.importBooking,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, organization } = await requireOrgContext(request, { admin: true });
  const form = await readForm(request);
  const submission = parseSubmission(form, DEFAULT_ACCOUNTS_FORM);
  if (submission.status !== "success") return replyWithErrors(submission);
  const { importBooking, ...values } = submission.value as DefaultAccountsFormValue;
  const result = await saveDefaultAccounts(organization.id, { values, importBooking }, String(user._id));
  if (!result.ok)
    return replyWithErrors(submission, [
      { message: "Revise las cuentas marcadas: no se guardó ningún cambio." },
      ...result.refusals,
    ]);
  const message = result.changed === 0 ? "No había cambios que guardar." : "Cuentas contables por defecto guardadas.";
  return redirectWithSuccess(appHref("/admin/rules/default-accounts", new URL(request.url).searchParams), message);
}

const SECTIONS = [...new Set(DEFAULT_ACCOUNT_FIELDS.map((field) => field.section))];

export default function DefaultAccountsPage() {
  const { organization, tree, values, importBooking } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useSchemaForm(DEFAULT_ACCOUNTS_FORM, {
    id: "default-accounts",
    lastResult,
    defaultValue: { ...values, importBooking },
  });
  const fieldOf = fields as unknown as Record<string, { initialValue?: unknown; errors?: string[] }>;
  const initial = (name: string) => {
    const value = fieldOf[name]?.initialValue;
    return typeof value === "string" ? value : (values[name] ?? "");
  };

  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={appHref("/admin/rules", searchParams)} size="sm">
          ← Recepción automática de comprobantes
        </Anchor>
        <Title order={1}>Cuentas contables por defecto</Title>
        <Text c="dimmed">
          {organization.name}: las cuentas a las que se contabilizan los comprobantes cuando ninguna regla indica otra,
          y las que usan la liquidación de impuestos y el cierre del período. Cada una debe ser una cuenta de movimiento
          habilitada del catálogo.
        </Text>
      </div>
      <Form method="post" {...getFormProps(form)} noValidate>
        <Stack gap="lg">
          <FormError message={formErrorOf(form)} />
          <Paper withBorder p="md">
            <KeptRadioGroup
              name="importBooking"
              label="Al importar comprobantes"
              defaultValue={initial("importBooking") || importBooking}
              error={fieldOf.importBooking?.errors?.[0]}
            >
              <Stack gap="xs" mt="xs">
                {Object.entries(IMPORT_BOOKING_LABELS).map(([value, label]) => (
                  <Radio key={value} value={value} label={label} />
                ))}
              </Stack>
            </KeptRadioGroup>
          </Paper>
          {SECTIONS.map((section) => (
            <Fieldset key={section} legend={section}>
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {DEFAULT_ACCOUNT_FIELDS.filter((field) => field.section === section).map((field) => (
                  <AccountPicker
                    key={field.name}
                    catalog={tree}
                    name={field.name}
                    label={field.label}
                    defaultValue={initial(field.name) || null}
                    required={!field.optional}
                    error={fieldOf[field.name]?.errors?.[0]}
                  />
                ))}
              </SimpleGrid>
            </Fieldset>
          ))}
          <Group>
            <Button type="submit">Guardar</Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
