import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from "@mantine/core";
import { Form } from "@remix-run/react";
import type { MailboxFieldErrors } from "~/domain/mail/mailbox-form";

export interface MailboxFormValues {
  mailboxId?: string;
  scope: "organization" | "firm";
  label: string;
  host: string;
  port: string;
  tls: boolean;
  user: string;
  folder: string;
  afterProcessing: "mark-read" | "move";
  moveTo: string;
  intervalMinutes: string;
}

export const NEW_MAILBOX: MailboxFormValues = {
  scope: "organization",
  label: "",
  host: "",
  port: "993",
  tls: true,
  user: "",
  folder: "INBOX",
  afterProcessing: "mark-read",
  moveTo: "",
  intervalMinutes: "10",
};

/**
 * The mailbox form: native inputs, so it works before and without JavaScript. The stored password is
 * never shown; left blank when editing, it is kept.
 */
export function MailboxForm({
  values,
  errors,
  organizationName,
  hasPassword,
}: {
  values: MailboxFormValues;
  errors: MailboxFieldErrors;
  organizationName: string;
  hasPassword: boolean;
}) {
  const editing = !!values.mailboxId;
  return (
    <Paper withBorder p="md">
      <Form method="post" aria-labelledby="mailbox-form-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="mailbox-form-title">
            {editing ? `Editar «${values.label}»` : "Agregar buzón"}
          </Title>
          <input type="hidden" name="intent" value="save" />
          {values.mailboxId && <input type="hidden" name="mailboxId" value={values.mailboxId} />}
          {editing ? (
            <input type="hidden" name="scope" value={values.scope} />
          ) : (
            <NativeSelect
              label="De quién es"
              name="scope"
              defaultValue={values.scope}
              error={errors.scope}
              data={[
                { value: "organization", label: `Buzón de ${organizationName}` },
                { value: "firm", label: "Buzón compartido del despacho (reparte por cédula del receptor)" },
              ]}
            />
          )}
          <TextInput
            label="Nombre"
            name="label"
            required
            maxLength={80}
            defaultValue={values.label}
            error={errors.label}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Servidor IMAP"
              name="host"
              required
              maxLength={253}
              placeholder="imap.ejemplo.com"
              defaultValue={values.host}
              error={errors.host}
            />
            <TextInput
              label="Puerto"
              name="port"
              type="number"
              required
              min={1}
              max={65535}
              defaultValue={values.port}
              error={errors.port}
            />
            <Checkbox
              label="Conexión segura (TLS)"
              name="tls"
              value="on"
              defaultChecked={values.tls}
              mt={{ base: 0, sm: 30 }}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Usuario"
              name="user"
              required
              maxLength={254}
              autoComplete="off"
              defaultValue={values.user}
              error={errors.user}
            />
            <PasswordInput
              label="Contraseña o contraseña de aplicación"
              name="password"
              required={!editing}
              maxLength={500}
              autoComplete="new-password"
              description={
                editing && hasPassword ? "Guardada y cifrada; déjela en blanco para conservarla." : undefined
              }
              error={errors.password}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Carpeta que se lee"
              name="folder"
              required
              maxLength={200}
              defaultValue={values.folder}
              error={errors.folder}
            />
            <TextInput
              label="Revisar cada (minutos)"
              name="intervalMinutes"
              type="number"
              required
              min={5}
              max={1440}
              defaultValue={values.intervalMinutes}
              error={errors.intervalMinutes}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label="Después de procesar un mensaje"
              name="afterProcessing"
              defaultValue={values.afterProcessing}
              error={errors.afterProcessing}
              data={[
                { value: "mark-read", label: "Marcarlo como leído" },
                { value: "move", label: "Moverlo a otra carpeta" },
              ]}
            />
            <TextInput
              label="Carpeta destino (si se mueve)"
              name="moveTo"
              maxLength={200}
              defaultValue={values.moveTo}
              error={errors.moveTo}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit">{editing ? "Guardar cambios" : "Agregar buzón"}</Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
