import { Table, Text } from "@mantine/core";
import { ListCard, ResponsiveList } from "~/components/ResponsiveList";
import type { EntryView } from "~/domain/entries/view";
import { TableScrollRegion } from "~/components/TableScrollRegion";

type Line = EntryView["entry"]["lines"][number];

const amountCell = { ta: "right", style: { whiteSpace: "nowrap" } } as const;

/** The entry's lines (código, cuenta, descripción, débito, crédito) and their totals. */
export function EntryLines({ lines, totals }: { lines: Line[]; totals: EntryView["entry"]["totals"] }) {
  const table = (
    <TableScrollRegion label="Líneas del asiento" minWidth={720}>
      <Table striped verticalSpacing="xs" data-testid="entry-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Código</Table.Th>
            <Table.Th>Cuenta</Table.Th>
            <Table.Th>Descripción</Table.Th>
            <Table.Th ta="right">Débito</Table.Th>
            <Table.Th ta="right">Crédito</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.position} data-testid="entry-line">
              <Table.Td ff="monospace" style={{ whiteSpace: "nowrap" }}>
                {line.account}
              </Table.Td>
              <Table.Td>{line.label}</Table.Td>
              <Table.Td>
                {line.description}
                {line.dollars && (
                  <Text size="xs" c="dimmed" data-testid="entry-line-dollars">
                    {line.dollars}
                  </Text>
                )}
              </Table.Td>
              <Table.Td {...amountCell}>{line.debit}</Table.Td>
              <Table.Td {...amountCell}>{line.credit}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700} data-testid="entry-totals">
            <Table.Th colSpan={3}>Totales</Table.Th>
            <Table.Th {...amountCell}>{totals.debit}</Table.Th>
            <Table.Th {...amountCell}>{totals.credit}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </TableScrollRegion>
  );
  return (
    <>
      <ResponsiveList
        items={lines}
        keyOf={(line) => String(line.position)}
        label="Líneas del asiento"
        table={table}
        card={(line) => (
          <ListCard
            title={
              <Text size="sm">
                <Text span ff="monospace" size="sm">
                  {line.account}
                </Text>{" "}
                {line.label}
              </Text>
            }
            amount={line.debit ? `Débito ${line.debit}` : `Crédito ${line.credit}`}
            details={[line.description, line.dollars].filter(Boolean).join(" · ") || undefined}
          />
        )}
        footer={
          <Text size="sm" fw={700} mt="xs">
            Totales: débitos {totals.debit} · créditos {totals.credit}
          </Text>
        }
      />
      {totals.difference && (
        <Text size="sm" c="orange.8" mt="xs">
          El borrador no cuadra: la diferencia es {totals.difference}.
        </Text>
      )}
    </>
  );
}
