import { Button, Stack, TextInput } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { FormError } from "./FormError";

export function CodeForm({ error, label, description }: { error?: string; label: string; description?: string }) {
  const navigation = useNavigation();
  return (
    <Form method="post" replace>
      <Stack gap="md">
        <FormError message={error} />
        <TextInput
          label={label}
          description={description}
          name="code"
          inputMode="text"
          autoComplete="one-time-code"
          required
          autoFocus
          maxLength={12}
          error={error ? true : undefined}
        />
        <Button type="submit" loading={navigation.state !== "idle"} fullWidth>
          Verificar
        </Button>
      </Stack>
    </Form>
  );
}
