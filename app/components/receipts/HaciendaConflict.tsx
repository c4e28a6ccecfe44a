import { Alert, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import { HaciendaBadge } from "./HaciendaBadge";

export interface HaciendaConflictData {
  answers: Array<{
    sha: string;
    estado: string;
    estadoLabel: string;
    detalle: string;
    fileName: string;
    receivedAt: string;
    applied: boolean;
  }>;
  canChoose: boolean;
}

/** Two or more different Hacienda answers for the receipt: each shown, and (admins) a choice. */
export function HaciendaConflict({ conflict, action }: { conflict: HaciendaConflictData; action: string }) {
  return (
    <Alert color="orange" title="Respuestas de Hacienda en conflicto" data-testid="hacienda-conflict">
      <Stack gap="sm">
        <Text size="sm">
          Se importaron respuestas de Hacienda distintas para este comprobante. Mientras un administrador no elija cuál
          vale, el estado y los totales del mes siguen la respuesta aplicada.
        </Text>
        {conflict.answers.map((answer) => (
          <Paper key={answer.sha} withBorder p="sm">
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <Stack gap={2}>
                <Group gap="xs">
                  <HaciendaBadge status={answer.estado} label={answer.estadoLabel} />
                  {answer.applied && (
                    <Text size="sm" fw={600}>
                      Aplicada
                    </Text>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {answer.fileName} · importada el {answer.receivedAt}
                </Text>
                {answer.detalle && (
                  <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                    {answer.detalle}
                  </Text>
                )}
              </Stack>
              {conflict.canChoose && (
                <Form method="post" action={action}>
                  <input type="hidden" name="answer" value={answer.sha} />
                  <Button type="submit" size="xs" variant={answer.applied ? "default" : "filled"}>
                    {answer.applied ? "Mantener esta respuesta" : "Usar esta respuesta"}
                  </Button>
                </Form>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
    </Alert>
  );
}
