import { Alert, Anchor, Button, Group, List, Stack, Table, Text, Title } from "@mantine/core";
import { Form, Link, useLocation } from "@remix-run/react";
import { DateField } from "~/components/forms/DateField";
import { PageLinks } from "~/components/PageLinks";
import { TableScrollRegion } from "~/components/TableScrollRegion";
import { appHref, keptParamFields } from "~/utils/links";
import { AGING_BUCKETS, AGING_LABELS, type AgingPageView, type Side } from "~/domain/open-items";
import { SIDE_TEXTS } from "./labels";

export interface OpeningImportMessage {
  intent?: string;
  errors?: string[];
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Per counterparty balance in aging buckets at a date, the totals, and how they agree with the books. */
export function AgingPage({
  side,
  data,
  organization,
  admin,
  actionData,
}: {
  side: Side;
  data: AgingPageView;
  organization: { name: string; cedula: string };
  admin: boolean;
  actionData?: OpeningImportMessage | null;
}) {
  const texts = SIDE_TEXTS[side];
  const current = new URLSearchParams(useLocation().search);
  const { agreement } = data;
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{texts.title}</Title>
        <Text c="dimmed" size="sm">
          {organization.name} · {organization.cedula} · saldos al {data.atText}
        </Text>
      </div>
      {data.messages.length > 0 && (
        <Alert color="red" title="Revise la fecha" data-testid="query-messages">
          <List size="sm">
            {data.messages.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Form method="get" action={texts.path} aria-label="Fecha de los saldos">
        {keptParamFields(current, ["menu"]).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Group align="flex-end" gap="sm">
          <DateField name="at" label="Saldos al" defaultValue={data.at} required w={170} />
          <Button type="submit" variant="default">
            Ver
          </Button>
        </Group>
      </Form>
      <Alert
        color={agreement.agrees ? "green" : "orange"}
        title={agreement.agrees ? "Coincide con la contabilidad" : "Diferencia con la contabilidad"}
        data-testid="agreement"
      >
        <Text size="sm">
          Partidas abiertas: {agreement.items} · Cuenta de control {agreement.controlAccount}: {agreement.control}
          {agreement.agrees ? "" : ` · Diferencia: ${agreement.difference}`}
        </Text>
        {agreement.opening && (
          <Text size="sm" mt="xs" data-testid="agreement-opening">
            Incluye {plural(agreement.openingCount, "saldo inicial importado", "saldos iniciales importados")}:{" "}
            {agreement.opening}, que explican el saldo de apertura de la cuenta de control.
          </Text>
        )}
        {!agreement.agrees && (
          <List size="sm" mt="xs">
            {agreement.unbooked && (
              <List.Item>
                {plural(agreement.unbookedCount, "comprobante sin contabilizar", "comprobantes sin contabilizar")}:{" "}
                {agreement.unbooked}
              </List.Item>
            )}
            {agreement.rejected && (
              <List.Item data-testid="agreement-rejected">
                {plural(
                  agreement.rejectedCount,
                  "comprobante rechazado con su asiento vigente",
                  "comprobantes rechazados con su asiento vigente",
                )}{" "}
                (revierta el asiento): {agreement.rejected}
              </List.Item>
            )}
            {agreement.other && (
              <List.Item>
                Asientos registrados directamente en la cuenta de control (saldos iniciales, ajustes manuales o reglas
                con otra cuenta): {agreement.other}
              </List.Item>
            )}
          </List>
        )}
      </Alert>
      {data.rows.length === 0 ? (
        <Text data-testid="no-items">No hay saldos pendientes al {data.atText}.</Text>
      ) : (
        <TableScrollRegion label={`${texts.title} por antigüedad`} minWidth={860}>
          <Table striped withTableBorder data-testid="aging-table">
            <Table.Caption>
              {texts.title} por antigüedad al {data.atText}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.party}</Table.Th>
                {AGING_BUCKETS.map((bucket) => (
                  <Table.Th key={bucket} ta="right">
                    {AGING_LABELS[bucket]}
                  </Table.Th>
                ))}
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((row) => (
                <Table.Tr key={row.partyId}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={appHref(`${texts.path}/${row.partyId}?to=${data.at}`, current)}
                      aria-label={`Estado de cuenta de ${row.nombre}`}
                    >
                      {row.nombre}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {row.cedula || "Sin identificación"} · {plural(row.openCount, "documento", "documentos")}
                    </Text>
                  </Table.Td>
                  {row.buckets.map((amount, index) => (
                    <Table.Td key={AGING_BUCKETS[index]} ta="right">
                      {amount}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right" fw={700}>
                    {row.total}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>Total</Table.Th>
                {data.totals.buckets.map((amount, index) => (
                  <Table.Th key={AGING_BUCKETS[index]} ta="right">
                    {amount}
                  </Table.Th>
                ))}
                <Table.Th ta="right" data-testid="aging-total">
                  {data.totals.total}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </TableScrollRegion>
      )}
      {data.partyCount > 0 && (
        <PageLinks
          page={data.page}
          pageCount={data.pageCount}
          count={data.partyCount}
          pageSize={data.pageSize}
          noun={texts.counted}
          hrefOf={(page) => appHref(`${texts.path}?at=${data.at}&page=${page}`, current)}
          testId="aging-count"
        />
      )}
      {admin && (
        <Form
          method="post"
          action={appHref(texts.path, current)}
          encType="multipart/form-data"
          aria-label="Importar saldos iniciales"
          data-testid="opening-form"
        >
          <Title order={2}>Importar saldos iniciales</Title>
          <Text size="sm" c="dimmed">
            Un archivo CSV con los títulos cédula, documento, fecha, vencimiento, monto (y nombre, obligatorio para una
            cédula nueva), un documento pendiente por línea, hasta 5 000 líneas. Se importa todo el archivo o nada. No
            se registra ningún asiento: los saldos explican el asiento de apertura de la cuenta de control.
          </Text>
          {actionData?.errors && actionData.errors.length > 0 && (
            <Alert color="red" title="No se importó nada" mt="xs" data-testid="opening-errors">
              <List size="sm">
                {actionData.errors.map((error) => (
                  <List.Item key={error}>{error}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group align="flex-end" gap="sm" mt="xs">
            <input type="file" name="archivo" accept=".csv,text/csv" required aria-label="Archivo CSV" />
            <Button type="submit" variant="default">
              Importar
            </Button>
          </Group>
        </Form>
      )}
    </Stack>
  );
}
