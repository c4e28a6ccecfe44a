import { Anchor, Badge, Group, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ListCard, ResponsiveList } from "~/components/ResponsiveList";
import { formatCalendarDate, formatDateTime, monthLabel, type CalendarDate, type MonthKey } from "~/domain/calendar";
import { CHECK_KEYS, CHECK_LABELS } from "~/domain/board/checks";
import { colones, deadlineLabel, ivaAmountLabel } from "~/domain/board/query";
import { partialPaymentLabel } from "~/domain/board/partial-payments";
import { ATTENTION_LABELS, IVA_STATE_LABELS, type AttentionLevel, type BoardRow } from "~/domain/board/row";
import { countLabel } from "~/domain/text";
import { boardLinks } from "./links";

type Row = BoardRow & { attention: AttentionLevel };

const ATTENTION_COLORS: Record<AttentionLevel, string> = {
  overdue: "red",
  soon: "orange",
  pending: "blue",
  clear: "green",
};

function Figure({ to, children, label }: { to: string; children: ReactNode; label: string }) {
  return (
    <Anchor component={Link} to={to} aria-label={label}>
      {children}
    </Anchor>
  );
}

function AttentionBadge({ level }: { level: AttentionLevel }) {
  return (
    <Badge color={ATTENTION_COLORS[level]} c="dark.7" variant="light" data-testid="attention">
      {ATTENTION_LABELS[level]}
    </Badge>
  );
}

function Checks({ row, links }: { row: Row; links: ReturnType<typeof boardLinks> }) {
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

function Iva({ row, links, today }: { row: Row; links: ReturnType<typeof boardLinks>; today: CalendarDate }) {
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

function PartialPayment({
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

export function BoardTable({
  rows,
  month,
  today,
  current,
}: {
  rows: Row[];
  month: MonthKey;
  today: CalendarDate;
  current: URLSearchParams;
}) {
  const table = (
    <ScrollArea type="auto">
      <Table striped withTableBorder verticalSpacing="xs" data-testid="board-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Cliente</Table.Th>
            <Table.Th scope="col">Comprobantes</Table.Th>
            <Table.Th scope="col">Sin contabilizar</Table.Th>
            <Table.Th scope="col">Respuestas pendientes</Table.Th>
            <Table.Th scope="col">IVA del mes anterior y renta</Table.Th>
            <Table.Th scope="col">70 Por clasificar</Table.Th>
            <Table.Th scope="col">Hacienda</Table.Th>
            <Table.Th scope="col">Última importación</Table.Th>
            <Table.Th scope="col">Revisión</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const links = boardLinks(row, month, current);
            return (
              <Table.Tr key={row.organizationId} data-testid="board-row">
                <Table.Th scope="row" fw={400}>
                  <Stack gap={2}>
                    <Text fw={600} size="sm">
                      {row.name}
                    </Text>
                    <Text size="xs">{row.cedula}</Text>
                    {row.responsible && (
                      <Text size="xs" style={{ overflowWrap: "anywhere" }}>
                        Responsable: {row.responsible.email}
                      </Text>
                    )}
                    <AttentionBadge level={row.attention} />
                  </Stack>
                </Table.Th>
                <Table.Td>
                  <Stack gap={0}>
                    <Figure to={links.received} label={`Recibidos de ${row.name}: ${row.received}`}>
                      {countLabel(row.received, "recibido", "recibidos")}
                    </Figure>
                    <Figure to={links.issued} label={`Emitidos de ${row.name}: ${row.issued}`}>
                      {countLabel(row.issued, "emitido", "emitidos")}
                    </Figure>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Figure to={links.month} label={`Sin contabilizar de ${row.name}: ${row.notBooked}`}>
                    {row.notBooked}
                  </Figure>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Figure to={links.received} label={`Respuestas pendientes de ${row.name}: ${row.pendingAnswers}`}>
                      {row.pendingAnswers}
                    </Figure>
                    {row.pendingAnswers > 0 && <Text size="xs">{deadlineLabel(row.nearestAnswerDeadline, today)}</Text>}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Iva row={row} links={links} today={today} />
                  <PartialPayment row={row} links={links} today={today} />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  <Figure to={links.balances} label={`Saldo en 70 de ${row.name}`}>
                    {colones(row.unclassified)}
                  </Figure>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Figure to={links.issued} label={`Rechazados de ${row.name}: ${row.rejected}`}>
                      {countLabel(row.rejected, "rechazado", "rechazados")}
                    </Figure>
                    <Figure to={links.issued} label={`Envíos con error de ${row.name}: ${row.stuck}`}>
                      {countLabel(row.stuck, "con error", "con error")}
                    </Figure>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Figure to={links.imports} label={`Importar comprobantes de ${row.name}`}>
                    {row.lastImportAt ? formatDateTime(row.lastImportAt) : "Nunca"}
                  </Figure>
                </Table.Td>
                <Table.Td>
                  <Checks row={row} links={links} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
  return (
    <ResponsiveList
      items={rows}
      keyOf={(row) => row.organizationId}
      label="Clientes"
      testId="board-cards"
      table={table}
      card={(row) => {
        const links = boardLinks(row, month, current);
        return (
          <ListCard
            title={
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {row.name}
                </Text>
                <Text size="xs">{row.cedula}</Text>
                {row.responsible && (
                  <Text size="xs" style={{ overflowWrap: "anywhere" }}>
                    Responsable: {row.responsible.email}
                  </Text>
                )}
              </Stack>
            }
            status={<AttentionBadge level={row.attention} />}
            details={
              <Stack gap={4}>
                <Group gap="md">
                  <Figure to={links.received} label={`Recibidos de ${row.name}: ${row.received}`}>
                    {countLabel(row.received, "recibido", "recibidos")}
                  </Figure>
                  <Figure to={links.issued} label={`Emitidos de ${row.name}: ${row.issued}`}>
                    {countLabel(row.issued, "emitido", "emitidos")}
                  </Figure>
                  <Figure to={links.month} label={`Sin contabilizar de ${row.name}: ${row.notBooked}`}>
                    {row.notBooked} sin contabilizar
                  </Figure>
                </Group>
                <Text size="sm">
                  Respuestas pendientes: {row.pendingAnswers}
                  {row.pendingAnswers > 0 ? ` (${deadlineLabel(row.nearestAnswerDeadline, today)})` : ""}
                </Text>
                <Iva row={row} links={links} today={today} />
                <PartialPayment row={row} links={links} today={today} />
                <Text size="sm">70 Por clasificar: {colones(row.unclassified)}</Text>
                {(row.rejected > 0 || row.stuck > 0) && (
                  <Text size="sm">
                    Hacienda: {countLabel(row.rejected, "rechazado", "rechazados")},{" "}
                    {countLabel(row.stuck, "con error", "con error")}
                  </Text>
                )}
                <Checks row={row} links={links} />
              </Stack>
            }
          />
        );
      }}
    />
  );
}
