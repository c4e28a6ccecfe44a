import { Table } from "@mantine/core";
import type { IncomeTaxReportView } from "~/domain/income-tax/report-view";

/** The tax of each bracket slice, the credits and the year's total. */
export function TaxSlicesTable({ report }: { report: IncomeTaxReportView }) {
  return (
    <Table striped withTableBorder data-testid="tax-slices">
      <Table.Caption>Impuesto por tramo, {report.year}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tramo</Table.Th>
          <Table.Th ta="right">Tarifa</Table.Th>
          <Table.Th ta="right">Base en el tramo</Table.Th>
          <Table.Th ta="right">Impuesto</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {report.slices.map((slice) => (
          <Table.Tr key={slice.range}>
            <Table.Td>{slice.range}</Table.Td>
            <Table.Td ta="right">{slice.rate}</Table.Td>
            <Table.Td ta="right">{slice.base}</Table.Td>
            <Table.Td ta="right">{slice.tax}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        {report.credits && (
          <Table.Tr>
            <Table.Th colSpan={3}>Créditos</Table.Th>
            <Table.Td ta="right">−{report.credits}</Table.Td>
          </Table.Tr>
        )}
        <Table.Tr>
          <Table.Th colSpan={3}>Impuesto sobre la renta {report.year}</Table.Th>
          <Table.Th ta="right" data-testid="tax-total">
            {report.total}
          </Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
