import { Anchor, Paper, Table, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { VatConditionView } from "~/domain/iva/view";
import { AmountCell } from "./AmountCell";
import { TableScrollRegion } from "~/components/TableScrollRegion";

export function ConditionsTable({
  conditions,
  figureHref,
}: {
  conditions: VatConditionView[];
  figureHref: (figure: string) => string;
}) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        Crédito fiscal por condición del impuesto
      </Title>
      <TableScrollRegion label="Crédito fiscal por condición del impuesto" minWidth={640}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Condición</Table.Th>
              <Table.Th ta="right">Comprobantes</Table.Th>
              <Table.Th ta="right">IVA pagado</Table.Th>
              <Table.Th ta="right">Acreditable</Table.Th>
              <Table.Th ta="right">No acreditable</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {conditions.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Anchor component={Link} to={figureHref(row.id)}>
                    {row.label}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{row.count}</Table.Td>
                <AmountCell>{row.tax}</AmountCell>
                <AmountCell>{row.creditable}</AmountCell>
                <AmountCell>{row.nonCreditable}</AmountCell>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
    </Paper>
  );
}
