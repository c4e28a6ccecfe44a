import { Button, Group, NativeSelect, Paper, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";

interface MemberOption {
  id: string;
  email: string;
  role: string;
}

/** Who keeps the client's books: one of its administrators; the practice board filters by it. */
export function ResponsibleSection({
  members,
  responsibleUserId,
  error,
}: {
  members: MemberOption[];
  responsibleUserId: string | null;
  error?: Record<string, string[] | null> | null;
}) {
  const administrators = members.filter((member) => member.role === "admin");
  const message = error ? Object.values(error).flat().find(Boolean) : undefined;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="organization-responsible">
      <Title order={2} size="h3" id="organization-responsible" mb="xs">
        Responsable
      </Title>
      <Text size="sm" mb="sm">
        El contador que lleva la contabilidad de este cliente. En el Resumen de clientes se puede filtrar por
        responsable.
      </Text>
      <Form method="post">
        <input type="hidden" name="intent" value="set-responsible" />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            name="responsible"
            label="Responsable"
            defaultValue={responsibleUserId ?? ""}
            data={[
              { value: "", label: "Sin responsable" },
              ...administrators.map((member) => ({ value: member.id, label: member.email })),
            ]}
            error={message}
            w={320}
          />
          <Button type="submit" variant="default">
            Guardar responsable
          </Button>
        </Group>
      </Form>
    </Paper>
  );
}
