import { Anchor, Badge, List, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { TableScrollRegion } from "~/components/TableScrollRegion";
import { formatDateTime } from "~/domain/calendar";
import type { MailLogView } from "~/domain/mail/view";

const OUTCOMES: Record<string, { label: string; color: string }> = {
  importado: { label: "Importado", color: "green" },
  duplicado: { label: "Duplicado", color: "gray" },
  "no-es-del-cliente": { label: "No es de este cliente", color: "orange" },
  invalido: { label: "Inválido", color: "red" },
};

/** «Correo recibido»: each message read and what became of each of its attachments. */
export function MailLog({ entries, receiptHref }: { entries: MailLogView[]; receiptHref: (id: string) => string }) {
  if (entries.length === 0) return <Text c="dimmed">Aún no se ha recibido correo.</Text>;
  return (
    <TableScrollRegion label="Correo recibido" minWidth={720}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Remitente</Table.Th>
            <Table.Th>Asunto</Table.Th>
            <Table.Th>Archivos</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id} data-testid="mail-log-entry">
              <Table.Td>{formatDateTime(entry.date ?? entry.readAt)}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{entry.from || "—"}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                {entry.subject || "(sin asunto)"}
                {entry.unassigned && (
                  <Badge ml="xs" color="orange" c="dark.7" variant="light" tt="none">
                    Sin cliente
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {entry.note && <Text size="sm">{entry.note}</Text>}
                <List size="sm" listStyleType="none" spacing={4}>
                  {entry.attachments.map((attachment, index) => {
                    const outcome = OUTCOMES[attachment.outcome] ?? OUTCOMES.invalido;
                    return (
                      <List.Item key={`${attachment.name}-${index}`}>
                        <Badge size="sm" color={outcome.color} c="dark.7" variant="light" tt="none" mr={6}>
                          {outcome.label}
                        </Badge>
                        {attachment.receiptId ? (
                          <Anchor
                            component={Link}
                            to={receiptHref(attachment.receiptId)}
                            style={{ overflowWrap: "anywhere" }}
                          >
                            {attachment.name}
                          </Anchor>
                        ) : (
                          <span style={{ overflowWrap: "anywhere" }}>{attachment.name}</span>
                        )}
                        <Text size="xs" c="dimmed">
                          {attachment.reason}
                        </Text>
                      </List.Item>
                    );
                  })}
                </List>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}
