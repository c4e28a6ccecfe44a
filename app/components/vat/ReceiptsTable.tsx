import { Anchor, Table } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReceiptView } from "~/domain/iva/view";
import { AmountCell } from "./AmountCell";
import { TableScrollRegion } from "~/components/TableScrollRegion";

/** Receipts behind a figure (or arrived after a declaration), each linking to its detail. */
export function ReceiptsTable({
  label,
  receipts,
  thirdHeader,
  receiptHref,
}: {
  /** The table's name, for its scrolling region. */
  label: string;
  receipts: ReceiptView[];
  thirdHeader: string;
  receiptHref: (id: string) => string;
}) {
  return (
    <TableScrollRegion label={label} minWidth={800}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Comprobante</Table.Th>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Contraparte</Table.Th>
            <Table.Th ta="right">Base imponible</Table.Th>
            <Table.Th ta="right">IVA</Table.Th>
            <Table.Th ta="right">{thirdHeader}</Table.Th>
            <Table.Th>Observación</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {receipts.map((receipt, index) => (
            <Table.Tr key={`${receipt.id}-${index}`}>
              <Table.Td>
                <Anchor component={Link} to={receiptHref(receipt.id)}>
                  {receipt.kind} {receipt.consecutivo}
                </Anchor>
                {receipt.moneda && receipt.moneda !== "CRC" ? ` (${receipt.moneda})` : ""}
              </Table.Td>
              <Table.Td>{receipt.fecha}</Table.Td>
              <Table.Td>{receipt.counterpart}</Table.Td>
              <AmountCell>{receipt.base}</AmountCell>
              <AmountCell>{receipt.tax}</AmountCell>
              <AmountCell>{receipt.third}</AmountCell>
              <Table.Td>{receipt.note}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}
