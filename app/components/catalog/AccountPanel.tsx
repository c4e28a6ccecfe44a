import { Alert, Badge, Button, Divider, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { askedConfirmation, ConfirmButton } from "../forms/ConfirmButton";
import { inputProps, replyFor, useSchemaForm } from "../forms/conform";
import { CATALOG_INTENTS, type CatalogIntent } from "~/domain/catalog/forms";
import type { AccountDetails } from "~/domain/catalog/view";

/** The form-level error of the reply to the form posting `intent`. */
function FormAlert({ result, intent }: { result?: SubmissionResult<string[]>; intent: CatalogIntent }) {
  const message = replyFor(result, intent)?.error?.[""]?.[0];
  return message ? (
    <Alert color="red" role="alert" p="xs">
      {message}
    </Alert>
  ) : null;
}

/**
 * The selected account and what can be done to it: rename, add a child (code proposed by the next-code
 * rule, editable), disable or enable, keep it in dollars or colones, remove an added account. Every form posts to `action`.
 */
export function AccountPanel({
  account,
  action,
  result,
}: {
  account: AccountDetails;
  action: string;
  result?: SubmissionResult<string[]>;
}) {
  const group = account.level === 1;
  const [renameForm, renameFields] = useSchemaForm(CATALOG_INTENTS.rename, {
    id: "rename-account-form",
    lastResult: replyFor(result, "rename"),
    defaultValue: { intent: "rename", code: account.key, label: account.label },
  });
  const [addForm, addFields] = useSchemaForm(CATALOG_INTENTS.add, {
    id: "add-account-form",
    lastResult: replyFor(result, "add"),
    defaultValue: { intent: "add", parent: account.key, code: account.proposedCode ?? "", label: "" },
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="selected-account" data-testid="account-panel">
      <Stack gap="md">
        <div>
          <Text size="xs" c="dimmed">
            {account.path || "Grupo principal"}
          </Text>
          <Title order={2} size="h4" id="selected-account">
            <Text span ff="monospace" inherit>
              {account.key}
            </Text>{" "}
            {account.label}
          </Title>
          <Group gap={6} mt={4}>
            <Badge size="sm" variant="light" color="gray">
              Nivel {account.level}
            </Badge>
            <Badge size="sm" variant="light" color={account.childCount === 0 && !group ? "brand" : "gray"}>
              {group ? "Grupo principal" : account.childCount === 0 ? "Cuenta de movimiento" : "Cuenta de agrupación"}
            </Badge>
            {account.disabled && !group && (
              <Badge size="sm" color="gray" variant="outline">
                Deshabilitada
              </Badge>
            )}
            {account.added && (
              <Badge size="sm" color="blue" variant="light">
                Agregada por el cliente
              </Badge>
            )}
            {account.currency === "USD" && (
              <Badge size="sm" color="teal" variant="light">
                En dólares (US$)
              </Badge>
            )}
          </Group>
        </div>

        <Form method="post" action={action} aria-label="Cambiar nombre" {...getFormProps(renameForm)}>
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="code" value={account.key} />
          <Stack gap="xs">
            <FormAlert result={result} intent="rename" />
            <TextInput
              label="Nombre de la cuenta"
              {...inputProps(renameFields.label)}
              key={renameFields.label.key}
              description={
                account.defaultLabel !== null && account.defaultLabel !== account.label
                  ? `Nombre en el catálogo base: ${account.defaultLabel}`
                  : undefined
              }
              maxLength={120}
              required
            />
            <Group gap="xs">
              <Button type="submit" size="xs">
                Cambiar nombre
              </Button>
            </Group>
          </Stack>
        </Form>
        {account.defaultLabel !== null && account.defaultLabel !== account.label && (
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="reset-label" />
            <input type="hidden" name="code" value={account.key} />
            <FormAlert result={result} intent="reset-label" />
            <Button type="submit" size="xs" variant="subtle">
              Restablecer nombre original
            </Button>
          </Form>
        )}

        <Divider />
        {account.proposedCode ? (
          <Form method="post" action={action} aria-label="Agregar subcuenta" {...getFormProps(addForm)}>
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="parent" value={account.key} />
            <Stack gap="xs">
              <Text fw={600} size="sm">
                Agregar subcuenta
              </Text>
              <FormAlert result={result} intent="add" />
              <TextInput
                label="Código"
                description="Propuesto según la siguiente cuenta libre; puede cambiarlo."
                {...inputProps(addFields.code)}
                key={addFields.code.key}
                ff="monospace"
                maxLength={14}
                required
              />
              <TextInput
                label="Nombre de la subcuenta"
                {...inputProps(addFields.label)}
                key={addFields.label.key}
                maxLength={120}
                required
              />
              <Group gap="xs">
                <Button type="submit" size="xs">
                  Agregar subcuenta
                </Button>
              </Group>
              {account.childCount === 0 && !group && (
                <Text size="xs" c="dimmed">
                  Al agregarle una subcuenta, esta cuenta pasa a ser de agrupación y ya no recibe movimientos.
                </Text>
              )}
            </Stack>
          </Form>
        ) : (
          <Text size="sm" c="dimmed">
            {account.proposalProblem}
          </Text>
        )}

        {!group && (
          <>
            <Divider />
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="disable" />
              <input type="hidden" name="code" value={account.key} />
              <input type="hidden" name="disabled" value={account.disabledHere ? "false" : "true"} />
              <Stack gap="xs">
                <FormAlert result={result} intent="disable" />
                {account.disabledHere ? (
                  <Button type="submit" size="xs" variant="light" disabled={!account.canEnable}>
                    Habilitar cuenta
                  </Button>
                ) : (
                  <Button type="submit" size="xs" variant="default" disabled={!account.canDisable}>
                    Deshabilitar cuenta
                  </Button>
                )}
                <Text size="xs" c="dimmed">
                  {account.disabledHere
                    ? account.canEnable
                      ? "La cuenta y sus subcuentas vuelven a aceptar movimientos."
                      : "Primero habilite la cuenta padre."
                    : account.disabled
                      ? "Ya está deshabilitada porque lo está su cuenta padre."
                      : "Una cuenta deshabilitada y sus subcuentas conservan su historia pero no aceptan movimientos nuevos."}
                </Text>
              </Stack>
            </Form>
          </>
        )}

        {!group && account.childCount === 0 && (
          <>
            <Divider />
            <Form method="post" action={action} aria-label="Moneda de la cuenta">
              <input type="hidden" name="intent" value="currency" />
              <input type="hidden" name="code" value={account.key} />
              <input type="hidden" name="currency" value={account.currency === "USD" ? "CRC" : "USD"} />
              <Stack gap="xs">
                <FormAlert result={result} intent="currency" />
                <Button type="submit" size="xs" variant="default" disabled={!account.canChangeCurrency}>
                  {account.currency === "USD" ? "Llevar en colones" : "Llevar en dólares (US$)"}
                </Button>
                <Text size="xs" c="dimmed">
                  {account.currency === "USD"
                    ? account.canChangeCurrency
                      ? "Sin movimientos todavía: puede volver a llevarse solo en colones."
                      : "Tiene movimientos en dólares: sigue llevándose en dólares."
                    : "Cada línea a esta cuenta llevará el monto en dólares y el tipo de cambio; el cierre de mes la revalúa (diferencial cambiario)."}
                </Text>
              </Stack>
            </Form>
          </>
        )}

        {account.added && (
          <>
            <Divider />
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="code" value={account.key} />
              <Stack gap="xs">
                <FormAlert result={result} intent="remove" />
                <ConfirmButton
                  label="Eliminar cuenta"
                  title={`¿Eliminar la cuenta ${account.key}?`}
                  consequence={
                    account.childCount > 0
                      ? `Se eliminan la cuenta ${account.key} ${account.label} y las subcuentas agregadas debajo de ella. No se puede deshacer.`
                      : `Se elimina la cuenta ${account.key} ${account.label} del catálogo de este cliente. No se puede deshacer.`
                  }
                  asked={askedConfirmation(replyFor(result, "remove"))}
                  size="xs"
                  color="red"
                  variant="light"
                  disabled={!account.canRemove}
                  testId="remove-account"
                />
                <Text size="xs" c="dimmed">
                  {account.hasMovements
                    ? "Tiene movimientos: solo se puede deshabilitar."
                    : account.childCount > 0
                      ? "Se eliminan también sus subcuentas."
                      : "Solo las cuentas agregadas y sin movimientos se pueden eliminar."}
                </Text>
              </Stack>
            </Form>
          </>
        )}
      </Stack>
    </Paper>
  );
}
