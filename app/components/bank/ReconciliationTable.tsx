import { Badge, Button, Group, Table, Text, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import { countLabel, dateText } from "~/domain/text";
import type { ReconciliationView } from "~/domain/bank/view";
import { TableScrollRegion } from "~/components/TableScrollRegion";

/** The conciliación at a date, with a GET form to choose the date (works without JavaScript). */
/** A line of the reconciliation that adds or takes away a group of movements. */
function ItemsRow({ label, items }: { label: string; items: { count: number; amount: string } }) {
  return (
    <Table.Tr>
      <Table.Th scope="row">
        {label} ({countLabel(items.count, "movimiento", "movimientos")})
      </Table.Th>
      <Table.Td ta="right">{items.amount}</Table.Td>
    </Table.Tr>
  );
}

export function ReconciliationTable({
  reconciliation,
  hidden,
}: {
  reconciliation: ReconciliationView;
  hidden: Record<string, string>;
}) {
  const { depositsInTransit, outstandingPayments, unrecorded, excluded } = reconciliation;
  return (
    <>
      <Form method="get">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Group align="flex-end" gap="sm">
          <TextInput label="Fecha de la conciliación" name="at" type="date" defaultValue={reconciliation.date} />
          <Button type="submit" variant="light">
            Ver
          </Button>
        </Group>
      </Form>
      <TableScrollRegion label="Conciliación" minWidth={340} mt="sm">
        <Table withTableBorder data-testid="bank-reconciliation">
          <Table.Caption>Conciliación al {dateText(reconciliation.date)}</Table.Caption>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">Saldo según banco</Table.Th>
              <Table.Td ta="right">
                {reconciliation.bankBalance ?? "Los estados de cuenta importados no indican saldos"}
              </Table.Td>
            </Table.Tr>
            <ItemsRow label="Más depósitos en tránsito" items={depositsInTransit} />
            <ItemsRow label="Menos pagos en circulación" items={outstandingPayments} />
            <ItemsRow label="Menos partidas del banco no registradas" items={unrecorded} />
            <ItemsRow label="Menos partidas excluidas" items={excluded} />
            <Table.Tr>
              <Table.Th scope="row">Saldo según libros</Table.Th>
              <Table.Td ta="right">{reconciliation.bookBalance}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Diferencia</Table.Th>
              <Table.Td ta="right" data-testid="bank-reconciliation-difference">
                {reconciliation.difference === null ? (
                  "—"
                ) : (
                  <Group gap="xs" justify="flex-end">
                    {reconciliation.difference}
                    <Badge color={reconciliation.balanced ? "green" : "red"} variant="light" c="dark.7" tt="none">
                      {reconciliation.balanced ? "Conciliada" : "Por explicar"}
                    </Badge>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
      {reconciliation.bankBalance === null && (
        <Text size="sm" c="dimmed" mt="xs">
          Importe un archivo con saldos (BAC, OFX, camt.053 o CSV con columna de saldo) para obtener el saldo según
          banco.
        </Text>
      )}
    </>
  );
}
