import { Anchor, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import { monthLabel, type CalendarDate } from "~/domain/calendar";
import type { BankMonthView } from "~/domain/bank/view";

/**
 * The printed conciliación at the chosen date (PDF, XLSX), «Marcar conciliado» for its month, and the
 * months already marked — each reopened by a super admin only. Plain forms: no JavaScript needed.
 */
export function MonthClosePanel({
  date,
  months,
  canReopen,
  fileHref,
}: {
  date: CalendarDate;
  months: BankMonthView[];
  canReopen: boolean;
  fileHref: (extension: "pdf" | "xlsx") => string;
}) {
  const month = date.slice(0, 7);
  const closed = months.some((candidate) => candidate.month === month && candidate.closed);
  return (
    <Stack gap="xs" mt="sm">
      <Group gap="md" align="center" wrap="wrap">
        <Anchor href={fileHref("pdf")}>Descargar PDF</Anchor>
        <Anchor href={fileHref("xlsx")}>Descargar XLSX</Anchor>
        {!closed && (
          <Form method="post">
            <input type="hidden" name="intent" value="close-month" />
            <input type="hidden" name="month" value={month} />
            <Button type="submit" size="sm" variant="light">
              Marcar conciliado {monthLabel(month)}
            </Button>
          </Form>
        )}
      </Group>
      {months.length > 0 && (
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: "none" }} aria-label="Meses conciliados">
          {months.map((candidate) => (
            <li key={candidate.month} data-testid="bank-month">
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {candidate.label}
                </Text>
                <Badge variant="light" color={candidate.closed ? "green" : "gray"} c="dark.7" tt="none">
                  {candidate.closed ? "Conciliado" : "Reabierto"}
                </Badge>
                <Text size="sm" c="dimmed">
                  {candidate.lastEvent}
                </Text>
                {candidate.closed && canReopen && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="reopen-month" />
                    <input type="hidden" name="month" value={candidate.month} />
                    <Button type="submit" size="xs" variant="outline">
                      Reabrir {candidate.label}
                    </Button>
                  </Form>
                )}
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
