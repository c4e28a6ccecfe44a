import { Box, Group, Paper, Stack, Text, type MantineBreakpoint } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A list shown as a table on wide screens and as one compact card per item below `breakpoint`
 * (receipts now; entries and movements next). Both are rendered and a CSS media query (Mantine's
 * visibleFrom / hiddenFrom) shows one, so it works before hydration and without JavaScript, and the
 * server never needs to know the screen's width.
 */
export function ResponsiveList<T>({
  items,
  keyOf,
  table,
  card,
  footer,
  label,
  breakpoint = "sm",
  testId,
}: {
  items: T[];
  keyOf: (item: T) => string;
  /** The wide view (usually a Mantine Table in a scroll container). */
  table: ReactNode;
  /** One item as a card: usually a `ListCard`. */
  card: (item: T) => ReactNode;
  /** After the cards: e.g. the totals. */
  footer?: ReactNode;
  /** Accessible name of the card list. */
  label: string;
  breakpoint?: MantineBreakpoint;
  testId?: string;
}) {
  return (
    <>
      <Box visibleFrom={breakpoint}>{table}</Box>
      <Box hiddenFrom={breakpoint} data-testid={testId}>
        <Stack component="ul" gap="xs" aria-label={label} m={0} p={0} style={{ listStyle: "none" }}>
          {items.map((item) => (
            <li key={keyOf(item)}>{card(item)}</li>
          ))}
        </Stack>
        {footer}
      </Box>
    </>
  );
}

/**
 * One item of a ResponsiveList on a small screen: a title (usually a link) and its main amount on
 * the first line, details and a status below.
 */
export function ListCard({
  title,
  amount,
  details,
  status,
  note,
  dimmed,
  testId,
}: {
  title: ReactNode;
  amount?: ReactNode;
  details?: ReactNode;
  status?: ReactNode;
  note?: ReactNode;
  dimmed?: boolean;
  testId?: string;
}) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId} c={dimmed ? "dimmed" : undefined}>
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Box style={{ minWidth: 0, overflowWrap: "anywhere" }}>{title}</Box>
          {amount !== undefined && (
            <Text fw={600} size="sm" style={{ whiteSpace: "nowrap" }} data-role="amount">
              {amount}
            </Text>
          )}
        </Group>
        {(details !== undefined || status !== undefined) && (
          <Group justify="space-between" align="center" wrap="wrap" gap="xs">
            {details !== undefined && (
              <Text size="xs" c="dimmed" component="div">
                {details}
              </Text>
            )}
            {status}
          </Group>
        )}
        {note !== undefined && (
          <Text size="xs" c="dimmed" component="div">
            {note}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
