import { Anchor, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { ListCard, ResponsiveList } from "~/components/ResponsiveList";
import { MOVEMENT_COLUMNS } from "~/domain/entries/columns";
import type { MovementView } from "~/domain/entries/view";
import { TableScrollRegion } from "~/components/TableScrollRegion";

type Movements = NonNullable<MovementView["movements"]>;
type Row = Movements["rows"][number];

const amountCell = { ta: "right", style: { whiteSpace: "nowrap" } } as const;

/** One page of an account's movements: the balance before the page, each line with its running balance, and the range's totals. */
export function MovementTable({
  movements,
  showAccount,
  hrefOf,
}: {
  movements: Movements;
  /** A parent account: each row says which child it moved. */
  showAccount: boolean;
  hrefOf: (entryId: string) => string;
}) {
  const firstPage = movements.page === 1;
  const lastPage = movements.page === movements.pageCount;
  const columns = showAccount ? 8 : 7;
  const table = (
    <TableScrollRegion label="Movimientos de la cuenta" minWidth={960}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="movements-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{MOVEMENT_COLUMNS.fecha.header}</Table.Th>
            <Table.Th>{MOVEMENT_COLUMNS.numero.header}</Table.Th>
            {showAccount && <Table.Th>{MOVEMENT_COLUMNS.cuenta.header}</Table.Th>}
            <Table.Th>{MOVEMENT_COLUMNS.descripcion.header}</Table.Th>
            <Table.Th>{MOVEMENT_COLUMNS.detalle.header}</Table.Th>
            <Table.Th ta="right">{MOVEMENT_COLUMNS.debito.header}</Table.Th>
            <Table.Th ta="right">{MOVEMENT_COLUMNS.credito.header}</Table.Th>
            <Table.Th ta="right">{MOVEMENT_COLUMNS.saldo.header}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {firstPage && (
            <Table.Tr data-testid="opening-row" fw={600}>
              <Table.Td colSpan={columns - 1}>Saldo inicial</Table.Td>
              <Table.Td {...amountCell}>{movements.opening}</Table.Td>
            </Table.Tr>
          )}
          {movements.rows.map((row) => (
            <Table.Tr key={row.key} data-testid="movement-row">
              <Table.Td style={{ whiteSpace: "nowrap" }}>{row.date}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                <Anchor component={Link} to={hrefOf(row.entryId)} ff="monospace" size="sm">
                  {row.number}
                </Anchor>
              </Table.Td>
              {showAccount && (
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {row.account}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {row.accountLabel}
                  </Text>
                </Table.Td>
              )}
              <Table.Td>{row.description}</Table.Td>
              <Table.Td>
                {row.lineDescription}
                {row.dollars && (
                  <Text size="xs" c="dimmed" data-testid="line-dollars">
                    {row.dollars}
                  </Text>
                )}
              </Table.Td>
              <Table.Td {...amountCell}>{row.debit}</Table.Td>
              <Table.Td {...amountCell}>{row.credit}</Table.Td>
              <Table.Td {...amountCell} data-testid="running-balance">
                {row.balance}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        {lastPage && (
          <Table.Tfoot>
            <Table.Tr fw={700} data-testid="closing-row">
              <Table.Th colSpan={columns - 3}>Totales del período y saldo final</Table.Th>
              <Table.Th {...amountCell}>{movements.totalDebit}</Table.Th>
              <Table.Th {...amountCell}>{movements.totalCredit}</Table.Th>
              <Table.Th {...amountCell}>{movements.closing}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </TableScrollRegion>
  );

  return (
    <ResponsiveList
      items={movements.rows}
      keyOf={(row: Row) => row.key}
      label="Movimientos de la cuenta"
      testId="movement-cards"
      table={table}
      card={(row: Row) => (
        <ListCard
          title={
            <Anchor component={Link} to={hrefOf(row.entryId)} size="sm" fw={600}>
              {row.number} · {row.description}
            </Anchor>
          }
          amount={row.debit ? `Débito ${row.debit}` : `Crédito ${row.credit}`}
          details={`${row.date}${showAccount ? ` · ${row.account}` : ""}${row.dollars ? ` · ${row.dollars}` : ""}`}
          note={`Saldo ${row.balance}`}
        />
      )}
    />
  );
}
