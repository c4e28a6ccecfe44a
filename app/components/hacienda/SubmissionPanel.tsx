import { Alert, Button, List, Paper, Stack, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { SubmissionView } from "~/domain/hacienda-queue/view";
import { SubmissionBadge } from "./SubmissionBadge";

/** One document's sending to Hacienda: its state, why it stopped, the e-mail, and (admins) "Reintentar". */
export function SubmissionPanel({ submission, action }: { submission: SubmissionView; action: string }) {
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label={submission.title}
      data-testid={`submission-${submission.document}`}
    >
      <Stack gap="xs">
        <Title order={2} size="h4">
          {submission.title}
        </Title>
        <div>
          <SubmissionBadge status={submission.status} />
        </div>
        {submission.reason && (
          <Alert color={submission.status === "error" ? "orange" : "gray"} data-testid="submission-reason">
            <Text size="sm">{submission.reason}</Text>
          </Alert>
        )}
        {submission.answerDetail && (
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
            Respuesta de Hacienda: {submission.answerDetail}
          </Text>
        )}
        {submission.delivery && (
          <Text size="sm" data-testid="submission-delivery">
            {submission.delivery}
          </Text>
        )}
        {submission.canRetry && (
          <Form method="post" action={action}>
            <input type="hidden" name="document" value={submission.document} />
            <Button type="submit" size="xs">
              Reintentar
            </Button>
          </Form>
        )}
        {submission.history.length > 0 && (
          <details>
            <summary>
              <Text span size="sm">
                Historial del envío
              </Text>
            </summary>
            <List size="xs" mt="xs" spacing={2}>
              {submission.history.map((event, index) => (
                <List.Item key={`${event.at}-${index}`}>
                  {event.at} · {event.text}
                </List.Item>
              ))}
            </List>
          </details>
        )}
      </Stack>
    </Paper>
  );
}
