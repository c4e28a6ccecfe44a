import { Table } from "@mantine/core";
import type { ReactNode } from "react";
import { TableScrollRegion } from "~/components/TableScrollRegion";

export interface SimpleColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  align?: "right";
}

/** A small read-only table (taxes by rate, otros cargos, references, totals). */
export function SimpleTable<Row>({
  columns,
  rows,
  testId,
  keyOf,
  label,
}: {
  columns: SimpleColumn<Row>[];
  rows: Row[];
  testId?: string;
  keyOf: (row: Row, index: number) => string;
  label: string;
}) {
  return (
    <TableScrollRegion label={label} minWidth={480}>
      <Table verticalSpacing={6} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} ta={column.align}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={keyOf(row, index)}>
              {columns.map((column) => (
                <Table.Td
                  key={column.header}
                  ta={column.align}
                  style={column.align === "right" ? { whiteSpace: "nowrap" } : undefined}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}
