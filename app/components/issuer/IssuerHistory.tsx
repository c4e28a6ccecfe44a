import { Table, Text, Title } from "@mantine/core";
import { TableScrollRegion } from "../TableScrollRegion";
import type { IssuerSectionProps } from "~/domain/issuer/view";

/** Who changed the issuer settings, when, and what (secrets appear only as changed). */
export function IssuerHistory({ history }: { history: IssuerSectionProps["history"] }) {
  if (history.length === 0) return null;
  return (
    <>
      <Title order={3} size="h4" id="issuer-history" mt="xl" mb="xs">
        Últimos cambios
      </Title>
      <TableScrollRegion label="Últimos cambios del emisor" minWidth={560}>
        <Table withTableBorder aria-labelledby="issuer-history" data-testid="issuer-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Usuario</Table.Th>
              <Table.Th>Cambios</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.map((row, index) => (
              <Table.Tr key={`${row.at}-${index}`}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{row.at}</Table.Td>
                <Table.Td>{row.by}</Table.Td>
                <Table.Td>
                  {row.changes.length === 0
                    ? "Guardado sin cambios"
                    : row.changes.map((change) => (
                        <Text size="sm" key={change.field} style={{ overflowWrap: "anywhere" }}>
                          {change.field}: {change.before || "—"} → {change.after || "—"}
                        </Text>
                      ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
    </>
  );
}
