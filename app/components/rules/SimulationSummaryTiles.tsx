import { Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import type { SimulationSummary } from "~/domain/rules/simulate";

/** The month's counts: receipts, with a rule, to classify, without an entry; then the count per rule. */
export function SimulationSummaryTiles({ summary }: { summary: SimulationSummary & { unreadable: number } }) {
  const tiles: Array<[string, number]> = [
    ["Comprobantes recibidos", summary.receipts + summary.unreadable],
    ["Con regla", summary.matched],
    ["Por clasificar", summary.unclassified],
    ["Sin asiento", summary.noEntry + summary.unreadable],
  ];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {tiles.map(([label, value]) => (
          <Paper withBorder p="sm" key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={600} size="lg" data-testid={`simulation-${label}`}>
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {summary.byRule.length > 0 && (
        <Text size="sm">{summary.byRule.map((rule) => `${rule.name}: ${rule.count}`).join(" · ")}</Text>
      )}
    </Stack>
  );
}
