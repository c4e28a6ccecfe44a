import { Paper, Table, Text, Title } from "@mantine/core";
import type { TotalsView } from "~/domain/invoicing/totals-view";

/** The computed totals: each line's total and the summary, or what is missing for them. */
export function TotalsPanel({ totals, live }: { totals: TotalsView | null | undefined; live: boolean }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="invoice-totals" data-testid="invoice-totals">
      <Title order={2} size="h4" id="invoice-totals" mb="xs">
        Totales
      </Title>
      {totals ? (
        <Table aria-label="Totales del comprobante" verticalSpacing={4}>
          <Table.Tbody>
            {totals.lines.map((line) => (
              <Table.Tr key={`line-${line.numero}`}>
                <Table.Td c="dimmed">
                  Línea {line.numero}: {line.detalle}
                </Table.Td>
                <Table.Td ta="right">{line.total}</Table.Td>
              </Table.Tr>
            ))}
            {totals.rows.map((row) => (
              <Table.Tr key={row.label} fw={row.strong ? 700 : undefined}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td ta="right" data-testid={row.strong ? "invoice-total" : undefined}>
                  {row.amount}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          {live
            ? "Los totales aparecen cuando cada línea tiene cantidad, unidad, detalle, precio y tarifa válidos."
            : "Los totales se calculan con las reglas de la versión 4.4 al pulsar «Recalcular» o al guardar."}
        </Text>
      )}
    </Paper>
  );
}
