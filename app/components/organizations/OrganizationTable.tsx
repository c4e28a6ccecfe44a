import { Anchor, Badge, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { IDENTIFICATION_TYPES, type IdentificationType } from "~/domain/organization-id";
import { TAXPAYER_KINDS, VAT_REGIMES } from "~/domain/organizations/forms";
import { TableScrollRegion } from "~/components/TableScrollRegion";

export interface OrganizationListRow {
  cedula: string;
  name: string;
  commercialName: string | null;
  identificationType: IdentificationType;
  active: boolean;
  vatRegime: keyof typeof VAT_REGIMES;
  taxpayerKind: keyof typeof TAXPAYER_KINDS;
  contactEmail?: string;
}

export function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge color="brand" variant="light">
      Activo
    </Badge>
  ) : (
    <Badge color="gray" variant="outline">
      Inactivo
    </Badge>
  );
}

/** The clients list; the contact e-mail column exists only when the rows carry it (super admins). */
export function OrganizationTable({
  organizations,
  showContactEmail,
}: {
  organizations: OrganizationListRow[];
  showContactEmail: boolean;
}) {
  if (organizations.length === 0) {
    return (
      <Text c="dimmed" data-testid="organizations-empty">
        No hay clientes que coincidan.
      </Text>
    );
  }
  return (
    <TableScrollRegion label="Organizaciones" minWidth={720}>
      <Table striped highlightOnHover data-testid="organizations-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Identificación</Table.Th>
            <Table.Th>Nombre</Table.Th>
            {showContactEmail && <Table.Th>Correo de contacto</Table.Th>}
            <Table.Th>Régimen de IVA</Table.Th>
            <Table.Th>Contribuyente</Table.Th>
            <Table.Th>Estado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {organizations.map((organization) => (
            <Table.Tr key={organization.cedula} data-cedula={organization.cedula}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {organization.cedula}
                </Text>
                <Text size="xs" c="dimmed">
                  {IDENTIFICATION_TYPES[organization.identificationType]?.label}
                </Text>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/admin/organizations/${organization.cedula}`} fw={500}>
                  {organization.name}
                </Anchor>
                {organization.commercialName && (
                  <Text size="xs" c="dimmed">
                    {organization.commercialName}
                  </Text>
                )}
              </Table.Td>
              {showContactEmail && <Table.Td>{organization.contactEmail ?? "—"}</Table.Td>}
              <Table.Td>{VAT_REGIMES[organization.vatRegime]}</Table.Td>
              <Table.Td>{TAXPAYER_KINDS[organization.taxpayerKind]}</Table.Td>
              <Table.Td>
                <ActiveBadge active={organization.active} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}
