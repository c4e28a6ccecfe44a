import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { useSchemaForm } from "~/components/forms/conform";
import { NEW_ORGANIZATION_DEFAULTS, OrganizationFields } from "~/components/organizations/OrganizationFields";
import { OrganizationTable } from "~/components/organizations/OrganizationTable";
import { createOrganizationSchema } from "~/domain/organizations/forms";
import { requireAdmin } from "~/utils/auth.server";
import { readSubmission, replyWithErrors } from "~/utils/form.server";
import { createClient, listOrganizationsFor, seesContactEmail } from "~/services/organizations/organizations.server";
import { redirectWithSuccess } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Clientes · Contabilidad CR" }];

const STATUS_FILTERS = { todos: "Todos", activos: "Activos", inactivos: "Inactivos" } as const;
type StatusFilter = keyof typeof STATUS_FILTERS;

function readStatus(value: string | null): StatusFilter {
  return value !== null && value in STATUS_FILTERS ? (value as StatusFilter) : "todos";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const typed = (params.get("q") ?? "").trim().slice(0, 100);
  // A cédula is often typed with dashes (3-101-123456); it is stored as digits only.
  const search = /^[\d\s-]+$/.test(typed) ? typed.replace(/[\s-]/g, "") : typed;
  const status = readStatus(params.get("estado"));
  const all = await listOrganizationsFor(user, search);
  const organizations = status === "todos" ? all : all.filter((o) => o.active === (status === "activos"));
  return json({ organizations, search: typed, status, showContactEmail: seesContactEmail(user) });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireAdmin(request);
  const submission = await readSubmission(request, createOrganizationSchema);
  if (submission.status !== "success") return replyWithErrors(submission);
  const result = await createClient(user, submission.value);
  if (!("cedula" in result)) return replyWithErrors(submission, result);
  return redirectWithSuccess(`/admin/organizations/${result.cedula}`, `Cliente ${submission.value.name} creado.`);
}

export default function OrganizationsPage() {
  const { organizations, search, status, showContactEmail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const creating = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [form, fields] = useSchemaForm(createOrganizationSchema, {
    id: "new-organization-form",
    lastResult: result,
    defaultValue: NEW_ORGANIZATION_DEFAULTS,
  });

  return (
    <Stack gap="lg">
      <Title order={1}>Clientes</Title>

      <Form method="get" role="search" aria-label="Buscar clientes">
        <Group align="flex-end" gap="sm">
          <TextInput label="Buscar" name="q" defaultValue={search} placeholder="Nombre o cédula" w={280} />
          <NativeSelect
            label="Estado"
            name="estado"
            defaultValue={status}
            data={Object.entries(STATUS_FILTERS).map(([value, label]) => ({ value, label }))}
          />
          <Button type="submit" variant="default">
            Buscar
          </Button>
        </Group>
      </Form>

      <OrganizationTable organizations={organizations} showContactEmail={showContactEmail} />

      <Paper withBorder p="md" component="section" aria-labelledby="new-organization">
        <Title order={2} size="h3" id="new-organization" mb="xs">
          Nuevo cliente
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          La identificación no se puede cambiar después: es la clave del cliente.
        </Text>
        <Form method="post" {...getFormProps(form)}>
          <Stack gap="md">
            {Object.keys(form.allErrors).length > 0 && (
              <Alert color="red" role="alert">
                Revise los datos marcados.
              </Alert>
            )}
            <OrganizationFields mode="create" fields={fields} contactEmail="visible" />
            <Group>
              <Button type="submit" loading={creating}>
                Crear cliente
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
    </Stack>
  );
}
