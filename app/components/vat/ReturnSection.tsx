import { Anchor, Paper, Table, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { VatLineView, VatSection } from "~/domain/iva/view";
import { AmountCell } from "./AmountCell";
import { TableScrollRegion } from "~/components/TableScrollRegion";

/** One section of the return (débito, crédito, liquidación) as a table; a line with receipts links to them. */
export function ReturnSection({
  section,
  title,
  columns,
  lines,
  figureHref,
}: {
  section: VatSection;
  title: string;
  columns: readonly string[];
  lines: VatLineView[];
  figureHref: (figure: string) => string;
}) {
  const [first, ...headers] = columns;
  const amountsOnly = section === "resultado";
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <TableScrollRegion label={title} minWidth={640}>
        <Table striped data-testid={`iva-${section}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{first}</Table.Th>
              {(amountsOnly ? headers.slice(-1) : headers).map((header) => (
                <Table.Th key={header} ta="right">
                  {header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.label}>
                <Table.Td fw={line.bold ? 700 : undefined}>
                  {line.figure ? (
                    <Anchor component={Link} to={figureHref(line.figure)} data-testid={`figure-${line.figure}`}>
                      {line.label}
                    </Anchor>
                  ) : (
                    line.label
                  )}
                </Table.Td>
                {!amountsOnly && <AmountCell bold={line.bold}>{line.base}</AmountCell>}
                {!amountsOnly && <AmountCell bold={line.bold}>{line.tax}</AmountCell>}
                {!amountsOnly && <AmountCell bold={line.bold}>{line.other}</AmountCell>}
                <AmountCell bold={line.bold}>{line.amount}</AmountCell>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
    </Paper>
  );
}
