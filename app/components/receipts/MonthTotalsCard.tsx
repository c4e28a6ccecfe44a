import { Group, Paper, Stack, Text } from "@mantine/core";
import type { MonthTotals } from "~/domain/receipts/view";
import { totalsHeading } from "./month-totals";

/** The month's totals under the receipt cards of a small screen. */
export function MonthTotalsCard({ totals }: { totals: MonthTotals }) {
  return (
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
  );
}
