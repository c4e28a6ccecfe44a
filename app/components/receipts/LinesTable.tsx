import { Table, Text } from "@mantine/core";
import type { LineView } from "~/domain/receipts/view";
import { TableScrollRegion } from "~/components/TableScrollRegion";

export type LineRow = LineView;

const right = { ta: "right", style: { whiteSpace: "nowrap" } } as const;

/** Detail lines, in the document's currency. */
export function LinesTable({ lines }: { lines: LineRow[] }) {
  return (
    <TableScrollRegion label="Líneas del comprobante" minWidth={1000}>
      <Table striped verticalSpacing="xs" data-testid="receipt-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>CABYS</Table.Th>
            <Table.Th>Detalle</Table.Th>
            <Table.Th ta="right">Cantidad</Table.Th>
            <Table.Th ta="right">Precio unitario</Table.Th>
            <Table.Th ta="right">Descuento</Table.Th>
            <Table.Th ta="right">Subtotal</Table.Th>
            <Table.Th>Impuestos</Table.Th>
            <Table.Th ta="right">Impuesto neto</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.numero}>
              <Table.Td>{line.numero}</Table.Td>
              <Table.Td ff="monospace">{line.cabys}</Table.Td>
              <Table.Td>{line.detalle}</Table.Td>
              <Table.Td {...right}>
                {line.cantidad} {line.unidad}
              </Table.Td>
              <Table.Td {...right}>{line.precioUnitario}</Table.Td>
              <Table.Td {...right}>{line.descuento}</Table.Td>
              <Table.Td {...right}>{line.subTotal}</Table.Td>
              <Table.Td>
                {line.impuestos.map((tax) => (
                  <Text key={tax} size="xs">
                    {tax}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td {...right}>{line.impuestoNeto}</Table.Td>
              <Table.Td {...right}>{line.total}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}
