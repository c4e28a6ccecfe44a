import { Anchor, Badge, Group, Paper, Stack, Table, Text, Tooltip } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { HaciendaBadge } from "./HaciendaBadge";
import { ListCard, ResponsiveList } from "~/components/ResponsiveList";
import { SCREEN_HEADERS } from "~/domain/receipts/columns";
import { countLabel } from "~/domain/text";
import type { MonthRow, MonthTotals } from "~/domain/receipts/view";
import { TableScrollRegion } from "~/components/TableScrollRegion";

export type ReceiptTableRow = MonthRow;

const amountCell = { ta: "right", style: { whiteSpace: "nowrap" } } as const;

/** "Totales del mes (1 comprobante)" */
export function totalsHeading(counted: number): string {
  return `Totales del mes (${countLabel(counted, "comprobante", "comprobantes")})`;
}

const NOT_COUNTED_NOTE = "no suma";

/**
 * The month's receipts of one tab, and the totals of the whole filtered month (not only this page):
 * a table on wide screens, one card per receipt (fecha, contraparte, total, estado, contabilizado) on
 * small ones.
 */
export function ReceiptTable(props: {
  rows: ReceiptTableRow[];
  totals: MonthTotals;
  received: boolean;
  hrefOf: (id: string) => string;
  /** The "Contabilizado" cell of a receipt (its entry), when the page shows booking. */
  booked?: (id: string) => ReactNode;
  /** A receipt's sending to Hacienda, under its state, when some receipt of the page was sent. */
  sending?: (id: string) => ReactNode;
}) {
  const { rows, totals, hrefOf, booked, sending } = props;
  return (
    <ResponsiveList
      items={rows}
      keyOf={(row) => row.id}
      label="Comprobantes del mes"
      testId="receipt-cards"
      table={<WideTable {...props} />}
      card={(row) => (
        <ListCard
          testId="receipt-card"
          dimmed={!row.counts}
          title={
            <>
              <Anchor component={Link} to={hrefOf(row.id)} size="sm" fw={600}>
                {row.contraparte}
              </Anchor>
              <Text size="xs" c="dimmed">
                {row.kindLabel} {row.consecutivo}
                {row.arrivalLabel && ` · ${row.arrivalLabel}`}
              </Text>
            </>
          }
          amount={row.total}
          details={row.fecha}
          status={
            sending || booked ? (
              <Group gap={4} wrap="wrap">
                <HaciendaBadge status={row.haciendaStatus} label={row.haciendaLabel} />
                {sending?.(row.id)}
                {booked && (
                  <Group gap={4} wrap="nowrap" data-col="contabilizado">
                    <Text span size="xs" c="dimmed">
                      Contabilizado:
                    </Text>
                    {booked(row.id)}
                  </Group>
                )}
              </Group>
            ) : (
              <HaciendaBadge status={row.haciendaStatus} label={row.haciendaLabel} />
            )
          }
          note={!row.counts ? NOT_COUNTED_NOTE : (row.totalOriginal ?? undefined)}
        />
      )}
      footer={
        <Paper withBorder p="sm" mt="xs" data-testid="totals-card">
          <Text fw={700} size="sm">
            {totalsHeading(totals.counted)}
          </Text>
          <Stack gap={2} mt={4}>
            {[
              ["Subtotal", totals.subtotal],
              ["IVA", totals.iva],
              ["Otros cargos", totals.otrosCargos],
              ...(totals.ivaDevuelto ? [["IVA devuelto", `−${totals.ivaDevuelto}`]] : []),
              ["Total", totals.total],
            ].map(([label, value]) => (
              <Group key={label} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm">{label}</Text>
                <Text size="sm" fw={label === "Total" ? 700 : 500} style={{ whiteSpace: "nowrap" }}>
                  {value}
                </Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      }
    />
  );
}

function WideTable({
  rows,
  totals,
  received,
  hrefOf,
  booked,
  sending,
}: {
  rows: ReceiptTableRow[];
  totals: MonthTotals;
  received: boolean;
  hrefOf: (id: string) => string;
  booked?: (id: string) => ReactNode;
  sending?: (id: string) => ReactNode;
}) {
  return (
    // Narrow cell padding, a smaller consecutivo and stacked cells (fecha over tipo; estado over respuesta
    // over envío) keep every column within a 1366 px screen beside the menu.
    <TableScrollRegion label="Comprobantes del mes" minWidth={960}>
      <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing={6} data-testid="receipts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              {SCREEN_HEADERS.fecha}
              <Text size="xs" fw={700}>
                {SCREEN_HEADERS.tipo}
              </Text>
            </Table.Th>
            <Table.Th>{SCREEN_HEADERS.consecutivo}</Table.Th>
            <Table.Th>{SCREEN_HEADERS.contraparte}</Table.Th>
            <Table.Th>{SCREEN_HEADERS.moneda}</Table.Th>
            <Table.Th ta="right">{SCREEN_HEADERS.subtotalColones}</Table.Th>
            <Table.Th ta="right">{SCREEN_HEADERS.ivaColones}</Table.Th>
            <Table.Th ta="right">{SCREEN_HEADERS.otrosCargosColones}</Table.Th>
            <Table.Th ta="right">{SCREEN_HEADERS.totalColones}</Table.Th>
            <Table.Th>
              {SCREEN_HEADERS.estadoHacienda}
              {received && (
                <Text size="xs" fw={700}>
                  {SCREEN_HEADERS.respuesta}
                </Text>
              )}
              {sending && (
                <Text size="xs" fw={700}>
                  Envío
                </Text>
              )}
            </Table.Th>
            {booked && <Table.Th>Contabilizado</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              data-testid="receipt-row"
              data-counts={row.counts}
              data-warnings={row.warnings}
              c={row.counts ? undefined : "dimmed"}
            >
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                  {row.fecha}
                </Text>
                <Tooltip label={row.kindTitle} withArrow>
                  <Text span size="xs">
                    {row.kindLabel}
                  </Text>
                </Tooltip>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={hrefOf(row.id)} ff="monospace" size="xs">
                  {row.consecutivo}
                </Anchor>
                {row.arrivalLabel && (
                  <Text size="xs" c="dimmed" data-testid="receipt-arrival">
                    {row.arrivalLabel}
                  </Text>
                )}
                {row.warnings > 0 && (
                  <Badge
                    color="orange"
                    variant="light"
                    size="sm"
                    ml={6}
                    title="El documento tiene advertencias aritméticas"
                  >
                    {row.warnings} adv.
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.contraparte}</Text>
                {row.contraparteId && (
                  <Text size="xs" c="dimmed">
                    {row.contraparteId}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.moneda}</Text>
                {row.tipoCambio && (
                  <Text size="xs" c="dimmed">
                    TC {row.tipoCambio}
                  </Text>
                )}
              </Table.Td>
              <Table.Td {...amountCell} data-col="subtotal">
                <span data-amount>{row.subtotal}</span>
              </Table.Td>
              <Table.Td {...amountCell} data-col="iva">
                <span data-amount>{row.iva}</span>
              </Table.Td>
              <Table.Td {...amountCell} data-col="otrosCargos">
                <span data-amount>{row.otrosCargos}</span>
              </Table.Td>
              <Table.Td {...amountCell} data-col="total">
                <span data-amount>{row.total}</span>
                {row.ivaDevuelto && (
                  <Text size="xs" c="dimmed">
                    IVA devuelto −{row.ivaDevuelto}
                  </Text>
                )}
                {row.totalOriginal && (
                  <Text size="xs" c="dimmed">
                    {row.totalOriginal}
                  </Text>
                )}
                {!row.counts && (
                  <Text size="xs" c="dimmed">
                    {NOT_COUNTED_NOTE}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <HaciendaBadge status={row.haciendaStatus} label={row.haciendaLabel} />
                {received && (
                  <Text
                    size="xs"
                    mt={2}
                    data-col="respuesta"
                    c={row.answerLabel === "Pendiente" || row.answerLabel === "—" ? "dimmed" : undefined}
                  >
                    {row.answerLabel}
                  </Text>
                )}
                {sending && (
                  <Group gap={4} mt={2} wrap="nowrap" data-col="envio">
                    {sending(row.id)}
                  </Group>
                )}
              </Table.Td>
              {booked && <Table.Td data-col="contabilizado">{booked(row.id)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="totals-row" fw={700}>
            <Table.Th colSpan={4}>{totalsHeading(totals.counted)}</Table.Th>
            <Table.Th {...amountCell} data-col="subtotal">
              <span data-amount>{totals.subtotal}</span>
            </Table.Th>
            <Table.Th {...amountCell} data-col="iva">
              <span data-amount>{totals.iva}</span>
            </Table.Th>
            <Table.Th {...amountCell} data-col="otrosCargos">
              <span data-amount>{totals.otrosCargos}</span>
            </Table.Th>
            <Table.Th {...amountCell} data-col="total">
              <span data-amount>{totals.total}</span>
              {totals.ivaDevuelto && (
                <Text size="xs" c="dimmed">
                  IVA devuelto −{totals.ivaDevuelto}
                </Text>
              )}
            </Table.Th>
            <Table.Td colSpan={1 + (booked ? 1 : 0)} />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </TableScrollRegion>
  );
}
