import { Anchor, Paper, Table, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { unbookedText } from "~/domain/iva/layout";
import type { VatPageView } from "~/domain/iva/view";
import { AmountCell } from "./AmountCell";
import { TableScrollRegion } from "~/components/TableScrollRegion";

export function ReconciliationPanel({
  reconciliation,
  unbookedHref,
}: {
  reconciliation: VatPageView["reconciliation"];
  unbookedHref: string;
}) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        Conciliación con la contabilidad
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Saldos del mes de las cuentas de IVA (sin el asiento de liquidación) junto a las cifras de los comprobantes.
      </Text>
      {reconciliation.rows.length === 0 ? (
        <Text c="dimmed">Ni los comprobantes ni las cuentas de IVA tienen movimientos este mes.</Text>
      ) : (
        <TableScrollRegion label="Conciliación con la contabilidad" minWidth={640}>
          <Table striped data-testid="iva-reconciliation">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Cuenta</Table.Th>
                <Table.Th ta="right">Según comprobantes</Table.Th>
                <Table.Th ta="right">Según contabilidad</Table.Th>
                <Table.Th ta="right">Diferencia</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reconciliation.rows.map((row) => (
                <Table.Tr key={`${row.side}-${row.account}`}>
                  <Table.Td>
                    {row.side === "debito" ? "IVA débito" : "IVA crédito"} · {row.account} {row.accountLabel}
                  </Table.Td>
                  <AmountCell>{row.fromReceipts}</AmountCell>
                  <AmountCell>{row.fromBooks}</AmountCell>
                  <Table.Td ta="right" c={row.differs ? "red.9" : undefined} style={{ whiteSpace: "nowrap" }}>
                    {row.difference}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>
      )}
      {reconciliation.unbookedCount > 0 && (
        <Anchor component={Link} to={unbookedHref} size="sm">
          {unbookedText(reconciliation.unbookedCount)}
        </Anchor>
      )}
    </Paper>
  );
}
