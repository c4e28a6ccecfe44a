/* The cells of the practice board's rows, shared by its wide table and its phone list. */
import { Anchor, Badge, Stack, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatCalendarDate, monthLabel, type CalendarDate } from "~/domain/calendar";
import { CHECK_KEYS, CHECK_LABELS } from "~/domain/board/checks";
import { deadlineLabel, ivaAmountLabel } from "~/domain/board/query";
import { countLabel } from "~/domain/text";
import { partialPaymentLabel } from "~/domain/board/partial-payments";
import { ATTENTION_LABELS, IVA_STATE_LABELS, type AttentionLevel, type BoardRow } from "~/domain/board/row";
import type { boardLinks } from "./links";

export type Row = BoardRow & { attention: AttentionLevel };

const ATTENTION_COLORS: Record<AttentionLevel, string> = {
  overdue: "red",
  soon: "orange",
  pending: "blue",
  clear: "green",
  calculating: "gray",
  failed: "orange",
};

export function Figure({ to, children, label }: { to: string; children: ReactNode; label: string }) {
  return (
    <Anchor component={Link} to={to} aria-label={label}>
      {children}
    </Anchor>
  );
}

/** Two counts of a client stacked in one cell, each a link to the screen that lists it. */
export function CountPair({
  name,
  counts,
}: {
  name: string;
  counts: ReadonlyArray<{ to: string; count: number; title: string; one: string; many: string }>;
}) {
  return (
    <Stack gap={0}>
      {counts.map(({ to, count, title, one, many }) => (
        <Figure key={title} to={to} label={`${title} de ${name}: ${count}`}>
          {countLabel(count, one, many)}
        </Figure>
      ))}
    </Stack>
  );
}

export function AttentionBadge({ level }: { level: AttentionLevel }) {
  return (
    <Badge color={ATTENTION_COLORS[level]} c="dark.7" variant="light" data-testid="attention">
      {ATTENTION_LABELS[level]}
    </Badge>
  );
}

export function Checks({ row, links }: { row: Row; links: ReturnType<typeof boardLinks> }) {
  const found = CHECK_KEYS.filter((key) => row.checks[key] > 0);
  if (found.length === 0) return <Text size="sm">Sin observaciones</Text>;
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
      {found.map((key) => (
        <li key={key}>
          <Anchor component={Link} to={links.checks[key]} size="sm">
            {CHECK_LABELS[key]}: {row.checks[key]}
          </Anchor>
        </li>
      ))}
    </Stack>
  );
}

export function Iva({ row, links, today }: { row: Row; links: ReturnType<typeof boardLinks>; today: CalendarDate }) {
  const done = row.iva.state === "declarado";
  return (
    <Stack gap={0}>
      <Figure to={links.iva} label={`IVA de ${monthLabel(row.iva.month)} de ${row.name}`}>
        {IVA_STATE_LABELS[row.iva.state]}
      </Figure>
      <Text size="xs">{ivaAmountLabel(row.iva.amount)}</Text>
      <Text size="xs" c={done ? "dimmed" : undefined}>
        {done ? `Vencimiento: ${formatCalendarDate(row.iva.dueDate)}` : deadlineLabel(row.iva.dueDate, today)}
      </Text>
    </Stack>
  );
}

export function PartialPayment({
  row,
  links,
  today,
}: {
  row: Row;
  links: ReturnType<typeof boardLinks>;
  today: CalendarDate;
}) {
  const payment = row.partialPayment;
  return (
    <Stack gap={0} mt={4}>
      <Figure to={links.incomeTax} label={`Pagos parciales de renta de ${row.name}: ${partialPaymentLabel(payment)}`}>
        {partialPaymentLabel(payment)}
      </Figure>
      {payment.kind === "cuota" && payment.state !== "vencida" && (
        <Text size="xs">{deadlineLabel(payment.due, today)}</Text>
      )}
      {payment.kind === "cuota" && payment.state === "vencida" && (
        <Text size="xs">vencida el {formatCalendarDate(payment.due)}</Text>
      )}
    </Stack>
  );
}
