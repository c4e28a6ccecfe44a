import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { appHref } from "~/utils/links";
import { countLabel } from "~/domain/text";
import { formatRate } from "~/domain/templates/rate";
import { KIND_LABELS } from "~/domain/templates/types";
import { listTemplates } from "~/services/templates/templates.server";
import { requireOrgContext } from "~/utils/org-context.server";
import { TableScrollRegion } from "~/components/TableScrollRegion";

export const meta: MetaFunction = () => [{ title: "Plantillas para Asientos · Contabilidad CR" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { organization } = await requireOrgContext(request, { admin: true });
  const templates = await listTemplates(organization.id);
  return json({
    organization: { cedula: organization.cedula, name: organization.name },
    templates: templates.map((template) => ({
      id: template.id,
      name: template.name,
      description: template.description,
      lines: template.lines.length,
      kinds: [...new Set(template.lines.map((line) => KIND_LABELS[line.kind].toLowerCase()))].join(", "),
      rates: template.lines.filter((line) => line.rate !== null).map((line) => formatRate(line.rate!)),
    })),
  });
}

export default function EntryTemplatesPage() {
  const { organization, templates } = useLoaderData<typeof loader>();
  const current = new URLSearchParams(useLocation().search);
  current.set("org", organization.cedula);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Plantillas para Asientos</Title>
          <Text c="dimmed" size="sm">
            {organization.name} · {countLabel(templates.length, "plantilla", "plantillas")}
          </Text>
        </div>
        <Button component={Link} to={appHref("/admin/accounting-entry-templates/new", current)}>
          Nueva plantilla
        </Button>
      </Group>
      {templates.length === 0 ? (
        <Paper withBorder p="lg">
          <Text>
            Este cliente aún no tiene plantillas. Una plantilla guarda las cuentas de un asiento que se repite (la
            planilla, la depreciación) para llenarlo en «Nuevo asiento» con «Usar plantilla».
          </Text>
        </Paper>
      ) : (
        <TableScrollRegion label="Plantillas" minWidth={720}>
          <Table verticalSpacing="sm" aria-label="Plantillas" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Descripción del asiento</Table.Th>
                <Table.Th>Líneas</Table.Th>
                <Table.Th>Montos</Table.Th>
                <Table.Th>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {templates.map((template) => (
                <Table.Tr key={template.id}>
                  <Table.Td>
                    <Anchor component={Link} to={appHref(`/admin/accounting-entry-templates/${template.id}`, current)}>
                      {template.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{template.description}</Table.Td>
                  <Table.Td>{template.lines}</Table.Td>
                  <Table.Td>
                    {template.kinds}
                    {template.rates.length > 0 && (
                      <Text size="xs" c="dimmed">
                        {template.rates.join(" · ")}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={appHref(`/entries/detail/new?template=${template.id}`, current)}
                      aria-label={`Usar la plantilla ${template.name}`}
                    >
                      Usar plantilla
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>
      )}
    </Stack>
  );
}
