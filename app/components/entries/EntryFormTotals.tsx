import { Group, Text } from "@mantine/core";
import { differenceText, formTotals } from "~/domain/entries/form";
import { centsToAmount, formatColones } from "~/domain/money";

/**
 * Débitos, créditos and «Diferencia: ₡0,00» of the lines as typed. With JavaScript it follows every
 * keystroke (conform tracks the values); without, it shows the totals of what the page was given.
 */
export function EntryFormTotals({ lines }: { lines: ReadonlyArray<Record<string, unknown> | null | undefined> }) {
  const totals = formTotals(lines);
  const balanced = totals.difference === 0n;
  return (
    <Group gap="lg" wrap="wrap" justify="flex-end">
      <Text size="sm">
        Débitos: <strong>{formatColones(centsToAmount(totals.debit))}</strong>
      </Text>
      <Text size="sm">
        Créditos: <strong>{formatColones(centsToAmount(totals.credit))}</strong>
      </Text>
      <Text
        size="sm"
        fw={600}
        c={balanced ? "teal.9" : "red.9"}
        role="status"
        aria-live="polite"
        data-testid="entry-difference"
      >
        {differenceText(totals)}
      </Text>
    </Group>
  );
}
