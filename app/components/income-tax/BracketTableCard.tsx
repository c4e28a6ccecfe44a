import { Badge, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { TableView } from "~/domain/income-tax/view";

export function UnconfirmedBadge() {
  return (
    <Badge color="red.9" variant="outline" title="Cifras no confirmadas en una fuente oficial o de prensa">
      sin confirmar
    </Badge>
  );
}

/** One bracket table: its slices, threshold, credits, decree and source. */
export function BracketTableCard({ table, actions }: { table: TableView; actions?: ReactNode }) {
  const headingId = `table-${table.year}-${table.kind}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} data-testid={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Group gap="xs">
            <Title order={3} size="h4" id={headingId}>
              {table.kindLabel}
            </Title>
            {table.unconfirmed && <UnconfirmedBadge />}
          </Group>
          {actions}
        </Group>
        <Text size="sm" c="dimmed">
          {table.decree} · {table.period}
        </Text>
        {table.threshold && (
          <Text size="sm">
            Se aplica si la renta bruta del período no supera <strong>{table.threshold}</strong>.
          </Text>
        )}
        <Table striped withTableBorder>
          <Table.Caption>{`Tramos ${table.year}: ${table.kindLabel}`}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Desde</Table.Th>
              <Table.Th>Hasta</Table.Th>
              <Table.Th ta="right">Tarifa</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.rows.map((row) => (
              <Table.Tr key={row.from}>
                <Table.Td>{row.from}</Table.Td>
                <Table.Td>{row.to}</Table.Td>
                <Table.Td ta="right">{row.rate}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {(table.childCredit || table.spouseCredit) && (
          <Text size="sm">
            Créditos: por hijo {table.childCredit ?? "—"}; por cónyuge {table.spouseCredit ?? "—"}.
          </Text>
        )}
        {table.source && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            Fuente: {table.source}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
