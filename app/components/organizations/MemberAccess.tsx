import { Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import { ORGANIZATION_ROLE_LABELS, type OrganizationRole } from "~/domain/roles";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { FormError } from "../FormError";
import { formErrorOf, inputProps, selectProps, useSchemaForm } from "../forms/conform";
import { grantAccessSchema } from "~/domain/organizations/forms";
import { TableScrollRegion } from "~/components/TableScrollRegion";

export interface MemberRow {
  id: string;
  email: string;
  role: OrganizationRole;
  pending: boolean;
}

const ROLE_OPTIONS = Object.entries(ORGANIZATION_ROLE_LABELS).map(([value, label]) => ({ value, label }));

export interface MemberAccessProps {
  members: MemberRow[];
  /** The signed-in user's id, to mark "usted". */
  currentUserId: string;
  /** The reply to the last "grant" submission, and a row's refusal (by user id). */
  grantResult?: SubmissionResult<string[]>;
  rowError?: { userId: string; message: string };
}

/**
 * Who has access to the client, and the forms to add a person by e-mail, change a role or remove the
 * access. One small form per action with an `intent`, so each works without JavaScript.
 */
export function MemberAccess({ members, currentUserId, grantResult, rowError }: MemberAccessProps) {
  const [form, fields] = useSchemaForm(grantAccessSchema, {
    id: "grant-access-form",
    lastResult: grantResult,
    defaultValue: { role: "client" },
  });
  return (
    <Stack gap="md">
      {members.length === 0 ? (
        <Text c="dimmed">Nadie tiene acceso a este cliente todavía.</Text>
      ) : (
        <TableScrollRegion label="Miembros de la organización" minWidth={640}>
          <Table data-testid="members-table" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Correo electrónico</Table.Th>
                <Table.Th>Rol</Table.Th>
                <Table.Th>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((member) => (
                <Table.Tr key={member.id} data-email={member.email}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text size="sm">{member.email}</Text>
                      {member.id === currentUserId && (
                        <Badge size="sm" variant="light" color="gray">
                          usted
                        </Badge>
                      )}
                      {member.pending && (
                        <Badge size="sm" variant="light" color="yellow">
                          Invitación pendiente
                        </Badge>
                      )}
                    </Group>
                    {rowError?.userId === member.id && (
                      <Text size="sm" c="red" role="alert">
                        {rowError.message}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Form method="post" aria-label={`Rol de ${member.email}`}>
                      <input type="hidden" name="intent" value="change-role" />
                      <input type="hidden" name="userId" value={member.id} />
                      <Group gap="xs" wrap="nowrap">
                        <NativeSelect
                          name="role"
                          aria-label={`Rol de ${member.email}`}
                          data={ROLE_OPTIONS}
                          defaultValue={member.role}
                          key={member.role}
                          size="xs"
                        />
                        <Button type="submit" size="xs" variant="default">
                          Cambiar rol
                        </Button>
                      </Group>
                    </Form>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {member.pending && (
                        <Form method="post">
                          <input type="hidden" name="intent" value="resend-invitation" />
                          <input type="hidden" name="userId" value={member.id} />
                          <Button type="submit" size="xs" variant="subtle">
                            Reenviar invitación
                          </Button>
                        </Form>
                      )}
                      <Form method="post">
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="userId" value={member.id} />
                        <Button
                          type="submit"
                          size="xs"
                          color="red"
                          variant="light"
                          aria-label={`Quitar acceso a ${member.email}`}
                        >
                          Quitar acceso
                        </Button>
                      </Form>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>
      )}

      <Form method="post" aria-label="Dar acceso" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="grant" />
        <Stack gap="sm">
          <FormError message={formErrorOf(form)} />
          <Group align="flex-start" gap="sm">
            <TextInput
              label="Correo electrónico"
              {...inputProps(fields.email, "email")}
              key={fields.email.key}
              w={300}
              description="Si la persona no tiene cuenta, recibirá una invitación para definir su contraseña."
            />
            <NativeSelect label="Rol" data={ROLE_OPTIONS} {...selectProps(fields.role)} key={fields.role.key} />
          </Group>
          <Group>
            <Button type="submit">Dar acceso</Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
