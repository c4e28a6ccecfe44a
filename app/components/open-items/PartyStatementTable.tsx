import { Table } from "@mantine/core";
import { TableScrollRegion } from "~/components/TableScrollRegion";
import type { PartySectionProps } from "./party-section";

/** The statement of account: opening balance, documents, credit notes, payments and running balance. */
export function PartyStatementTable({ data }: PartySectionProps) {
  return (
    <>
      <TableScrollRegion label="Movimientos del estado de cuenta" minWidth={760}>
        <Table striped withTableBorder data-testid="statement-table">
          <Table.Caption>Estado de cuenta {data.periodText}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th>Detalle</Table.Th>
              <Table.Th ta="right">Cargo</Table.Th>
              <Table.Th ta="right">Abono</Table.Th>
              <Table.Th ta="right">Saldo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td colSpan={5} fw={700}>
                Saldo anterior
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                {data.statement.opening}
              </Table.Td>
            </Table.Tr>
            {data.statement.lines.map((line, index) => (
              <Table.Tr key={index}>
                <Table.Td>{line.date}</Table.Td>
                <Table.Td>{line.kind}</Table.Td>
                <Table.Td>{line.description}</Table.Td>
                <Table.Td ta="right">{line.charge}</Table.Td>
                <Table.Td ta="right">{line.payment}</Table.Td>
                <Table.Td ta="right">{line.balance}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={5}>Saldo final</Table.Th>
              <Table.Th ta="right" data-testid="statement-closing">
                {data.statement.closing}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </TableScrollRegion>
    </>
  );
}
