import { Anchor, Group, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { HaciendaBadge } from "./HaciendaBadge";
import { MonthTotalsCard } from "./MonthTotalsCard";
import { NOT_COUNTED_NOTE } from "./month-totals";
import { ReceiptWideTable } from "./ReceiptWideTable";
import { ListCard, ResponsiveList } from "~/components/ResponsiveList";
import type { MonthRow, MonthTotals } from "~/domain/receipts/view";

export type ReceiptTableRow = MonthRow;

export { totalsHeading } from "./month-totals";

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
      table={<ReceiptWideTable {...props} />}
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
      footer={<MonthTotalsCard totals={totals} />}
    />
  );
}
