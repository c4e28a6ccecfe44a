import { Badge, Button, Table, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import { ListCard, ResponsiveList } from "~/components/ResponsiveList";
import { TableScrollRegion } from "~/components/TableScrollRegion";
import { dateText } from "~/domain/text";
import { BANK_LINE_STATE_LABELS, type BankLineState, type BankLineView } from "~/domain/bank/view";

const STATE_COLORS: Record<BankLineState, string> = { pendiente: "yellow", conciliado: "green", excluido: "gray" };

function StateBadge({ state }: { state: BankLineState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light" c="dark.7" tt="none">
      {BANK_LINE_STATE_LABELS[state]}
    </Badge>
  );
}

const ACTIONS: Record<BankLineState, { intent: string; label: string }> = {
  pendiente: { intent: "exclude", label: "Excluir" },
  conciliado: { intent: "undo", label: "Deshacer" },
  excluido: { intent: "include", label: "Incluir" },
};

/** Excluir a pending line, deshacer a reconciled one, incluir an excluded one again. */
function LineAction({ line }: { line: BankLineView }) {
  const action = ACTIONS[line.state];
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={action.intent} />
      <input type="hidden" name="lineId" value={line.id} />
      <Button
        type="submit"
        size="compact-xs"
        variant="subtle"
        aria-label={`${action.label}: ${line.description || line.reference}`}
      >
        {action.label}
      </Button>
    </Form>
  );
}

/** A bank account's statement lines with their state: a table on wide screens, cards on a phone. */
export function BankLinesTable({ lines }: { lines: BankLineView[] }) {
  if (lines.length === 0) return <Text c="dimmed">No hay movimientos con este filtro.</Text>;
  return (
    <ResponsiveList
      items={lines}
      keyOf={(line) => line.id}
      label="Movimientos del banco"
      testId="bank-line-cards"
      table={
        <TableScrollRegion label="Movimientos del banco" minWidth={860}>
          <Table striped withTableBorder data-testid="bank-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Referencia</Table.Th>
                <Table.Th>Descripción</Table.Th>
                <Table.Th ta="right">Monto</Table.Th>
                <Table.Th ta="right">Saldo del banco</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th>Acción</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.id} data-testid="bank-line">
                  <Table.Td>{dateText(line.date)}</Table.Td>
                  <Table.Td>{line.reference}</Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{line.description}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                    {line.amount}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                    {line.balance}
                  </Table.Td>
                  <Table.Td>
                    <StateBadge state={line.state} />
                  </Table.Td>
                  <Table.Td>
                    <LineAction line={line} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>
      }
      card={(line) => (
        <ListCard
          title={line.description || line.reference}
          details={`${dateText(line.date)}${line.reference ? ` · ${line.reference}` : ""}`}
          amount={line.amount}
          status={<StateBadge state={line.state} />}
          note={<LineAction line={line} />}
        />
      )}
    />
  );
}
