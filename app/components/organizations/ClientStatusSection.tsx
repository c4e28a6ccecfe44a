import { Button, Group, Paper, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { ConfirmButton } from "~/components/forms/ConfirmButton";

/** «Estado»: whether the client shows in everyone's lists; deactivating asks for a confirmation first. */
export function ClientStatusSection({ name, active, asked }: { name: string; active: boolean; asked: boolean }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="organization-status">
      <Title order={2} size="h3" id="organization-status" mb="xs">
        Estado
      </Title>
      <Form method="post">
        <input type="hidden" name="intent" value="set-active" />
        <input type="hidden" name="active" value={active ? "false" : "true"} />
        <Group justify="space-between" align="center">
          <Text size="sm">
            {active
              ? "El cliente está activo: aparece en las listas de organizaciones de quienes tienen acceso."
              : "El cliente está inactivo: no aparece en ninguna lista de organizaciones."}
          </Text>
          {active ? (
            <ConfirmButton
              label="Desactivar cliente"
              title={`¿Desactivar ${name}?`}
              consequence="El cliente deja de aparecer en las listas de organizaciones de todas las personas con acceso, que ya no podrán consultarlo. Sus datos se conservan y puede volver a activarlo desde esta página."
              asked={asked}
              variant="light"
              color="red"
              testId="deactivate-client"
            />
          ) : (
            <Button type="submit">Activar cliente</Button>
          )}
        </Group>
      </Form>
    </Paper>
  );
}
