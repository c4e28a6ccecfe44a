import { Paper, Stack, Text, Title } from "@mantine/core";
import { FieldList } from "./FieldList";

export function PartyCard({
  title,
  party,
}: {
  title: string;
  party: { nombre: string; fields: Array<{ label: string; value: string }> } | null;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h5" c="dimmed">
          {title}
        </Title>
        {party ? (
          <>
            <Text fw={600}>{party.nombre}</Text>
            <FieldList fields={party.fields} cols={1} />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Sin receptor identificado (consumidor final).
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
