import { Badge, Table } from "@mantine/core";
import { TableScrollRegion } from "~/components/TableScrollRegion";
import type { RateRowView } from "~/domain/exchange-rates/view";

/** A month of reference rates, newest first; carried days say which day their rate is from. */
export function RateTable({
  rows,
  caption,
  testId = "rates-table",
}: {
  rows: RateRowView[];
  caption: string;
  testId?: string;
}) {
  return (
    <TableScrollRegion label={caption} minWidth={520}>
      <Table withTableBorder striped data-testid={testId}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th ta="right">Compra</Table.Th>
            <Table.Th ta="right">Venta</Table.Th>
            <Table.Th>Origen</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.date} data-date={row.date}>
              <Table.Td>{row.dateLabel}</Table.Td>
              <Table.Td ta="right">{row.buy}</Table.Td>
              <Table.Td ta="right">{row.sell}</Table.Td>
              <Table.Td c={row.carried ? "dimmed" : undefined}>
                {row.manual ? (
                  <Badge variant="light" color="grape">
                    {row.origin}
                  </Badge>
                ) : (
                  row.origin
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}
