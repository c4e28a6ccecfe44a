import { Alert, Anchor, Badge, Button, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { formatDateTime } from "~/domain/calendar";
import { countLabel } from "~/domain/text";
import type { MailboxView } from "~/domain/mail/view";

function lastReadText(mailbox: MailboxView): string {
  if (!mailbox.lastReadAt) return "Aún no se ha revisado.";
  const when = `Última revisión: ${formatDateTime(mailbox.lastReadAt)}.`;
  const counts = mailbox.lastCounts;
  if (mailbox.lastError || !counts) return when;
  return `${when} ${countLabel(counts.messages, "mensaje nuevo", "mensajes nuevos")}, ${countLabel(counts.imported, "archivo importado", "archivos importados")}, ${countLabel(counts.duplicates, "duplicado", "duplicados")}, ${countLabel(counts.refused, "rechazado", "rechazados")}.`;
}

/** The organization's mailboxes (and the admin's firm mailbox) with their status and «Revisar ahora». */
export function MailboxList({ mailboxes, editHref }: { mailboxes: MailboxView[]; editHref: (id: string) => string }) {
  if (mailboxes.length === 0)
    return <Text c="dimmed">Aún no hay buzones configurados. Agregue uno con el formulario.</Text>;
  return (
    <Stack gap="sm">
      {mailboxes.map((mailbox) => (
        <Paper key={mailbox.id} withBorder p="md" data-testid="mailbox">
          <Stack gap={6}>
            <Group justify="space-between" wrap="wrap">
              <Group gap="xs">
                <Text fw={600}>{mailbox.label}</Text>
                {mailbox.scope === "firm" && (
                  <Badge variant="light" c="dark.7" tt="none">
                    Compartido del despacho
                  </Badge>
                )}
                {mailbox.reading && (
                  <Badge color="blue" variant="light" c="dark.7" tt="none">
                    Revisando…
                  </Badge>
                )}
                {mailbox.lastError && (
                  <Badge color="red" variant="light" c="dark.7" tt="none">
                    Con error
                  </Badge>
                )}
              </Group>
              <Group gap="xs">
                <Form method="post">
                  <input type="hidden" name="intent" value="check" />
                  <input type="hidden" name="mailboxId" value={mailbox.id} />
                  <Button type="submit" size="xs" variant="light">
                    Revisar ahora
                  </Button>
                </Form>
                <Anchor component={Link} to={editHref(mailbox.id)} size="sm">
                  Editar
                </Anchor>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="mailboxId" value={mailbox.id} />
                  <Button type="submit" size="xs" variant="subtle" color="red">
                    Eliminar
                  </Button>
                </Form>
              </Group>
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {mailbox.user} en {mailbox.host}:{mailbox.port} {mailbox.tls ? "(TLS)" : "(sin TLS)"} · carpeta «
              {mailbox.folder}» ·{" "}
              {mailbox.afterProcessing === "move" ? `se mueven a «${mailbox.moveTo}»` : "se marcan como leídos"} · cada{" "}
              {countLabel(mailbox.intervalMinutes, "minuto", "minutos")}
            </Text>
            {mailbox.reading && mailbox.progress && mailbox.progress.total > 0 && (
              <Progress
                value={Math.floor((mailbox.progress.done / mailbox.progress.total) * 100)}
                aria-label={`${mailbox.progress.done} de ${mailbox.progress.total} mensajes`}
              />
            )}
            <Text size="sm" data-testid="mailbox-status">
              {lastReadText(mailbox)} Próxima revisión: {formatDateTime(mailbox.nextReadAt)}.
            </Text>
            {mailbox.lastError && (
              <Alert color="red" data-testid="mailbox-error">
                {mailbox.lastError}{" "}
                {mailbox.failures > 1 &&
                  `(${countLabel(mailbox.failures, "intento fallido", "intentos fallidos")} seguidos; se espera más entre intentos.)`}
              </Alert>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
