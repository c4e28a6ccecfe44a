import { Anchor, Badge, Group, Table, Text, Tooltip } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { TableScrollRegion } from "~/components/TableScrollRegion";
import { SCREEN_HEADERS } from "~/domain/receipts/columns";
import type { MonthRow, MonthTotals } from "~/domain/receipts/view";
import { HaciendaBadge } from "./HaciendaBadge";
import { NOT_COUNTED_NOTE, totalsHeading } from "./month-totals";

const amountCell = { ta: "right", style: { whiteSpace: "nowrap" } } as const;

/** The month's receipts as a table on wide screens, with the whole filtered month's totals in its foot. */
export function ReceiptWideTable({
  rows,
  totals,
  received,
  hrefOf,
  booked,
  sending,
}: {
  rows: MonthRow[];
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
