import { Anchor, Badge, Table, Text, Tooltip } from "@mantine/core";
import { Link } from "@remix-run/react";
import { HaciendaBadge } from "./HaciendaBadge";
import { SCREEN_HEADERS } from "~/domain/receipts/columns";
import type { MonthRow } from "~/services/receipts/receipts.server";

export type ReceiptTableRow = MonthRow;

const amountCell = { ta: "right", style: { whiteSpace: "nowrap" } } as const;

/** The month's receipts of one tab, and the totals of the whole filtered month (not only this page). */
export function ReceiptTable({
  rows,
  totals,
  received,
  hrefOf,
}: {
  rows: ReceiptTableRow[];
  totals: { counted: number; subtotal: string; iva: string; total: string };
  received: boolean;
  hrefOf: (id: string) => string;
}) {
  return (
    <Table.ScrollContainer minWidth={960} type="native" tabIndex={0} role="region" aria-label="Comprobantes del mes">
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="receipts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{SCREEN_HEADERS.fecha}</Table.Th>
            <Table.Th>{SCREEN_HEADERS.tipo}</Table.Th>
            <Table.Th>{SCREEN_HEADERS.consecutivo}</Table.Th>
            <Table.Th>{SCREEN_HEADERS.contraparte}</Table.Th>
            <Table.Th>{SCREEN_HEADERS.moneda}</Table.Th>
            <Table.Th ta="right">{SCREEN_HEADERS.subtotalColones}</Table.Th>
            <Table.Th ta="right">{SCREEN_HEADERS.ivaColones}</Table.Th>
            <Table.Th ta="right">{SCREEN_HEADERS.totalColones}</Table.Th>
            <Table.Th>{SCREEN_HEADERS.estadoHacienda}</Table.Th>
            {received && <Table.Th>{SCREEN_HEADERS.respuesta}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="receipt-row" c={row.effect === 0 ? "dimmed" : undefined}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{row.fecha}</Table.Td>
              <Table.Td>
                <Tooltip label={row.kindTitle} withArrow>
                  <Text span size="sm">
                    {row.kindLabel}
                  </Text>
                </Tooltip>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={hrefOf(row.id)} ff="monospace" size="sm">
                  {row.consecutivo}
                </Anchor>
                {row.warnings > 0 && (
                  <Badge color="orange" variant="light" size="xs" ml={6} title="El documento tiene advertencias aritméticas">
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
              <Table.Td {...amountCell}>{row.subtotal}</Table.Td>
              <Table.Td {...amountCell}>{row.iva}</Table.Td>
              <Table.Td {...amountCell}>
                {row.total}
                {row.totalOriginal && (
                  <Text size="xs" c="dimmed">
                    {row.totalOriginal}
                  </Text>
                )}
                {row.effect === 0 && (
                  <Text size="xs" c="dimmed">
                    no suma
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <HaciendaBadge status={row.haciendaStatus} label={row.haciendaLabel} />
              </Table.Td>
              {received && (
                <Table.Td>
                  <Text span size="sm" c={row.answerLabel === "Pendiente" || row.answerLabel === "—" ? "dimmed" : undefined}>
                    {row.answerLabel}
                  </Text>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="totals-row" fw={700}>
            <Table.Th colSpan={5}>Totales del mes ({totals.counted} comprobantes)</Table.Th>
            <Table.Th {...amountCell}>{totals.subtotal}</Table.Th>
            <Table.Th {...amountCell}>{totals.iva}</Table.Th>
            <Table.Th {...amountCell}>{totals.total}</Table.Th>
            <Table.Td colSpan={received ? 2 : 1} />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
