import { Anchor, Badge, Stack, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { detailHref } from "~/components/receipts/links";
import { TableScrollRegion } from "~/components/TableScrollRegion";
import type { SimulationRowView } from "~/domain/rules/simulation-view";

/** One row per received receipt: its rule (or none) and the entry it would get, or why none. */
export function SimulationTable({
  rows,
  current,
  org,
}: {
  rows: SimulationRowView[];
  current: URLSearchParams;
  org: string;
}) {
  return (
    <TableScrollRegion label="Comprobantes simulados" minWidth={900}>
      <Table verticalSpacing="sm" aria-label="Comprobantes simulados" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Comprobante</Table.Th>
            <Table.Th>Emisor</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Regla</Table.Th>
            <Table.Th>Asiento</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-receipt={row.consecutivo}>
              <Table.Td style={{ verticalAlign: "top" }}>{row.date}</Table.Td>
              <Table.Td style={{ verticalAlign: "top" }}>
                <Anchor component={Link} to={detailHref(current, org, row.id)} size="sm">
                  {row.kind} {row.consecutivo}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ verticalAlign: "top" }}>{row.emisor}</Table.Td>
              <Table.Td ta="right" style={{ verticalAlign: "top", whiteSpace: "nowrap" }}>
                {row.total}
              </Table.Td>
              <Table.Td style={{ verticalAlign: "top" }} data-testid="simulated-rule">
                {row.rule ? (
                  <Text size="sm">
                    {row.rule}{" "}
                    <Text span size="xs" c="dimmed">
                      v{row.ruleVersion}
                    </Text>
                  </Text>
                ) : row.unclassified ? (
                  <Badge color="yellow" variant="light" c="dark.7">
                    Por clasificar
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    Ninguna
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ verticalAlign: "top" }}>
                {row.status === "plan" ? (
                  <Stack gap={2}>
                    <Text size="xs" c="dimmed">
                      {row.post ? "Se contabilizaría" : "Quedaría en borrador"}
                    </Text>
                    <Table withRowBorders={false} verticalSpacing={0} fz="xs">
                      <Table.Tbody>
                        {row.lines.map((line, index) => (
                          <Table.Tr key={index}>
                            <Table.Td>
                              <Text span ff="monospace" size="xs">
                                {line.account}
                              </Text>{" "}
                              {line.label}
                            </Table.Td>
                            <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                              {line.debit}
                            </Table.Td>
                            <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                              {line.credit}
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    Sin asiento: {row.message}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}
