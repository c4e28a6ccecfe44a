import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { detailHref, monthHref } from "~/components/receipts/links";
import { appHref } from "~/utils/links";
import type { PreviewState } from "~/domain/booking/preview";
import { countLabel, plural } from "~/domain/text";
import { TableScrollRegion } from "~/components/TableScrollRegion";

interface PreviewLine {
  account: string;
  label: string;
  side: string;
  amount: string;
}

interface PreviewRow {
  receiptId: string;
  document: string;
  date: string;
  party: string;
  partyId: string | null;
  total: string;
  state: PreviewState;
  stateLabel: string;
  how: string;
  lines: PreviewLine[];
}

interface Preview {
  month: string;
  monthLabel: string;
  count: number;
  token: string;
  rows: PreviewRow[];
  hidden: number;
  counts: Record<PreviewState, number>;
}

const STATE_COLORS: Record<PreviewState, string> = { contabilizar: "green", borrador: "yellow", no: "gray" };

/** The supplier (or customer) by name and cédula: what tells two «…0001» apart. */
export function PartyCell({ party, partyId }: { party: string; partyId: string | null }) {
  return (
    <>
      <Text size="sm">{party || "—"}</Text>
      {partyId && (
        <Text size="xs" c="dimmed" ff="monospace">
          {partyId}
        </Text>
      )}
    </>
  );
}

function summaryOf(counts: Record<PreviewState, number>): string {
  const parts = [
    counts.contabilizar > 0 && `${countLabel(counts.contabilizar, "se contabiliza", "se contabilizan")}`,
    counts.borrador > 0 && `${counts.borrador} ${plural(counts.borrador, "queda en borrador", "quedan en borrador")}`,
    counts.no > 0 && `${counts.no} no ${plural(counts.no, "se contabiliza", "se contabilizan")}`,
  ].filter(Boolean);
  return parts.join(", ");
}

/** «Contabilizar N comprobantes»: each pending receipt and what its entry will be, then the confirmation. */
export function BookingPreview({
  organization,
  preview,
  current,
}: {
  organization: { cedula: string; name: string };
  preview: Preview;
  current: URLSearchParams;
}) {
  const back = monthHref(current, { org: organization.cedula, month: preview.month, tab: "recibidos" });
  return (
    <Stack gap="md" maw={1200}>
      <div>
        <Title order={1}>Contabilizar comprobantes de {preview.monthLabel}</Title>
        <Text c="dimmed" size="sm">
          {organization.name} · {organization.cedula}
        </Text>
      </div>
      {preview.count === 0 ? (
        <Alert color="gray">No quedan comprobantes pendientes en {preview.monthLabel}.</Alert>
      ) : (
        <>
          <Text data-testid="booking-preview-summary">
            {countLabel(preview.count, "comprobante pendiente", "comprobantes pendientes")}: {summaryOf(preview.counts)}
            . Revise la lista; nada se contabiliza hasta que confirme.
          </Text>
          <TableScrollRegion label="Comprobantes por contabilizar" minWidth={900}>
            <Table
              striped
              verticalSpacing="xs"
              data-testid="booking-preview"
              aria-label="Comprobantes por contabilizar"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Proveedor o cliente</Table.Th>
                  <Table.Th>Documento</Table.Th>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th style={{ textAlign: "right" }}>Total</Table.Th>
                  <Table.Th>Resultado</Table.Th>
                  <Table.Th>Asiento</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.rows.map((row) => (
                  <Table.Tr key={row.receiptId}>
                    <Table.Td>
                      <PartyCell party={row.party} partyId={row.partyId} />
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={detailHref(current, organization.cedula, row.receiptId)} size="sm">
                        {row.document}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{row.date}</Table.Td>
                    <Table.Td style={{ textAlign: "right", whiteSpace: "nowrap" }}>{row.total}</Table.Td>
                    <Table.Td>
                      <Badge color={STATE_COLORS[row.state]} variant="light" c="dark.7">
                        {row.stateLabel}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.how}</Text>
                      {row.lines.map((line) => (
                        <Text size="xs" key={`${line.side}:${line.account}`}>
                          {line.side} {line.account}
                          {line.label ? ` ${line.label}` : ""}: {line.amount}
                        </Text>
                      ))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
          {preview.hidden > 0 && (
            <Text size="sm" c="dimmed">
              Y {countLabel(preview.hidden, "comprobante más", "comprobantes más")}, incluidos en el resumen de arriba.
            </Text>
          )}
          <Form method="post" action={appHref("/booking/month", current)}>
            <input type="hidden" name="month" value={preview.month} />
            <input type="hidden" name="confirm" value={preview.token} />
            <Group>
              <Button type="submit" data-testid="confirm-booking">
                Contabilizar {countLabel(preview.count, "comprobante", "comprobantes")}
              </Button>
              <Anchor component={Link} to={back}>
                Cancelar
              </Anchor>
            </Group>
          </Form>
        </>
      )}
      {preview.count === 0 && (
        <Anchor component={Link} to={back}>
          Volver a los comprobantes de {preview.monthLabel}
        </Anchor>
      )}
    </Stack>
  );
}
