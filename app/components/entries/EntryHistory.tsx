import { List, Stack, Table, Text, Timeline } from "@mantine/core";
import type { EntryView } from "~/domain/entries/view";
import { TableScrollRegion } from "~/components/TableScrollRegion";

type Item = EntryView["entry"]["history"][number];

/** Who did what and when; for a change, each field before and after. */
export function EntryHistory({ history }: { history: Item[] }) {
  if (history.length === 0) return <Text c="dimmed">Sin cambios registrados.</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2} active={history.length} data-testid="entry-history">
      {history.map((item, index) => (
        <Timeline.Item key={index} title={item.action} data-testid="history-item">
          <Text size="xs" c="dimmed">
            {item.at} · {item.by}
          </Text>
          {item.changes.length > 0 && (
            <TableScrollRegion label="Campos cambiados" minWidth={420} mt={4}>
              <Table withTableBorder verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Campo</Table.Th>
                    <Table.Th>Antes</Table.Th>
                    <Table.Th>Después</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {item.changes.map((change) => (
                    <Table.Tr key={change.field}>
                      <Table.Td>{change.field}</Table.Td>
                      <Table.Td>
                        <Lines text={change.before} />
                      </Table.Td>
                      <Table.Td>
                        <Lines text={change.after} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScrollRegion>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function Lines({ text }: { text: string }) {
  const lines = text.split("\n");
  if (lines.length === 1) return <>{text}</>;
  return (
    <Stack gap={0}>
      <List size="sm" listStyleType="none" spacing={0}>
        {lines.map((line, index) => (
          <List.Item key={index}>{line}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
