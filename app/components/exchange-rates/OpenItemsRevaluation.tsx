import { Stack, Table, Text, Title } from "@mantine/core";
import { TableScrollRegion } from "~/components/TableScrollRegion";
import type { OpenItemsRevaluationView } from "~/domain/exchange-rates/revaluation-view";

/** The open documents in dollars of each control account at the closing rate, and the account's line they make. */
export function OpenItemsRevaluation({ controls }: { controls: OpenItemsRevaluationView[] }) {
  if (controls.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="open-items-revaluation">
      <Title order={2} size="h4">
        Documentos pendientes en dólares
      </Title>
      {controls.map((control) => (
        <Stack gap={4} key={control.code}>
          <TableScrollRegion label={`Documentos en dólares de ${control.code} ${control.label}`} minWidth={900}>
            <Table striped verticalSpacing="xs">
              <Table.Caption>
                {control.code} {control.label}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Contraparte</Table.Th>
                  <Table.Th>Documento</Table.Th>
                  <Table.Th ta="right">Pendiente en dólares</Table.Th>
                  <Table.Th ta="right">Colones al tipo del documento</Table.Th>
                  <Table.Th ta="right">Tipo de cierre</Table.Th>
                  <Table.Th ta="right">Colones revaluados</Table.Th>
                  <Table.Th ta="right">Diferencia</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {control.rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="open-item-revaluation-row">
                    <Table.Td>{row.party}</Table.Td>
                    <Table.Td>{row.document}</Table.Td>
                    <Table.Td ta="right">{row.dollars}</Table.Td>
                    <Table.Td ta="right">{row.before}</Table.Td>
                    <Table.Td ta="right">{row.rate}</Table.Td>
                    <Table.Td ta="right">{row.after}</Table.Td>
                    <Table.Td ta="right">{row.difference}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
          <Text size="sm" data-testid="open-items-revaluation-total">
            Diferencia de los documentos: {control.itemsDifference} · ya registrada en meses anteriores: {control.prior}{" "}
            · diferencia del mes en {control.code}: {control.difference}
            {control.accountLine !== null &&
              ` (la cuenta, que tiene además otras líneas en dólares, se revalúa por ${control.accountLine})`}
            .
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
