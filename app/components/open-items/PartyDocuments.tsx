import { Alert, Button, Checkbox, Group, List, Paper, Table, Text, TextInput, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { AccountPicker } from "~/components/AccountPicker";
import { DateField } from "~/components/forms/DateField";
import { TableScrollRegion } from "~/components/TableScrollRegion";
import { SIDE_TEXTS } from "./labels";
import type { PartySectionProps } from "./party-section";

/** The counterparty's documents with their balances; admins mark them and register a cobro or pago. */
export function PartyDocuments({ side, data, admin, catalog, action, errorOf }: PartySectionProps) {
  const texts = SIDE_TEXTS[side];
  const open = data.items.filter((item) => item.balanceInput !== null);
  const inDollars = open.some((item) => item.dollars !== null);
  return (
    <>
      <Form method="post" action={action} aria-label={texts.register} data-testid="register-form">
        <input type="hidden" name="intent" value="register" />
        <TableScrollRegion label="Documentos de la contraparte" minWidth={860}>
          <Table withTableBorder data-testid="items-table">
            <Table.Thead>
              <Table.Tr>
                {admin && <Table.Th>Aplicar</Table.Th>}
                <Table.Th>Documento</Table.Th>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Vence</Table.Th>
                <Table.Th ta="right">Monto</Table.Th>
                <Table.Th ta="right">Saldo al {data.to.split("-").reverse().join("/")}</Table.Th>
                <Table.Th>Estado</Table.Th>
                {admin && <Table.Th>Monto a aplicar</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((item) => {
                const row = open.indexOf(item);
                return (
                  <Table.Tr key={item.id}>
                    {admin && (
                      <Table.Td>
                        {row >= 0 && (
                          <>
                            <input type="hidden" name={`items[${row}].id`} value={item.id} />
                            <Checkbox name={`items[${row}].selected`} aria-label={`Aplicar a ${item.label}`} />
                          </>
                        )}
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Text size="sm">{item.label}</Text>
                      {item.movements.length > 0 && (
                        <List size="xs" c="dimmed">
                          {item.movements.map((movement, index) => (
                            <List.Item key={index}>
                              {movement.date} · {movement.what} · {movement.amount}
                            </List.Item>
                          ))}
                        </List>
                      )}
                    </Table.Td>
                    <Table.Td>{item.fecha}</Table.Td>
                    <Table.Td c={item.overdue ? "red.8" : undefined}>{item.dueDate}</Table.Td>
                    <Table.Td ta="right">
                      {item.amount}
                      {item.currency !== "CRC" ? ` (${item.currency})` : ""}
                    </Table.Td>
                    <Table.Td ta="right">
                      {item.balance}
                      {item.dollars !== null && (
                        <Text size="xs" c="dimmed" data-testid="item-dollars">
                          {item.dollars} pendientes
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{item.settledAtIssue ? "Contado" : item.state}</Table.Td>
                    {admin && (
                      <Table.Td>
                        {row >= 0 && (
                          <TextInput
                            name={`items[${row}].amount`}
                            aria-label={`Monto a aplicar a ${item.label}${item.dollars !== null ? " (US$)" : ""}`}
                            placeholder={item.balanceInput ?? ""}
                            size="xs"
                            w={130}
                          />
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>
        {admin && catalog && open.length > 0 && (
          <Paper withBorder p="md" mt="sm">
            <Title order={3} size="h4">
              {texts.register}
            </Title>
            <Text size="sm" c="dimmed">
              Marque los documentos; un monto en blanco aplica todo su saldo. El monto{" "}
              {side === "receivable" ? "recibido" : "pagado"} en blanco es la suma de lo aplicado.
              {inDollars &&
                " Los documentos en dólares se aplican en US$, aparte de los de colones: el banco o la caja recibe los dólares al tipo de cambio del día y la diferencia con el del documento va al diferencial cambiario."}
            </Text>
            {errorOf("register") && (
              <Alert color="red" mt="sm" data-testid="register-error">
                {errorOf("register")}
              </Alert>
            )}
            <Group align="flex-end" gap="sm" mt="sm" wrap="wrap">
              <DateField name="date" label="Fecha" defaultValue={data.today} required w={170} />
              <TextInput name="received" label={side === "receivable" ? "Monto recibido" : "Monto pagado"} w={170} />
              <TextInput name="reference" label="Referencia" maxLength={100} w={200} />
              {inDollars && (
                <TextInput
                  name="rate"
                  label="Tipo de cambio (US$)"
                  description="En blanco: el de venta del día"
                  inputMode="decimal"
                  maxLength={30}
                  w={200}
                />
              )}
            </Group>
            <Group align="flex-end" gap="sm" mt="sm" wrap="wrap">
              <div style={{ minWidth: 280 }}>
                <AccountPicker
                  catalog={catalog}
                  name="moneyAccount"
                  label="Cuenta de banco o caja"
                  defaultValue={data.defaultMoneyAccount}
                  required
                />
              </div>
              <div style={{ minWidth: 280 }}>
                <AccountPicker catalog={catalog} name="differenceAccount" label="Cuenta para la diferencia" />
              </div>
              <Button type="submit" data-testid="register-submit">
                {texts.register}
              </Button>
            </Group>
          </Paper>
        )}
      </Form>
    </>
  );
}
