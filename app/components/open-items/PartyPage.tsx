import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { Form, Link, useLocation } from "@remix-run/react";
import { AccountPicker } from "~/components/AccountPicker";
import { DateField } from "~/components/forms/DateField";
import { TableScrollRegion } from "~/components/TableScrollRegion";
import { appHref, keptParamFields } from "~/utils/links";
import type { CatalogNode } from "~/domain/catalog";
import type { PartyPageView, Side } from "~/domain/open-items";
import { SIDE_TEXTS } from "./labels";

export interface ActionMessage {
  intent?: string;
  error?: string;
}

/** The statement of account of one counterparty, its documents and payments; admins register and undo here. */
export function PartyPage({
  side,
  data,
  organization,
  admin,
  catalog,
  actionData,
}: {
  side: Side;
  data: PartyPageView;
  organization: { name: string; cedula: string };
  admin: boolean;
  catalog: CatalogNode[] | null;
  actionData?: ActionMessage | null;
}) {
  const texts = SIDE_TEXTS[side];
  const current = new URLSearchParams(useLocation().search);
  const base = `${texts.path}/${data.party.id}`;
  const range = `from=${data.from}&to=${data.to}`;
  const exportHref = (extension: string) =>
    appHref(`${base}/statement.${extension}?${range}`, current, { menu: null, showSidebar: null });
  const open = data.items.filter((item) => item.balanceInput !== null);
  const errorOf = (intent: string) => (actionData?.intent === intent ? actionData.error : undefined);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Anchor component={Link} to={appHref(`${texts.path}?at=${data.to}`, current)} size="sm">
            ← {texts.title}
          </Anchor>
          <Title order={1}>Estado de cuenta</Title>
          <Text c="dimmed" size="sm" data-testid="party-subtitle">
            {texts.party}: {data.party.nombre}
            {data.party.cedula ? ` · ${data.party.cedula}` : ""}
            {data.party.correo ? ` · ${data.party.correo}` : ""} · {organization.name} · {data.periodText}
          </Text>
        </div>
        <Group gap="xs">
          <Button component="a" href={exportHref("pdf")} variant="default" download data-testid="export-pdf">
            Exportar PDF
          </Button>
          <Button component="a" href={exportHref("xlsx")} variant="default" download data-testid="export-xlsx">
            Exportar XLSX
          </Button>
          <Button component="a" href={exportHref("csv")} variant="default" download data-testid="export-csv">
            Exportar CSV
          </Button>
        </Group>
      </Group>
      {admin && (
        <Form method="post" action={appHref(base, current)} aria-label="Enviar por correo" data-testid="mail-form">
          <input type="hidden" name="intent" value="mail" />
          {errorOf("mail") && (
            <Alert color="red" data-testid="mail-error">
              {errorOf("mail")}
            </Alert>
          )}
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              name="to"
              type="email"
              label="Correo del destinatario"
              description={`El estado de cuenta en PDF ${data.periodText}`}
              defaultValue={data.party.correo ?? ""}
              maxLength={254}
              required
              w={320}
            />
            <Button type="submit" variant="default">
              Enviar por correo
            </Button>
          </Group>
          {data.mails.length > 0 && (
            <List size="sm" mt="xs" data-testid="mail-log">
              {data.mails.map((mail, index) => (
                <List.Item key={index} c={mail.failed ? "red" : undefined}>
                  {mail.text}
                </List.Item>
              ))}
            </List>
          )}
        </Form>
      )}
      {data.messages.length > 0 && (
        <Alert color="red" title="Revise las fechas" data-testid="query-messages">
          <List size="sm">
            {data.messages.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Form method="get" action={base} aria-label="Período del estado de cuenta">
        {keptParamFields(current, ["menu"]).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Group align="flex-end" gap="sm">
          <DateField name="from" label="Desde" defaultValue={data.from} required w={170} />
          <DateField name="to" label="Hasta" defaultValue={data.to} required w={170} />
          <Button type="submit" variant="default">
            Ver
          </Button>
        </Group>
      </Form>

      <TableScrollRegion label="Movimientos del estado de cuenta" minWidth={760}>
        <Table striped withTableBorder data-testid="statement-table">
          <Table.Caption>Estado de cuenta {data.periodText}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th>Detalle</Table.Th>
              <Table.Th ta="right">Cargo</Table.Th>
              <Table.Th ta="right">Abono</Table.Th>
              <Table.Th ta="right">Saldo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td colSpan={5} fw={700}>
                Saldo anterior
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                {data.statement.opening}
              </Table.Td>
            </Table.Tr>
            {data.statement.lines.map((line, index) => (
              <Table.Tr key={index}>
                <Table.Td>{line.date}</Table.Td>
                <Table.Td>{line.kind}</Table.Td>
                <Table.Td>{line.description}</Table.Td>
                <Table.Td ta="right">{line.charge}</Table.Td>
                <Table.Td ta="right">{line.payment}</Table.Td>
                <Table.Td ta="right">{line.balance}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={5}>Saldo final</Table.Th>
              <Table.Th ta="right" data-testid="statement-closing">
                {data.statement.closing}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </TableScrollRegion>
      {data.statement.truncated && (
        <Alert color="orange">El período tiene más movimientos de los que se muestran: elija un rango más corto.</Alert>
      )}

      <Title order={2}>Documentos</Title>
      <Form method="post" action={appHref(base, current)} aria-label={texts.register} data-testid="register-form">
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
                    <Table.Td ta="right">{item.balance}</Table.Td>
                    <Table.Td>{item.settledAtIssue ? "Contado" : item.state}</Table.Td>
                    {admin && (
                      <Table.Td>
                        {row >= 0 && (
                          <TextInput
                            name={`items[${row}].amount`}
                            aria-label={`Monto a aplicar a ${item.label}`}
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

      {admin && catalog && data.reps.length > 0 && (
        <>
          <Title order={2}>Recibos electrónicos de pago sin registrar</Title>
          {errorOf("rep") && (
            <Alert color="red" data-testid="rep-error">
              {errorOf("rep")}
            </Alert>
          )}
          {data.reps.map((rep) => (
            <Paper key={rep.clave} withBorder p="md" data-testid="rep">
              <Form method="post" action={appHref(base, current)} aria-label={`Registrar ${rep.label}`}>
                <input type="hidden" name="intent" value="register" />
                <input type="hidden" name="rep" value={rep.clave} />
                <input type="hidden" name="date" value={rep.isoDate} />
                <input type="hidden" name="reference" value={rep.label} />
                {rep.applications.map((application, index) => (
                  <span key={application.itemId}>
                    <input type="hidden" name={`items[${index}].id`} value={application.itemId} />
                    <input type="hidden" name={`items[${index}].selected`} value="on" />
                    <input type="hidden" name={`items[${index}].amount`} value={application.amountInput} />
                  </span>
                ))}
                <Text size="sm">
                  {rep.label} del {rep.date} por {rep.amount}:{" "}
                  {rep.applications.map((application) => `${application.label} ${application.amount}`).join(", ")}
                </Text>
                <Group align="flex-end" gap="sm" mt="xs" wrap="wrap">
                  <div style={{ minWidth: 280 }}>
                    <AccountPicker
                      catalog={catalog}
                      name="moneyAccount"
                      label="Cuenta de banco o caja"
                      defaultValue={data.defaultMoneyAccount}
                      required
                    />
                  </div>
                  <Button type="submit" variant="default">
                    {side === "receivable" ? "Registrar cobro del REP" : "Registrar pago del REP"}
                  </Button>
                </Group>
              </Form>
            </Paper>
          ))}
        </>
      )}

      {data.settlements.length > 0 && (
        <>
          <Title order={2}>{side === "receivable" ? "Cobros" : "Pagos"}</Title>
          {errorOf("undo") && (
            <Alert color="red" data-testid="undo-error">
              {errorOf("undo")}
            </Alert>
          )}
          <TableScrollRegion label="Cobros y pagos" minWidth={700}>
            <Table withTableBorder data-testid="settlements-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th>Asiento</Table.Th>
                  <Table.Th ta="right">Aplicado</Table.Th>
                  <Table.Th ta="right">{side === "receivable" ? "Recibido" : "Pagado"}</Table.Th>
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
                    <Table.Td>
                      {settlement.reversedOn ? (
                        `Deshecho el ${settlement.reversedOn}${settlement.reversalEntryNumber ? ` (asiento ${settlement.reversalEntryNumber})` : ""}`
                      ) : admin ? (
                        <Form method="post" action={appHref(base, current)} aria-label={`Deshacer ${settlement.date}`}>
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

      <Title order={2}>Datos de la contraparte</Title>
      {admin ? (
        <Form method="post" action={appHref(base, current)} aria-label="Datos de la contraparte">
          <input type="hidden" name="intent" value="settings" />
          {errorOf("settings") && (
            <Alert color="red" data-testid="settings-error">
              {errorOf("settings")}
            </Alert>
          )}
          <Group align="flex-end" gap="sm" wrap="wrap">
            {/* A plain text field, like every number of the app: the number-input library would load on every page. */}
            <TextInput
              name="paymentTermDays"
              label="Plazo de crédito (días)"
              description="Para documentos que no indican plazo"
              defaultValue={data.party.paymentTermDays ?? ""}
              inputMode="numeric"
              maxLength={5}
              w={200}
            />
            {catalog && (
              <div style={{ minWidth: 280 }}>
                <AccountPicker
                  catalog={catalog}
                  name={side === "receivable" ? "salesAccount" : "purchaseAccount"}
                  label={side === "receivable" ? "Cuenta de ventas habitual" : "Cuenta de gasto habitual"}
                  defaultValue={side === "receivable" ? data.party.salesAccount : data.party.purchaseAccount}
                />
              </div>
            )}
          </Group>
          <Textarea
            name="notes"
            label="Notas"
            defaultValue={data.party.notes ?? ""}
            maxLength={2000}
            mt="sm"
            autosize
          />
          <Button type="submit" variant="default" mt="sm">
            Guardar datos
          </Button>
        </Form>
      ) : (
        <Text size="sm">
          Plazo de crédito:{" "}
          {data.party.paymentTermDays === null ? "según cada documento" : `${data.party.paymentTermDays} días`}
        </Text>
      )}
    </Stack>
  );
}
