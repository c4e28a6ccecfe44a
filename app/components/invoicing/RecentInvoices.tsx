import { Anchor, Paper, Table, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { TableScrollRegion } from "~/components/TableScrollRegion";
import { appHref } from "~/utils/links";
import type { DraftSummary } from "~/domain/invoicing/view";

export function RecentInvoices({ recent, current }: { recent: DraftSummary[]; current: URLSearchParams }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="invoice-recent">
      <Title order={2} size="h4" id="invoice-recent" mb="xs">
        Facturas recientes
      </Title>
      <TableScrollRegion label="Facturas recientes" minWidth={560}>
        <Table aria-label="Facturas recientes">
          <Table.Tbody>
            {recent.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Anchor component={Link} to={appHref(`/admin/invoice/${item.id}`, current)}>
                    {item.label}
                  </Anchor>
                </Table.Td>
                <Table.Td>{item.receptor}</Table.Td>
                <Table.Td>{item.stateLabel}</Table.Td>
                <Table.Td>{item.updatedAt}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
    </Paper>
  );
}
