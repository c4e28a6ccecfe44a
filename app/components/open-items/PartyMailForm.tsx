import { Alert, Button, Group, List, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { PartySectionProps } from "./party-section";

/** «Enviar por correo»: the statement's PDF to the counterparty (admins), with the latest attempts. */
export function PartyMailForm({ data, admin, action, errorOf }: PartySectionProps) {
  return (
    <>
      {admin && (
        <Form method="post" action={action} aria-label="Enviar por correo" data-testid="mail-form">
          <input type="hidden" name="intent" value="mail" />
          {errorOf("mail") && (
            <Alert color="red" data-testid="mail-error">
              {errorOf("mail")}
            </Alert>
          )}
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              name="to"
              type="email"
              label="Correo del destinatario"
              description={`El estado de cuenta en PDF ${data.periodText}`}
              defaultValue={data.party.correo ?? ""}
              maxLength={254}
              required
              w={320}
            />
            <Button type="submit" variant="default">
              Enviar por correo
            </Button>
          </Group>
          {data.mails.length > 0 && (
            <List size="sm" mt="xs" data-testid="mail-log">
              {data.mails.map((mail, index) => (
                <List.Item key={index} c={mail.failed ? "red" : undefined}>
                  {mail.text}
                </List.Item>
              ))}
            </List>
          )}
        </Form>
      )}
    </>
  );
}
