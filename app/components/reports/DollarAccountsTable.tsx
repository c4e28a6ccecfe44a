import { Table, Title } from "@mantine/core";
import { TableScrollRegion } from "~/components/TableScrollRegion";

/** The accounts kept in dollars at the end of the report's range: colones and dollars side by side. */
export function DollarAccountsTable({
  accounts,
}: {
  accounts: ReadonlyArray<{ code: string; label: string; colones: string; dollars: string }>;
}) {
  return (
    <section aria-labelledby="dollar-accounts-title">
      <Title order={2} size="h4" id="dollar-accounts-title" mb="xs">
        Cuentas en dólares
      </Title>
      <TableScrollRegion label="Cuentas en dólares" minWidth={560}>
        <Table striped verticalSpacing="xs" data-testid="dollar-accounts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Cuenta</Table.Th>
              <Table.Th ta="right">Saldo final en colones</Table.Th>
              <Table.Th ta="right">Saldo final en dólares</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.map((account) => (
              <Table.Tr key={account.code}>
                <Table.Td>
                  {account.code} {account.label}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  {account.colones}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  {account.dollars}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
    </section>
  );
}
