import { Alert, Button, Group, Table, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { DateField } from "~/components/forms/DateField";
import { TableScrollRegion } from "~/components/TableScrollRegion";
import type { PartySectionProps } from "./party-section";

/** The cobros or pagos registered, each undoable by reversal (admins). */
export function PartySettlements({ side, data, admin, action, errorOf }: PartySectionProps) {
  return (
    <>
      {data.settlements.length > 0 && (
        <>
          <Title order={2}>{side === "receivable" ? "Cobros" : "Pagos"}</Title>
          {errorOf("undo") && (
            <Alert color="red" data-testid="undo-error">
              {errorOf("undo")}
            </Alert>
          )}
          <TableScrollRegion label="Cobros y pagos" minWidth={820}>
            <Table withTableBorder data-testid="settlements-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th>Asiento</Table.Th>
                  <Table.Th ta="right">Aplicado</Table.Th>
                  <Table.Th ta="right">{side === "receivable" ? "Recibido" : "Pagado"}</Table.Th>
                  <Table.Th ta="right">En dólares</Table.Th>
                  <Table.Th>Estado</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.settlements.map((settlement) => (
                  <Table.Tr key={settlement.id}>
                    <Table.Td>{settlement.date}</Table.Td>
                    <Table.Td>
                      {settlement.entryNumber ?? ""}
                      {settlement.reference ? ` · ${settlement.reference}` : ""}
                    </Table.Td>
                    <Table.Td ta="right">{settlement.applied}</Table.Td>
                    <Table.Td ta="right">{settlement.received ?? ""}</Table.Td>
                    <Table.Td ta="right" data-testid="settlement-dollars">
                      {settlement.dollars ?? ""}
                    </Table.Td>
                    <Table.Td>
                      {settlement.reversedOn ? (
                        `Deshecho el ${settlement.reversedOn}${settlement.reversalEntryNumber ? ` (asiento ${settlement.reversalEntryNumber})` : ""}`
                      ) : admin ? (
                        <Form method="post" action={action} aria-label={`Deshacer ${settlement.date}`}>
                          <input type="hidden" name="intent" value="undo" />
                          <input type="hidden" name="settlementId" value={settlement.id} />
                          <Group gap="xs" align="flex-end">
                            <DateField
                              name="date"
                              label="Fecha de la reversión"
                              defaultValue={data.today < settlement.isoDate ? settlement.isoDate : data.today}
                              required
                              size="xs"
                              w={150}
                            />
                            <Button type="submit" size="xs" variant="default" color="red">
                              Deshacer
                            </Button>
                          </Group>
                        </Form>
                      ) : (
                        "Registrado"
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        </>
      )}
    </>
  );
}
