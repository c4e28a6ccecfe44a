import { Anchor, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { ListCard, ResponsiveList } from "~/components/ResponsiveList";
import { ENTRY_COLUMNS } from "~/domain/entries/columns";
import type { EntryListRow } from "~/domain/entries/view";
import { EntryStatusBadge } from "./EntryStatusBadge";
import { TableScrollRegion } from "~/components/TableScrollRegion";

const amountCell = { ta: "right", style: { whiteSpace: "nowrap" } } as const;

function entryName(row: EntryListRow): string {
  return row.number || "Borrador";
}

/** One page of the entries list, and the totals of the whole filter (not only this page). */
export function EntryTable({
  rows,
  totals,
  countText,
  hrefOf,
}: {
  rows: EntryListRow[];
  totals: { debit: string; credit: string };
  countText: string;
  hrefOf: (id: string) => string;
}) {
  const table = (
    <TableScrollRegion label="Asientos" minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="entries-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{ENTRY_COLUMNS.fecha.header}</Table.Th>
            <Table.Th>{ENTRY_COLUMNS.numero.header}</Table.Th>
            <Table.Th>{ENTRY_COLUMNS.descripcion.header}</Table.Th>
            <Table.Th>{ENTRY_COLUMNS.origen.header}</Table.Th>
            <Table.Th>{ENTRY_COLUMNS.estado.header}</Table.Th>
            <Table.Th ta="right">{ENTRY_COLUMNS.debitos.header}</Table.Th>
            <Table.Th ta="right">{ENTRY_COLUMNS.creditos.header}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="entry-row">
              <Table.Td style={{ whiteSpace: "nowrap" }}>{row.date}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                <Anchor component={Link} to={hrefOf(row.id)} ff="monospace" size="sm">
                  {entryName(row)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.description}</Text>
                {row.reference && (
                  <Text size="xs" c="dimmed">
                    Ref. {row.reference}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.source}</Text>
              </Table.Td>
              <Table.Td>
                <EntryStatusBadge status={row.status} label={row.statusLabel} />
              </Table.Td>
              <Table.Td {...amountCell}>{row.debit}</Table.Td>
              <Table.Td {...amountCell}>{row.credit}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="entries-totals" fw={700}>
            <Table.Th colSpan={5}>Totales ({countText})</Table.Th>
            <Table.Th {...amountCell}>{totals.debit}</Table.Th>
            <Table.Th {...amountCell}>{totals.credit}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </TableScrollRegion>
  );

  return (
    <ResponsiveList
      items={rows}
      keyOf={(row) => row.id}
      label="Asientos"
      testId="entry-cards"
      table={table}
      card={(row) => (
        <ListCard
          testId="entry-card"
          title={
            <Anchor component={Link} to={hrefOf(row.id)} size="sm" fw={600}>
              {entryName(row)} · {row.description}
            </Anchor>
          }
          amount={row.debit}
          details={row.date}
          status={<EntryStatusBadge status={row.status} label={row.statusLabel} />}
        />
      )}
      footer={
        <Text size="sm" fw={700} mt="xs" data-testid="entries-card-totals">
          Totales ({countText}): débitos {totals.debit} · créditos {totals.credit}
        </Text>
      }
    />
  );
}
