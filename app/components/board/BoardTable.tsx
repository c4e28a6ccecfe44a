import { Group, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { ListCard, ResponsiveList } from "~/components/ResponsiveList";
import { formatDateTime, type CalendarDate, type MonthKey } from "~/domain/calendar";
import { colones, deadlineLabel } from "~/domain/board/query";
import { countLabel } from "~/domain/text";
import { AttentionBadge, Checks, CountPair, Figure, Iva, PartialPayment, type Row } from "./BoardCells";
import { boardLinks } from "./links";

const CALCULATION_TEXT = {
  pending: "Calculando… Las cifras de este cliente aparecen en cuanto estén listas.",
  failed: "No se pudieron calcular sus cifras; se intentará de nuevo en un minuto.",
} as const;

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
                {row.calculation !== "done" ? (
                  <Table.Td colSpan={8} data-testid="board-row-calculating">
                    <Text size="sm">{CALCULATION_TEXT[row.calculation]}</Text>
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td>
                      <CountPair
                        name={row.name}
                        counts={[
                          {
                            to: links.received,
                            count: row.received,
                            title: "Recibidos",
                            one: "recibido",
                            many: "recibidos",
                          },
                          { to: links.issued, count: row.issued, title: "Emitidos", one: "emitido", many: "emitidos" },
                        ]}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Figure to={links.month} label={`Sin contabilizar de ${row.name}: ${row.notBooked}`}>
                        {row.notBooked}
                      </Figure>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={0}>
                        <Figure
                          to={links.received}
                          label={`Respuestas pendientes de ${row.name}: ${row.pendingAnswers}`}
                        >
                          {row.pendingAnswers}
                        </Figure>
                        {row.pendingAnswers > 0 && (
                          <Text size="xs">{deadlineLabel(row.nearestAnswerDeadline, today)}</Text>
                        )}
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
                      <CountPair
                        name={row.name}
                        counts={[
                          {
                            to: links.issued,
                            count: row.rejected,
                            title: "Rechazados",
                            one: "rechazado",
                            many: "rechazados",
                          },
                          {
                            to: links.issued,
                            count: row.stuck,
                            title: "Envíos con error",
                            one: "con error",
                            many: "con error",
                          },
                        ]}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Figure to={links.imports} label={`Importar comprobantes de ${row.name}`}>
                        {row.lastImportAt ? formatDateTime(row.lastImportAt) : "Nunca"}
                      </Figure>
                    </Table.Td>
                    <Table.Td>
                      <Checks row={row} links={links} />
                    </Table.Td>
                  </>
                )}
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
              row.calculation !== "done" ? (
                <Text size="sm" data-testid="board-row-calculating">
                  {CALCULATION_TEXT[row.calculation]}
                </Text>
              ) : (
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
              )
            }
          />
        );
      }}
    />
  );
}
